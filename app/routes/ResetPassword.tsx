import { Link } from 'react-router-dom';
import { SimplePage } from '../components/SimplePage';

/** Placeholder until password reset by email is built (a later issue). */
export function ResetPassword() {
  return (
    <SimplePage title="Reset your password">
      <p>Setting a new password from an email link is coming very soon.</p>
      <Link to="/auth?mode=login" className="btn btn--primary">
        Back to login
      </Link>
    </SimplePage>
  );
}
