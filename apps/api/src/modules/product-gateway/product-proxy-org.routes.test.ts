import * as api from '@console/contracts';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgProducts, productHookEvents, products } from '../../db/schema/index.ts';
import { DEVELOPMENT_SECRETS_KEY } from '../../platform/secrets.ts';
import type { Caller } from '../../test/helper.ts';
import { worldOf } from '../../test/world.ts';
import { ACTOR_HEADER, productProxyKeyOf, readActorToken } from './actor-token.ts';

/**
 * The product proxy's organization mode (docs/products.md §2): an organization service's page,
 * `/product-proxy/{productId}/…?orgId=…`, for the service's SaaS members of that organization.
 * The shipped organization service is Email Insights (`email-insights`).
 */
const w = worldOf({
  env: { PRODUCT_PROXY_TIMEOUT_MS: '2000' },
  mailDomain: 'orgproxy.example.com',
  org: { name: 'Insights Org' },
  roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', outsider: null },
  otherOrg: { name: 'Other Org' },
  projects: { mail: { name: 'Mail Project', members: { member: ['ADMIN'] } } },
});
const key = productProxyKeyOf(undefined, DEVELOPMENT_SECRETS_KEY);

let product: Server;
const seen: { method: string; url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  product = createServer((request, response) => {
    seen.push({ method: request.method!, url: request.url!, headers: request.headers });
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'text/html' }).end('<p>overview</p>'));
  });
  await new Promise<void>((resolve) => product.listen(0, '127.0.0.1', resolve));
  const productUrl = `http://127.0.0.1:${(product.address() as AddressInfo).port}`;
  await w.t.db.update(products).set({ productUrl }).where(eq(products.productId, 'email-insights'));
  await w.t.db.update(products).set({ productUrl }).where(eq(products.productId, 'email'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => product.close(() => resolve()));
});

const page = (org = w.orgId, path = '/org') => `/product-proxy/email-insights${path}${path.includes('?') ? '&' : '?'}orgId=${org}&lang=en&theme=light&embedded=1`;
const enable = (caller: Caller, org = w.orgId, saasOwnerUuid = w.ids.owner) =>
  w.t.call(caller, api.enableOrgProduct, { params: { orgId: org, productId: 'email-insights' }, body: { saasOwnerUuid } });
const setRole = (memberId: string, role: string) =>
  w.t.call(w.as.owner, api.setSaasMemberRole, { params: { orgId: w.orgId, memberId }, body: { productId: 'email-insights', role } });

describe('the shipped organization service, Email Insights', () => {
  it('is in the catalogue as an organization service with an ORG menu entry framed through the proxy', async () => {
    const listed = (await w.t.call(w.as.owner, api.listProducts)).json();
    expect(listed.products.filter((row: { productCategoryCode: string }) => row.productCategoryCode === 'ORG').map((row: { productId: string }) => row.productId)).toEqual([
      'email-insights',
    ]);
    // Named in the caller's language (the organization services list shows it), its fixed name beside it.
    const named = async (lang: string) =>
      (await w.t.call(w.as.owner, api.listProducts, { lang })).json().products.find((row: { productId: string }) => row.productId === 'email-insights');
    expect(await named('ko_KR')).toMatchObject({ productName: 'Email Insights', productDisplayName: '이메일 인사이트' });
    expect(await named('ja_JP')).toMatchObject({ productDisplayName: 'メールインサイト' });
    expect(await named('en_US')).toMatchObject({ productDisplayName: 'Email Insights' });
    const menu = (await w.t.call(w.as.owner, api.getProductUiHierarchy, { query: { productUiType: 'ORG' } })).json();
    expect(menu.productUis).toMatchObject([{ productId: 'email-insights', linkUrl: '/org', linkTargetCode: 'IFRAME', iframeTypeCode: 'PROXY', productUiType: 'ORG' }]);
  });
});

describe('/product-proxy/{productId}/…?orgId=… (organization mode)', () => {
  it('answers 10402 while the service is not enabled in the organization, and reaches nothing', async () => {
    seen.length = 0;
    const response = await w.t.app.inject(w.as.owner.as({ method: 'GET', url: page() }));
    expect(response.statusCode).toBe(403);
    expect(response.json().header.resultCode).toBe(10402);
    expect(seen).toEqual([]);
  });

  it('is enabled by the organization OWNER with a SaaS OWNER, telling the product through the outbox', async () => {
    // An organization MEMBER may not enable it (-6); nothing is written.
    const refused = await enable(w.as.member);
    expect(refused.json().header.resultCode).toBe(-6);
    expect(await w.t.db.select().from(orgProducts).where(eq(orgProducts.orgId, w.orgId))).toEqual([]);
    const response = await enable(w.as.owner);
    expect(response.statusCode).toBe(200);
    const [row] = await w.t.db.select().from(orgProducts).where(and(eq(orgProducts.orgId, w.orgId), eq(orgProducts.productId, 'email-insights')));
    expect(row?.saasOwnerMemberId).toBe(w.ids.owner);
    const events = await w.t.db.select().from(productHookEvents).where(and(eq(productHookEvents.orgId, w.orgId), eq(productHookEvents.productId, 'email-insights')));
    expect(events.map((event) => [event.eventType, event.projectId, event.appKey])).toEqual([['PRODUCT_ENABLED', null, row!.appKey]]);
    const again = await enable(w.as.owner);
    expect(again.json().header.resultCode).toBe(13002);
  });

  it('forwards the SaaS OWNER with an organization actor: no project, the organization Appkey, its SaaS role', async () => {
    seen.length = 0;
    const response = await w.t.app.inject(w.as.owner.as({ method: 'GET', url: page(w.orgId, '/org?period=7d') }));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('<p>overview</p>');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const reached = seen[0]!;
    expect(reached.url).toBe(`/org?period=7d&orgId=${w.orgId}&lang=en&theme=light&embedded=1`);
    expect(reached.headers['x-forwarded-prefix']).toBe('/product-proxy/email-insights');
    expect(reached.headers.cookie).toBeUndefined();
    const [row] = await w.t.db.select().from(orgProducts).where(and(eq(orgProducts.orgId, w.orgId), eq(orgProducts.productId, 'email-insights')));
    const claims = readActorToken(key, String(reached.headers[ACTOR_HEADER]), w.t.clock.now())!;
    expect(claims).toMatchObject({ sub: w.ids.owner, org: w.orgId, prj: null, pid: 'email-insights', ak: row!.appKey, write: true, saas: 'OWNER', via: 'SESSION' });
    // A change with the CSRF token passes for the SaaS OWNER.
    const change = await w.t.app.inject(w.as.owner.as({ method: 'POST', url: page(w.orgId, '/org/anything'), payload: {} }));
    expect(change.statusCode).toBe(200);
  });

  it('refuses an organization member who is not a SaaS member (-6), even an organization ADMIN, and reaches nothing', async () => {
    seen.length = 0;
    for (const name of ['member', 'admin'] as const) {
      const response = await w.t.app.inject(w.as[name].as({ method: 'GET', url: page() }));
      expect(response.statusCode).toBe(403);
      expect(response.json().header.resultCode).toBe(-6);
      expect(response.json().saasRoles).toEqual(['OWNER', 'ADMIN', 'MEMBER', 'VIEWER']);
    }
    expect(seen).toEqual([]);
    // The service page tells the web the caller's SaaS role (none).
    const service = (await w.t.call(w.as.admin, api.getOrgProduct, { params: { orgId: w.orgId, productId: 'email-insights' } })).json();
    expect(service.saasRole).toBeNull();
  });

  it('lets a SaaS VIEWER read but not change; a SaaS ADMIN change', async () => {
    expect((await setRole(w.ids.member, 'VIEWER')).statusCode).toBe(200);
    const read = await w.t.app.inject(w.as.member.as({ method: 'GET', url: page() }));
    expect(read.statusCode).toBe(200);
    expect(readActorToken(key, String(seen.at(-1)!.headers[ACTOR_HEADER]), w.t.clock.now())).toMatchObject({ write: false, saas: 'VIEWER', prj: null });
    seen.length = 0;
    const change = await w.t.app.inject(w.as.member.as({ method: 'POST', url: page(), payload: {} }));
    expect(change.statusCode).toBe(403);
    expect(change.json().header.resultCode).toBe(-6);
    expect(change.json().saasRoles).toEqual(['OWNER', 'ADMIN']);
    expect(seen).toEqual([]);
    expect((await setRole(w.ids.admin, 'ADMIN')).statusCode).toBe(200);
    const byAdmin = await w.t.app.inject(w.as.admin.as({ method: 'POST', url: page(), payload: {} }));
    expect(byAdmin.statusCode).toBe(200);
    const service = (await w.t.call(w.as.admin, api.getOrgProduct, { params: { orgId: w.orgId, productId: 'email-insights' } })).json();
    expect(service.saasRole).toBe('ADMIN');
    // Taken out of the service: refused again at once.
    expect((await setRole(w.ids.member, 'NONE')).statusCode).toBe(200);
    expect((await w.t.app.inject(w.as.member.as({ method: 'GET', url: page() }))).json().header.resultCode).toBe(-6);
  });

  it("answers another organization's caller as if the organization did not exist, and their own organization without the service as not in use", async () => {
    seen.length = 0;
    const foreign = await w.t.app.inject(w.as.outsider.as({ method: 'GET', url: page() }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().header.resultCode).toBe(23005);
    expect(foreign.body).not.toContain('Insights Org');
    const own = await w.t.app.inject(w.as.outsider.as({ method: 'GET', url: page(w.otherOrgId) }));
    expect(own.json().header.resultCode).toBe(10402);
    expect(seen).toEqual([]);
  });

  it('keeps the modes apart: an organization service is not found by project, a project service not by organization; one scope only', async () => {
    seen.length = 0;
    const byProject = await w.t.app.inject(w.as.owner.as({ method: 'GET', url: `/product-proxy/email-insights/org?projectId=${w.projects.mail}` }));
    expect(byProject.json().header.resultCode).toBe(10404);
    const byOrg = await w.t.app.inject(w.as.owner.as({ method: 'GET', url: `/product-proxy/email/?orgId=${w.orgId}` }));
    expect(byOrg.json().header.resultCode).toBe(10404);
    const both = await w.t.app.inject(w.as.owner.as({ method: 'GET', url: `/product-proxy/email-insights/org?orgId=${w.orgId}&projectId=${w.projects.mail}` }));
    expect(both.statusCode).toBe(400);
    const anonymous = await w.t.app.inject({ method: 'GET', url: page() });
    expect(anonymous.json().header.resultCode).toBe(100);
    expect(seen).toEqual([]);
  });
});
