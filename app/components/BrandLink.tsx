import { Link } from 'react-router-dom';

/** The name 'Besties', the way home to the landing page from every screen that shows it. */
export function BrandLink({ className }: { className: string }) {
  return (
    <Link to="/" className={className}>
      Besties
    </Link>
  );
}
