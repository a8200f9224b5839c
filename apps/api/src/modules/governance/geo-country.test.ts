import { describe, expect, it } from 'vitest';
import { geoCountry } from './geo-country.ts';
import { compileNetworkRules, verdictOf } from './network-guard.ts';

describe('the offline IP-to-country database', () => {
  it('places public addresses in their country, IPv4-mapped ones too', () => {
    expect(geoCountry.countryOf('8.8.8.8')).toBe('US');
    expect(geoCountry.countryOf('211.234.100.1')).toBe('KR');
    expect(geoCountry.countryOf('133.242.0.1')).toBe('JP');
    expect(geoCountry.countryOf('::ffff:8.8.8.8')).toBe('US');
  });

  it('places private, loopback, documentation and IPv6 addresses nowhere', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '203.0.113.5', '198.51.100.1', '192.0.2.1', '2001:db8::1', 'not an ip']) {
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
