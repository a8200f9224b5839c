import { BlockList, isIP } from 'node:net';

/**
 * Whether an address is inside any of the rules (IPv4/IPv6 addresses or CIDR blocks).
 * No rules means no restriction. IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) count as IPv4.
 */
export function isIpAllowed(clientIp: string, rules: readonly string[]): boolean {
  if (rules.length === 0) return true;
  const address = clientIp.startsWith('::ffff:') && isIP(clientIp.slice(7)) === 4 ? clientIp.slice(7) : clientIp;
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const rule of rules) {
    const [network, prefix] = rule.split('/');
    const ruleFamily = isIP(network ?? '');
    if (ruleFamily === 0) continue;
    const type = ruleFamily === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(network!, type);
    else list.addSubnet(network!, Number(prefix), type);
  }
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
