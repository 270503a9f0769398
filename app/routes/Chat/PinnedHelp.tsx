import { useId } from 'react';
import type { HelpSituation } from '@shared/safety/resources';
import { CrisisResources } from './CrisisResources';

/**
 * Help pinned above the conversation while the chat is in care mode: one compact
 * row of tap-to-call and tap-to-text links on a phone, never over her message box.
 */
export function PinnedHelp({ situation }: { situation: HelpSituation }) {
  const title = useId();
  return (
    <section className="pinned-help" aria-labelledby={title}>
      <h2 id={title} className="pinned-help__title">
        Real people can help right now, free, any time:
      </h2>
      <CrisisResources situation={situation} />
    </section>
  );
}
