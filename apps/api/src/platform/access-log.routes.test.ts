import * as api from '@console/contracts';
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonymous, buildTestApp, type TestApp } from '../test/helper.ts';

/**
 * The one access line per request (app.ts AccessLog), as a log shipper would read it. No cast (no
 * world()): its sign-ins would be lines of the log this file reads.
 */
const lines: Record<string, unknown>[] = [];
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
    await t.call(anonymous, api.getInvitation, { params: { token } });
    await t.call(anonymous, api.getPasswordSetup, { params: { token } });
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
