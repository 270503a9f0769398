import type { ReactNode } from 'react';

interface LandingSectionProps {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}

export function LandingSection({ id, title, lead, children }: LandingSectionProps) {
  return (
    <section id={id} className="landing__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="landing__section-title">
        {title}
      </h2>
      {lead && <p className="landing__section-lead">{lead}</p>}
      {children}
    </section>
  );
}
