import { Link } from 'react-router-dom';
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
      <Link to="/auth?trial=true" className="btn btn--primary">
        Start chatting free
      </Link>
    </aside>
  );
}
