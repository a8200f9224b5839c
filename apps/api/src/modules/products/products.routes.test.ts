import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  activityEvents,
  lnbProjectProductRelations,
  members,
  orgProducts,
  productResourceReports,
  productUis,
  products,
  projectAuthentications,
  projectProducts,
  saasMembers,
} from '../../db/schema/index.ts';
import { verifyAppKey } from '../../platform/app-keys.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { createMember, createOrg, createProject, FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { buildTestApp, callOf, type Caller, type TestApp } from '../../test/helper.ts';
import { hookEventsOf } from './product-hooks.ts';
import { withTimeout } from './products.service.ts';

let t: TestApp;
let owner: Caller;
let admin: Caller;
let member: Caller;
let viewer: Caller;
let outsider: Caller;
let orgId: string;
let projectId: string;
let otherProjectId: string;
const ids: Record<string, string> = {};
const box = createSecretBox();

const ALL = ['KR1', 'KR2', 'JP1', 'US1'];
/** Extra catalogue rows, only in this test database: each exercises one rule. */
async function insertTestCatalogue() {
  const base = { names: { ko: 'T', en: 'T', ja: 'T', zh: 'T' }, permissionName: 'T' };
  const rows: (typeof products.$inferInsert)[] = [
    { ...base, productId: 'needs-email', productName: 'Needs Email', dependsOn: ['email'], resourcesRemainCode: 5014 },
    { ...base, productId: 'paid', productName: 'Paid', requiresPaymentMethod: true },
    { ...base, productId: 'biz', productName: 'Biz', businessOnly: true },
    { ...base, productId: 'coop', productName: 'Coop', enableRestrictionCode: 'ONLY_COOPERATION' },
    { ...base, productId: 'unpaid', productName: 'Unpaid', enableRestrictionCode: 'BLOCK_UNPAID_MEMBER' },
    { ...base, productId: 'members-only', productName: 'Members only', enableRestrictionCode: 'PROJECT_MEMBER_ROLE' },
    { ...base, productId: 'beta', productName: 'Beta', statusCode: 'BETA' },
    { ...base, productId: 'saas', productName: 'SaaS', enableType: 'DEPENDENT_ORG', productCategoryCode: 'ORG' },
  ];
  await t.db.insert(products).values(rows);
  await t.db.insert(productUis).values(
    rows.map((row, index) => ({
      productUiId: row.productId,
      productId: row.productId,
      names: base.names,
      productUiType: row.productCategoryCode === 'ORG' ? ('ORG' as const) : ('PROJECT' as const),
      categoryName: 'test',
      pathName: row.productId,
      regionCodeList: row.productId === 'paid' ? ['JP1'] : ALL,
      orderIdx: 100 + index,
    })),
  );
  await t.db.insert(productUis).values({
    productUiId: 'needs-email-tab',
    productId: 'needs-email',
    parentProductUiId: 'needs-email',
    names: { ko: '탭', en: 'Tab', ja: 'タブ', zh: '标签' },
    productUiType: 'PROJECT',
    categoryName: 'test',
    pathName: 'needs-email',
    tabName: 'tab',
    widgetType: 'SUB_MENU',
    linkUrl: '/tab',
    regionCodeList: ALL,
  });
}

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  for (const name of ['owner', 'admin', 'member', 'viewer', 'outsider']) {
    ids[name] = (await createMember(t.db, `${name}@svc.example.com`, { name: `${name} name` })).id;
  }
  orgId = (
    await createOrg(t.db, 'Services Org', ids.owner!, [
      { memberId: ids.admin!, role: 'ADMIN' },
      { memberId: ids.member!, role: 'MEMBER' },
      { memberId: ids.viewer!, role: 'MEMBER' },
    ])
  ).id;
  projectId = (
    await createProject(t.db, orgId, 'Services Project', ids.owner!, [
      { memberId: ids.member!, roleCodes: ['MEMBER'] },
      { memberId: ids.viewer!, roleCodes: ['VIEWER'] },
    ])
  ).id;
  const otherOrg = await createOrg(t.db, 'Elsewhere', ids.outsider!);
  otherProjectId = (await createProject(t.db, otherOrg.id, 'Elsewhere Project', ids.outsider!)).id;
  await insertTestCatalogue();
  owner = await t.login('owner@svc.example.com', FIXTURE_PASSWORD);
  admin = await t.login('admin@svc.example.com', FIXTURE_PASSWORD);
  member = await t.login('member@svc.example.com', FIXTURE_PASSWORD);
  viewer = await t.login('viewer@svc.example.com', FIXTURE_PASSWORD);
  outsider = await t.login('outsider@svc.example.com', FIXTURE_PASSWORD);
});

const call = callOf(() => t);
const expectRefusal: TestApp['expectRefusal'] = (...args) => t.expectRefusal(...args);
const enable = (who: Caller, productId: string, project = projectId) => call(who, 'POST', `/api/cab/v5/projects/${project}/products/${productId}/enable`);
const disable = (who: Caller, productId: string, project = projectId) => call(who, 'DELETE', `/api/cab/v5/projects/${project}/products/${productId}/disable`);
const setMember = (id: string, values: Partial<typeof members.$inferInsert>) => t.db.update(members).set(values).where(eq(members.id, id));

describe('catalogue and menus', () => {
  it('lists only STABLE products, whatever status codes are asked for', async () => {
    const listed = (await call(member, 'GET', '/api/cab/v5/products')).json().products.map((p: { productId: string }) => p.productId);
    expect(listed).toContain('email');
    expect(listed).not.toContain('beta');
    expect((await call(member, 'GET', '/api/cab/v5/products?statusCodes=BETA')).json().products).toEqual([]);
    expect((await call(member, 'GET', '/api/cab/v5/products?statusCodes=BETA&statusCodes=STABLE')).json().products.length).toBe(listed.length);
  });

  it('answers the menu as a tree per region and UI type, in the caller’s language', async () => {
    const tree = (await call(member, 'GET', '/api/cab/v5/product-uis/hierarchy?productUiType=PROJECT&regionCode=KR1', undefined, 'ja_JP')).json().productUis;
    const needs = tree.find((ui: { productUiId: string }) => ui.productUiId === 'needs-email');
    expect(needs.children.map((c: { productUiName: string }) => c.productUiName)).toEqual(['タブ']);
    expect(tree.some((ui: { productUiId: string }) => ui.productUiId === 'paid')).toBe(false); // JP1 only
    expect(tree.some((ui: { productUiId: string }) => ui.productUiId === 'beta')).toBe(false); // not STABLE
    const jp = (await call(member, 'GET', '/api/cab/v5/product-uis/hierarchy?productUiType=PROJECT&regionCode=JP1&serviceCode=paid')).json().productUis;
    expect(jp.map((ui: { productUiId: string }) => ui.productUiId)).toEqual(['paid']);
    const email = (await call(member, 'GET', '/api/cab/v5/product-uis/hierarchy?serviceCode=email')).json().productUis[0];
    expect(email.manualLink).toContain('{lang}');
    const all = (await call(member, 'GET', '/api/cab/v5/product-uis/all-hierarchy')).json().productUis;
    expect(all.some((ui: { productUiType: string }) => ui.productUiType === 'ORG')).toBe(true);
    const byIds = (await call(member, 'GET', '/api/cab/v5/product-uis?productUiIdList=email&productUiIdList=needs-email-tab')).json().productUis;
    expect(byIds.map((ui: { productUiId: string }) => ui.productUiId).sort()).toEqual(['email', 'needs-email-tab']);
  });

  it('answers icons, and an empty list when the icon source fails or hangs (within the timeout)', async () => {
    await t.db.update(productUis).set({ icon: { cdnUrlPath: '/product-icons/', fileName: 'email.svg', position: 0, iconType: 'SVG' } }).where(eq(productUis.productUiId, 'email'));
    const icons = (await call(member, 'GET', '/api/cab/v5/product-uis/icons')).json().icons;
    expect(icons).toEqual([expect.objectContaining({ productUiId: 'email', url: '/product-icons/email.svg' })]);
    expect(await withTimeout(() => Promise.reject(new Error('down')), 2000, [])).toEqual([]);
    const started = Date.now();
    expect(await withTimeout(() => new Promise<number[]>(() => {}), 50, [])).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers the public API addresses of the catalogue, all or one product’s, and refuses a malformed product id', async () => {
    const all = (await call(member, 'GET', '/api/cab/v5/public-apis')).json().publicApis;
    expect(all).toContainEqual({ productUiId: 'email', productId: 'email', publicApiUrl: '/email/v2.0' });
    // A menu entry without a public API (the organization service) is not listed.
    expect(all.map((api: { productUiId: string }) => api.productUiId)).not.toContain('email-insights');
    expect((await call(member, 'GET', '/api/cab/v5/public-apis?productId=email')).json().publicApis).toEqual([{ productUiId: 'email', productId: 'email', publicApiUrl: '/email/v2.0' }]);
    expect((await call(member, 'GET', '/api/cab/v5/public-apis?productId=email-insights')).json().publicApis).toEqual([]);
    const bad = await call(member, 'GET', '/api/cab/v5/public-apis?productId=%20bad%20id%20');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().header.resultCode).toBe(10001);
  });

  it('recommends at most 4 products of the caller’s panel', async () => {
    const recs = (await call(member, 'GET', '/api/cab/v5/product-recommendations')).json().recommendations;
    expect(recs.map((r: { productId: string }) => r.productId)).toEqual(['email']);
    expect(recs[0].recommendationCategories).toContain('PUBLIC_PANEL');
    expect((await call(member, 'GET', '/api/cab/v5/product-recommendations?recommendationCategory=IAM_BANNER')).json().recommendations).toEqual([]);
  });
});

describe('enable and disable in a project', () => {
  it('enables Email: Appkey and sealed SecretKey, left menu and activity in one go; the keys verify', async () => {
    const response = await enable(owner, 'email');
    expect(response.statusCode, response.body).toBe(200);
    const { product } = response.json();
    expect(product.appKey).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(product.secretKey).toMatch(/^[A-Za-z0-9]{32}$/);
    const [row] = await t.db.select().from(projectProducts).where(and(eq(projectProducts.projectId, projectId), eq(projectProducts.productId, 'email')));
    expect(row!.secretKeyEnc).not.toContain(product.secretKey);
    const verified = await verifyAppKey(t.db, box, product.appKey, product.secretKey, t.clock.now());
    expect(verified).toEqual({ ok: true, identity: { kind: 'SERVICE', orgId, projectId, productId: 'email' } });
    const events = await t.db.select().from(activityEvents).where(and(eq(activityEvents.projectId, projectId), eq(activityEvents.actionCode, 'PRODUCT_ENABLE')));
    expect(events.map((event) => event.targetId)).toEqual(['email']);
    const menu = (await call(member, 'GET', `/api/cab/v5/projects/${projectId}/product-uis/service-hierarchy?productUiType=PROJECT`)).json().productUis;
    expect(menu.map((ui: { productId: string }) => ui.productId)).toEqual(['email']);
    expect(menu[0].appKey).toBe(product.appKey);
    expect(menu[0].secretKey).toBeNull();
  });

  it('refuses a second enable (13001) and a product that is not STABLE or not a project product (13008)', async () => {
    await expectRefusal(() => enable(owner, 'email'), 400, 13001);
    const body = await expectRefusal(() => enable(owner, 'beta'), 400, 13008);
    expect(body.header.resultMessage).toBe('Cannot enable service.');
    await expectRefusal(() => enable(owner, 'saas'), 400, 13008);
    await expectRefusal(() => enable(owner, 'no-such-product'), 400, 13008);
  });

  it('needs Project.Product.Create (project ADMIN): a MEMBER is refused with the permission modal’s details', async () => {
    const body = await expectRefusal(() => enable(member, 'biz'), 403, -6);
    expect(body.neededPermissions).toEqual(['Project.Product.Create']);
    await expectRefusal(() => disable(member, 'email'), 403, -6);
  });

  it('another organization’s project answers not-found', async () => {
    await expectRefusal(() => enable(owner, 'biz', otherProjectId), 404, 40017);
    await expectRefusal(() => call(owner, 'GET', `/api/cab/v5/projects/${otherProjectId}/products/email`), 404, 40017);
  });

  it('refuses personal members business-only services (-2000; -2001 for organization services) and ONLY_COOPERATION (13006)', async () => {
    await expectRefusal(() => enable(owner, 'biz'), 400, -2000);
    await expectRefusal(() => enable(owner, 'coop'), 400, 13006);
    await t.db.update(products).set({ businessOnly: true }).where(eq(products.productId, 'saas'));
    await expectRefusal(() => call(owner, 'POST', `/api/cab/v5/organizations/${orgId}/products/saas/enable`, { saasOwnerUuid: ids.admin }), 400, -2001);
    await t.db.update(products).set({ businessOnly: false }).where(eq(products.productId, 'saas'));
    await setMember(ids.owner!, { bizMember: true });
    expect((await enable(owner, 'biz')).statusCode).toBe(200);
    expect((await enable(owner, 'coop')).statusCode).toBe(200);
    await setMember(ids.owner!, { bizMember: false });
  });

  it('PROJECT_MEMBER_ROLE: an organization ADMIN who is not a project member is refused (13007)', async () => {
    const body = await expectRefusal(() => enable(admin, 'members-only'), 403, 13007);
    expect(body.restrictionCode).toBe('PROJECT_MEMBER_ROLE');
    expect((await enable(owner, 'members-only')).statusCode).toBe(200);
  });

  it('BLOCK_UNPAID_MEMBER: refused while the OWNER is blocked for unpaid charges (70032)', async () => {
    await setMember(ids.owner!, { unpaidBlocked: true });
    await expectRefusal(() => enable(admin, 'unpaid'), 403, 70032);
    await setMember(ids.owner!, { unpaidBlocked: false });
    expect((await enable(admin, 'unpaid')).statusCode).toBe(200);
  });

  it('payment method: 30013 to the OWNER, 70020 to others, 30014 for a corporate OWNER, 70024 until it is usable', async () => {
    await expectRefusal(() => enable(owner, 'paid'), 400, 30013);
    await expectRefusal(() => enable(admin, 'paid'), 400, 70020);
    await setMember(ids.owner!, { accountType: 'CORPORATION' });
    await expectRefusal(() => enable(admin, 'paid'), 400, 30014);
    await setMember(ids.owner!, { accountType: 'INDIVIDUAL', paymentMethodStatus: 'REGISTERED' });
    await expectRefusal(() => enable(admin, 'paid'), 400, 70024);
    const check = (await call(admin, 'POST', '/api/cab/v5/products/paid/validate-enable-restriction', { orgId, projectId })).json();
    expect(check).toMatchObject({ enableable: false, resultCode: 70024 });
    await setMember(ids.owner!, { paymentMethodStatus: 'STABLE' });
    expect((await call(admin, 'POST', '/api/cab/v5/products/paid/validate-enable-restriction', { orgId, projectId })).json()).toMatchObject({
      enableable: true,
      resultCode: 0,
    });
    expect((await enable(admin, 'paid')).statusCode).toBe(200);
  });

  it('services needed first (40054) and dependents disabled first (40057)', async () => {
    await disable(owner, 'email');
    await expectRefusal(() => enable(owner, 'needs-email'), 400, 40054);
    const pre = (await call(owner, 'GET', `/api/cab/v5/products/needs-email/preconditions?uuid=${projectId}`)).json().preconditions;
    expect(pre).toEqual([{ productPreconditionId: 'product:email', kind: 'PRODUCT_ENABLED', productId: 'email', satisfied: false }]);
    expect((await enable(owner, 'email')).statusCode).toBe(200);
    expect((await enable(owner, 'needs-email')).statusCode).toBe(200);
    const body = await expectRefusal(() => disable(owner, 'email'), 400, 40057);
    expect(body.dependentProductIds).toEqual(['needs-email']);
  });

  it('refuses disabling while the product reports resources, with the product’s own code; then disables', async () => {
    const [row] = await t.db.select().from(projectProducts).where(and(eq(projectProducts.projectId, projectId), eq(projectProducts.productId, 'needs-email')));
    const secret = box.open(row!.secretKeyEnc!)!;
    const report = await t.app.inject({
      method: 'PUT',
      url: '/api/products/v1/resources',
      headers: { 'x-appkey': row!.appKey, 'x-secret-key': secret },
      payload: { resourceCount: 2 },
    });
    expect(report.json()).toMatchObject({ resourceCount: 2, projectId });
    const wrong = await t.app.inject({ method: 'PUT', url: '/api/products/v1/resources', headers: { 'x-appkey': row!.appKey, 'x-secret-key': 'nope' }, payload: { resourceCount: 0 } });
    expect(wrong.statusCode).toBe(401);
    await expectRefusal(() => disable(owner, 'needs-email'), 400, 5014);
    await t.db.update(products).set({ resourcesRemainCode: 18010 }).where(eq(products.productId, 'needs-email'));
    await expectRefusal(() => disable(owner, 'needs-email'), 400, 18010);
    await t.app.inject({ method: 'PUT', url: '/api/products/v1/resources', headers: { 'x-appkey': row!.appKey, 'x-secret-key': secret }, payload: { resourceCount: 0 } });
    expect((await disable(owner, 'needs-email')).statusCode).toBe(200);
    expect(await t.db.select().from(productResourceReports).where(eq(productResourceReports.productId, 'needs-email'))).toEqual([]);
    expect(await t.db.select().from(lnbProjectProductRelations).where(eq(lnbProjectProductRelations.productId, 'needs-email'))).toEqual([]);
    expect((await verifyAppKey(t.db, box, row!.appKey, secret, t.clock.now())).ok).toBe(false);
    await expectRefusal(() => disable(owner, 'needs-email'), 404, 10404);
  });

  it('the left menu keeps its order; an entry can be taken out and put back', async () => {
    const menu = async () =>
      (await call(member, 'GET', `/api/cab/v5/projects/${projectId}/product-uis/service-hierarchy`)).json().productUis as { productId: string; lnbProjectProductRelationId: string }[];
    const before = await menu();
    const first = before[0]!;
    expect((await call(owner, 'DELETE', `/api/cab/v5/lnb-project-product-relations/${first.lnbProjectProductRelationId}`)).statusCode).toBe(200);
    expect((await menu()).map((ui) => ui.productId)).not.toContain(first.productId);
    expect((await call(owner, 'POST', '/api/cab/v5/lnb-project-product-relations', { projectId, productId: first.productId })).statusCode).toBe(200);
    expect((await menu()).at(-1)!.productId).toBe(first.productId);
    await expectRefusal(() => call(owner, 'POST', '/api/cab/v5/lnb-project-product-relations', { projectId, productId: first.productId }), 400, 13001);
    const someRelation = (await menu())[0]!.lnbProjectProductRelationId;
    await expectRefusal(() => call(outsider, 'DELETE', `/api/cab/v5/lnb-project-product-relations/${someRelation}`), 404, 10404);
    await expectRefusal(() => call(member, 'POST', '/api/cab/v5/lnb-project-product-relations', { projectId, productId: 'email' }), 403, -6);
  });
});

describe('service Appkeys', () => {
  it('shows the SecretKey only to those who may reissue it', async () => {
    const asOwner = (await call(owner, 'GET', `/api/cab/v5/projects/${projectId}/products/email`)).json();
    expect(asOwner.hasUpdateSecretKeyPermission).toBe(true);
    expect(asOwner.product.secretKey).toMatch(/^[A-Za-z0-9]{32}$/);
    const asViewer = (await call(viewer, 'GET', `/api/cab/v5/projects/${projectId}/products/email`)).json();
    expect(asViewer).toMatchObject({ hasUpdateSecretKeyPermission: false, product: { appKey: asOwner.product.appKey, secretKey: null } });
  });

  it('reissues the SecretKey: the old one fails at once, the new one works; others cannot', async () => {
    const { product } = (await call(owner, 'GET', `/api/cab/v5/projects/${projectId}/products/email`)).json();
    await expectRefusal(() => call(viewer, 'PUT', `/api/cab/v2.1/appkeys/${product.appKey}/secret-key`, { appKey: product.appKey }), 403, -6);
    await expectRefusal(() => call(outsider, 'PUT', `/api/cab/v2.1/appkeys/${product.appKey}/secret-key`, { appKey: product.appKey }), 404, 10404);
    await expectRefusal(() => call(owner, 'PUT', `/api/cab/v2.1/appkeys/${product.appKey}/secret-key`, { appKey: 'someOtherKey123' }), 400, 10001);
    const response = await call(owner, 'PUT', `/api/cab/v2.1/appkeys/${product.appKey}/secret-key`, { appKey: product.appKey });
    const { secretKey } = response.json();
    expect(secretKey).not.toBe(product.secretKey);
    expect(await verifyAppKey(t.db, box, product.appKey, product.secretKey, t.clock.now())).toEqual({ ok: false, reason: 'WRONG_SECRET' });
    expect((await verifyAppKey(t.db, box, product.appKey, secretKey, t.clock.now())).ok).toBe(true);
  });
});

const create = (who: Caller, authAlias: string, project = projectId) =>
  call(who, 'POST', '/api/cab/v4/authentications', { authentication: { projectId: project, authAlias, ipAclList: ['203.0.113.0/24'] } });

describe('project Appkeys (authentications v4)', () => {
  it('creates at most 3, lists them with no-cache, updates, and deletes with the project uuid', async () => {
    for (const alias of ['one', 'two', 'three']) {
      expect((await create(owner, alias)).statusCode).toBe(200);
      t.clock.advanceMinutes(1);
    }
    await expectRefusal(() => create(owner, 'four'), 400, 13009);
    const list = await call(member, 'GET', `/api/cab/v4/authentications/projects/${projectId}`);
    expect(list.headers['cache-control']).toBe('no-cache');
    const keys = list.json().authenticationList;
    expect(keys.map((key: { authAlias: string }) => key.authAlias)).toEqual(['one', 'two', 'three']);
    expect(keys[0].secretKey).toBeNull(); // a MEMBER may read, not manage
    const asOwner = (await call(owner, 'GET', `/api/cab/v4/authentications/projects/${projectId}`)).json().authenticationList[0];
    expect((await verifyAppKey(t.db, box, asOwner.authKey, asOwner.secretKey, t.clock.now())).ok).toBe(true);
    const stopped = await call(owner, 'PUT', `/api/cab/v4/authentications/${asOwner.authId}`, { authentication: { authStatus: 'STOP', authAlias: 'uno' } });
    expect(stopped.json().authentication).toMatchObject({ authStatus: 'STOP', authAlias: 'uno' });
    expect(await verifyAppKey(t.db, box, asOwner.authKey, asOwner.secretKey, t.clock.now())).toEqual({ ok: false, reason: 'NOT_STABLE' });
    await expectRefusal(() => call(owner, 'DELETE', `/api/cab/v4/authentications/${asOwner.authId}`, { uuid: otherProjectId }), 404, 10404);
    await expectRefusal(() => call(outsider, 'DELETE', `/api/cab/v4/authentications/${asOwner.authId}`, { uuid: projectId }), 404, 10404);
    await expectRefusal(() => call(member, 'DELETE', `/api/cab/v4/authentications/${asOwner.authId}`, { uuid: projectId }), 403, -6);
    expect((await call(owner, 'DELETE', `/api/cab/v4/authentications/${asOwner.authId}`, { uuid: projectId })).statusCode).toBe(200);
    expect(await t.db.select().from(projectAuthentications).where(eq(projectAuthentications.projectId, projectId))).toHaveLength(2);
  });

  it('validates the alias and the IP ACL next to the field; another tenant’s project is not found', async () => {
    const body = await expectRefusal(
      () => call(owner, 'POST', '/api/cab/v4/authentications', { authentication: { projectId, authAlias: '', ipAclList: ['999.1.1.1'] } }),
      400,
      10001,
    );
    expect(body.fieldErrors?.map((error) => error.field).sort()).toEqual(['body.authentication.authAlias', 'body.authentication.ipAclList.0']);
    await expectRefusal(() => create(owner, 'x', otherProjectId), 404, 40017);
  });
});

describe('organization services and SaaS members', () => {
  it('enables with a SaaS OWNER who cannot be removed; set-role and set-owner', async () => {
    const response = await call(owner, 'POST', `/api/cab/v5/organizations/${orgId}/products/saas/enable`, { saasOwnerUuid: ids.admin });
    expect(response.statusCode, response.body).toBe(200);
    await expectRefusal(() => call(owner, 'POST', `/api/cab/v5/organizations/${orgId}/products/saas/enable`, { saasOwnerUuid: ids.admin }), 400, 13002);
    await expectRefusal(() => call(member, 'POST', `/api/cab/v5/organizations/${orgId}/products/saas/enable`, { saasOwnerUuid: ids.admin }), 403, -6);
    const base = `/api/cab/v5/saas/organizations/${orgId}/members`;
    await expectRefusal(() => call(owner, 'POST', `${base}/${ids.admin}/set-role`, { productId: 'saas', role: 'NONE' }), 400, 13010);
    expect((await call(owner, 'POST', `${base}/${ids.member}/set-role`, { productId: 'saas', role: 'VIEWER' })).json().member.role).toBe('VIEWER');
    expect((await call(owner, 'POST', `${base}/${ids.member}/set-owner`, { productId: 'saas' })).json().member.role).toBe('OWNER');
    const listed = (await call(owner, 'GET', `${base}?productId=saas`)).json().members.map((m: { memberUuid: string; role: string }) => [m.memberUuid, m.role]);
    expect(listed).toEqual([
      [ids.member, 'OWNER'],
      [ids.admin, 'ADMIN'],
    ]);
    await expectRefusal(() => call(outsider, 'GET', `${base}?productId=saas`), 404, 23005);
    const orgView = (await call(owner, 'GET', `/api/cab/v5/organizations/${orgId}/products/saas`)).json();
    expect(orgView.product.secretKey).toMatch(/^[A-Za-z0-9]{32}$/);
    const perms = (await call(admin, 'GET', '/api/cab/v5/products/saas/has-enable-permission/organizations')).json().organizations;
    expect(perms).toEqual([{ orgId, orgName: 'Services Org', hasEnablePermission: true, enabled: true }]);
    const projectsAnswer = (await call(member, 'GET', `/api/cab/v5/products/email/has-enable-permission/projects?orgId=${orgId}`)).json().projects;
    expect(projectsAnswer).toEqual([{ projectId, projectName: 'Services Project', hasEnablePermission: false, enabled: true }]);
  });
});

const orgUrl = (id: string, productId = 'saas') => `/api/cab/v5/organizations/${id}/products/${productId}`;
const disableOrg = (who: Caller, id = orgId, productId = 'saas') => call(who, 'DELETE', `${orgUrl(id, productId)}/disable`);
const orgServiceState = async () => ({
  enabled: await t.db.select().from(orgProducts).where(and(eq(orgProducts.orgId, orgId), eq(orgProducts.productId, 'saas'))),
  saas: await t.db.select().from(saasMembers).where(and(eq(saasMembers.orgId, orgId), eq(saasMembers.productId, 'saas'))),
  hooks: await hookEventsOf(t.db, orgId, 'saas'),
});

describe('disabling an organization service', () => {
  it('refuses members (-6), another organization (not found) and a service not enabled, changing nothing', async () => {
    // Enabled by the test above ('organization services and SaaS members'), with two SaaS members.
    await t.db.update(products).set({ hookUrl: '/hooks/console' }).where(eq(products.productId, 'saas'));
    const before = await orgServiceState();
    expect(before.enabled).toHaveLength(1);
    expect(before.saas.length).toBeGreaterThan(0);
    await expectRefusal(() => disableOrg(member), 403, -6);
    await expectRefusal(() => disableOrg(viewer), 403, -6);
    await expectRefusal(() => disableOrg(outsider), 404, 23005);
    await expectRefusal(() => disableOrg(owner, orgId, 'email'), 404, 10404);
    expect(await orgServiceState()).toEqual(before);
  });

  it('is one transaction: when the product’s hook event cannot be written, the service stays enabled with its SaaS members', async () => {
    const before = await orgServiceState();
    await t.db.execute(sql`create function refuse_hook_event() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await t.db.execute(sql`create trigger refuse_hook_event before insert on product_hook_events for each row execute function refuse_hook_event()`);
    try {
      expect((await disableOrg(admin)).statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_hook_event on product_hook_events`);
      await t.db.execute(sql`drop function refuse_hook_event()`);
    }
    expect(await orgServiceState()).toEqual(before);
  });

  it('an organization ADMIN disables it: the Appkey and SaaS members go, the product is told, the activity is recorded; it can be enabled again', async () => {
    const [row] = (await orgServiceState()).enabled;
    expect((await call(owner, 'GET', orgUrl(orgId))).json().product.appKey).toBe(row!.appKey);
    const response = await disableOrg(admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ productId: 'saas' });
    const after = await orgServiceState();
    expect(after.enabled).toEqual([]);
    expect(after.saas).toEqual([]);
    expect(after.hooks[0]).toMatchObject({ eventType: 'PRODUCT_DISABLED', orgId, projectId: null, productId: 'saas', appKey: row!.appKey });
    await expectRefusal(() => call(owner, 'GET', orgUrl(orgId)), 404, 10404);
    const events = await t.db.select().from(activityEvents).where(eq(activityEvents.orgId, orgId));
    expect(events.some((event) => event.actionCode === 'PRODUCT_DISABLE' && event.projectId === null)).toBe(true);
    expect((await call(owner, 'GET', '/api/cab/v5/products/saas/has-enable-permission/organizations')).json().organizations).toEqual([
      { orgId, orgName: 'Services Org', hasEnablePermission: true, enabled: false },
    ]);
    await expectRefusal(() => disableOrg(admin), 404, 10404);
    // Enabling again starts afresh with the SaaS OWNER named now.
    expect((await call(owner, 'POST', `${orgUrl(orgId)}/enable`, { saasOwnerUuid: ids.owner })).statusCode).toBe(200);
    expect((await orgServiceState()).saas.map((m) => [m.memberId, m.role])).toEqual([[ids.owner, 'OWNER']]);
    await t.db.update(products).set({ hookUrl: null }).where(eq(products.productId, 'saas'));
  });
});
