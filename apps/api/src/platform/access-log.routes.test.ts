import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type Caller, type TestApp } from '../test/helper.ts';

/** The one access line per request (app.ts AccessLog), as a log shipper would read it. */
const lines: Record<string, unknown>[] = [];
const anonymous: Caller = { cookies: {}, headers: {}, as: (options) => options };
let t: TestApp;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await buildTestApp({}, { logger: { level: 'info', stream } });
});

describe('the access log', () => {
  it('writes one line per request, without the token of an invitation or password-setup link', async () => {
    const token = 'Zq3x-_9aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789';
    await t.call(anonymous, 'GET', `/api/cab/v5/invitations/${token}`);
    await t.call(anonymous, 'GET', `/api/iam/v7/password-setup/${token}`);
    const written = JSON.stringify(lines);
    expect(written).not.toContain(token);
    const urls = lines.filter((line) => line.msg === 'request').map((line) => line.url);
    expect(urls).toEqual(['/api/cab/v5/invitations/[redacted]', '/api/iam/v7/password-setup/[redacted]']);
  });

  it('binds the request id to the line, as the request\'s own logger does (made when first used)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/console/v1/config' });
    const line = lines.findLast((entry) => entry.msg === 'request' && entry.url === '/api/console/v1/config');
    expect(line?.reqId).toBe(response.headers['x-request-id']);
    expect(line?.level).toBe(30);
  });
});
