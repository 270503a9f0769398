import { Link } from 'react-router-dom';
import { SimplePage } from '../components/SimplePage';

/** Placeholder until password reset by email is built (a later issue). */
export function ForgotPassword() {
  return (
    <SimplePage title="Forgot your password?">
      <p>
        Resetting your password by email is coming very soon. Until then, if you remember it, you
        can log in as usual.
      </p>
      <Link to="/auth?mode=login" className="btn btn--primary">
        Back to login
      </Link>
    </SimplePage>
  );
}
