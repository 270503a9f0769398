import { useEffect } from 'react';

/**
 * Adds `<meta name="referrer" content="no-referrer">` while the screen is shown, so no link
 * followed from a page whose URL holds a reset token sends that URL on. The server also
 * answers /reset-password with the Referrer-Policy header.
 */
export function useNoReferrerMeta(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'referrer';
    meta.content = 'no-referrer';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}
