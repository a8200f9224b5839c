import { describe, expect, it } from 'vitest';
import { isIpAllowed } from './ip-acl.ts';

describe('isIpAllowed', () => {
  it('allows everyone when the organization has no rules', () => {
    expect(isIpAllowed('203.0.113.9', [])).toBe(true);
  });

  it('allows an address inside a CIDR block and refuses one outside', () => {
    expect(isIpAllowed('10.1.2.3', ['10.1.0.0/16'])).toBe(true);
    expect(isIpAllowed('10.2.0.1', ['10.1.0.0/16'])).toBe(false);
  });

  it('matches single addresses and IPv4-mapped IPv6 callers', () => {
    expect(isIpAllowed('::ffff:192.168.0.7', ['192.168.0.7'])).toBe(true);
    expect(isIpAllowed('192.168.0.8', ['192.168.0.7'])).toBe(false);
  });

  it('handles IPv6 blocks and refuses what is not an address', () => {
    expect(isIpAllowed('2001:db8::1', ['2001:db8::/32'])).toBe(true);
    expect(isIpAllowed('not-an-ip', ['0.0.0.0/0'])).toBe(false);
  });
});
