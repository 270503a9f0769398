import './upgradeCelebration.css';
import { useEffect, useRef, useState } from 'react';
import { PERSONAS } from '@shared/personas';
import type { Plan } from '@shared/plans';
import { PersonaAvatar } from './ui/PersonaAvatar';

/** Spec §9: the upgrade toast closes itself after 10 s, with a 0.5 s exit. */
export const CELEBRATION_MS = 10_000;
export const CELEBRATION_EXIT_MS = 500;

/** What her plan unlocks, worded by period (spec §2: lifetime, year, month, otherwise day). */
export function celebrationLine(plan: Plan): string {
  switch (plan.period) {
    case 'lifetime':
      return 'All five besties are yours forever. Welcome to the inner circle!';
    case 'year':
      return 'All five besties are yours for a whole year. Let the tea flow!';
    case 'month':
      return 'All five besties are yours for the next 30 days. Go say hi!';
    default:
      return 'Cassie is all yours for the next 24 hours, with unlimited chats.';
  }
}

interface UpgradeCelebrationProps {
  plan: Plan;
  onClose: () => void;
}

/** 'Bestie Upgrade Complete!' (spec §2, Upgrade-complete toast). */
export function UpgradeCelebration({ plan, onClose }: UpgradeCelebrationProps) {
  const [leaving, setLeaving] = useState(false);
  // The timers must not restart when the parent re-renders with a new onClose.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (leaving) {
      const exit = window.setTimeout(() => closeRef.current(), CELEBRATION_EXIT_MS);
      return () => window.clearTimeout(exit);
    }
    const stay = window.setTimeout(() => setLeaving(true), CELEBRATION_MS);
    return () => window.clearTimeout(stay);
  }, [leaving]);

  return (
    <section
      className={`celebration${leaving ? ' celebration--leaving' : ''}`}
      role="status"
      aria-live="polite"
      aria-labelledby="celebration-title"
    >
      <button
        type="button"
        className="celebration__close"
        aria-label="Close"
        onClick={() => setLeaving(true)}
      >
        ×
      </button>
      <h2 id="celebration-title" className="celebration__title">
        Bestie Upgrade Complete!
      </h2>
      <p className="celebration__plan">You&apos;re now a {plan.name}!</p>
      <p className="celebration__line">{celebrationLine(plan)}</p>
      <ul className="celebration__besties" aria-label="Your besties">
        {PERSONAS.map((persona) => (
          <li key={persona.id}>
            <PersonaAvatar persona={persona} size={40} />
            <span>{persona.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
