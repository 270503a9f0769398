import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatCvc, formatExpiry } from './cardFormat';

describe('card field formatting', () => {
  it('groups the card number by four and drops anything but digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 00a00')).toBe('4000 0000 0000');
    expect(formatCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });

  it("writes the expiry as 'MM / YY', padding a lone month digit above 1", () => {
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12 / 345')).toBe('12 / 34');
  });

  it('lets backspace through the separator', () => {
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
  });

  it('keeps at most four CVC digits', () => {
    expect(formatCvc('12a345')).toBe('1234');
  });
});
