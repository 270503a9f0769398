import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_ID, checkoutId, startFreshCheckout } from './checkoutId';

afterEach(() => vi.restoreAllMocks());

describe('the checkout id', () => {
  it('is made once, in the form the server accepts, and kept on the device', () => {
    const id = checkoutId();
    expect(id).toMatch(CHECKOUT_ID);
    expect(id).toHaveLength(22);
    expect(checkoutId()).toBe(id);
    expect(localStorage.getItem('besties.checkoutId')).toBe(id);
  });

  it('is the one kept, as after a reload', () => {
    localStorage.setItem('besties.checkoutId', 'kept_from_before-0123456789');
    expect(checkoutId()).toBe('kept_from_before-0123456789');
  });

  it('is made anew when what is kept is not one', () => {
    localStorage.setItem('besties.checkoutId', 'short');
    expect(checkoutId()).toMatch(CHECKOUT_ID);
    expect(checkoutId()).not.toBe('short');
  });

  it('is a fresh one after a payment went through', () => {
    const before = checkoutId();
    startFreshCheckout();
    const after = checkoutId();
    expect(after).toMatch(CHECKOUT_ID);
    expect(after).not.toBe(before);
    expect(localStorage.getItem('besties.checkoutId')).toBe(after);
  });

  it('lasts as long as the page where storage is refused (private mode)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const id = checkoutId();
    expect(id).toMatch(CHECKOUT_ID);
    expect(checkoutId()).toBe(id);
  });
});
