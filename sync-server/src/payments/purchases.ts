import { inTransaction } from '../db/database';
import type { Deps } from '../deps';
import type { Period } from '../entitlements/replay';
import { purchasePeriods } from '../entitlements/service';
import * as repo from './repo';
import type { PurchaseRow } from './repo';

/** Her paid purchases, newest first, with the period each gave her. */
export async function purchasesOf(
  deps: Deps,
  props: { userId: string },
): Promise<{ purchase: PurchaseRow; period: Period | null | undefined }[]> {
  const periods = await purchasePeriods(deps, props);
  const purchases = await repo.paidPurchasesOf(deps.db, props.userId);
  return purchases.map((purchase) => ({ purchase, period: periods.get(purchase.id) }));
}

/**
 * Her account is being deleted: her purchases stay as the law requires, with no link to her
 * that could ever attach them again (repo.forgetBuyer). Call inside the deletion's transaction
 * (with its `{ ...deps, db }`): its writes go together, in a savepoint of it.
 */
export async function forgetBuyer(
  deps: Deps,
  props: { userId: string; email: string },
): Promise<void> {
  await inTransaction(deps.db, (db) => repo.forgetBuyer(db, { ...props, now: deps.now() }));
}
