interface IconProps {
  /** The drawing, in a 24 by 24 box. */
  d: string;
  size?: number;
  /** How wide its lines are drawn, or 'fill' for a solid shape. */
  stroke?: number | 'fill';
  className?: string;
}

/**
 * A one-path icon. Decorative: the button or text beside it carries the name. Its paint is set
 * on the svg, which the path inherits.
 */
export function Icon({ d, size = 22, stroke = 2, className }: IconProps) {
  const line = stroke !== 'fill';
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden
      fill={line ? 'none' : 'currentColor'}
      stroke={line ? 'currentColor' : undefined}
      strokeWidth={line ? stroke : undefined}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}
