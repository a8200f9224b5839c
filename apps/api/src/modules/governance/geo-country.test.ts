import { describe, expect, it } from 'vitest';
import { geoCountry, parseIpv6 } from './geo-country.ts';
import { compileNetworkRules, verdictOf } from './network-guard.ts';

describe('the offline IP-to-country database', () => {
  it('places public addresses in their country, IPv4-mapped ones too', () => {
    expect(geoCountry.countryOf('8.8.8.8')).toBe('US');
    expect(geoCountry.countryOf('211.234.100.1')).toBe('KR');
    expect(geoCountry.countryOf('133.242.0.1')).toBe('JP');
    expect(geoCountry.countryOf('::ffff:8.8.8.8')).toBe('US');
  });

  it('places public IPv6 addresses in their country (zone ids, full and embedded-IPv4 forms too)', () => {
    // Google Public DNS and Cloudflare (US), Google in Ireland, a Korean block, China Telecom, a Japanese ISP.
    expect(geoCountry.countryOf('2001:4860:4860::8888')).toBe('US');
    expect(geoCountry.countryOf('2001:4860:4860:0:0:0:0:8888')).toBe('US');
    expect(geoCountry.countryOf('2606:4700:4700::1111')).toBe('US');
    expect(geoCountry.countryOf('2a00:1450:4001:81c::200e')).toBe('IE');
    expect(geoCountry.countryOf('2001:230::1')).toBe('KR');
    expect(geoCountry.countryOf('240e::1')).toBe('CN');
    expect(geoCountry.countryOf('2400:8500::1%eth0')).toBe('JP');
    expect(geoCountry.countryOf('2001:4860:4860::8.8.136.136')).toBe('US');
  });

  it('parses IPv6 to its 128-bit value', () => {
    expect(parseIpv6('::')).toBe(0n);
    expect(parseIpv6('1::')).toBe(1n << 112n);
    expect(parseIpv6('::ffff:1.2.3.4')).toBe(0xffff01020304n);
    expect(parseIpv6('2001:db8::1:0')?.toString(16)).toBe('20010db8000000000000000000010000');
    expect(parseIpv6('1.2.3.4')).toBeNull();
    expect(parseIpv6('1:::2')).toBeNull();
  });

  it('places private, loopback, documentation and special-purpose addresses of both families nowhere', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '203.0.113.5', '198.51.100.1', '192.0.2.1', '2001:db8::1', '::1', '::', 'fe80::1%eth0', 'fd12:3456::1', 'ff02::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '64:ff9b::808:808', 'not an ip']) {
      expect(geoCountry.countryOf(address), address).toBeNull();
    }
  });
});

describe('verdictOf', () => {
  const rules = compileNetworkRules(['10.0.0.0/8', '192.168.1.7'], ['KR']);
  it('applies the IP ACL first, then the country rule; an unknown country passes', () => {
    expect(verdictOf(rules, '10.9.9.9', null)).toBe('ALLOWED');
    expect(verdictOf(rules, '192.168.1.8', null)).toBe('IP_NOT_ALLOWED');
    expect(verdictOf(rules, '10.9.9.9', 'US')).toBe('COUNTRY_NOT_PERMITTED');
    expect(verdictOf(rules, '10.9.9.9', 'KR')).toBe('ALLOWED');
    expect(verdictOf(compileNetworkRules(null, null), '1.2.3.4', 'US')).toBe('ALLOWED');
    const individual = compileNetworkRules(null, null, { email: ['10.9.0.0/16'] });
    expect(verdictOf(individual, '10.8.0.1', null, 'email')).toBe('IP_NOT_ALLOWED');
    expect(verdictOf(individual, '10.9.0.1', null, 'email')).toBe('ALLOWED');
    expect(verdictOf(individual, '10.8.0.1', null, 'notes')).toBe('ALLOWED');
    expect(verdictOf(individual, '10.8.0.1', null)).toBe('ALLOWED');
  });
});
