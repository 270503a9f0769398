import { ApiError, userMessageOf } from '../../http/client';
import { toast } from '../../state/useToastStore';

/** A failed request's words for the toast: the server's message, a fallback, or "unknown". */
export function failureDescription(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return userMessageOf(error, fallback);
  return 'An unknown error occurred';
}

export function toastFillAllFields(): void {
  toast({ title: 'Please fill out all fields', variant: 'destructive' });
}
