import { useEffect, useEffectEvent } from 'react';
import { takeSharedImage } from '../../../pwa/shareTarget';

/** An image shared to the installed app from another app (Web Share Target) goes to `onImage`. */
export function useSharedImage(onImage: (image: Blob) => void, enabled: boolean) {
  const handle = useEffectEvent(onImage);
  useEffect(() => {
    if (!enabled) return;
    // Taken once, whoever asks first (StrictMode runs this twice): the cache gives it once.
    void takeSharedImage()
      .then((image) => {
        if (image) handle(image);
      })
      .catch((error: unknown) => console.error('Could not read the shared image', error));
  }, [enabled]);
}
