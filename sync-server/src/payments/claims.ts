import { createHash, randomBytes } from 'node:crypto';
import { claimMessages } from '@shared/claims';
import type { ClaimPurchaseAnswer } from '@shared/claims';
import { planById } from '@shared/plans';
import { resendRepliesForTier } from '../replies/resendOnPlanChange';
import { inTransaction } from '../db/database';
import type { Deps } from '../deps';
import { entitlementOf, purchasePeriods } from '../entitlements/service';
import { AppError, conflict } from '../http/errors';
import { CLAIM_LINK_DAYS, claimPurchaseEmail } from '../mail/claimEmail';
import * as claimRepo from './claimRepo';
import { presentPurchase } from './present';
import * as repo from './repo';
import type { PurchaseRow } from './repo';

/** A claim link works for 30 days after the purchase was paid. */
export const CLAIM_TOKEN_LIFETIME_MS = CLAIM_LINK_DAYS * 24 * 60 * 60 * 1000;
const TOKEN_BYTES = 32;

const gone = (message: string, code: string) => new AppError(410, code, message);
export const claimNotFound = () => new AppError(404, 'claim_not_found', claimMessages.notFound);

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const claimLinkOf = (publicUrl: string, token: string) =>
  `${publicUrl}/auth?claim=${encodeURIComponent(token)}`;

/** A claim link to mail once its transaction has committed. */
export interface PendingClaimMail {
  to: string;
  token: string;
  planName: string;
}

/**
 * A visitor's purchase was just fulfilled: records its claim link (one per purchase) and
 * answers the mail to send once the caller's transaction commits. Call inside it (with its
 * `{ ...deps, db }`), and send the mail after it. Nothing for a signed-in buyer's purchase, or
 * one with no billing email to prove.
 */
export async function recordClaim(
  deps: Pick<Deps, 'db' | 'now'>,
  purchase: Pick<PurchaseRow, 'id' | 'planId' | 'userId' | 'email' | 'accountDeletedAt'>,
): Promise<PendingClaimMail | undefined> {
  if (purchase.userId !== null || !purchase.email || purchase.accountDeletedAt !== null) return;
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const createdAt = deps.now();
  const inserted = await claimRepo.insertClaim(deps.db, {
    tokenHash: hashToken(token),
    purchaseId: purchase.id,
    createdAt,
    expiresAt: createdAt + CLAIM_TOKEN_LIFETIME_MS,
  });
  if (!inserted) return;
  const planName = planById(purchase.planId)?.name ?? 'your Besties plan';
  return { to: purchase.email, token, planName };
}

/**
 * Mails the claim link to the billing email (SMTP, or the .eml outbox), once per purchase. A
 * failure is only logged: the purchase stays paid and recorded under that email.
 */
export function sendClaimMail(deps: Deps, mail: PendingClaimMail): void {
  const link = claimLinkOf(deps.config.publicUrl, mail.token);
  if (deps.mailer.kind === 'outbox') {
    if (deps.config.nodeEnv === 'production') {
      deps.logger.info('purchase claim mail queued (no SMTP_URL: see DATA_DIR/mail)');
    } else {
      deps.logger.info(
        { to: mail.to, link },
        'purchase claim link (no SMTP_URL: see DATA_DIR/mail)',
      );
    }
  }
  deps.mailer
    .send(claimPurchaseEmail({ to: mail.to, link, planName: mail.planName }))
    .catch((error: unknown) => {
      deps.logger.error({ err: error }, 'the purchase claim mail could not be sent');
    });
}

/**
 * Gives a visitor's purchase to the signed-in account that opens its link. The link must be
 * known (404), unused and unexpired (410), and the purchase nobody's (409 when it is another
 * account's). Opening it again from her own account answers the same. Her replies are
 * re-presented for the tier it gives her, in the same transaction.
 */
export async function claimPurchase(
  deps: Deps,
  props: { token: string; userId: string },
): Promise<ClaimPurchaseAnswer> {
  const tokenHash = hashToken(props.token);
  const purchaseId = await inTransaction(deps.db, async (db) => {
    const inside = { ...deps, db };
    const now = deps.now();
    const claim = await claimRepo.findClaim(db, tokenHash);
    if (!claim) throw claimNotFound();
    const purchase = await repo.findPurchase(db, claim.purchaseId);
    if (!purchase || purchase.accountDeletedAt !== null) {
      throw gone(claimMessages.gone, 'claim_gone');
    }
    if (purchase.userId === props.userId) return purchase.id;
    if (purchase.userId !== null) throw conflict(claimMessages.taken, 'claim_taken');
    if (claim.usedAt !== null) throw gone(claimMessages.used, 'claim_used');
    if (claim.expiresAt <= now) throw gone(claimMessages.expired, 'claim_expired');
    const before = (await entitlementOf(inside, { userId: props.userId })).tier;
    await claimRepo.completeClaim(db, { tokenHash, purchaseId: purchase.id, ...props, now });
    const after = (await entitlementOf(inside, { userId: props.userId })).tier;
    await resendRepliesForTier(inside, { userId: props.userId, before, after });
    return purchase.id;
  });
  const purchase = await repo.findPurchase(deps.db, purchaseId);
  if (!purchase) throw claimNotFound();
  const plan = await entitlementOf(deps, { userId: props.userId });
  const periods = await purchasePeriods(deps, { userId: props.userId });
  return {
    purchase: presentPurchase(purchase, periods.get(purchaseId)),
    subscriptionTier: plan.tier,
    subscriptionEndsAt: plan.endsAt === null ? null : new Date(plan.endsAt).toISOString(),
  };
}
