import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signActorToken } from '../../../api/src/modules/product-gateway/actor-token.ts';
import { buildTestApp, type TestApp } from '../../../api/src/test/helper.ts';
import { buildProductApp } from './app.ts';
import { DEVELOPMENT_PRODUCT_SECRETS_KEY } from './config.ts';
import { createConsoleClient } from './console-client.ts';
import { createSealer } from './crypto.ts';
import { createPool, migrate, SCHEMA, type Pool } from './db.ts';
import { createMailService } from './mail-service.ts';
import { hookSignatureValid } from './hooks.ts';
import { createHmac } from 'node:crypto';

/**
 * Email Insights, the organization service the Email process serves at /org: per project of the
 * caller's organization (from the signed organization actor), the mail its projects sent — never
 * another organization's — and only for the organization service's own actor.
 */
const PROXY_KEY = 'test-product-proxy-key-0123456789';
let t: TestApp;
let pool: Pool;
let product: ReturnType<typeof buildProductApp>;
const orgId = randomUUID();
const otherOrgId = randomUUID();
const [busy, quiet, foreign] = [randomUUID(), randomUUID(), randomUUID()];

const actor = (claims: { pid?: string; prj?: string | null; org?: string } = {}) =>
  signActorToken(
    PROXY_KEY,
    { sub: randomUUID(), typ: 'TOAST_CLOUD', name: 'Owner', email: 'owner@insights.example.com', org: claims.org ?? orgId, prj: claims.prj === undefined ? null : claims.prj, pid: claims.pid ?? 'email-insights', ak: 'OrgAppKey0000000000x', lang: 'en', write: true, saas: 'OWNER' },
    t.clock.now(),
  );

async function mailRow(org: string, project: string, status: 'SENT' | 'FAILED' | 'SENDING', opens: number, daysAgo: number) {
  const at = new Date(t.clock.now().getTime() - daysAgo * 86_400_000);
  await pool.query(
    `insert into ${SCHEMA}.mails (mail_id, request_id, app_key, org_id, project_id, sender_address, receive_address, title, body, status, open_token, open_count, source, created_at, updated_at)
     values ($1, 'r', 'AppKey', $2, $3, 'a@insights.example.com', 'b@insights.example.com', 'T', 'B', $4, 'tok', $5, 'API', $6, $6)`,
    [randomUUID(), org, project, status, opens, at],
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  pool = createPool(t.databaseUrl, 3);
  await migrate(pool);
  const mail = createMailService({ pool, console: createConsoleClient('http://127.0.0.1:9'), sealer: createSealer(DEVELOPMENT_PRODUCT_SECRETS_KEY), publicUrl: 'http://mail.example.test', clock: t.clock.now });
  product = buildProductApp({ mail, proxySecret: PROXY_KEY, clock: t.clock.now, logLevel: 'silent' });
  await product.ready();
  for (const [status, opens] of [['SENT', 2], ['SENT', 0], ['SENT', 1], ['FAILED', 0]] as const) await mailRow(orgId, busy, status, opens, 1);
  await mailRow(orgId, quiet, 'SENT', 0, 2);
  await mailRow(orgId, quiet, 'SENT', 0, 20);
  for (let i = 0; i < 5; i += 1) await mailRow(otherOrgId, foreign, 'SENT', 0, 1);
});

afterAll(async () => {
  await product.close();
  await pool.end();
});

const overview = (header: string | undefined, query = '') =>
  product.inject({ method: 'GET', url: `/org?orgId=${orgId}&lang=en${query}`, headers: { ...(header ? { 'x-console-actor': header } : {}), 'x-forwarded-prefix': '/product-proxy/email-insights' } });

describe('Email Insights (/org)', () => {
  it("counts the caller organization's mail per project, busiest first, with totals, over the last 30 days by default", async () => {
    const response = await overview(actor());
    expect(response.statusCode).toBe(200);
    const rows = [...response.body.matchAll(/<tr data-project-id="([^"]+)">(.*?)<\/tr>/g)].map(([, project, cells]) => [
      project,
      [...cells!.matchAll(/<td class="num">(\d+)<\/td>/g)].map(([, value]) => Number(value)),
    ]);
    // requested, sent, failed, opened
    expect(rows).toEqual([
      [busy, [4, 3, 1, 2]],
      [quiet, [2, 2, 0, 0]],
    ]);
    expect(response.body).toMatch(/<th scope="row">Total<\/th><td class="num">6<\/td><td class="num">5<\/td><td class="num">1<\/td><td class="num">2<\/td>/);
    expect(response.body).not.toContain(foreign);
    // Links keep the organization and stay under the proxy.
    expect(response.body).toContain(`/product-proxy/email-insights/org?orgId=${orgId}&amp;lang=en&amp;period=7d`);
    // The page script names the projects from the console's list read as the viewer: it is told the
    // organization (the signed actor's, not the query's) and the text of a project the viewer cannot see.
    const config = JSON.parse(/data-config="([^"]+)"/.exec(response.body)![1]!.replaceAll('&quot;', '"')) as { orgId: string; texts: Record<string, string> };
    expect(config).toMatchObject({ page: 'org', orgId, texts: { projectHidden: 'A project you cannot see' } });
  });

  it('narrows to the period asked', async () => {
    const week = await overview(actor(), '&period=7d');
    expect(week.body).toMatch(new RegExp(`<tr data-project-id="${quiet}"><td class="project"><code>[^<]+</code></td><td class="num">1</td>`));
    const ja = await product.inject({ method: 'GET', url: `/org?orgId=${orgId}&lang=ja&period=all`, headers: { 'x-console-actor': actor() } });
    expect(ja.body).toContain('全期間');
    expect(ja.body).toMatch(new RegExp(`<tr data-project-id="${quiet}"><td class="project"><code>[^<]+</code></td><td class="num">2</td>`));
  });

  it('says so when the organization sent nothing', async () => {
    const response = await overview(actor({ org: randomUUID() }));
    expect(response.body).toContain('The organization&#39;s projects sent no mail in this period.');
  });

  it("takes only the organization service's own caller: not Email's, not a project actor, not an unsigned one", async () => {
    expect((await overview(undefined)).statusCode).toBe(401);
    expect((await overview(actor({ pid: 'email', prj: null }))).statusCode).toBe(401);
    expect((await overview(actor({ prj: randomUUID() }))).statusCode).toBe(401);
    // And Email's own pages refuse the organization service's caller.
    const history = await product.inject({ method: 'GET', url: `/history?lang=en`, headers: { 'x-console-actor': actor() } });
    expect(history.statusCode).toBe(401);
  });

  it("acknowledges the organization service's signed enable hook without asking the console", async () => {
    const body = JSON.stringify({ eventId: 'evt-1', eventType: 'PRODUCT_ENABLED', productId: 'email-insights', orgId, projectId: null, appKey: 'OrgAppKey0000000000x', secretKey: 'x' });
    const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
    const signature = `v1,${createHmac('sha256', PROXY_KEY).update(`evt-1.${timestamp}.${body}`).digest('base64')}`;
    expect(hookSignatureValid(PROXY_KEY, 'evt-1', timestamp, body, signature)).toBe(true);
    const response = await product.inject({
      method: 'POST',
      url: '/hooks/console',
      headers: { 'content-type': 'application/json', 'webhook-id': 'evt-1', 'webhook-timestamp': timestamp, 'webhook-signature': signature },
      payload: body,
    });
    expect(response.statusCode).toBe(204);
  });
});
