import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import '../Auth/auth.css';
import './recovery.css';

interface RecoveryCardProps {
  title: string;
  /** An emoji shown big above the title. */
  icon: string;
  lead?: ReactNode;
  children: ReactNode;
}

/** The card the forgot- and reset-password screens share: back link, brand, icon, title. */
export function RecoveryCard({ title, icon, lead, children }: RecoveryCardProps) {
  useDocumentTitle(title);
  return (
    <div className="auth-page">
      <main className="card auth-card recovery-card">
        <Link to="/auth?mode=login" className="recovery-card__back">
          <span aria-hidden="true">←</span> Back to login
        </Link>
        <p className="recovery-card__brand">
          <Link to="/" className="auth-card__home">
            Besties
          </Link>
        </p>
        <p className="recovery-card__icon" aria-hidden="true">
          {icon}
        </p>
        <h1 className="recovery-card__title">{title}</h1>
        {lead && <p className="auth-card__subtitle recovery-card__lead">{lead}</p>}
        {children}
      </main>
    </div>
  );
}
