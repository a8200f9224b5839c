import { getClientIp } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { buildTestApp, fromAddress } from '../../test/helper.ts';
import { clientCountryOf } from './ip-acl.ts';

describe('GET ip-acl/ip (the caller’s IP and access country)', () => {
  it('answers anyone, signed in or not, with the address the server sees and no country when none is configured', async () => {
    const t = await buildTestApp();
    // Without a trusted proxy neither header counts.
    const response = await t.call(fromAddress('198.51.100.23'), getClientIp, { headers: { 'x-forwarded-for': '203.0.113.1', 'cf-ipcountry': 'JP' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      header: { isSuccessful: true, resultCode: 0, resultMessage: 'SUCCESS' },
      clientIp: '198.51.100.23',
      countryCode: null,
    });
  });

  it('behind a trusted proxy, answers the forwarded address and the country the proxy names', async () => {
    const t = await buildTestApp({ TRUST_PROXY_HOPS: '1', CLIENT_COUNTRY_HEADER: 'cf-ipcountry' });
    const ask = (country: string | undefined) =>
      t.call(fromAddress('10.0.0.2'), getClientIp, { headers: { 'x-forwarded-for': '203.0.113.77', ...(country === undefined ? {} : { 'cf-ipcountry': country }) } });
    expect((await ask('jp')).json()).toMatchObject({ clientIp: '203.0.113.77', countryCode: 'JP' });
    // Unknown (XX), Tor (T1), garbage or no header: unknown.
    for (const country of ['XX', 'T1', 'Japan', '', undefined]) {
      expect((await ask(country)).json().countryCode).toBeNull();
    }
  });
});

describe('clientCountryOf', () => {
  it('reads a two-letter code from the configured header only', () => {
    expect(clientCountryOf({ 'cloudfront-viewer-country': 'kr' }, 'cloudfront-viewer-country')).toBe('KR');
    expect(clientCountryOf({ 'cloudfront-viewer-country': 'kr' }, undefined)).toBeNull();
    expect(clientCountryOf({ 'cf-ipcountry': ['US', 'JP'] }, 'cf-ipcountry')).toBe('US');
    expect(clientCountryOf({ 'cf-ipcountry': 'K1' }, 'cf-ipcountry')).toBeNull();
  });
});
