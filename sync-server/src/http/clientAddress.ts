import { isIPv6 } from 'node:net';

/** Groups of an IPv6 address in full (8 groups of 4 hex digits), `::` expanded. */
function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const groupsOf = (part: string) =>
    part
      .split(':')
      .filter(Boolean)
      // An embedded IPv4 tail (64:ff9b::1.2.3.4) is two groups.
      .flatMap((group) => (group.includes('.') ? ['0', '0'] : [group]));
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => group.padStart(4, '0'));
}

/**
 * The key that rate limits count a client by: an IPv4 address as it is, an IPv6 address by its
 * /64, because one home or server usually owns a whole /64 and could rotate through it.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address.toLowerCase()).slice(0, 4).join(':')}::/64`;
}
