import { useEffect, useRef, useState } from 'react';
import { profileImageMessages } from '@shared/account';
import type { PublicUser } from '@shared/user';
import { keepAccount } from '../../db/account';
import { userMessageOf } from '../../http/client';
import { profileImageProblem, removeProfileImage, uploadProfileImage } from '../../http/users';
import { toast } from '../../state/useToastStore';
import { updateUser } from '../../state/useUserStore';
import { shrinkPicture } from './shrinkPicture';

/** Where her picture stands (spec §4: an uploading flag). */
export type PictureStatus = 'idle' | 'uploading' | 'removing';

/** Her account from a picture answer: kept on this device and shown everywhere. */
async function showAccount(answer: PublicUser): Promise<void> {
  const kept = await keepAccount(answer).catch(() => undefined);
  updateUser(kept ?? answer);
}

/**
 * Uploads and removes her profile picture. A chosen picture too large is shrunk on her device
 * first (shrinkPicture.ts), then checked (type and size, spec §5) and shown at once while it
 * uploads; on failure the previous one is back.
 */
export function useProfilePicture() {
  const [status, setStatus] = useState<PictureStatus>('idle');
  const [preview, setPreview] = useState<string | null>(null);
  const previewUrl = useRef<string | null>(null);

  // The preview's object URL is let go when the screen closes mid-upload.
  useEffect(
    () => () => {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );

  async function choose(chosen: File): Promise<void> {
    // Shrinking a phone photo takes a moment: the button says so meanwhile.
    setStatus('uploading');
    const file = await shrinkPicture(chosen);
    const problem = profileImageProblem(file);
    if (problem) {
      setStatus('idle');
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    const url = URL.createObjectURL(file);
    previewUrl.current = url;
    setPreview(url);
    try {
      const answer = await uploadProfileImage(file);
      await showAccount(answer.user);
      toast(profileImageMessages.uploaded);
    } catch (error) {
      const { title, description } = profileImageMessages.uploadFailed;
      toast({ title, description: userMessageOf(error, description), variant: 'destructive' });
    } finally {
      setPreview(null);
      setStatus('idle');
      URL.revokeObjectURL(url);
      previewUrl.current = null;
    }
  }

  async function remove(): Promise<void> {
    setStatus('removing');
    try {
      const answer = await removeProfileImage();
      await showAccount(answer.user);
      toast(profileImageMessages.removed);
    } catch (error) {
      const { title, description } = profileImageMessages.removeFailed;
      toast({ title, description: userMessageOf(error, description), variant: 'destructive' });
    } finally {
      setStatus('idle');
    }
  }

  return { status, preview, choose, remove };
}
