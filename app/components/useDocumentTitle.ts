import { useEffect } from 'react';

/** Sets the tab title to "{title} · Besties" while the screen is shown. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Besties` : 'Besties';
  }, [title]);
}
