import type { ReactNode } from 'react';
import { BrandLink } from './BrandLink';
import { useDocumentTitle } from './useDocumentTitle';

interface SimplePageProps {
  title: string;
  /** The tab title, when it should differ from the heading. */
  documentTitle?: string;
  children: ReactNode;
}

/** A plain screen: the brand bar and one card with a heading. */
export function SimplePage({ title, documentTitle, children }: SimplePageProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className="simple-page">
      <header className="brand-bar">
        <BrandLink className="brand-bar__logo" />
      </header>
      <main className="simple-page__main">
        <section className="card simple-page__card">
          <h1 className="simple-page__title">{title}</h1>
          {children}
        </section>
      </main>
    </div>
  );
}
