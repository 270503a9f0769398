import { Link } from 'react-router-dom';
import { FREE_CHAT_IS } from '@shared/plans';
import { TEASER_INTERVAL_MS, TEASERS } from './teasers';
import { useRotatingIndex } from './useRotatingIndex';

/** Desktop only: a bar fixed to the bottom with a rotating teaser line and the free start. */
export function TeaserBar() {
  const index = useRotatingIndex(TEASERS.length, TEASER_INTERVAL_MS);
  return (
    <aside className="teaser-bar" aria-label="Start chatting">
      <p className="teaser-bar__line" data-testid="teaser-line">
        {/* The key restarts the fade-in on each change (skipped when motion is reduced). */}
        <span key={index} className="teaser-bar__text">
          {TEASERS[index]}
        </span>
      </p>
      <div className="teaser-bar__start">
        <Link to="/auth?trial=true" className="btn btn--primary" aria-describedby="teaser-bar-free">
          Start chatting free
        </Link>
        <p id="teaser-bar-free" className="teaser-bar__free">
          {FREE_CHAT_IS}
        </p>
      </div>
    </aside>
  );
}
