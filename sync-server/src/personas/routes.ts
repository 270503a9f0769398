import Router from '@koa/router';
import { PERSONAS } from '@shared/personas';
import type { AppState } from '../http/types';
import { presentPersona } from './present';

/** GET /personas, mounted under /api. Public: the landing page and the picker show them. */
export function personaRoutes(): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/personas', (ctx) => {
    ctx.body = PERSONAS.map(presentPersona);
  });
  return router;
}
