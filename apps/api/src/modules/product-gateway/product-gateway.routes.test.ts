import * as api from '@console/contracts';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, projectAuthentications, projectProducts } from '../../db/schema/index.ts';
import { createSecretBox, DEVELOPMENT_SECRETS_KEY, randomKey } from '../../platform/secrets.ts';
import { anonymous, type Caller } from '../../test/helper.ts';
import { worldOf } from '../../test/world.ts';
import { ACTOR_HEADER, productProxyKeyOf, readActorToken } from './actor-token.ts';

const w = worldOf({
  env: { PRODUCT_PROXY_TIMEOUT_MS: '2000' },
  mailDomain: 'gw.example.com',
  org: { name: 'Gateway Org' },
  roles: { owner: 'OWNER', viewer: 'MEMBER', none: 'MEMBER', outsider: null },
  otherOrg: { name: 'Other Org' },
  projects: {
    mail: { name: 'Mail Project', members: { viewer: ['VIEWER'], none: ['NONE'] } },
    /** A project of the same organization without Email. */
    plain: { name: 'Plain Project' },
    other: { name: 'Other Project', org: 'other' },
  },
});
const box = createSecretBox();
let appKey: string;
let secretKey: string;

/** A stand-in product: records what reaches it and answers with what it saw. */
let product: Server;
let productUrl: string;
const seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];

async function enable(org: string, project: string, productId = 'email') {
  const key = randomKey(20);
  const secret = randomKey(32);
  await w.t.db.insert(projectProducts).values({ orgId: org, projectId: project, productId, appKey: key, secretKeyEnc: box.seal(secret) });
  return { key, secret };
}

beforeAll(async () => {
  ({ key: appKey, secret: secretKey } = await enable(w.orgId, w.projects.mail));

  product = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      seen.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      if (request.url?.startsWith('/redirect')) {
        response.writeHead(302, { location: '/history?page=2' }).end();
        return;
      }
      response.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': 'sid=product-cookie; Path=/',
        'content-security-policy': "frame-ancestors *",
        'x-product': 'email',
      });
      response.end(JSON.stringify({ method: request.method, url: request.url, body }));
    });
  });
  await new Promise<void>((resolve) => product.listen(0, '127.0.0.1', resolve));
  productUrl = `http://127.0.0.1:${(product.address() as AddressInfo).port}`;
  await w.t.db.update(products).set({ productUrl }).where(eq(products.productId, 'email'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => product.close(() => resolve()));
});

/** A call of the product mail endpoint with the product's key headers (no session). */
const sendMail = (headers: Record<string, string>, body: object) => w.t.call(anonymous, api.sendProductMail, { headers, body });
const verify = (headers: Record<string, string | undefined>, productId = 'email') =>
  w.t.call(anonymous, api.verifyProductAppKey, { headers: Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<string, string>, body: { productId } });

describe('POST /api/cab/v1/appkeys/verify', () => {
  it('answers the project and organization of a good service Appkey and SecretKey', async () => {
    const response = await verify({ 'x-appkey': appKey, 'x-secret-key': secretKey });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ header: { isSuccessful: true }, appKey, keyType: 'SERVICE', orgId: w.orgId, projectId: w.projects.mail, productId: 'email' });
  });

  it('refuses a missing, unknown or wrong pair alike with 10401 (no oracle)', async () => {
    const bodies = [];
    for (const headers of [{}, { 'x-appkey': appKey }, { 'x-appkey': appKey, 'x-secret-key': 'wrong' }, { 'x-appkey': 'NoSuchAppKey0000000x', 'x-secret-key': secretKey }]) {
      const response = await verify(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().header).toMatchObject({ isSuccessful: false, resultCode: 10401, resultMessage: 'The Appkey or SecretKey is not valid.' });
      bodies.push(response.json().header);
    }
    expect(new Set(bodies.map((header) => JSON.stringify(header))).size).toBe(1);
  });

  it('refuses a service Appkey used for another product with 10402', async () => {
    const response = await verify({ 'x-appkey': appKey, 'x-secret-key': secretKey }, 'dns');
    expect(response.statusCode).toBe(403);
    expect(response.json().header.resultCode).toBe(10402);
  });

  it('accepts a project Appkey for a product in use in its project, and refuses it where the product is not in use', async () => {
    const secret = randomKey(32);
    const inProject = randomKey(20);
    const elsewhere = randomKey(20);
    await w.t.db.insert(projectAuthentications).values([
      { orgId: w.orgId, projectId: w.projects.mail, authAlias: 'ci', authKey: inProject, secretKeyEnc: box.seal(secret) },
      { orgId: w.orgId, projectId: w.projects.plain, authAlias: 'ci', authKey: elsewhere, secretKeyEnc: box.seal(secret) },
    ]);
    const good = await verify({ 'x-appkey': inProject, 'x-secret-key': secret });
    expect(good.json()).toMatchObject({ keyType: 'PROJECT', projectId: w.projects.mail, orgId: w.orgId, appKey: inProject });
    const refused = await verify({ 'x-appkey': elsewhere, 'x-secret-key': secret });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().header.resultCode).toBe(10402);
  });

  it('refuses the old SecretKey as soon as it is regenerated, and a stopped key', async () => {
    const { key, secret } = await enable(w.orgId, w.projects.plain);
    expect((await verify({ 'x-appkey': key, 'x-secret-key': secret })).statusCode).toBe(200);
    const renewed = randomKey(32);
    await w.t.db.update(projectProducts).set({ secretKeyEnc: box.seal(renewed) }).where(eq(projectProducts.appKey, key));
    expect((await verify({ 'x-appkey': key, 'x-secret-key': secret })).json().header.resultCode).toBe(10401);
    expect((await verify({ 'x-appkey': key, 'x-secret-key': renewed })).statusCode).toBe(200);
    await w.t.db.update(projectProducts).set({ statusCode: 'STOP' }).where(eq(projectProducts.appKey, key));
    expect((await verify({ 'x-appkey': key, 'x-secret-key': renewed })).json().header.resultCode).toBe(10401);
    await w.t.db.delete(projectProducts).where(eq(projectProducts.appKey, key));
  });

  it('refuses a malformed product id with 10001', async () => {
    const response = await verify({ 'x-appkey': appKey, 'x-secret-key': secretKey }, 'Not A Product!');
    expect(response.statusCode).toBe(400);
    expect(response.json().header.resultCode).toBe(10001);
  });
});

describe('POST /api/cab/v1/product-mail', () => {
  const payload = {
    productId: 'email',
    replyTo: 'sender@gw.example.com',
    subject: 'Quarterly report',
    locale: 'en_US',
    messages: [
      { to: 'a@gw.example.com', text: 'Hello A', html: '<p>Hello A</p>' },
      { to: 'b@gw.example.com', text: 'Hello B', html: '<p>Hello B</p>' },
    ],
  };

  it("queues one mail per message in the console's mail platform (the dev outbox here), for the key's organization", async () => {
    const response = await sendMail({ 'x-appkey': appKey, 'x-secret-key': secretKey }, payload);
    expect(response.json()).toMatchObject({ header: { isSuccessful: true }, accepted: 2 });
    await w.t.runPendingJobs();
    // Queued together at the test clock's one instant: ordered by recipient.
    const mails = (await w.t.mails()).filter((mail) => mail.kind === 'product.email').sort((a, b) => a.toAddress.localeCompare(b.toAddress));
    expect(mails.map((mail) => [mail.toAddress, mail.subject, mail.textBody, mail.orgId])).toEqual([
      ['a@gw.example.com', 'Quarterly report', 'Hello A', w.orgId],
      ['b@gw.example.com', 'Quarterly report', 'Hello B', w.orgId],
    ]);
  });

  it('refuses a wrong SecretKey and queues nothing', async () => {
    await w.t.expectRefusal(
      () => sendMail({ 'x-appkey': appKey, 'x-secret-key': 'nope' }, payload),
      401,
      10401,
    );
    expect(await w.t.pendingJobs('mail.send')).toEqual([]);
  });

  it('refuses more than 100 messages and a bad address with 10001', async () => {
    const many = Array.from({ length: 101 }, (_, index) => ({ to: `r${index}@gw.example.com`, text: 'x', html: 'x' }));
    for (const messages of [many, [{ to: 'not-an-address', text: 'x', html: 'x' }]]) {
      const response = await sendMail({ 'x-appkey': appKey, 'x-secret-key': secretKey }, { ...payload, messages });
      expect(response.json().header.resultCode).toBe(10001);
    }
  });
});

/** A role of a role group's body: ALLOW, no conditions. */
const role = (roleId: string) => ({ roleId, denialSetting: 'ALLOW', conditions: [] });
const createGroup = (body: object) => w.t.call(w.as.owner, api.createProjectRoleGroup, { params: { projectId: w.projects.mail }, body });

/** A product page's proxy address, as the console's product page frames it. */
const url = (path: string, project = w.projects.mail) => `/product-proxy/email${path}${path.includes('?') ? '&' : '?'}projectId=${project}&lang=en&theme=dark`;

describe('/product-proxy/{productId}/…', () => {
  const key = productProxyKeyOf(undefined, DEVELOPMENT_SECRETS_KEY);

  it('forwards a signed-in caller with the permission to the product, naming them in a signed header, without the console cookies', async () => {
    seen.length = 0;
    const response = await w.t.app.inject(w.as.owner.as({ method: 'GET', url: url('/history?page=2') }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ method: 'GET', url: `/history?page=2&projectId=${w.projects.mail}&lang=en&theme=dark` });
    const reached = seen[0]!;
    expect(reached.headers.cookie).toBeUndefined();
    expect(reached.headers['x-csrf-token']).toBeUndefined();
    expect(reached.headers['x-secret-key']).toBeUndefined();
    expect(reached.headers['x-forwarded-prefix']).toBe('/product-proxy/email');
    const claims = readActorToken(key, String(reached.headers[ACTOR_HEADER]), w.t.clock.now())!;
    expect(claims).toMatchObject({ sub: w.ids.owner, typ: 'TOAST_CLOUD', email: 'owner@gw.example.com', org: w.orgId, prj: w.projects.mail, pid: 'email', ak: appKey, write: true });
    expect(claims.exp - claims.iat).toBe(60);
    expect(JSON.stringify(reached.headers)).not.toContain(secretKey);
    // The product's cookie and loosened policy never reach the console's origin.
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['x-product']).toBe('email');
  });

  it('keeps a redirect of the product under the proxy', async () => {
    const response = await w.t.app.inject(w.as.owner.as({ method: 'GET', url: url('/redirect') }));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/product-proxy/email/history?page=2');
  });

  it('streams a change through with the CSRF token, and refuses it without', async () => {
    seen.length = 0;
    const refused = await w.t.app.inject({ method: 'POST', url: url('/ui/mails'), cookies: w.as.owner.cookies, payload: { title: 'x' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().header.resultCode).toBe(10403);
    expect(seen).toEqual([]);
    const response = await w.t.app.inject(w.as.owner.as({ method: 'POST', url: url('/ui/mails'), payload: { title: 'Hello' } }));
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.json().body)).toEqual({ title: 'Hello' });
    expect(seen[0]!.headers['content-type']).toContain('application/json');
  });

  it('asks for a session', async () => {
    const response = await w.t.app.inject({ method: 'GET', url: url('/') });
    expect(response.statusCode).toBe(401);
    expect(response.json().header.resultCode).toBe(100);
  });

  it("answers another tenant's project as not found, and the caller's own project without Email as service not in use", async () => {
    seen.length = 0;
    const foreign = await w.t.app.inject(w.as.outsider.as({ method: 'GET', url: url('/') }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().header.resultCode).toBe(40017);
    expect(foreign.body).not.toContain(w.projects.mail);
    const notInUse = await w.t.app.inject(w.as.outsider.as({ method: 'GET', url: url('/', w.projects.other) }));
    expect(notInUse.statusCode).toBe(403);
    expect(notInUse.json().header.resultCode).toBe(10402);
    expect(seen).toEqual([]);
  });

  it('lets the engine decide: a VIEWER reads but may not change, a NONE member reads nothing', async () => {
    const read = await w.t.app.inject(w.as.viewer.as({ method: 'GET', url: url('/') }));
    expect(read.statusCode).toBe(200);
    const claims = readActorToken(key, String(seen.at(-1)!.headers[ACTOR_HEADER]), w.t.clock.now())!;
    expect(claims.write).toBe(false);
    const change = await w.t.app.inject(w.as.viewer.as({ method: 'POST', url: url('/ui/mails'), payload: {} }));
    expect(change.statusCode).toBe(403);
    // The product's own permissions are what the proxy needs, and what its refusal names.
    expect(change.json()).toMatchObject({ header: { resultCode: -6 }, neededPermissions: ['Email:Project.Product.Update'] });
    const none = await w.t.app.inject(w.as.none.as({ method: 'GET', url: url('/') }));
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ header: { resultCode: -6 }, neededPermissions: ['Email:Project.Product.Get'] });
    expect(none.json().neededRoles).toEqual(expect.arrayContaining([expect.objectContaining({ category: 'PROJECT_ROLE', roleName: 'VIEWER' })]));
  });

  it('a role group naming the product permission lets a NONE member use that product (and the -6 names the group)', async () => {
    // Only catalogue products, only a product's permissions.
    const unknown = await createGroup({ roleGroupName: 'Dns readers', roles: [role('Dns:Project.Product.Get')] });
    expect(unknown.json()).toMatchObject({ header: { resultCode: 10001 }, fieldErrors: [{ field: 'body.roles.0.roleId' }] });
    const notProduct = await createGroup({ roleGroupName: 'Email members', roles: [role('Email:Project.Member.List')] });
    expect(notProduct.json().header.resultCode).toBe(10001);

    const created = await createGroup({ roleGroupName: 'Email readers', roles: [role('Email:Project.Product.Get')] });
    expect(created.statusCode, created.body).toBe(200);
    const group = created.json().roleGroup;
    expect(group.roles).toMatchObject([{ roleId: 'Email:Project.Product.Get', category: 'PROJECT_SERVICE_ROLE', categoryTypeCode: 'PERMISSION' }]);

    // Before the member is in it, the refusal names the group that would grant it.
    const before = await w.t.app.inject(w.as.none.as({ method: 'GET', url: url('/') }));
    expect(before.json().relatedRoles).toEqual([expect.objectContaining({ permissionId: 'Email:Project.Product.Get', roleGroupNames: ['Email readers'] })]);

    const assigned = await w.t.call(w.as.owner, api.setRoleGroupMembers, { params: { projectId: w.projects.mail, roleGroupId: group.roleGroupId }, body: { projectMemberUuids: [w.ids.none] } });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const read = await w.t.app.inject(w.as.none.as({ method: 'GET', url: url('/') }));
    expect(read.statusCode).toBe(200);
    expect(readActorToken(key, String(seen.at(-1)!.headers[ACTOR_HEADER]), w.t.clock.now())!.write).toBe(false);
    // The product permission only: nothing else of the project's.
    const authorized = await w.t.call(w.as.none, api.authorizeProject, {
      params: { projectId: w.projects.mail },
      body: { permissionIds: ['Email:Project.Product.Get', 'Project.Product.Get', 'Email:Project.Product.Update'] },
    });
    expect(authorized.json().permissionIds.map((answer: { authorized: boolean }) => answer.authorized)).toEqual([true, false, false]);
    await w.t.call(w.as.owner, api.deleteProjectRoleGroup, { params: { projectId: w.projects.mail, roleGroupId: group.roleGroupId } });
  });

  it('refuses a missing project id, an unknown product, and answers 10503 when the product does not answer', async () => {
    const noProject = await w.t.app.inject(w.as.owner.as({ method: 'GET', url: '/product-proxy/email/' }));
    expect(noProject.json().header.resultCode).toBe(10001);
    const unknown = await w.t.app.inject(w.as.owner.as({ method: 'GET', url: `/product-proxy/dns/?projectId=${w.projects.mail}` }));
    expect(unknown.statusCode).toBe(404);
    await w.t.db.update(products).set({ productUrl: 'http://127.0.0.1:9' }).where(eq(products.productId, 'email'));
    const down = await w.t.app.inject(w.as.owner.as({ method: 'GET', url: url('/') }));
    expect(down.statusCode).toBe(503);
    expect(down.json().header.resultCode).toBe(10503);
    await w.t.db.update(products).set({ productUrl }).where(eq(products.productId, 'email'));
  });

  it('stops serving a project once the product is disabled there', async () => {
    await w.t.db.execute(sql`update project_products set status_code = 'STOP' where app_key = ${appKey}`);
    const response = await w.t.app.inject(w.as.owner.as({ method: 'GET', url: url('/') }));
    expect(response.json().header.resultCode).toBe(10402);
    await w.t.db.execute(sql`update project_products set status_code = 'STABLE' where app_key = ${appKey}`);
  });
});

const bearer = (token: string): Caller => ({
  cookies: {},
  headers: { authorization: `Bearer ${token}` },
  as: (options) => ({ ...options, headers: { ...(options.headers as Record<string, string>), authorization: `Bearer ${token}` } }),
});
async function tokenOf(who: Caller) {
  const created = await w.t.call(who, api.createUserAccessKey, {});
  expect(created.statusCode, created.body).toBe(200);
  const { userAccessKey, secretAccessKey } = created.json() as { userAccessKey: api.UserAccessKey; secretAccessKey: string };
  const issued = await w.t.call(anonymous, api.issueAccessToken, { body: { userAccessKeyId: userAccessKey.userAccessKeyId, secretAccessKey } });
  expect(issued.statusCode, issued.body).toBe(200);
  return { token: issued.json().accessToken as string, userAccessKeyId: userAccessKey.userAccessKeyId };
}

describe('/product-proxy/{productId}/… with an access token (API credentials)', () => {
  const key = productProxyKeyOf(undefined, DEVELOPMENT_SECRETS_KEY);
  it("acts as the key's holder: reads and changes without a cookie or CSRF token, the token never forwarded; the holder's permissions decide", async () => {
    const { token, userAccessKeyId } = await tokenOf(w.as.owner);
    seen.length = 0;
    const read = await w.t.app.inject(bearer(token).as({ method: 'GET', url: url('/history') }));
    expect(read.statusCode, read.body).toBe(200);
    const change = await w.t.app.inject(bearer(token).as({ method: 'POST', url: url('/ui/mails'), payload: { title: 'By token' } }));
    expect(change.statusCode, change.body).toBe(200);
    expect(JSON.parse(change.json().body)).toEqual({ title: 'By token' });
    for (const reached of seen) {
      expect(reached.headers.authorization).toBeUndefined();
      expect(JSON.stringify(reached.headers)).not.toContain(token);
      expect(readActorToken(key, String(reached.headers[ACTOR_HEADER]), w.t.clock.now())).toMatchObject({ sub: w.ids.owner, org: w.orgId, prj: w.projects.mail, write: true, via: 'TOKEN' });
    }
    // A VIEWER's token reads but may not change, as the VIEWER's session.
    const viewer = await tokenOf(w.as.viewer);
    expect((await w.t.app.inject(bearer(viewer.token).as({ method: 'GET', url: url('/history') }))).statusCode).toBe(200);
    const refused = await w.t.app.inject(bearer(viewer.token).as({ method: 'POST', url: url('/ui/mails'), payload: {} }));
    expect(refused.statusCode).toBe(403);
    // Another tenant's project stays not found; a deactivated key's token is refused.
    expect((await w.t.app.inject(bearer(token).as({ method: 'GET', url: url('/', w.projects.other) }))).statusCode).toBe(404);
    const deactivated = await w.t.call(w.as.owner, api.updateUserAccessKey, { params: { userAccessKeyId }, body: { status: 'STOP' } });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const after = await w.t.app.inject(bearer(token).as({ method: 'GET', url: url('/history') }));
    expect(after.statusCode).toBe(401);
  });
});
