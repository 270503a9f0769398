import Router from '@koa/router';
import type { EndSessionsAnswer, SessionsAnswer } from '@shared/account';
import type { Deps } from '../deps';
import { signOut } from './cookie';
import { signedInSession } from '../http/signedIn';
import type { AppState } from '../http/types';
import { endOtherSessions, endSessionOfUser, listSessions } from './service';

/** GET /sessions, DELETE /sessions/{id}, DELETE /sessions (all but this one), under /api. */
export function sessionRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/sessions', async (ctx) => {
    const { userId, idHash } = signedInSession(ctx);
    ctx.set('Cache-Control', 'no-store');
    const answer: SessionsAnswer = {
      sessions: await listSessions(deps, { userId, currentIdHash: idHash }),
    };
    ctx.body = answer;
  });

  router.delete('/sessions/:id', async (ctx) => {
    const { userId, idHash } = signedInSession(ctx);
    const { wasCurrent } = await endSessionOfUser(deps, {
      userId,
      publicId: ctx.params.id ?? '',
      currentIdHash: idHash,
    });
    if (wasCurrent) await signOut(deps, ctx);
    ctx.body = { ok: true };
  });

  router.delete('/sessions', async (ctx) => {
    const { userId, idHash } = signedInSession(ctx);
    const answer: EndSessionsAnswer = {
      ended: await endOtherSessions(deps, { userId, currentIdHash: idHash }),
    };
    ctx.body = answer;
  });

  return router;
}
