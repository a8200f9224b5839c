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

/** Values proxies use for "no country" (Cloudflare: XX unknown, T1 Tor). */
const NO_COUNTRY = new Set(['XX', 'T1', 'ZZ']);

/**
 * The client's access country from the header a trusted proxy sets (an ISO 3166-1 alpha-2 code),
 * or null when no such header is configured, it is absent, or it names no country.
 */
export function clientCountryOf(headers: Record<string, string | string[] | undefined>, headerName: string | undefined): string | null {
  if (!headerName) return null;
  const raw = headers[headerName];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
  if (!value || !/^[A-Z]{2}$/.test(value) || NO_COUNTRY.has(value)) return null;
  return value;
}
