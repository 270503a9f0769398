import type { ClaimPurchaseAnswer, ClaimPurchaseBody } from '@shared/claims';
import { apiJson } from './client';

/** Claims a visitor's purchase with the token of the link mailed to its billing email. */
export function claimPurchase(body: ClaimPurchaseBody): Promise<ClaimPurchaseAnswer> {
  return apiJson<ClaimPurchaseAnswer>('POST', '/api/purchases/claim', body);
}
