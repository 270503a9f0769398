interface SpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
  fullScreen?: boolean;
}

export function Spinner({ label = 'Loading', fullScreen = false }: SpinnerProps) {
  return (
    <div
      role="status"
      aria-label={label}
      className={fullScreen ? 'spinner spinner--screen' : 'spinner'}
    >
      <span className="spinner__ring" aria-hidden="true" />
    </div>
  );
}
