/** Every error answer of the API: `{ message, code, ...details }` (ARCHITECTURE.md, Errors). */
export interface ApiErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
  requiresSubscription?: boolean;
  retryAfter?: number;
}
