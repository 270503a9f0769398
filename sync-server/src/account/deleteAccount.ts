import { deleteAccountMessages } from '@shared/account';
import { verifyPassword } from '../auth/password';
import { afterCommit, inTransaction } from '../db/database';
import type { Deps } from '../deps';
import { forbidden } from '../http/errors';
import { enforce } from '../http/rateLimit';
import { forgetBuyer } from '../payments/purchases';
import { changeFeed } from '../sync/notify';
import type { UserRow } from '../users/repo';
import { removeProfileImages } from '../users/profileImage';
import { removeOutboxMail, removeUserImages } from './files';
import { deletePerUser } from './limits';
import * as repo from './repo';

export const wrongPassword = () => forbidden(deleteAccountMessages.wrongPassword, 'wrong_password');

/**
 * Deletes her account for good, once her password is checked (at most 5 tries in 15 minutes,
 * so a stolen session cannot guess it; a wrong one changes nothing). In one transaction: her
 * purchases keep only what the law needs, with no link to her; the rate-limit counters of her
 * email and id go; then her users row, and with it (ON DELETE CASCADE) her sessions on every
 * device, chats, messages, images rows, reset links, mutations, reply jobs and plan. Her files
 * (images, profile picture, mail in the outbox) go after the commit. A reply job running for her
 * then finds her message gone and stores nothing (replies/write.ts storeReply).
 */
export async function deleteAccount(
  deps: Deps,
  props: { user: UserRow; password: string },
): Promise<void> {
  const { user } = props;
  await enforce(deps.limiter, deletePerUser, user.id);
  if (!(await verifyPassword(props.password, user.passwordHash))) throw wrongPassword();

  await inTransaction(deps.db, async (db) => {
    await forgetBuyer({ ...deps, db }, { userId: user.id, email: user.email });
    await repo.deleteRateLimitsOf(db, [user.id, user.email]);
    await repo.deleteUser(db, user.id);
    // Her devices' live sync streams close (sync/events.ts).
    afterCommit(db, () => changeFeed(deps.db).changed(user.id, 'account'));
  });

  const removals: [string, Promise<unknown>][] = [
    ['images', removeUserImages(deps.config.dataDir, user.id)],
    ['profile images', removeProfileImages(deps, { userId: user.id })],
    ['outbox mail', removeOutboxMail(deps.config.dataDir, user.email)],
  ];
  const results = await Promise.allSettled(removals.map(([, removal]) => removal));
  results.forEach((result, index) => {
    // Her account is gone already; a file left behind is logged (never her email), not an error.
    if (result.status === 'rejected') {
      const what = removals[index]?.[0];
      deps.logger.error({ err: result.reason, userId: user.id, what }, 'removing her files failed');
    }
  });
  deps.logger.info({ userId: user.id }, 'account deleted');
}
