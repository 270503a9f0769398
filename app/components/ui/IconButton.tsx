import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { IconTooltip } from './IconTooltip';

interface IconButtonProps {
  /** Its name, for screen readers and in its tooltip: it has no text of its own. */
  label: string;
  /** Its place on the screen, beside `icon-button`. */
  className?: string;
  /** A link to this address rather than a button. */
  to?: string;
  onClick?: () => void;
  /** The icon (Icon.tsx). */
  children: ReactNode;
}

/** An icon-only button or link, its name shown in a tooltip (IconTooltip.tsx). */
export function IconButton({ label, className, to, onClick, children }: IconButtonProps) {
  const props = {
    className: className ? `icon-button ${className}` : 'icon-button',
    'aria-label': label,
    onClick,
    children,
  };
  return (
    <IconTooltip>
      {to ? <Link to={to} {...props} /> : <button type="button" {...props} />}
    </IconTooltip>
  );
}
