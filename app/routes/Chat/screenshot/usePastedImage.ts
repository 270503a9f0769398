import { useEffect, useEffectEvent } from 'react';

/** An image pasted anywhere in the chat (Ctrl/Cmd+V) goes to `onImage`; text pastes as usual. */
export function usePastedImage(onImage: (image: File) => void) {
  const handle = useEffectEvent(onImage);
  useEffect(() => {
    function onPaste(event: ClipboardEvent) {
      const files = [...(event.clipboardData?.files ?? [])];
      const image = files.find((file) => file.type.startsWith('image/'));
      if (!image) return;
      event.preventDefault();
      handle(image);
    }
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, []);
}
