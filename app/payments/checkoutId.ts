/**
 * One PaymentIntent per checkout (docs/API.md, Plans and payments): the device keeps a
 * checkout id and sends it with every create, so the server hands back her pending intent for
 * it instead of making another one each time the dialog opens (across reloads too). It is kept
 * on the device (localStorage), like the install help; a fulfilled payment starts a fresh one.
 */

const ITEM = 'besties.checkoutId';
/** What the server accepts (shared/payments-schema.ts). */
export const CHECKOUT_ID = /^[A-Za-z0-9_-]{16,64}$/;

// Where storage is refused (private mode), the id lasts as long as the page.
let inMemory: string | null = null;

/** 16 random bytes, base64url: 22 characters. */
function newCheckoutId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function stored(): string | null {
  try {
    const value = localStorage.getItem(ITEM);
    return value && CHECKOUT_ID.test(value) ? value : null;
  } catch {
    return null;
  }
}

function keep(id: string): void {
  inMemory = id;
  try {
    localStorage.setItem(ITEM, id);
  } catch {
    // Storage refused: the id in memory serves this visit.
  }
}

/** This device's current checkout id, made on first use. */
export function checkoutId(): string {
  const saved = stored();
  if (saved) {
    inMemory = saved;
    return saved;
  }
  const id = inMemory ?? newCheckoutId();
  keep(id);
  return id;
}

/** After a payment went through: the next checkout is a new one, with an intent of its own. */
export function startFreshCheckout(): void {
  keep(newCheckoutId());
}
