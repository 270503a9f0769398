import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { SimplePage } from '../components/SimplePage';
import { toast } from '../state/useToastStore';
import { refreshUser, useUserStore } from '../state/useUserStore';

const REDIRECT_AFTER_MS = 5000;

/** /checkout-success: the payment confirmation and the payment provider's return address. */
export function CheckoutSuccess() {
  const navigate = useNavigate();
  const user = useUserStore((state) => state.user);
  const signedIn = user !== null;

  useEffect(() => {
    void refreshUser();
    toast({ title: 'Payment successful!', description: 'Your subscription is now active' });
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setTimeout(() => navigate('/chat?bestie=cassie'), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, navigate]);

  return (
    <SimplePage title="Payment Successful!">
      <p>Your subscription has been activated...</p>
      {signedIn ? (
        <Link to="/chat?bestie=cassie" className="btn btn--primary">
          Start Chatting Now
        </Link>
      ) : (
        <div className="button-row">
          <Link to="/auth?ref=success" className="btn btn--primary">
            Create Account
          </Link>
          <Link to="/auth?ref=success&mode=login" className="btn btn--secondary">
            Log In
          </Link>
        </div>
      )}
    </SimplePage>
  );
}
