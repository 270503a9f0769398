import Router from '@koa/router';
import { encodePullPage } from '@shared/compact-pull';
import { pullQuerySchema, pushBodySchema } from '@shared/sync-schema';
import type { Deps } from '../deps';
import { changeSeqOfUser } from '../chats/changes';
import { shownUntil } from '../chats/present';
import { preferredEncoding } from '../http/compress';
import { keptAnswers, sendKeptAnswer } from '../http/keptAnswers';
import { signedIn, signedInSession, signedInUser } from '../http/signedIn';
import { tierOf } from '../users/service';
import type { AppState } from '../http/types';
import { validate, validateBody } from '../http/validate';
import { streamChanges } from './events';
import { pull, push } from './service';

/** Bytes of pull pages kept by one process, the least recently asked going first. */
const KEPT_PAGE_BYTES = 32 * 1024 * 1024;

/** The sync API (ARCHITECTURE.md, Sync protocol), mounted under /api. */
export function syncRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();
  const kept = keptAnswers(KEPT_PAGE_BYTES);

  router.post('/sync/push', async (ctx) => {
    const { user, tier } = await signedIn(deps, ctx);
    const { mutations } = validateBody(ctx, pushBodySchema);
    ctx.body = await push(deps, { userId: user.id, tier, mutations });
  });

  // A page is kept under her change number and plan, read at each request, as her chat list
  // is (chats/routes.ts): her devices ask for the same page when a poke reaches each of them.
  router.get('/sync/pull', async (ctx) => {
    const user = signedInUser(ctx);
    const { cursor, limit, format } = validate(pullQuerySchema, ctx.query);
    const [seq, tier] = await Promise.all([
      changeSeqOfUser(deps, user.id),
      tierOf(deps, { userId: user.id }),
    ]);
    const answer = await kept(
      {
        key: `${user.id}\0pull\0${cursor}\0${limit}\0${format ?? ''}`,
        version: `${seq}\0${tier}`,
        now: deps.now(),
        make: async () => {
          const page = await pull(deps, { userId: user.id, tier, cursor, limit });
          const value = format === 'compact' ? encodePullPage(page) : page;
          return { value, until: shownUntil(page.chats) };
        },
      },
      preferredEncoding(ctx),
    );
    ctx.set('Cache-Control', 'no-store');
    sendKeptAnswer(ctx, answer);
  });

  // Live sync: tells her device when to pull (ARCHITECTURE.md, Live sync).
  router.get('/sync/events', (ctx) => {
    streamChanges(deps, ctx, signedInSession(ctx));
  });

  return router;
}
