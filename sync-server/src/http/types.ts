import type { ParameterizedContext } from 'koa';
import type { UserRow } from '../users/repo';

/** What the middleware leaves on `ctx.state` for the handlers. */
export interface AppState {
  /** The signed-in user, when the request carries a live session. */
  user?: UserRow;
  /** HMAC of the current session id, to end it on logout. */
  sessionIdHash?: string;
}

export type AppContext = ParameterizedContext<AppState>;

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
