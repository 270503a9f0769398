import { z } from 'zod';
import { PAYMENT_INTENT_ID, paymentMessages } from './payments';
import { PLAN_IDS } from './plans';
import { emailSchema } from './validation';

/** The payments API's request schemas; its words, limits and answers are in ./payments. */

const planIdSchema = z.enum(PLAN_IDS, { error: paymentMessages.planInvalid });

/** POST /api/guest-create-payment-intent body. */
export const createPaymentIntentSchema = z.object({
  planId: planIdSchema,
  // One PaymentIntent per checkout (issue 40): the device's checkout id.
  checkoutId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
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
