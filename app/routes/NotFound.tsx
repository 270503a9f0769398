import { Link } from 'react-router-dom';
import { SimplePage } from '../components/SimplePage';

export function NotFound() {
  return (
    <SimplePage title="404 Page Not Found" documentTitle="Page not found">
      <p>Oops, bestie! This page doesn't exist. Let's get you back somewhere familiar.</p>
      <Link to="/" className="btn btn--primary">
        Go back home
      </Link>
    </SimplePage>
  );
}
