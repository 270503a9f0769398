import { createHash, randomBytes } from 'node:crypto';
import { inTransaction } from '../db/database';
import type { Deps } from '../deps';
import { badRequest } from '../http/errors';
import { resetPasswordEmail } from '../mail/resetEmail';
import { changeFeed } from '../sync/notify';
import { findUserByEmail, findUserById } from '../users/service';
import { loginPerEmail } from './limits';
import { hashPassword } from './password';
import { resetMailPerEmail } from './resetLimits';
import * as repo from './resetRepo';

/** A reset link works for 60 minutes after it was asked for. */
export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
const TOKEN_BYTES = 32;

export const invalidResetToken = () =>
  badRequest('This reset link is invalid or has expired', 'invalid_token');

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const resetLinkOf = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;

/**
 * Starts a reset after the answer, for every email alike: the caller answers the same at once,
 * so neither the answer nor its time says whether the email has an account or was limited.
 * A failure here (or to send) is only logged.
 */
export function requestPasswordReset(deps: Deps, props: { email: string }): void {
  deps.background.run('starting a password reset', () => startPasswordReset(deps, props));
}

async function startPasswordReset(deps: Deps, props: { email: string }): Promise<void> {
  const user = await findUserByEmail(deps, { email: props.email });
  if (!user) return;
  if ((await deps.limiter.hit(resetMailPerEmail, user.email)).limited) return;

  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const createdAt = deps.now();
  await inTransaction(deps.db, async (db) => {
    await repo.deleteStalePasswordResets(db, user.id, createdAt);
    await repo.insertPasswordReset(db, {
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt,
      expiresAt: createdAt + RESET_TOKEN_LIFETIME_MS,
    });
  });
  sendResetMail(deps, { to: user.email, token });
}

function sendResetMail(deps: Deps, props: { to: string; token: string }): void {
  const link = resetLinkOf(deps.config.publicUrl, props.token);
  if (deps.mailer.kind === 'outbox') logOutboxMail(deps, { to: props.to, link });
  deps.mailer.send(resetPasswordEmail({ to: props.to, link })).catch((error: unknown) => {
    deps.logger.error({ err: error }, 'the password reset mail could not be sent');
  });
}

/**
 * Without SMTP the link is logged (never by the request log) so the flow can be finished
 * offline; in production a log is no place for a key to her account, so only the fact is.
 */
function logOutboxMail(deps: Deps, props: { to: string; link: string }): void {
  if (deps.config.nodeEnv === 'production') {
    deps.logger.info('password reset mail queued (no SMTP_URL: see DATA_DIR/mail)');
    return;
  }
  deps.logger.info(props, 'password reset link (no SMTP_URL: see DATA_DIR/mail)');
}

/**
 * Sets a new password from a reset link: the link must be known, unused and unexpired. The
 * link and the user's other links are then used up and every session of the user ends.
 */
export async function resetPassword(
  deps: Deps,
  props: { token: string; newPassword: string },
): Promise<void> {
  const tokenHash = hashToken(props.token);
  const reset = await repo.findPasswordReset(deps.db, tokenHash);
  if (!reset || reset.usedAt !== null || reset.expiresAt <= deps.now()) throw invalidResetToken();
  // Hashing is slow and async, so it happens before (never inside) the transaction.
  const passwordHash = await hashPassword(props.newPassword);
  const done = await repo.completePasswordReset(deps.db, {
    tokenHash,
    userId: reset.userId,
    passwordHash,
    now: deps.now(),
  });
  if (!done) throw invalidResetToken();
  // Every device of hers is signed out: their live sync streams close (sync/events.ts).
  changeFeed(deps.db).changed(reset.userId, 'account');
  const user = await findUserById(deps, { id: reset.userId });
  // She proved she owns the address: earlier failed logins no longer lock her out.
  if (user) await deps.limiter.reset(loginPerEmail, user.email);
}
