import Router from '@koa/router';
import { exportFileName } from '@shared/account';
import { deleteAccountSchema } from '@shared/account-schema';
import type { Deps } from '../deps';
import { enforce } from '../http/rateLimit';
import { signOut } from '../http/session';
import { signedInUser } from '../http/signedIn';
import type { AppState } from '../http/types';
import { validateBody } from '../http/validate';
import { deleteAccount } from './deleteAccount';
import { exportOf } from './export';
import { exportPerUser } from './limits';

/** GET /user/export and DELETE /user, mounted under /api. */
export function accountRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  // 'Download my data': a JSON file of everything of hers, as the API shows it to her.
  router.get('/user/export', (ctx) => {
    const user = signedInUser(ctx);
    enforce(deps.limiter, exportPerUser, user.id);
    const data = exportOf(deps, { user, currentIdHash: ctx.state.sessionIdHash });
    ctx.set('Cache-Control', 'no-store');
    ctx.set(
      'Content-Disposition',
      `attachment; filename="${exportFileName(new Date(data.exportedAt))}"`,
    );
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = JSON.stringify(data, null, 2);
  });

  // 'Delete my account': her password again and the word DELETE; then every device is signed out.
  router.delete('/user', async (ctx) => {
    const user = signedInUser(ctx);
    const { password } = validateBody(ctx, deleteAccountSchema);
    await deleteAccount(deps, { user, password });
    signOut(deps, ctx);
    ctx.body = { ok: true };
  });

  return router;
}
