import { ApiError, userMessageOf } from '../../http/client';
import { toast } from '../../state/useToastStore';

export type FieldErrors = Record<string, string>;

/** A failed request's words for the toast: the server's message, a fallback, or "unknown". */
export function failureDescription(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return userMessageOf(error, fallback);
  return 'An unknown error occurred';
}

/** The first field, in form order, that has a problem. */
export function firstInvalidField(order: readonly string[], errors: FieldErrors): string | null {
  return order.find((name) => errors[name]) ?? null;
}

export function focusField(form: HTMLFormElement, name: string | null): void {
  if (!name) return;
  const element = form.elements.namedItem(name);
  if (element instanceof HTMLInputElement) element.focus();
}

export function toastFillAllFields(): void {
  toast({ title: 'Please fill out all fields', variant: 'destructive' });
}
