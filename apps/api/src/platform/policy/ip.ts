import { BlockList, isIP } from 'node:net';

/**
 * IP address matching for IP ACLs and REQUEST_IP conditions: a list of IPv4/IPv6 addresses and
 * CIDR blocks compiled once into a matcher. IPv4 is matched with integer masks (no allocation per
 * check); IPv6 with node's BlockList. IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) count as IPv4.
 * Rules that are not an address or block are ignored (they match nothing).
 */
export type IpMatcher = (address: string) => boolean;

/** An IPv4 dotted quad as an unsigned 32-bit integer, or -1. */
export function parseIpv4(text: string): number {
  let value = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 46) {
      if (digits === 0 || dots === 3) return -1;
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      dots += 1;
    } else if (code >= 48 && code <= 57) {
      if (digits > 0 && octet === 0) return -1; // leading zero
      octet = octet * 10 + (code - 48);
      digits += 1;
      if (octet > 255) return -1;
    } else {
      return -1;
    }
  }
  if (dots !== 3 || digits === 0) return -1;
  return value * 256 + octet;
}

/** The address with an IPv4-mapped IPv6 prefix taken off. */
export const unmapIpv4 = (address: string) =>
  address.length > 7 && address.slice(0, 7).toLowerCase() === '::ffff:' && parseIpv4(address.slice(7)) !== -1 ? address.slice(7) : address;

export function compileIpMatcher(rules: readonly string[]): IpMatcher {
  const v4: { network: number; mask: number }[] = [];
  let v6: BlockList | undefined;
  for (const rule of rules) {
    const slash = rule.indexOf('/');
    const network = unmapIpv4(slash === -1 ? rule : rule.slice(0, slash));
    const prefixText = slash === -1 ? undefined : rule.slice(slash + 1);
    if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) continue;
    const prefix = prefixText === undefined ? undefined : Number(prefixText);
    const v4Address = parseIpv4(network);
    if (v4Address !== -1) {
      const bits = prefix ?? 32;
      if (bits > 32) continue;
      // >>> 0 keeps the mask unsigned; a /0 block matches every IPv4 address.
      const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
      v4.push({ network: (v4Address & mask) >>> 0, mask });
      continue;
    }
    if (isIP(network) !== 6) continue;
    const bits = prefix ?? 128;
    if (bits > 128) continue;
    v6 ??= new BlockList();
    if (prefix === undefined) v6.addAddress(network, 'ipv6');
    else v6.addSubnet(network, bits, 'ipv6');
  }
  const v6List = v6;
  return (address: string) => {
    const plain = unmapIpv4(address);
    const v4Address = parseIpv4(plain);
    if (v4Address !== -1) {
      for (const block of v4) if (((v4Address & block.mask) >>> 0) === block.network) return true;
      return false;
    }
    if (!v6List || isIP(plain) !== 6) return false;
    return v6List.check(plain, 'ipv6');
  };
}
