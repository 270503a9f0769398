import type { PublicUser } from '@shared/user';
import { ApiError, userMessageOf } from '../../http/client';
import { toast } from '../../state/useToastStore';
import { refreshUser, setUser } from '../../state/useUserStore';

/** What a failed log-in or sign-up toasts (spec §8). */
export interface AuthFailure {
  title: string;
  /** The server answered without words of its own. */
  fallback: string;
  /** ...with the status that already says why (a wrong password, a taken email). */
  refused: { status: number; description: string };
}

/**
 * A failed request's words for the toast (spec §8): the server's own message; else what its
 * status means, or the fallback; and 'An unknown error occurred' when no answer came at all.
 */
export function failureDescription(error: unknown, failure: AuthFailure): string {
  if (!(error instanceof ApiError)) return 'An unknown error occurred';
  const known = error.status === failure.refused.status ? failure.refused.description : undefined;
  return userMessageOf(error, known ?? failure.fallback);
}

export function toastFillAllFields(): void {
  toast({ title: 'Please fill out all fields', variant: 'destructive' });
}

interface EnterAccountProps {
  request: () => Promise<PublicUser>;
  success: { title: string; description: string };
  failure: AuthFailure;
  /** Runs before the failure toast: re-enable the form and show any field errors. */
  onFailure: (error: unknown) => void;
}

/**
 * Logs her in or signs her up, then says so; on failure the form hands back and a toast says
 * why. True when she is in.
 */
export async function enterAccount({
  request,
  success,
  failure,
  onFailure,
}: EnterAccountProps): Promise<boolean> {
  try {
    const user = await request();
    toast(success);
    setUser(user);
    void refreshUser();
    return true;
  } catch (error) {
    onFailure(error);
    toast({
      title: failure.title,
      description: failureDescription(error, failure),
      variant: 'destructive',
    });
    return false;
  }
}
