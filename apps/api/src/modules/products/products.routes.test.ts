import * as api from '@console/contracts';
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
import { anonymous, callOf, type Caller, type TestApp } from '../../test/helper.ts';
import { worldOf } from '../../test/world.ts';
import { hookEventsOf } from './product-hooks.ts';
import { withTimeout } from './products.service.ts';

const w = worldOf({
  mailDomain: 'svc.example.com',
  org: { name: 'Services Org' },
  roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', viewer: 'MEMBER', outsider: null },
  otherOrg: { name: 'Elsewhere' },
  projects: {
    services: { name: 'Services Project', members: { member: ['MEMBER'], viewer: ['VIEWER'] } },
    elsewhere: { name: 'Elsewhere Project', org: 'other' },
  },
});
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
  await w.t.db.insert(products).values(rows);
  await w.t.db.insert(productUis).values(
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
  await w.t.db.insert(productUis).values({
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
  await insertTestCatalogue();
});

const call = callOf(() => w.t);
const expectRefusal: TestApp['expectRefusal'] = (...args) => w.t.expectRefusal(...args);
const enable = (who: Caller, productId: string, project = w.projects.services) => call(who, api.enableProjectProduct, { params: { projectId: project, productId } });
const disable = (who: Caller, productId: string, project = w.projects.services) => call(who, api.disableProjectProduct, { params: { projectId: project, productId } });
const setMember = (id: string, values: Partial<typeof members.$inferInsert>) => w.t.db.update(members).set(values).where(eq(members.id, id));

describe('catalogue and menus', () => {
  it('lists only STABLE products, whatever status codes are asked for', async () => {
    const listed = (await call(w.as.member, api.listProducts)).json().products.map((p: { productId: string }) => p.productId);
    expect(listed).toContain('email');
    expect(listed).not.toContain('beta');
    expect((await call(w.as.member, api.listProducts, { query: { statusCodes: 'BETA' } })).json().products).toEqual([]);
    expect((await call(w.as.member, api.listProducts, { query: { statusCodes: ['BETA', 'STABLE'] } })).json().products.length).toBe(listed.length);
  });

  it('answers the menu as a tree per region and UI type, in the caller’s language', async () => {
    const tree = (await call(w.as.member, api.getProductUiHierarchy, { query: { productUiType: 'PROJECT', regionCode: 'KR1' }, lang: 'ja_JP' })).json().productUis;
    const needs = tree.find((ui: { productUiId: string }) => ui.productUiId === 'needs-email');
    expect(needs.children.map((c: { productUiName: string }) => c.productUiName)).toEqual(['タブ']);
    expect(tree.some((ui: { productUiId: string }) => ui.productUiId === 'paid')).toBe(false); // JP1 only
    expect(tree.some((ui: { productUiId: string }) => ui.productUiId === 'beta')).toBe(false); // not STABLE
    const jp = (await call(w.as.member, api.getProductUiHierarchy, { query: { productUiType: 'PROJECT', regionCode: 'JP1', serviceCode: 'paid' } })).json().productUis;
    expect(jp.map((ui: { productUiId: string }) => ui.productUiId)).toEqual(['paid']);
    const email = (await call(w.as.member, api.getProductUiHierarchy, { query: { serviceCode: 'email' } })).json().productUis[0];
    expect(email.manualLink).toContain('{lang}');
    const all = (await call(w.as.member, api.getProductUiAllHierarchy)).json().productUis;
    expect(all.some((ui: { productUiType: string }) => ui.productUiType === 'ORG')).toBe(true);
    const byIds = (await call(w.as.member, api.listProductUis, { query: { productUiIdList: ['email', 'needs-email-tab'] } })).json().productUis;
    expect(byIds.map((ui: { productUiId: string }) => ui.productUiId).sort()).toEqual(['email', 'needs-email-tab']);
  });

  it('answers icons, and an empty list when the icon source fails or hangs (within the timeout)', async () => {
    await w.t.db.update(productUis).set({ icon: { cdnUrlPath: '/product-icons/', fileName: 'email.svg', position: 0, iconType: 'SVG' } }).where(eq(productUis.productUiId, 'email'));
    const icons = (await call(w.as.member, api.listProductUiIcons)).json().icons;
    expect(icons).toEqual([expect.objectContaining({ productUiId: 'email', url: '/product-icons/email.svg' })]);
    expect(await withTimeout(() => Promise.reject(new Error('down')), 2000, [])).toEqual([]);
    const started = Date.now();
    expect(await withTimeout(() => new Promise<number[]>(() => {}), 50, [])).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers the public API addresses of the catalogue, all or one product’s, and refuses a malformed product id', async () => {
    const all = (await call(w.as.member, api.listPublicApis)).json().publicApis;
    expect(all).toContainEqual({ productUiId: 'email', productId: 'email', publicApiUrl: '/email/v2.0' });
    // A menu entry without a public API (the organization service) is not listed.
    expect(all.map((entry: { productUiId: string }) => entry.productUiId)).not.toContain('email-insights');
    expect((await call(w.as.member, api.listPublicApis, { query: { productId: 'email' } })).json().publicApis).toEqual([{ productUiId: 'email', productId: 'email', publicApiUrl: '/email/v2.0' }]);
    expect((await call(w.as.member, api.listPublicApis, { query: { productId: 'email-insights' } })).json().publicApis).toEqual([]);
    const bad = await call(w.as.member, api.listPublicApis, { query: { productId: ' bad id ' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().header.resultCode).toBe(10001);
  });

  it('recommends at most 4 products of the caller’s panel', async () => {
    const recs = (await call(w.as.member, api.listProductRecommendations)).json().recommendations;
    expect(recs.map((r: { productId: string }) => r.productId)).toEqual(['email']);
    expect(recs[0].recommendationCategories).toContain('PUBLIC_PANEL');
    expect((await call(w.as.member, api.listProductRecommendations, { query: { recommendationCategory: 'IAM_BANNER' } })).json().recommendations).toEqual([]);
  });
});

describe('enable and disable in a project', () => {
  it('enables Email: Appkey and sealed SecretKey, left menu and activity in one go; the keys verify', async () => {
    const response = await enable(w.as.owner, 'email');
    expect(response.statusCode, response.body).toBe(200);
    const { product } = response.json();
    expect(product.appKey).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(product.secretKey).toMatch(/^[A-Za-z0-9]{32}$/);
    const [row] = await w.t.db.select().from(projectProducts).where(and(eq(projectProducts.projectId, w.projects.services), eq(projectProducts.productId, 'email')));
    expect(row!.secretKeyEnc).not.toContain(product.secretKey);
    const verified = await verifyAppKey(w.t.db, box, product.appKey, product.secretKey, w.t.clock.now());
    expect(verified).toEqual({ ok: true, identity: { kind: 'SERVICE', orgId: w.orgId, projectId: w.projects.services, productId: 'email' } });
    const events = await w.t.db.select().from(activityEvents).where(and(eq(activityEvents.projectId, w.projects.services), eq(activityEvents.actionCode, 'PRODUCT_ENABLE')));
    expect(events.map((event) => event.targetId)).toEqual(['email']);
    const menu = (await call(w.as.member, api.getProjectServiceHierarchy, { params: { projectId: w.projects.services }, query: { productUiType: 'PROJECT' } })).json().productUis;
    expect(menu.map((ui: { productId: string }) => ui.productId)).toEqual(['email']);
    expect(menu[0].appKey).toBe(product.appKey);
    expect(menu[0].secretKey).toBeNull();
  });

  it('refuses a second enable (13001) and a product that is not STABLE or not a project product (13008)', async () => {
    await expectRefusal(() => enable(w.as.owner, 'email'), 400, 13001);
    const body = await expectRefusal(() => enable(w.as.owner, 'beta'), 400, 13008);
    expect(body.header.resultMessage).toBe('Cannot enable service.');
    await expectRefusal(() => enable(w.as.owner, 'saas'), 400, 13008);
    await expectRefusal(() => enable(w.as.owner, 'no-such-product'), 400, 13008);
  });

  it('needs Project.Product.Create (project ADMIN): a MEMBER is refused with the permission modal’s details', async () => {
    const body = await expectRefusal(() => enable(w.as.member, 'biz'), 403, -6);
    expect(body.neededPermissions).toEqual(['Project.Product.Create']);
    await expectRefusal(() => disable(w.as.member, 'email'), 403, -6);
  });

  it('another organization’s project answers not-found', async () => {
    await expectRefusal(() => enable(w.as.owner, 'biz', w.projects.elsewhere), 404, 40017);
    await expectRefusal(() => call(w.as.owner, api.getProjectProduct, { params: { projectId: w.projects.elsewhere, productId: 'email' } }), 404, 40017);
  });

  it('refuses personal members business-only services (-2000; -2001 for organization services) and ONLY_COOPERATION (13006)', async () => {
    await expectRefusal(() => enable(w.as.owner, 'biz'), 400, -2000);
    await expectRefusal(() => enable(w.as.owner, 'coop'), 400, 13006);
    await w.t.db.update(products).set({ businessOnly: true }).where(eq(products.productId, 'saas'));
    await expectRefusal(() => call(w.as.owner, api.enableOrgProduct, { params: { orgId: w.orgId, productId: 'saas' }, body: { saasOwnerUuid: w.ids.admin } }), 400, -2001);
    await w.t.db.update(products).set({ businessOnly: false }).where(eq(products.productId, 'saas'));
    await setMember(w.ids.owner, { bizMember: true });
    expect((await enable(w.as.owner, 'biz')).statusCode).toBe(200);
    expect((await enable(w.as.owner, 'coop')).statusCode).toBe(200);
    await setMember(w.ids.owner, { bizMember: false });
  });

  it('PROJECT_MEMBER_ROLE: an organization ADMIN who is not a project member is refused (13007)', async () => {
    const body = await expectRefusal(() => enable(w.as.admin, 'members-only'), 403, 13007);
    expect(body.restrictionCode).toBe('PROJECT_MEMBER_ROLE');
    expect((await enable(w.as.owner, 'members-only')).statusCode).toBe(200);
  });

  it('BLOCK_UNPAID_MEMBER: refused while the OWNER is blocked for unpaid charges (70032)', async () => {
    await setMember(w.ids.owner, { unpaidBlocked: true });
    await expectRefusal(() => enable(w.as.admin, 'unpaid'), 403, 70032);
    await setMember(w.ids.owner, { unpaidBlocked: false });
    expect((await enable(w.as.admin, 'unpaid')).statusCode).toBe(200);
  });

  it('payment method: 30013 to the OWNER, 70020 to others, 30014 for a corporate OWNER, 70024 until it is usable', async () => {
    await expectRefusal(() => enable(w.as.owner, 'paid'), 400, 30013);
    await expectRefusal(() => enable(w.as.admin, 'paid'), 400, 70020);
    await setMember(w.ids.owner, { accountType: 'CORPORATION' });
    await expectRefusal(() => enable(w.as.admin, 'paid'), 400, 30014);
    await setMember(w.ids.owner, { accountType: 'INDIVIDUAL', paymentMethodStatus: 'REGISTERED' });
    await expectRefusal(() => enable(w.as.admin, 'paid'), 400, 70024);
    const check = (await call(w.as.admin, api.validateEnableRestriction, { params: { productId: 'paid' }, body: { orgId: w.orgId, projectId: w.projects.services } })).json();
    expect(check).toMatchObject({ enableable: false, resultCode: 70024 });
    await setMember(w.ids.owner, { paymentMethodStatus: 'STABLE' });
    expect((await call(w.as.admin, api.validateEnableRestriction, { params: { productId: 'paid' }, body: { orgId: w.orgId, projectId: w.projects.services } })).json()).toMatchObject({
      enableable: true,
      resultCode: 0,
    });
    expect((await enable(w.as.admin, 'paid')).statusCode).toBe(200);
  });

  it('services needed first (40054) and dependents disabled first (40057)', async () => {
    await disable(w.as.owner, 'email');
    await expectRefusal(() => enable(w.as.owner, 'needs-email'), 400, 40054);
    const pre = (await call(w.as.owner, api.listProductPreconditions, { params: { productId: 'needs-email' }, query: { uuid: w.projects.services } })).json().preconditions;
    expect(pre).toEqual([{ productPreconditionId: 'product:email', kind: 'PRODUCT_ENABLED', productId: 'email', satisfied: false }]);
    expect((await enable(w.as.owner, 'email')).statusCode).toBe(200);
    expect((await enable(w.as.owner, 'needs-email')).statusCode).toBe(200);
    const body = await expectRefusal(() => disable(w.as.owner, 'email'), 400, 40057);
    expect(body.dependentProductIds).toEqual(['needs-email']);
  });

  it('refuses disabling while the product reports resources, with the product’s own code; then disables', async () => {
    const [row] = await w.t.db.select().from(projectProducts).where(and(eq(projectProducts.projectId, w.projects.services), eq(projectProducts.productId, 'needs-email')));
    const secret = box.open(row!.secretKeyEnc!)!;
    const reportResources = (secretKey: string, resourceCount: number) =>
      call(anonymous, api.reportProductResources, { headers: { 'x-appkey': row!.appKey, 'x-secret-key': secretKey }, body: { resourceCount } });
    const report = await reportResources(secret, 2);
    expect(report.json()).toMatchObject({ resourceCount: 2, projectId: w.projects.services });
    const wrong = await reportResources('nope', 0);
    expect(wrong.statusCode).toBe(401);
    await expectRefusal(() => disable(w.as.owner, 'needs-email'), 400, 5014);
    await w.t.db.update(products).set({ resourcesRemainCode: 18010 }).where(eq(products.productId, 'needs-email'));
    await expectRefusal(() => disable(w.as.owner, 'needs-email'), 400, 18010);
    await reportResources(secret, 0);
    expect((await disable(w.as.owner, 'needs-email')).statusCode).toBe(200);
    expect(await w.t.db.select().from(productResourceReports).where(eq(productResourceReports.productId, 'needs-email'))).toEqual([]);
    expect(await w.t.db.select().from(lnbProjectProductRelations).where(eq(lnbProjectProductRelations.productId, 'needs-email'))).toEqual([]);
    expect((await verifyAppKey(w.t.db, box, row!.appKey, secret, w.t.clock.now())).ok).toBe(false);
    await expectRefusal(() => disable(w.as.owner, 'needs-email'), 404, 10404);
  });

  it('the left menu keeps its order; an entry can be taken out and put back', async () => {
    const menu = async () =>
      (await call(w.as.member, api.getProjectServiceHierarchy, { params: { projectId: w.projects.services } })).json().productUis as { productId: string; lnbProjectProductRelationId: string }[];
    const before = await menu();
    const first = before[0]!;
    expect((await call(w.as.owner, api.deleteLnbRelation, { params: { relationId: first.lnbProjectProductRelationId } })).statusCode).toBe(200);
    expect((await menu()).map((ui) => ui.productId)).not.toContain(first.productId);
    expect((await call(w.as.owner, api.createLnbRelation, { body: { projectId: w.projects.services, productId: first.productId } })).statusCode).toBe(200);
    expect((await menu()).at(-1)!.productId).toBe(first.productId);
    await expectRefusal(() => call(w.as.owner, api.createLnbRelation, { body: { projectId: w.projects.services, productId: first.productId } }), 400, 13001);
    const someRelation = (await menu())[0]!.lnbProjectProductRelationId;
    await expectRefusal(() => call(w.as.outsider, api.deleteLnbRelation, { params: { relationId: someRelation } }), 404, 10404);
    await expectRefusal(() => call(w.as.member, api.createLnbRelation, { body: { projectId: w.projects.services, productId: 'email' } }), 403, -6);
  });
});

describe('service Appkeys', () => {
  it('shows the SecretKey only to those who may reissue it', async () => {
    const asOwner = (await call(w.as.owner, api.getProjectProduct, { params: { projectId: w.projects.services, productId: 'email' } })).json();
    expect(asOwner.hasUpdateSecretKeyPermission).toBe(true);
    expect(asOwner.product.secretKey).toMatch(/^[A-Za-z0-9]{32}$/);
    const asViewer = (await call(w.as.viewer, api.getProjectProduct, { params: { projectId: w.projects.services, productId: 'email' } })).json();
    expect(asViewer).toMatchObject({ hasUpdateSecretKeyPermission: false, product: { appKey: asOwner.product.appKey, secretKey: null } });
  });

  it('reissues the SecretKey: the old one fails at once, the new one works; others cannot', async () => {
    const { product } = (await call(w.as.owner, api.getProjectProduct, { params: { projectId: w.projects.services, productId: 'email' } })).json();
    await expectRefusal(() => call(w.as.viewer, api.regenerateSecretKey, { params: { appKey: product.appKey }, body: { appKey: product.appKey } }), 403, -6);
    await expectRefusal(() => call(w.as.outsider, api.regenerateSecretKey, { params: { appKey: product.appKey }, body: { appKey: product.appKey } }), 404, 10404);
    await expectRefusal(() => call(w.as.owner, api.regenerateSecretKey, { params: { appKey: product.appKey }, body: { appKey: 'someOtherKey123' } }), 400, 10001);
    const response = await call(w.as.owner, api.regenerateSecretKey, { params: { appKey: product.appKey }, body: { appKey: product.appKey } });
    const { secretKey } = response.json();
    expect(secretKey).not.toBe(product.secretKey);
    expect(await verifyAppKey(w.t.db, box, product.appKey, product.secretKey, w.t.clock.now())).toEqual({ ok: false, reason: 'WRONG_SECRET' });
    expect((await verifyAppKey(w.t.db, box, product.appKey, secretKey, w.t.clock.now())).ok).toBe(true);
  });
});

const create = (who: Caller, authAlias: string, project = w.projects.services) =>
  call(who, api.createProjectAuthentication, { body: { authentication: { projectId: project, authAlias, ipAclList: ['203.0.113.0/24'] } } });

describe('project Appkeys (authentications v4)', () => {
  it('creates at most 3, lists them with no-cache, updates, and deletes with the project uuid', async () => {
    for (const alias of ['one', 'two', 'three']) {
      expect((await create(w.as.owner, alias)).statusCode).toBe(200);
      w.t.clock.advanceMinutes(1);
    }
    await expectRefusal(() => create(w.as.owner, 'four'), 400, 13009);
    const list = await call(w.as.member, api.listProjectAuthentications, { params: { projectId: w.projects.services } });
    expect(list.headers['cache-control']).toBe('no-cache');
    const keys = list.json().authenticationList;
    expect(keys.map((key: { authAlias: string }) => key.authAlias)).toEqual(['one', 'two', 'three']);
    expect(keys[0].secretKey).toBeNull(); // a MEMBER may read, not manage
    const asOwner = (await call(w.as.owner, api.listProjectAuthentications, { params: { projectId: w.projects.services } })).json().authenticationList[0];
    expect((await verifyAppKey(w.t.db, box, asOwner.authKey, asOwner.secretKey, w.t.clock.now())).ok).toBe(true);
    const stopped = await call(w.as.owner, api.updateProjectAuthentication, { params: { authId: asOwner.authId }, body: { authentication: { authStatus: 'STOP', authAlias: 'uno' } } });
    expect(stopped.json().authentication).toMatchObject({ authStatus: 'STOP', authAlias: 'uno' });
    expect(await verifyAppKey(w.t.db, box, asOwner.authKey, asOwner.secretKey, w.t.clock.now())).toEqual({ ok: false, reason: 'NOT_STABLE' });
    await expectRefusal(() => call(w.as.owner, api.deleteProjectAuthentication, { params: { authId: asOwner.authId }, body: { uuid: w.projects.elsewhere } }), 404, 10404);
    await expectRefusal(() => call(w.as.outsider, api.deleteProjectAuthentication, { params: { authId: asOwner.authId }, body: { uuid: w.projects.services } }), 404, 10404);
    await expectRefusal(() => call(w.as.member, api.deleteProjectAuthentication, { params: { authId: asOwner.authId }, body: { uuid: w.projects.services } }), 403, -6);
    expect((await call(w.as.owner, api.deleteProjectAuthentication, { params: { authId: asOwner.authId }, body: { uuid: w.projects.services } })).statusCode).toBe(200);
    expect(await w.t.db.select().from(projectAuthentications).where(eq(projectAuthentications.projectId, w.projects.services))).toHaveLength(2);
  });

  it('validates the alias and the IP ACL next to the field; another tenant’s project is not found', async () => {
    const body = await expectRefusal(
      () => call(w.as.owner, api.createProjectAuthentication, { body: { authentication: { projectId: w.projects.services, authAlias: '', ipAclList: ['999.1.1.1'] } } }),
      400,
      10001,
    );
    expect(body.fieldErrors?.map((error) => error.field).sort()).toEqual(['body.authentication.authAlias', 'body.authentication.ipAclList.0']);
    await expectRefusal(() => create(w.as.owner, 'x', w.projects.elsewhere), 404, 40017);
  });
});

describe('organization services and SaaS members', () => {
  it('enables with a SaaS OWNER who cannot be removed; set-role and set-owner', async () => {
    const response = await call(w.as.owner, api.enableOrgProduct, { params: { orgId: w.orgId, productId: 'saas' }, body: { saasOwnerUuid: w.ids.admin } });
    expect(response.statusCode, response.body).toBe(200);
    await expectRefusal(() => call(w.as.owner, api.enableOrgProduct, { params: { orgId: w.orgId, productId: 'saas' }, body: { saasOwnerUuid: w.ids.admin } }), 400, 13002);
    await expectRefusal(() => call(w.as.member, api.enableOrgProduct, { params: { orgId: w.orgId, productId: 'saas' }, body: { saasOwnerUuid: w.ids.admin } }), 403, -6);
    const saas = (memberId: string) => ({ params: { orgId: w.orgId, memberId } });
    await expectRefusal(() => call(w.as.owner, api.setSaasMemberRole, { ...saas(w.ids.admin), body: { productId: 'saas', role: 'NONE' } }), 400, 13010);
    expect((await call(w.as.owner, api.setSaasMemberRole, { ...saas(w.ids.member), body: { productId: 'saas', role: 'VIEWER' } })).json().member.role).toBe('VIEWER');
    expect((await call(w.as.owner, api.setSaasOwner, { ...saas(w.ids.member), body: { productId: 'saas' } })).json().member.role).toBe('OWNER');
    const listed = (await call(w.as.owner, api.listSaasMembers, { params: { orgId: w.orgId }, query: { productId: 'saas' } })).json().members.map((m: { memberUuid: string; role: string }) => [m.memberUuid, m.role]);
    expect(listed).toEqual([
      [w.ids.member, 'OWNER'],
      [w.ids.admin, 'ADMIN'],
    ]);
    await expectRefusal(() => call(w.as.outsider, api.listSaasMembers, { params: { orgId: w.orgId }, query: { productId: 'saas' } }), 404, 23005);
    const orgView = (await call(w.as.owner, api.getOrgProduct, { params: { orgId: w.orgId, productId: 'saas' } })).json();
    expect(orgView.product.secretKey).toMatch(/^[A-Za-z0-9]{32}$/);
    const perms = (await call(w.as.admin, api.getOrgEnablePermission, { params: { productId: 'saas' } })).json().organizations;
    expect(perms).toEqual([{ orgId: w.orgId, orgName: 'Services Org', hasEnablePermission: true, enabled: true }]);
    const projectsAnswer = (await call(w.as.member, api.getProjectEnablePermission, { params: { productId: 'email' }, query: { orgId: w.orgId } })).json().projects;
    expect(projectsAnswer).toEqual([{ projectId: w.projects.services, projectName: 'Services Project', hasEnablePermission: false, enabled: true }]);
  });
});

/** The organization service `productId` (SaaS unless told) of organization `orgId`. */
const orgService = (orgId = w.orgId, productId = 'saas') => ({ params: { orgId, productId } });
const disableOrg = (who: Caller, id = w.orgId, productId = 'saas') => call(who, api.disableOrgProduct, orgService(id, productId));
const orgServiceState = async () => ({
  enabled: await w.t.db.select().from(orgProducts).where(and(eq(orgProducts.orgId, w.orgId), eq(orgProducts.productId, 'saas'))),
  saas: await w.t.db.select().from(saasMembers).where(and(eq(saasMembers.orgId, w.orgId), eq(saasMembers.productId, 'saas'))),
  hooks: await hookEventsOf(w.t.db, w.orgId, 'saas'),
});

describe('disabling an organization service', () => {
  it('refuses members (-6), another organization (not found) and a service not enabled, changing nothing', async () => {
    // Enabled by the test above ('organization services and SaaS members'), with two SaaS members.
    await w.t.db.update(products).set({ hookUrl: '/hooks/console' }).where(eq(products.productId, 'saas'));
    const before = await orgServiceState();
    expect(before.enabled).toHaveLength(1);
    expect(before.saas.length).toBeGreaterThan(0);
    await expectRefusal(() => disableOrg(w.as.member), 403, -6);
    await expectRefusal(() => disableOrg(w.as.viewer), 403, -6);
    await expectRefusal(() => disableOrg(w.as.outsider), 404, 23005);
    await expectRefusal(() => disableOrg(w.as.owner, w.orgId, 'email'), 404, 10404);
    expect(await orgServiceState()).toEqual(before);
  });

  it('is one transaction: when the product’s hook event cannot be written, the service stays enabled with its SaaS members', async () => {
    const before = await orgServiceState();
    await w.t.db.execute(sql`create function refuse_hook_event() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`);
    await w.t.db.execute(sql`create trigger refuse_hook_event before insert on product_hook_events for each row execute function refuse_hook_event()`);
    try {
      expect((await disableOrg(w.as.admin)).statusCode).toBe(500);
    } finally {
      await w.t.db.execute(sql`drop trigger refuse_hook_event on product_hook_events`);
      await w.t.db.execute(sql`drop function refuse_hook_event()`);
    }
    expect(await orgServiceState()).toEqual(before);
  });

  it('an organization ADMIN disables it: the Appkey and SaaS members go, the product is told, the activity is recorded; it can be enabled again', async () => {
    const [row] = (await orgServiceState()).enabled;
    expect((await call(w.as.owner, api.getOrgProduct, orgService())).json().product.appKey).toBe(row!.appKey);
    const response = await disableOrg(w.as.admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ productId: 'saas' });
    const after = await orgServiceState();
    expect(after.enabled).toEqual([]);
    expect(after.saas).toEqual([]);
    expect(after.hooks[0]).toMatchObject({ eventType: 'PRODUCT_DISABLED', orgId: w.orgId, projectId: null, productId: 'saas', appKey: row!.appKey });
    await expectRefusal(() => call(w.as.owner, api.getOrgProduct, orgService()), 404, 10404);
    const events = await w.t.db.select().from(activityEvents).where(eq(activityEvents.orgId, w.orgId));
    expect(events.some((event) => event.actionCode === 'PRODUCT_DISABLE' && event.projectId === null)).toBe(true);
    expect((await call(w.as.owner, api.getOrgEnablePermission, { params: { productId: 'saas' } })).json().organizations).toEqual([
      { orgId: w.orgId, orgName: 'Services Org', hasEnablePermission: true, enabled: false },
    ]);
    await expectRefusal(() => disableOrg(w.as.admin), 404, 10404);
    // Enabling again starts afresh with the SaaS OWNER named now.
    expect((await call(w.as.owner, api.enableOrgProduct, { ...orgService(), body: { saasOwnerUuid: w.ids.owner } })).statusCode).toBe(200);
    expect((await orgServiceState()).saas.map((m) => [m.memberId, m.role])).toEqual([[w.ids.owner, 'OWNER']]);
    await w.t.db.update(products).set({ hookUrl: null }).where(eq(products.productId, 'saas'));
  });
});
