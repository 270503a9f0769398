import type { Deps } from '../deps';
import type { Period } from '../entitlements/replay';
import { purchasePeriods } from '../entitlements/service';
import * as repo from './repo';
import type { PurchaseRow } from './repo';

/** Her paid purchases, newest first, with the period each gave her. */
export function purchasesOf(
  deps: Deps,
  props: { userId: string },
): { purchase: PurchaseRow; period: Period | null | undefined }[] {
  const periods = purchasePeriods(deps, props);
  return repo
    .paidPurchasesOf(deps.legacyDb, props.userId)
    .map((purchase) => ({ purchase, period: periods.get(purchase.id) }));
}

/**
 * Her account is being deleted: her purchases stay as the law requires, with no link to her
 * that could ever attach them again (repo.forgetBuyer). Call inside the deletion's transaction.
 */
export function forgetBuyer(deps: Deps, props: { userId: string; email: string }): void {
  repo.forgetBuyer(deps.legacyDb, { ...props, now: deps.now() });
}
