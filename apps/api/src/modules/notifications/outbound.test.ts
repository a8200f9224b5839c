import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRetryable, MAX_ATTEMPTS, renderTemplate, retryDelayMs, signatureHeaders } from './delivery.ts';
import { addressRefusal, sendOutbound, type Resolver } from './outbound.ts';

/** A resolver that never asks DNS: names map to the given addresses. */
const stub =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) =>
    (table[hostname] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

const request = (url: string) => ({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });

let server: Server;
let port: number;
let hits = 0;
beforeAll(async () => {
  server = createServer((incoming, response) => {
    hits++;
    if (incoming.url === '/to-private') response.writeHead(302, { location: 'http://10.0.0.1/internal' }).end();
    else if (incoming.url === '/to-name') response.writeHead(307, { location: 'http://internal.example.test/x' }).end();
    else if (incoming.url === '/big') response.writeHead(200).end('x'.repeat(100_000));
    else response.writeHead(200).end('fine');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('outbound refusals (no traffic leaves: stub resolver, loopback only)', () => {
  it.each([
    ['http://127.0.0.1/x', 'loopback address'],
    ['http://10.0.0.1/x', 'private or reserved address'],
    ['http://169.254.169.254/latest/meta-data', 'cloud metadata address'],
    ['http://[::1]/x', 'loopback address'],
    ['http://[::ffff:192.168.1.1]/x', 'private or reserved address'],
    ['http://[fe80::1]/x', 'link-local address'],
  ])('refuses %s', async (url, reason) => {
    const result = await sendOutbound(request(url), { resolve: stub({}) });
    expect(result).toMatchObject({ outcome: 'REFUSED', httpStatus: null });
    expect(result.error).toContain(reason);
  });

  it('refuses a name that resolves to a private address (any of its addresses), and one that does not resolve', async () => {
    const resolve = stub({ 'evil.example.test': ['93.184.216.34', '10.1.2.3'], 'meta.example.test': ['169.254.169.254'] });
    expect((await sendOutbound(request('http://evil.example.test/'), { resolve })).error).toBe('Refused to call evil.example.test: resolves to 10.1.2.3 (private or reserved address)');
    expect((await sendOutbound(request('http://meta.example.test/'), { resolve })).error).toContain('cloud metadata address');
    expect((await sendOutbound(request('http://nowhere.example.test/'), { resolve })).error).toContain('does not resolve');
  });

  it('refuses other schemes and credentials in the URL', async () => {
    expect((await sendOutbound(request('ftp://example.com/'), { resolve: stub({}) })).outcome).toBe('REFUSED');
    expect((await sendOutbound(request('http://user:pw@example.com/'), { resolve: stub({ 'example.com': ['93.184.216.34'] }) })).error).toContain('credentials');
  });

  it('checks every redirect: to a private address, and to a name resolving to one', async () => {
    const options = { allowedHosts: ['127.0.0.1'], resolve: stub({ 'internal.example.test': ['192.168.0.10'] }) };
    const before = hits;
    const first = await sendOutbound(request(`http://127.0.0.1:${port}/to-private`), options);
    expect(first).toMatchObject({ outcome: 'REFUSED' });
    expect(first.error).toBe('Refused to call 10.0.0.1: private or reserved address');
    const second = await sendOutbound(request(`http://127.0.0.1:${port}/to-name`), options);
    expect(second.error).toBe('Refused to call internal.example.test: resolves to 192.168.0.10 (private or reserved address)');
    expect(hits - before).toBe(2);
  });

  it('connects to the address it checked (a name allowed internally is not resolved twice)', async () => {
    let lookups = 0;
    const resolve: Resolver = async () => {
      lookups++;
      // A rebinding resolver would answer a public address first and a private one next.
      return lookups === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }];
    };
    const result = await sendOutbound(request(`http://hooks.internal.test:${port}/ok`), { resolve, allowedHosts: ['hooks.internal.test'] });
    expect(result).toMatchObject({ outcome: 'SUCCESS', httpStatus: 200, excerpt: 'fine' });
    expect(lookups).toBe(1);
  });

  it('reads at most 4 KB of the answer', async () => {
    const result = await sendOutbound(request(`http://127.0.0.1:${port}/big`), { allowedHosts: ['127.0.0.1'] });
    expect(result.excerpt.length).toBe(4096);
  });

  it('classifies addresses', () => {
    expect(addressRefusal('93.184.216.34')).toBeNull();
    expect(addressRefusal('2606:2800:220:1::')).toBeNull();
    expect(addressRefusal('172.16.5.4')).toBe('private or reserved address');
    expect(addressRefusal('fd12::1')).toBe('private or reserved address');
  });
});

const total = (random: () => number) => Array.from({ length: MAX_ATTEMPTS - 1 }, (_, index) => retryDelayMs(index + 1, random)).reduce((a, b) => a + b, 0);
const result = (outcome: 'HTTP_ERROR' | 'TIMEOUT' | 'NETWORK_ERROR' | 'REFUSED', httpStatus: number | null = null) => ({ outcome, httpStatus, latencyMs: 1, excerpt: '', error: null });

describe('signature, retries, templates', () => {
  it('signs id.timestamp.body with HMAC-SHA256 (the docs/webhooks.md verification)', () => {
    const headers = signatureHeaders('whsec_abc', 'msg_1', 1_700_000_000, '{"a":1}');
    const expected = createHmac('sha256', 'whsec_abc').update('msg_1.1700000000.{"a":1}').digest('base64');
    expect(headers).toEqual({ 'webhook-id': 'msg_1', 'webhook-timestamp': '1700000000', 'webhook-signature': `v1,${expected}` });
  });

  it('backs off exponentially with jitter, capped at 4 h, about 24 h in all', () => {
    expect(retryDelayMs(1, () => 0)).toBe(15_000);
    expect(retryDelayMs(1, () => 1)).toBe(30_000);
    expect(retryDelayMs(2, () => 1)).toBe(60_000);
    expect(retryDelayMs(20, () => 1)).toBe(4 * 3600_000);
    expect(total(() => 1) / 3600_000).toBeGreaterThan(23);
    expect(total(() => 1) / 3600_000).toBeLessThan(25.5);
    expect(total(() => 0) / 3600_000).toBeGreaterThan(11);
  });

  it('retries timeouts, network errors, 5xx and 429, never other 4xx nor refusals', () => {
    expect(isRetryable(result('TIMEOUT'))).toBe(true);
    expect(isRetryable(result('NETWORK_ERROR'))).toBe(true);
    expect(isRetryable(result('HTTP_ERROR', 500))).toBe(true);
    expect(isRetryable(result('HTTP_ERROR', 429))).toBe(true);
    expect(isRetryable(result('HTTP_ERROR', 400))).toBe(false);
    expect(isRetryable(result('HTTP_ERROR', 404))).toBe(false);
    expect(isRetryable(result('REFUSED'))).toBe(false);
  });

  it('fills a custom body template with the parameters, JSON-escaped', () => {
    expect(renderTemplate('{"text":"{{productName}} by {{ actorName }}{{missing}}"}', { productName: 'Say "hi"', actorName: 'Kim' })).toBe('{"text":"Say \\"hi\\" by Kim"}');
  });
});
