import { z } from 'zod';
import { PAYMENT_INTENT_ID, paymentMessages } from './payments';
import { PLAN_IDS } from './plans';
import { emailSchema } from './validation';

/** The payments API's request schemas; its words, limits and answers are in ./payments. */

const planIdSchema = z.enum(PLAN_IDS, { error: paymentMessages.planInvalid });

/**
 * A visitor's checkout: a random id the app keeps on her device, so reopening the checkout
 * finds her pending PaymentIntent instead of making another one.
 */
export const CHECKOUT_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** POST /api/guest-create-payment-intent body. */
export const createPaymentIntentSchema = z.object({
  planId: planIdSchema,
  checkoutId: z
    .string({ error: 'checkoutId is not a checkout' })
    .regex(CHECKOUT_ID, 'checkoutId is not a checkout')
    .optional(),
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentSchema>;

/** POST /api/verify-payment body. */
export const verifyPaymentSchema = z.object({
  paymentIntentId: z
    .string({ error: 'paymentIntentId is required' })
    .regex(PAYMENT_INTENT_ID, 'paymentIntentId is not a payment'),
  planId: planIdSchema,
});
export type VerifyPaymentBody = z.infer<typeof verifyPaymentSchema>;

/** POST /api/test-payments/confirm: the test provider's stand-in for Stripe's confirm call. */
export const testConfirmSchema = z.object({
  clientSecret: z.string({ error: 'clientSecret is required' }).min(1).max(300),
  email: emailSchema,
  name: z.string().trim().max(200).optional(),
  cardNumber: z.string({ error: paymentMessages.cardNumberInvalid }).max(40),
  expiry: z.string({ error: paymentMessages.expiryInvalid }).max(20),
  cvc: z.string({ error: paymentMessages.cvcInvalid }).max(10),
});
export type TestConfirmBody = z.infer<typeof testConfirmSchema>;

/** POST /api/purchases/claim body: the token of the link mailed to the billing email. */
export const claimPurchaseSchema = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(200),
});
export type ClaimPurchaseBody = z.infer<typeof claimPurchaseSchema>;
