import type { PublicUser } from '@shared/user';
import { ApiError, userMessageOf } from '../../http/client';
import { toast } from '../../state/useToastStore';
import { refreshUser, setUser } from '../../state/useUserStore';

/** A failed request's words for the toast: the server's message, a fallback, or "unknown". */
export function failureDescription(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return userMessageOf(error, fallback);
  return 'An unknown error occurred';
}

export function toastFillAllFields(): void {
  toast({ title: 'Please fill out all fields', variant: 'destructive' });
}

interface EnterAccountProps {
  request: () => Promise<PublicUser>;
  success: { title: string; description: string };
  failure: { title: string; fallback: string };
  /** Runs before the failure toast: re-enable the form and show any field errors. */
  onFailure: (error: unknown) => void;
}

/** Logs her in or signs her up, then says so; on failure the form hands back and a toast says why. */
export async function enterAccount({ request, success, failure, onFailure }: EnterAccountProps) {
  try {
    const user = await request();
    toast(success);
    setUser(user);
    void refreshUser();
  } catch (error) {
    onFailure(error);
    toast({
      title: failure.title,
      description: failureDescription(error, failure.fallback),
      variant: 'destructive',
    });
  }
}
