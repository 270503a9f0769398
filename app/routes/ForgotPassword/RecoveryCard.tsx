import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PERSONAS } from '@shared/personas';
import { BrandLink } from '../../components/BrandLink';
import { PersonaAvatar } from '../../components/ui/PersonaAvatar';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import '../Auth/auth.css';
import './recovery.css';

/** Cassie, the free bestie, keeps her company on these screens. */
const CASSIE = PERSONAS[0]!;

interface RecoveryCardProps {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}

/** The card the forgot- and reset-password screens share: back link, brand, Cassie, title. */
export function RecoveryCard({ title, lead, children }: RecoveryCardProps) {
  useDocumentTitle(title);
  return (
    <div className="auth-page">
      <main className="card auth-card recovery-card">
        <Link to="/auth?mode=login" className="recovery-card__back">
          <span aria-hidden="true">←</span> Back to login
        </Link>
        <p className="recovery-card__brand">
          <BrandLink className="auth-card__home" />
        </p>
        <div className="recovery-card__face" aria-hidden="true">
          <PersonaAvatar persona={CASSIE} size={64} />
        </div>
        <h1 className="recovery-card__title">{title}</h1>
        {lead && <p className="auth-card__subtitle recovery-card__lead">{lead}</p>}
        {children}
      </main>
    </div>
  );
}
