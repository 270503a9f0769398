import Router from '@koa/router';
import { exportFileName } from '@shared/account';
import { deleteAccountSchema, exportQuerySchema } from '@shared/account-schema';
import type { Deps } from '../deps';
import { enforce } from '../http/rateLimit';
import { forgetDevice } from '../http/deviceCookie';
import { signOut } from '../sessions/cookie';
import { signedInUser } from '../http/signedIn';
import type { AppState } from '../http/types';
import { validate, validateBody } from '../http/validate';
import { deleteAccount } from './deleteAccount';
import { exportOf } from './export';
import { exportZip } from './exportZip';
import { exportPerUser } from './limits';

/** GET /user/export (?format=zip) and DELETE /user, mounted under /api. */
export function accountRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  // 'Download my data': a JSON file of everything of hers, as the API shows it to her; with
  // ?format=zip the complete export (that file, each chat as Markdown, her images), streamed.
  router.get('/user/export', async (ctx) => {
    const user = signedInUser(ctx);
    await enforce(deps.limiter, exportPerUser, user.id);
    const { format } = validate(exportQuerySchema, ctx.query);
    const props = { user, currentIdHash: ctx.state.sessionIdHash };
    ctx.set('Cache-Control', 'no-store');
    if (format === 'zip') {
      const zip = await exportZip(deps, props);
      ctx.set('Content-Disposition', `attachment; filename="${zip.fileName}"`);
      ctx.type = 'application/zip';
      ctx.body = zip.stream;
      return;
    }
    const data = await exportOf(deps, props);
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
    await signOut(deps, ctx);
    forgetDevice(deps, ctx);
    ctx.body = { ok: true };
  });

  return router;
}
