interface SpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
  fullScreen?: boolean;
}

/**
 * A ring with a turning arc. Drawn as SVG, so it is the page's first contentful paint: index.html
 * holds the same markup (keep the two alike), painted before any script has come.
 */
export function Spinner({ label = 'Loading', fullScreen = false }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-label={label}
      className={fullScreen ? 'spinner spinner--screen' : 'spinner'}
    >
      <svg className="spinner__ring" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <circle className="spinner__track" cx="20" cy="20" r="18" />
        <circle className="spinner__arc" cx="20" cy="20" r="18" pathLength="100" />
      </svg>
    </div>
  );
}
