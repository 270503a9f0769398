import { useRef } from 'react';
import { PROFILE_IMAGE_ACCEPT } from '@shared/account';
import type { PublicUser } from '@shared/user';
import { UserAvatar } from '../../components/ui/UserAvatar';
import { useSyncStore } from '../../sync/useSyncStore';
import { useProfilePicture } from './useProfilePicture';

const OFFLINE_HINT_ID = 'profile-picture-offline';

/** Her picture with Upload/Change and Remove; these need the network, and say so offline. */
export function ProfilePicture({ user }: { user: PublicUser }) {
  const { status, preview, choose, remove } = useProfilePicture();
  const offline = useSyncStore((state) => state.status === 'offline');
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = status !== 'idle';
  const hasPicture = Boolean(preview ?? user.profileImage);
  const blocked = busy || offline;
  const hint = offline ? OFFLINE_HINT_ID : undefined;

  return (
    <div className="profile-picture" aria-busy={busy}>
      <UserAvatar user={user} src={preview} size={96} alt="Your profile picture" />
      <div className="profile-picture__controls">
        <input
          ref={fileInput}
          type="file"
          accept={PROFILE_IMAGE_ACCEPT}
          className="profile-picture__file"
          aria-label="Choose a profile picture"
          tabIndex={-1}
          disabled={blocked}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void choose(file);
          }}
        />
        <div className="profile-picture__buttons">
          <button
            type="button"
            className="btn btn--secondary"
            disabled={blocked}
            aria-describedby={hint}
            onClick={() => fileInput.current?.click()}
          >
            {status === 'uploading'
              ? 'Uploading...'
              : user.profileImage
                ? 'Change picture'
                : 'Upload picture'}
          </button>
          {user.profileImage && status !== 'uploading' && (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={blocked}
              aria-describedby={hint}
              onClick={() => void remove()}
            >
              {status === 'removing' ? 'Removing...' : 'Remove picture'}
            </button>
          )}
        </div>
        {offline && (
          <p id={OFFLINE_HINT_ID} className="profile-picture__hint muted">
            You&apos;re offline. Changing your picture needs a connection.
          </p>
        )}
        {!offline && !hasPicture && (
          <p className="profile-picture__hint muted">JPG, PNG or WebP, under 5MB.</p>
        )}
      </div>
    </div>
  );
}
