import Router from '@koa/router';
import {
  claimPurchaseSchema,
  createPaymentIntentSchema,
  testConfirmSchema,
  verifyPaymentSchema,
} from '@shared/payments-schema';
import type { ClaimPurchaseAnswer } from '@shared/claims';
import type { PurchasesAnswer } from '@shared/payments';
import type { Deps } from '../deps';
import { clientAddressKey } from '../http/clientAddress';
import { notFound } from '../http/errors';
import { enforce } from '../http/rateLimit';
import { readRawBody } from '../http/rawBody';
import { signedInUser } from '../http/signedIn';
import type { AppState } from '../http/types';
import { validateBody } from '../http/validate';
import { entitlementOfUser } from '../users/service';
import { claimPurchase } from './claims';
import {
  claimPerIp,
  claimPerUser,
  intentPerIp,
  intentPerUser,
  testConfirmPerIp,
  verifyPerIp,
} from './limits';
import { presentClientConfig, presentPurchase, presentVerify } from './present';
import { purchasesOf } from './purchases';
import { createPaymentIntent, fulfilPayment } from './service';
import { handleStripeWebhook } from './webhook';

/** Where Stripe posts events; its body is read raw (see http/body.ts). */
export const STRIPE_WEBHOOK_PATH = '/api/stripe/webhook';
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/** GET /config, the payment routes and the Stripe webhook, mounted under /api. */
export function paymentRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>();

  router.get('/config', (ctx) => {
    ctx.body = presentClientConfig(deps.config, deps.payments);
  });

  // Open to visitors: a visitor's purchase becomes hers through the link mailed to its billing
  // email (POST /purchases/claim).
  router.post('/guest-create-payment-intent', async (ctx) => {
    const userId = ctx.state.user?.id;
    if (userId) await enforce(deps.limiter, intentPerUser, userId);
    else await enforce(deps.limiter, intentPerIp(deps.config), clientAddressKey(ctx.ip));
    const { planId, checkoutId } = validateBody(ctx, createPaymentIntentSchema);
    ctx.body = await createPaymentIntent(deps, { planId, userId, checkoutId });
  });

  // Open to visitors too: whose purchase it is comes from the purchase, never the caller.
  router.post('/verify-payment', async (ctx) => {
    await enforce(deps.limiter, verifyPerIp(deps.config), clientAddressKey(ctx.ip));
    const body = validateBody(ctx, verifyPaymentSchema);
    const { status } = await fulfilPayment(deps, body);
    const user = ctx.state.user;
    const plan = user ? await entitlementOfUser(deps, { userId: user.id }) : null;
    ctx.body = presentVerify(status, plan);
  });

  router.get('/purchases', async (ctx) => {
    const user = signedInUser(ctx);
    const purchases = await purchasesOf(deps, { userId: user.id });
    const answer: PurchasesAnswer = {
      purchases: purchases.map(({ purchase, period }) => presentPurchase(purchase, period)),
    };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });

  // The link mailed for a visitor's purchase, opened signed in: the purchase becomes hers.
  router.post('/purchases/claim', async (ctx) => {
    const user = signedInUser(ctx);
    await enforce(deps.limiter, claimPerIp(deps.config), clientAddressKey(ctx.ip));
    await enforce(deps.limiter, claimPerUser, user.id);
    const { token } = validateBody(ctx, claimPurchaseSchema);
    const answer: ClaimPurchaseAnswer = await claimPurchase(deps, { token, userId: user.id });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });

  // Stripe's servers call this: no session, no Origin, no rate limit; the signature decides.
  router.post(STRIPE_WEBHOOK_PATH.slice('/api'.length), async (ctx) => {
    const raw = await readRawBody(ctx, WEBHOOK_BODY_LIMIT);
    await handleStripeWebhook(deps, { raw, signature: ctx.get('Stripe-Signature') });
    ctx.body = { received: true };
  });

  // The built-in test provider's stand-in for Stripe.js; there is no such route otherwise.
  router.post('/test-payments/confirm', async (ctx) => {
    const confirm = deps.payments?.confirmTestPayment;
    if (!confirm) throw notFound();
    await enforce(deps.limiter, testConfirmPerIp(deps.config), clientAddressKey(ctx.ip));
    const body = validateBody(ctx, testConfirmSchema);
    ctx.body = await confirm(body);
  });

  return router;
}
