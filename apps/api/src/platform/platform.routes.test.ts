import * as api from '@console/contracts';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMember, FIXTURE_PASSWORD } from '../test/fixtures.ts';
import { anonymous, buildTestApp, type TestApp } from '../test/helper.ts';
import { jsonSecurityHeaders, securityHeaders } from './security-headers.ts';

/**
 * No cast (no world()): the platform as anyone meets it. Paths outside the contracts (health,
 * metrics, docs, static files) and requests whose headers are the point stay written by hand.
 */
let t: TestApp;

const sessionMessage = (options: { headers?: Record<string, string>; cookies?: Record<string, string> }) =>
  t.app.inject({ method: 'GET', url: '/api/console/v1/session', ...options }).then((r) => r.json().header.resultMessage);
/** The modulepreload links of a console page's HTML, in order. */
const preloads = (body: string) => [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

beforeAll(async () => {
  t = await buildTestApp({ BODY_LIMIT_BYTES: '2048', WEB_DIST_DIR: 'apps/api/src/test/fixtures/web' });
});

describe('envelope and errors', () => {
  it('answers an unknown API path with 10404 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/cab/v1/nothing-here', headers: { lang: 'en_US' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      header: { isSuccessful: false, resultCode: 10404, resultMessage: 'The requested resource was not found.' },
      requestId: expect.any(String),
    });
  });

  it('translates the result message by the lang header, the userLocale cookie, then Accept-Language', async () => {
    const [ko, en, ja, zh] = await Promise.all([
      sessionMessage({}),
      sessionMessage({ headers: { lang: 'en_US' } }),
      sessionMessage({ cookies: { userLocale: 'ja_JP' } }),
      sessionMessage({ headers: { 'accept-language': 'zh-CN,zh;q=0.9' } }),
    ]);
    expect(new Set([ko, en, ja, zh]).size).toBe(4);
    expect(ko).toMatch(/[가-힣]/);
    expect(en).toMatch(/sign in/i);
  });

  it('lists validation failures per field, worded in the caller\'s language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v1/login',
      headers: { lang: 'ko_KR' },
      payload: { email: 'not-an-email', password: '' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.header.resultCode).toBe(10001);
    expect(body.fieldErrors.map((error: { field: string }) => error.field).sort()).toEqual(['body.email', 'body.password']);
    expect(body.fieldErrors[0].message).toMatch(/[가-힣]/);
  });

  it('answers malformed JSON with 10001 and an oversized body with 10413', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().header.resultCode).toBe(10001);
    const oversized = await t.app.inject({
      method: 'POST',
      url: '/api/auth/v1/login',
      payload: { email: 'a@b.co', password: 'x'.repeat(4096) },
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().header.resultCode).toBe(10413);
  });

  it('echoes a sane incoming request id and replaces a hostile one', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'a b\nc' } });
    expect(replaced.headers['x-request-id']).not.toBe('a b\nc');
  });
});

describe('operations endpoints', () => {
  it('answers /healthz and /readyz (database reachable)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ok' });
  });

  it('exposes Prometheus metrics with request durations by route', async () => {
    await t.app.inject({ method: 'GET', url: '/api/console/v1/config' });
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('http_request_duration_seconds_count{method="GET",route="/api/console/v1/config",status_code="200"}');
  });

  it('serves an OpenAPI document generated from the contracts, with every endpoint', async () => {
    const { ENDPOINTS } = await import('@console/contracts/endpoints');
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const endpoint of ENDPOINTS) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      expect(document.paths[path]?.[endpoint.method.toLowerCase()]?.operationId, endpoint.id).toBe(endpoint.id);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
  });
});

describe('security headers and the web console', () => {
  it('sends a CSP and the usual hardening headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends helmet's whole set, worked out once, on a page and the OpenAPI reference; the JSON set on every kind of API answer", async () => {
    const page = Object.fromEntries(securityHeaders());
    expect(Object.keys(page)).toEqual(
      expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']),
    );
    for (const request of [
      { method: 'GET' as const, url: '/org/1/dashboard' },
      { method: 'GET' as const, url: '/' },
    ]) {
      const response = await t.app.inject(request);
      for (const [name, value] of Object.entries(page)) expect(response.headers[name], `${request.method} ${request.url}: ${name}`).toBe(value);
    }
    // The OpenAPI reference is a page (its own CSP, from @fastify/swagger-ui), not a JSON answer.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    for (const name of ['strict-transport-security', 'referrer-policy', 'cross-origin-opener-policy']) expect(docs.headers[name], `/api/docs/: ${name}`).toBe(page[name]);

    const json = Object.fromEntries(jsonSecurityHeaders());
    expect(json).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'strict-transport-security': page['strict-transport-security'],
      'x-content-type-options': 'nosniff',
      'x-frame-options': page['x-frame-options'],
      'cross-origin-resource-policy': 'same-origin',
    });
    const documentOnly = Object.keys(page).filter((name) => !(name in json));
    expect(documentOnly).toEqual(expect.arrayContaining(['referrer-policy', 'cross-origin-opener-policy', 'x-xss-protection']));
    for (const request of [
      // A read, a refusal (not signed in), a 405, a 404, a validation failure, a CSRF refusal thrown by a hook.
      { method: 'GET' as const, url: '/api/console/v1/config' },
      { method: 'GET' as const, url: '/api/cab/v7/organizations' },
      { method: 'DELETE' as const, url: '/api/console/v1/config' },
      { method: 'GET' as const, url: '/api/nothing-here' },
      { method: 'GET' as const, url: '/api/cab/v5/projects?orgId=not-a-uuid' },
      { method: 'POST' as const, url: '/api/auth/v1/logout', headers: { origin: 'https://evil.example.com' } },
    ]) {
      const response = await t.app.inject(request);
      expect(response.headers['content-type'], `${request.method} ${request.url}`).toContain('application/json');
      for (const [name, value] of Object.entries(json)) expect(response.headers[name], `${request.method} ${request.url}: ${name}`).toBe(value);
      for (const name of documentOnly) expect(response.headers[name], `${request.method} ${request.url}: ${name}`).toBeUndefined();
    }
  });

  it('serves index.html for console paths (uncached) and leaves /api paths to the API', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/org/123/dashboard' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.body).toContain('<div id="root">');
    const unknownApi = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(unknownApi.json().header.resultCode).toBe(10404);
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<div id="root">');
    const directory = await t.app.inject({ method: 'GET', url: '/assets/' });
    expect(directory.statusCode).toBe(404);
    expect(directory.json().header.resultCode).toBe(10404);
    const asset = await t.app.inject({ method: 'GET', url: '/assets/missing-0000.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('<div id="root">');
  });

  it("answers a console address with index.html preloading that page's chunks in the user's language, the not-found page's for an unknown one", async () => {
    const dist = await mkdtemp(join(os.tmpdir(), 'console-web-'));
    try {
      await mkdir(join(dist, '.vite'), { recursive: true });
      await writeFile(
        join(dist, 'index.html'),
        '<!doctype html>\n<html lang="ko">\n  <head>\n    <script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react-1.js">\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
      );
      // As apps/web/build/route-preloads.ts writes it (dist/.vite/route-preloads.json).
      const table = {
        routes: [
          { id: 'org-dashboard', path: 'org/:orgId/dashboard', files: ['assets/SessionLayout-1.js', 'assets/react-1.js', 'assets/OrgDashboardPage-1.js'], css: ['assets/AppShell-1.css'], parts: ['org'] },
          { id: 'org-member-index', path: 'org/:orgId/member', files: ['assets/SessionLayout-1.js', 'assets/MembersPage-1.js'], parts: [] },
          { id: 'not-found', path: '*', files: ['assets/MaybeSignedInLayout-1.js', 'assets/ErrorPage-1.js'], parts: [] },
          { id: 'org-index', path: 'org/:orgId', redirect: 'org/:orgId/dashboard' },
        ],
        languages: { ko: ['assets/ko-1.js'], en: ['assets/en-1.js'], ja: ['assets/ja-1.js'], zh: ['assets/zh-1.js'] },
        parts: { org: { ko: ['assets/org-ko-1.js'], en: ['assets/org-en-1.js'], ja: ['assets/org-ja-1.js'], zh: ['assets/org-zh-1.js'] } },
      };
      await writeFile(join(dist, '.vite/route-preloads.json'), JSON.stringify(table));
      const web = await buildTestApp({ WEB_DIST_DIR: dist });

      const dashboard = await web.app.inject({ method: 'GET', url: '/org/0b6f/dashboard?tab=1' });
      expect(dashboard.statusCode).toBe(200);
      expect(dashboard.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(dashboard.headers['cache-control']).toBe('private, no-cache');
      // The entry's own preload is not repeated; the language's and the page's parts' messages come first.
      expect(preloads(dashboard.body)).toEqual([
        '/assets/react-1.js',
        '/assets/ko-1.js',
        '/assets/org-ko-1.js',
        '/assets/SessionLayout-1.js',
        '/assets/OrgDashboardPage-1.js',
      ]);
      expect(dashboard.body).toContain('<link rel="stylesheet" crossorigin href="/assets/AppShell-1.css">');
      expect(dashboard.body).toContain('<html lang="ko">');
      expect(dashboard.body.indexOf('ErrorPage')).toBe(-1);

      const english = await web.app.inject({ method: 'GET', url: '/org/0b6f/dashboard', cookies: { userLocale: 'en_US' } });
      expect(english.body).toContain('<html lang="en">');
      expect(preloads(english.body)).toEqual(['/assets/react-1.js', '/assets/en-1.js', '/assets/org-en-1.js', '/assets/SessionLayout-1.js', '/assets/OrgDashboardPage-1.js']);
      const chinese = await web.app.inject({ method: 'GET', url: '/org/0b6f/member', cookies: { userLocale: 'zh_CN' } });
      expect(chinese.body).toContain('<html lang="zh-CN">');
      expect(preloads(chinese.body)).toEqual(['/assets/react-1.js', '/assets/zh-1.js', '/assets/SessionLayout-1.js', '/assets/MembersPage-1.js']);

      // An address that forwards (the organization's index → its dashboard) preloads where it lands.
      expect(preloads((await web.app.inject({ method: 'GET', url: '/org/0b6f' })).body)).toContain('/assets/OrgDashboardPage-1.js');
      // An unknown address still gets the console, which shows its not-found page: that page's chunks.
      for (const url of ['/no/such/page', '/org/0b6f/dashboard/extra']) {
        const unknown = await web.app.inject({ method: 'GET', url });
        expect(unknown.statusCode, url).toBe(200);
        expect(unknown.body, url).toContain('<div id="root">');
        expect(preloads(unknown.body), url).toEqual(['/assets/react-1.js', '/assets/ko-1.js', '/assets/MaybeSignedInLayout-1.js', '/assets/ErrorPage-1.js']);
      }
      const home = await web.app.inject({ method: 'GET', url: '/' });
      expect(preloads(home.body)).toContain('/assets/ErrorPage-1.js');
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });

  it("preloads the sign-in page's chunks, not a signed-in page's, for a visitor without a usable session (the client sends them to sign-in)", async () => {
    const dist = await mkdtemp(join(os.tmpdir(), 'console-web-'));
    try {
      await mkdir(join(dist, '.vite'), { recursive: true });
      await writeFile(join(dist, 'index.html'), '<!doctype html>\n<html lang="ko">\n  <head>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n');
      // As apps/web/build/route-preloads.ts writes it: pages beneath the signed-in layout carry `session`.
      const table = {
        routes: [
          { id: 'login', path: 'login', files: ['assets/PublicLayout-1.js', 'assets/LoginPage-1.js'], css: ['assets/Login-1.css'], parts: ['auth'] },
          { id: 'org-dashboard', path: 'org/:orgId/dashboard', files: ['assets/SessionLayout-1.js', 'assets/OrgDashboardPage-1.js'], css: ['assets/AppShell-1.css'], parts: ['org'], session: true },
          { id: 'not-found', path: '*', files: ['assets/MaybeSignedInLayout-1.js', 'assets/ErrorPage-1.js'], parts: [] },
          { id: 'org-index', path: 'org/:orgId', redirect: 'org/:orgId/dashboard' },
        ],
        languages: { ko: ['assets/ko-1.js'], en: ['assets/en-1.js'], ja: ['assets/ja-1.js'], zh: ['assets/zh-1.js'] },
        parts: {
          org: { ko: ['assets/org-ko-1.js'], en: ['assets/org-en-1.js'], ja: ['assets/org-ja-1.js'], zh: ['assets/org-zh-1.js'] },
          auth: { ko: ['assets/auth-ko-1.js'], en: ['assets/auth-en-1.js'], ja: ['assets/auth-ja-1.js'], zh: ['assets/auth-zh-1.js'] },
        },
      };
      await writeFile(join(dist, '.vite/route-preloads.json'), JSON.stringify(table));
      const web = await buildTestApp({ WEB_DIST_DIR: dist });
      const signIn = ['/assets/ko-1.js', '/assets/auth-ko-1.js', '/assets/PublicLayout-1.js', '/assets/LoginPage-1.js'];

      for (const url of ['/org/0b6f/dashboard', '/org/0b6f']) {
        const signedOut = await web.app.inject({ method: 'GET', url, cookies: { userLocale: 'ko_KR' } });
        expect(signedOut.statusCode, url).toBe(200);
        expect(preloads(signedOut.body), url).toEqual(signIn);
        expect(signedOut.body, url).toContain('<link rel="stylesheet" crossorigin href="/assets/Login-1.css">');
        expect(signedOut.body, url).not.toContain('SessionLayout');
      }
      // In the visitor's language.
      const english = await web.app.inject({ method: 'GET', url: '/org/0b6f/dashboard', cookies: { userLocale: 'en_US' } });
      expect(preloads(english.body)).toEqual(['/assets/en-1.js', '/assets/auth-en-1.js', '/assets/PublicLayout-1.js', '/assets/LoginPage-1.js']);

      // With a usable session, the page's own.
      await createMember(web.db, 'html-preloads@example.com');
      const member = await web.login('html-preloads@example.com', FIXTURE_PASSWORD);
      const page = ['/assets/ko-1.js', '/assets/org-ko-1.js', '/assets/SessionLayout-1.js', '/assets/OrgDashboardPage-1.js'];
      const signedIn = () => web.app.inject(member.as({ method: 'GET', url: '/org/0b6f/dashboard' }));
      expect(preloads((await signedIn()).body)).toEqual(page);
      // A cookie that names no session (forged, or deleted since), or a session that has ended (the
      // morning after: the client sends that visitor to sign-in too), gets sign-in's.
      const stale = await web.app.inject({ method: 'GET', url: '/org/0b6f/dashboard', cookies: { [api.SESSION_COOKIE]: 'some-token' } });
      expect(preloads(stale.body)).toEqual(signIn);
      web.clock.advanceMinutes(31 * 24 * 60);
      expect(preloads((await signedIn()).body)).toEqual(signIn);

      // Pages anyone may see keep their own preloads without a session.
      expect(preloads((await web.app.inject({ method: 'GET', url: '/login' })).body)).toEqual(signIn);
      expect(preloads((await web.app.inject({ method: 'GET', url: '/no/such/page' })).body)).toEqual(['/assets/ko-1.js', '/assets/MaybeSignedInLayout-1.js', '/assets/ErrorPage-1.js']);
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('sends a built asset brotli- or gzip-compressed as the browser accepts (compressed at build time), the plain file otherwise', async () => {
    const dist = await mkdtemp(join(os.tmpdir(), 'console-web-'));
    try {
      await mkdir(join(dist, 'assets'));
      await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
      const script = 'console.log("first paint");\n'.repeat(100);
      await writeFile(join(dist, 'assets/main-abc123.js'), script);
      await writeFile(join(dist, 'assets/main-abc123.js.br'), brotliCompressSync(script));
      await writeFile(join(dist, 'assets/main-abc123.js.gz'), gzipSync(script));
      const web = await buildTestApp({ WEB_DIST_DIR: dist });
      const get = (acceptEncoding?: string) =>
        web.app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

      const br = await get('gzip, deflate, br, zstd');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['content-type']).toMatch(/javascript/);

      const gz = await get('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    } finally {
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('serves the edition and feature switches, overridable per feature', async () => {
    const gov = await buildTestApp({ EDITION: 'GOV', FEATURE_STATION: 'true' });
    const config = (await gov.call(anonymous, api.getConsoleConfig)).json().config;
    expect(config.edition).toBe('GOV');
    expect(config.languages).toEqual(['ko_KR']);
    expect(config.features).toMatchObject({ station: true, partner: false });
    const pub = (await t.call(anonymous, api.getConsoleConfig)).json().config;
    expect(pub.languages).toEqual(['ko_KR', 'en_US', 'ja_JP', 'zh_CN']);
  });
});

describe('i18n message bundle', () => {
  it('answers the asked languages with every result-code message', async () => {
    const response = await t.call(anonymous, api.getMessageBundle, { query: { bundleFormat: 'JSON', category: 'CONSOLE', languages: 'KO_KR,EN_US' } });
    const body = response.json();
    expect(body.messages.map((bundle: { lang: string }) => bundle.lang)).toEqual(['KO_KR', 'EN_US']);
    expect(body.messages[1].messages['errors.-6']).toBe('Permission denied.');
    expect(body.messages[0].messages['errors.-200204']).toBeTruthy();
  });

  it('takes the upper-case language codes KO,EN,JA,ZH as well, answering each as it was asked', async () => {
    const response = await t.call(anonymous, api.getMessageBundle, { query: { category: 'CONSOLE', languages: 'KO,EN,JA,ZH' } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.messages.map((bundle: { lang: string }) => bundle.lang)).toEqual(['KO', 'EN', 'JA', 'ZH']);
    expect(body.messages[1].messages['errors.-6']).toBe('Permission denied.');
    expect(body.messages[2].messages['errors.-6']).toBe('権限がありません。');
    const mixed = await t.call(anonymous, api.getMessageBundle, { query: { category: 'CONSOLE', languages: 'ZH,EN_US' } });
    expect(mixed.json().messages.map((bundle: { lang: string }) => bundle.lang)).toEqual(['ZH', 'EN_US']);
  });

  it('refuses an unknown language or category with 10001', async () => {
    const response = await t.call(anonymous, api.getMessageBundle, { query: { category: 'CONSOLE', languages: 'KO_KR,XX_YY' } });
    expect(response.json().header.resultCode).toBe(10001);
    expect((await t.call(anonymous, api.getMessageBundle, { query: { category: 'CONSOLE', languages: 'KR' } })).json().header.resultCode).toBe(10001);
    const category = await t.call(anonymous, api.getMessageBundle, { query: { category: 'OTHER', languages: 'KO_KR' } });
    expect(category.json().header.resultCode).toBe(10001);
  });
});
