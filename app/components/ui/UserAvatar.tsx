import { useState } from 'react';
import { displayName, type PublicUser } from '@shared/user';

interface UserAvatarProps {
  user: Pick<PublicUser, 'name' | 'email' | 'profileImage'>;
  size: number;
  /** Shown instead of her stored picture (a preview while it uploads). */
  src?: string | null;
  /** The picture's alternative text; '' (decorative) when her name is beside it. */
  alt?: string;
}

/** Her picture, round; without one (or when it cannot load) the first letter of her name. */
export function UserAvatar({ user, size, src, alt = '' }: UserAvatarProps) {
  const picture = src ?? user.profileImage;
  // The picture that failed to load, so a new picture is tried again.
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (!picture || failed === picture) {
    return (
      <span
        className="avatar avatar--fallback"
        style={{ ...style, fontSize: size * 0.45 }}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
      >
        {displayName(user).charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className="avatar"
      src={picture}
      alt={alt}
      width={size}
      height={size}
      style={style}
      onError={() => setFailed(picture)}
    />
  );
}
