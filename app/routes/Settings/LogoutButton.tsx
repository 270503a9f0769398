import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { clearLocalData } from '../../db/chats';
import { logout } from '../../http/auth';
import { userMessageOf } from '../../http/client';
import { toast } from '../../state/useToastStore';
import { setUser } from '../../state/useUserStore';

export function LogoutButton() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function handleLogout() {
    setPending(true);
    try {
      await logout();
    } catch (error) {
      setPending(false);
      toast({
        title: 'Logout failed',
        description: userMessageOf(error, 'Please try again.'),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Logged out', description: 'See you again soon, bestie!' });
    // Leave the guarded page first (synchronously, not as a transition), so clearing the user
    // cannot make the guard bounce her to /auth.
    await navigate('/', { replace: true, flushSync: true });
    setUser(null);
    // Her chats leave the device with her.
    await clearLocalData();
  }

  return (
    <button
      type="button"
      className="btn btn--danger btn--block"
      onClick={() => void handleLogout()}
      disabled={pending}
    >
      {pending ? 'Logging out...' : 'Log out'}
    </button>
  );
}
