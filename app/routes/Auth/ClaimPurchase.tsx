import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { claimMessages } from '@shared/claims';
import { Spinner } from '../../components/ui/Spinner';
import { claimPurchase } from '../../http/claim';
import { ApiError, userMessageOf } from '../../http/client';
import { toast } from '../../state/useToastStore';
import { refreshUser } from '../../state/useUserStore';

/** What a failed claim says: the server's own words, else a general one. */
function claimFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Please check your connection and open the link again.';
  return userMessageOf(error, claimMessages.notFound);
}

/**
 * /auth?claim=<token> once she is signed in (she opened the link signed in, or has just signed
 * up or logged in through it): adds the purchase to her account, says so, and goes on. A
 * failure says why in a toast and goes on too: she stays signed in either way.
 */
export function ClaimPurchase({ token, destination }: { token: string; destination: string }) {
  const navigate = useNavigate();
  // Once per token, even when React runs the effect twice.
  const claimed = useRef<string | null>(null);

  useEffect(() => {
    if (claimed.current === token) return;
    claimed.current = token;
    claimPurchase({ token })
      .then(() => {
        toast({ title: claimMessages.added, description: claimMessages.addedDescription });
        void refreshUser();
      })
      .catch((error: unknown) => {
        toast({
          title: claimMessages.failed,
          description: claimFailure(error),
          variant: 'destructive',
        });
      })
      .finally(() => navigate(destination, { replace: true }));
  }, [token, destination, navigate]);

  return <Spinner fullScreen label="Adding your purchase to your account" />;
}
