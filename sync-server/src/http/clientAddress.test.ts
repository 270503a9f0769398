import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './clientAddress';

describe('clientAddressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::1', '0000:0000:0000:0000::/64'],
    ['2001:db8:1:2:3:4:5:6', '2001:0db8:0001:0002::/64'],
    ['2001:db8:1:2::99', '2001:0db8:0001:0002::/64'],
    ['2001:DB8:1:2:aaaa::1', '2001:0db8:0001:0002::/64'],
    ['2001:db8::1', '2001:0db8:0000:0000::/64'],
    ['fe80::1%eth0', 'fe80:0000:0000:0000::/64'],
    ['64:ff9b::192.0.2.1', '0064:ff9b:0000:0000::/64'],
  ])('counts %s as %s', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });
});
