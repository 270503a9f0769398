import type { HelpSituation } from '@shared/safety/resources';
import { useCountHelpShown } from '../../safety/useCountHelpShown';
import { CrisisResources } from './CrisisResources';

/**
 * Real help, shown on the device the moment her words read as a crisis: before any reply,
 * with no network, on every plan. It says plainly that the bestie is an AI. `situation`: which
 * help comes first, read from her words (helpSituation). Counted for the yearly report once
 * under `countAs` (in the conversation), or each time it opens (the dialog).
 */
export function HelpCard({
  situation = 'support',
  countAs,
}: {
  situation?: HelpSituation;
  countAs?: string;
}) {
  useCountHelpShown(countAs);
  return (
    <section className="help-card" aria-label="Get help now">
      <h2 className="help-card__title">You don&apos;t have to go through this alone</h2>
      <p>
        I&apos;m an AI, not a person, and I can&apos;t keep you safe. Real people can, right now:
        free, confidential, any time.
      </p>
      <CrisisResources situation={situation} />
    </section>
  );
}
