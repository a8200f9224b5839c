import { compileIpMatcher } from '../../platform/policy/ip.ts';

/**
 * Whether an address is inside any of the rules (IPv4/IPv6 addresses or CIDR blocks).
 * No rules means no restriction. IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) count as IPv4.
 * The matching is the permission engine's (platform/policy/ip.ts), shared with REQUEST_IP conditions.
 */
export function isIpAllowed(clientIp: string, rules: readonly string[]): boolean {
  if (rules.length === 0) return true;
  return compileIpMatcher(rules)(clientIp);
}
