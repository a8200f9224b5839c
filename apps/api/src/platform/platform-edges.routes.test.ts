import * as api from '@console/contracts';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMember, FIXTURE_PASSWORD } from '../test/fixtures.ts';
import { anonymous, buildTestApp, type TestApp } from '../test/helper.ts';
import { worldOf } from '../test/world.ts';

/**
 * The platform's edges as a client written from the spec meets them: methods, malformed requests,
 * caching, the CSRF origin check, redirect targets and the metrics endpoint.
 */
// A console build of our own, so static serving is exercised whether or not `npm run build` ran
// before this suite (CI runs the API suite first, on a clean clone).
const webDist = mkdtempSync(path.join(tmpdir(), 'edges-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>console</title>');
/**
 * One person owning one organization. Most calls here are written by hand on purpose: a wrong
 * method, a malformed path or body, a missing or odd header is what they test.
 */
const w = worldOf({
  env: { BODY_LIMIT_BYTES: '2048', WEB_DIST_DIR: webDist },
  mailDomain: 'platform.example.com',
  nameOf: null,
  org: { name: 'Edges Org' },
  roles: { edges: 'OWNER' },
});
const EMAIL = 'edges@platform.example.com';

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

/** The spec envelope of a failure, with the request id in the body and the header. */
function expectEnvelope(response: Response, status: number, code: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toContain('application/json');
  const body = response.json();
  expect(body.header).toMatchObject({ isSuccessful: false, resultCode: code, resultMessage: expect.any(String) });
  expect(body.requestId).toEqual(expect.any(String));
  expect(response.headers['x-request-id']).toBe(body.requestId);
  return body;
}

describe('a known path asked with another method', () => {
  it('answers 405 (10405) with Allow naming the methods the path takes', async () => {
    const patch = await w.t.app.inject({ method: 'PATCH', url: '/api/cab/v7/organizations', headers: { lang: 'en_US' } });
    const body = expectEnvelope(patch, 405, 10405);
    expect(body.header.resultMessage).toBe('This request method is not allowed.');
    expect(patch.headers.allow).toBe('GET, HEAD');
    // A path with parameters, and several methods on one path.
    const put = await w.t.app.inject({ method: 'PUT', url: '/api/auth/v1/login' });
    expectEnvelope(put, 405, 10405);
    expect(put.headers.allow).toBe('POST');
    const get = await w.t.app.inject(w.as.edges.as({ method: 'GET', url: `/api/cab/v5/organizations/${w.orgId}/domains/validation` }));
    expectEnvelope(get, 405, 10405);
    // POST validation, and PUT of domains/:domainId, which the path also fits.
    expect(get.headers.allow).toBe('POST, PUT');
    const post = await w.t.app.inject(w.as.edges.as({ method: 'POST', url: `/api/cab/v5/organizations/${w.orgId}`, payload: {} }));
    expectEnvelope(post, 405, 10405);
    expect(post.headers.allow).toBe('DELETE, PUT');
    expectEnvelope(await w.t.app.inject({ method: 'POST', url: '/healthz' }), 405, 10405);
    // A trailing slash is the same path; an unknown one is still 404.
    expectEnvelope(await w.t.app.inject({ method: 'DELETE', url: '/api/console/v1/config/' }), 405, 10405);
    expectEnvelope(await w.t.app.inject({ method: 'PATCH', url: '/api/cab/v7/nothing-here' }), 404, 10404);
    expectEnvelope(await w.t.app.inject({ method: 'GET', url: '/api/cab/v7/organizations/x/y/z' }), 404, 10404);
  });
});

describe('framework-level errors', () => {
  it('answers a path no route takes and the file system cannot hold (static serving refuses it) as not found, not 500', async () => {
    const long = 'x'.repeat(3000);
    expectEnvelope(await w.t.app.inject({ method: 'GET', url: `/api/cab/v5/${long}/${long}` }), 404, 10404);
    expectEnvelope(await w.t.app.inject({ method: 'GET', url: `/${long}${long}` }), 404, 10404);
  });

  it('answers a URL that cannot be decoded in the envelope, in the caller\'s language', async () => {
    const body = expectEnvelope(await w.t.app.inject({ method: 'GET', url: '/api/cab/v7/organizations/%E0%A4%A', headers: { lang: 'en_US' } }), 400, 10001);
    expect(body.fieldErrors).toEqual([{ field: 'url', message: 'The request address holds an invalid character. Check its percent-encoding.' }]);
    const ko = expectEnvelope(await w.t.app.inject({ method: 'GET', url: '/%zz', headers: { 'accept-language': 'ko-KR' } }), 400, 10001);
    expect(ko.header.resultMessage).toBe('입력값을 확인해 주세요.');
    const cookie = expectEnvelope(await w.t.app.inject({ method: 'GET', url: '/api/%zz', cookies: { userLocale: 'ja_JP' } }), 400, 10001);
    expect(cookie.fieldErrors[0].message).toContain('パーセントエンコーディング');
  });

  it('names malformed JSON, a wrong content type and a wrong length with messages of our own', async () => {
    const json = expectEnvelope(
      await w.t.app.inject({ method: 'POST', url: '/api/auth/v1/login', headers: { 'content-type': 'application/json', lang: 'en_US' }, payload: '{"email":' }),
      400,
      10001,
    );
    expect(json.fieldErrors).toEqual([{ field: 'body', message: 'The request body is not valid JSON.' }]);
    const xml = expectEnvelope(
      await w.t.app.inject({ method: 'POST', url: '/api/auth/v1/login', headers: { 'content-type': 'text/xml', lang: 'zh_CN' }, payload: '<a/>' }),
      400,
      10001,
    );
    expect(xml.fieldErrors).toEqual([{ field: 'header.content-type', message: '此请求不接受该内容类型（Content-Type）的正文。' }]);
    const length = expectEnvelope(
      await w.t.app.inject({
        method: 'POST',
        url: '/api/auth/v1/login',
        headers: { 'content-type': 'application/json', 'content-length': '50', lang: 'en_US' },
        payload: '{}',
      }),
      400,
      10001,
    );
    expect(JSON.stringify(length)).not.toMatch(/did not match|Content-Length'/);
    expectEnvelope(await w.t.app.inject({ method: 'POST', url: '/api/auth/v1/login', payload: { email: 'a@b.co', password: 'x'.repeat(4096) } }), 413, 10413);
    expectEnvelope(await w.t.app.inject({ method: 'GET', url: '/api/nowhere' }), 404, 10404);
  });
});

describe('caching of API answers', () => {
  it('marks signed-in answers, refusals and sign-in itself no-store; public catalogues keep their own rule', async () => {
    const organizations = await w.t.call(w.as.edges, api.listOrganizations);
    expect(organizations.statusCode).toBe(200);
    expect(organizations.headers['cache-control']).toBe('no-store');
    expect((await w.t.call(w.as.edges, api.getSession)).headers['cache-control']).toBe('no-store');
    expect((await w.t.call(anonymous, api.getSession)).headers['cache-control']).toBe('no-store');
    const login = await w.t.call(anonymous, api.memberLogin, { body: { email: EMAIL, password: FIXTURE_PASSWORD } });
    expect(login.headers['cache-control']).toBe('no-store');
    expect((await w.t.call(anonymous, api.getConsoleConfig)).headers['cache-control']).toBe('public, max-age=60');
  });
});

const signIn = (app: TestApp, headers: Record<string, string>) =>
  app.app.inject({ method: 'POST', url: '/api/auth/v1/login', headers: { host: 'console.example.com', ...headers }, payload: { email: EMAIL, password: FIXTURE_PASSWORD } });

const session = (cookie: string) => w.t.app.inject({ method: 'GET', url: '/api/console/v1/session', headers: { cookie } });

const signedIn = async (cookie: string) => {
  const response = await session(cookie);
  return response.statusCode === 200 && response.json().session?.email === EMAIL;
};

describe('the session cookie, read by name (platform/cookies.ts)', () => {

  it('finds it among other cookies, spaced or not; never under another name, inside a value, or as the second of two', async () => {
    const sid = w.as.edges.cookies.sid!;
    expect(await signedIn(`sid=${sid}`)).toBe(true);
    expect(await signedIn(`a=1;  sid = ${sid} ;\tuserLocale=en_US`)).toBe(true);
    expect(await signedIn(`noequals; sid=${sid}`)).toBe(true);
    expect(await signedIn(`xsid=${sid}`)).toBe(false);
    expect(await signedIn(`sidx=${sid}`)).toBe(false);
    expect(await signedIn(`a=sid=${sid}`)).toBe(false);
    // Two of the name: the first is the one read (a cookie tossed in by a sibling domain comes second or is refused).
    expect(await signedIn(`sid=${sid}; sid=forged`)).toBe(true);
    expect(await signedIn(`sid=forged; sid=${sid}`)).toBe(false);
  });

  it('reads the locale cookie the same way, and a state-changing call still needs the CSRF header whatever cookies it sends', async () => {
    const sid = w.as.edges.cookies.sid!;
    const csrf = w.as.edges.cookies.csrfToken!;
    const ko = (await session('')).json().header.resultMessage;
    const en = (await session('a=1; userLocale=en_US')).json().header.resultMessage;
    const enSecond = (await session('userLocale=en_US; userLocale=ja_JP')).json().header.resultMessage;
    expect(en).not.toBe(ko);
    expect(enSecond).toBe(en);
    // The CSRF cookie is not a header: sending it as a cookie, or twice, does not stand in for x-csrf-token.
    const refused = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/v1/logout',
      headers: { cookie: `sid=${sid}; csrfToken=${csrf}; x-csrf-token=${csrf}` },
      payload: {},
    });
    expect(refused.json().header.resultCode).not.toBe(0);
    expect(await signedIn(`sid=${sid}`)).toBe(true);
  });
});

describe('the CSRF origin check compares the scheme as well as the host', () => {

  it('refuses an http:// page posting to the console served over HTTPS (COOKIE_SECURE)', async () => {
    const secure = await buildTestApp({ COOKIE_SECURE: 'true', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    await createMember(secure.db, EMAIL);
    expectEnvelope(await signIn(secure, { origin: 'http://console.example.com' }), 403, 10403);
    expect((await signIn(secure, { origin: 'https://console.example.com' })).statusCode).toBe(200);
    expectEnvelope(await signIn(secure, { origin: 'https://console.example.com:8443' }), 403, 10403);
  });

  it('takes the scheme from a trusted proxy (TRUST_PROXY_HOPS), and only from one', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY_HOPS: '1', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
    await createMember(proxied.db, EMAIL);
    expect((await signIn(proxied, { origin: 'https://console.example.com', 'x-forwarded-proto': 'https' })).statusCode).toBe(200);
    expectEnvelope(await signIn(proxied, { origin: 'http://console.example.com', 'x-forwarded-proto': 'https' }), 403, 10403);
    // Without a trusted proxy the header is the caller's word: the connection's own scheme counts.
    expectEnvelope(await signIn(w.t, { origin: 'https://console.example.com', 'x-forwarded-proto': 'https' }), 403, 10403);
    expect((await signIn(w.t, { origin: 'http://console.example.com' })).statusCode).toBe(200);
  });
});

describe('nextUrl and returnUrl', () => {
  it.each([
    // Control characters are refused by the one check every text input passes (platform/validation.ts), before the path rule.
    ['a tab that browsers drop', '/\t/evil.example.com', 'Enter one line, without line breaks or tabs.'],
    ['a newline', '/\n/evil.example.com', 'Enter one line, without line breaks or tabs.'],
    ['a carriage return', '/\r/evil.example.com/', 'Enter one line, without line breaks or tabs.'],
    ['NUL', '/org\u0000/x', 'Control characters are not allowed.'],
    ['a C1 control', '/org\u0085/x', 'Control characters are not allowed.'],
    ['a backslash', '/\\evil.example.com', 'Use a path inside the console: starting with /, without control characters, spaces or backslashes.'],
    ['a backslash later on', '/a\\..\\..\\evil', 'Use a path inside the console: starting with /, without control characters, spaces or backslashes.'],
    ['a protocol-relative URL', '//evil.example.com', 'Use a path inside the console: starting with /, without control characters, spaces or backslashes.'],
    ['an absolute URL', 'https://evil.example.com/', 'Use a path inside the console: starting with /, without control characters, spaces or backslashes.'],
    ['a script URL', 'javascript:alert(1)', 'Use a path inside the console: starting with /, without control characters, spaces or backslashes.'],
    ['a relative path', 'org/1', 'Use a path inside the console: starting with /, without control characters, spaces or backslashes.'],
  ])('refuses %s with 10001 on the field, signing nobody in', async (_name, target, message) => {
    const member = await w.t.call(anonymous, api.memberLogin, { body: { email: EMAIL, password: FIXTURE_PASSWORD, nextUrl: target } });
    const body = expectEnvelope(member, 400, 10001);
    expect(body.fieldErrors).toEqual([{ field: 'body.nextUrl', message }]);
    expect(member.cookies.find((cookie) => cookie.name === 'sid')).toBeUndefined();
    const logout = await w.t.call(w.as.edges, api.logout, { body: { returnUrl: target } });
    expect(expectEnvelope(logout, 400, 10001).fieldErrors[0].field).toBe('body.returnUrl');
  });

  it('still takes paths inside the console, query and fragment included', async () => {
    const response = await w.t.call(anonymous, api.memberLogin, { body: { email: EMAIL, password: FIXTURE_PASSWORD, nextUrl: '/org/1/member?tab=iam&q=%20a#top' } });
    expect(response.json().nextUrl).toBe('/org/1/member?tab=iam&q=%20a#top');
  });
});

describe('/metrics', () => {
  it('is served to the host itself, not to another address or through a proxy without the token', async () => {
    expect((await w.t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    expect((await w.t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    const remote = await w.t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expectEnvelope(remote, 403, -4);
    expect(remote.body).not.toContain('http_request_duration_seconds');
    expectEnvelope(await w.t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } }), 403, -4);
    // No token is configured: none is accepted.
    expectEnvelope(
      await w.t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: 'Bearer anything-at-all-here' } }),
      403,
      -4,
    );
  });

  it('is served anywhere with METRICS_TOKEN as a bearer token', async () => {
    const token = 'scrape-token-0123456789';
    const scraped = await buildTestApp({ METRICS_TOKEN: token });
    const withToken = await scraped.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${token}` } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('process_cpu_seconds_total');
    expectEnvelope(
      await scraped.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${token}x` } }),
      403,
      -4,
    );
  });
});
