import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as api from '@console/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, projectProducts } from '../../db/schema/index.ts';
import { createSecretBox, randomKey } from '../../platform/secrets.ts';
import { type Caller, type TestApp } from '../../test/helper.ts';
import { world } from '../../test/world.ts';

/**
 * INDIVIDUAL IP ACLs (a list per product, issue 10): enforced on that product's calls — the
 * routes naming it (:productId) and its proxied pages — with -8, and on no other call.
 */
let t: TestApp;
let owner: Caller;
let orgId: string;
let projectId: string;
let product: Server;
const box = createSecretBox();

const from = (who: Caller, remoteAddress: string): Caller => ({ ...who, as: (options) => who.as({ ...options, remoteAddress }) });
const INSIDE = '10.9.1.1';

beforeAll(async () => {
  const w = await world({ mailDomain: 'pacl.example.com', org: { name: 'Product ACL Co' }, roles: { owner: 'OWNER' }, projects: { main: { name: 'Main', members: {} } } });
  ({ t, orgId } = w);
  owner = w.as.owner;
  projectId = w.projects.main;
  await t.db.insert(products).values({ names: { ko: 'N', en: 'N', ja: 'N', zh: 'N' }, permissionName: 'N', productId: 'notes', productName: 'Notes' });
  for (const productId of ['email', 'notes']) {
    await t.db.insert(projectProducts).values({ orgId, projectId, productId, appKey: randomKey(20), secretKeyEnc: box.seal(randomKey(32)) });
  }
  product = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('product page'));
  await new Promise<void>((resolve) => product.listen(0, '127.0.0.1', resolve));
  await t.db.update(products).set({ productUrl: `http://127.0.0.1:${(product.address() as AddressInfo).port}` }).where(eq(products.productId, 'email'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => product.close(() => resolve()));
});

const productCall = (who: Caller, productId: string) => t.call(who, api.getProjectProduct, { params: { projectId, productId } });
const proxied = (who: Caller) => t.app.inject(who.as({ method: 'GET', url: `/product-proxy/email/?projectId=${projectId}` }));
const saveIpAcl = (who: Caller, body: object) => t.call(who, api.saveIpAcl, { params: { orgId }, body });

describe('INDIVIDUAL IP ACL (a list per product)', () => {
  it("refuses an outside address on that product's calls only, with -8, and lifts with the COMMON type", async () => {
    expect((await productCall(owner, 'email')).statusCode).toBe(200);
    expect((await proxied(owner)).statusCode).toBe(200);

    const saved = await saveIpAcl(owner, { ipAclTypeCode: 'INDIVIDUAL', productId: 'email', ipAclSelection: 'SETTING', ips: ['10.9.0.0/16'] });
    expect(saved.json().ipAcl).toMatchObject({ ipAclTypeCode: 'INDIVIDUAL', productId: 'email', ipAclSelection: 'SETTING' });

    // From outside the list: the product's route and its proxied page answer -8 with the address.
    const refused = await productCall(owner, 'email');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().header.resultCode).toBe(-8);
    expect(refused.json()).toMatchObject({ clientIp: '127.0.0.1', productId: 'email' });
    const page = await proxied(owner);
    expect(page.statusCode).toBe(403);
    expect(page.json().header.resultCode).toBe(-8);
    // Another product, the project and the organization are not concerned.
    expect((await productCall(owner, 'notes')).statusCode).toBe(200);
    expect((await t.call(owner, api.getProject, { params: { projectId } })).statusCode).toBe(200);
    expect((await t.call(owner, api.getOrganization, { params: { orgId } })).statusCode).toBe(200);

    // From inside the list: allowed.
    expect((await productCall(from(owner, INSIDE), 'email')).statusCode).toBe(200);
    expect((await proxied(from(owner, INSIDE))).statusCode).toBe(200);

    // NO_SETTING keeps the list but stops it.
    await saveIpAcl(owner, { ipAclTypeCode: 'INDIVIDUAL', productId: 'email', ipAclSelection: 'NO_SETTING', ips: ['10.9.0.0/16'] });
    expect((await productCall(owner, 'email')).statusCode).toBe(200);
    await saveIpAcl(owner, { ipAclTypeCode: 'INDIVIDUAL', productId: 'email', ipAclSelection: 'SETTING', ips: ['10.9.0.0/16'] });
    expect((await productCall(owner, 'email')).json().header.resultCode).toBe(-8);

    // Back to the COMMON type: the console's list is the only one; the product's list is kept, unused.
    await saveIpAcl(owner, { ipAclTypeCode: 'COMMON', ipAclSelection: 'NO_SETTING', ips: [] });
    expect((await productCall(owner, 'email')).statusCode).toBe(200);
    expect((await proxied(owner)).statusCode).toBe(200);
    expect((await t.call(owner, api.getIpAcl, { params: { orgId }, query: { productId: 'email' } })).json().ipAcl).toMatchObject({ ipAclSelection: 'SETTING', ips: ['10.9.0.0/16'] });
  });

  it("the console's own list still applies to product calls under the INDIVIDUAL type", async () => {
    await saveIpAcl(from(owner, INSIDE), { ipAclTypeCode: 'INDIVIDUAL', ipAclSelection: 'SETTING', ips: ['10.9.0.0/16', '127.0.0.1'] });
    await saveIpAcl(from(owner, INSIDE), { ipAclTypeCode: 'INDIVIDUAL', productId: 'notes', ipAclSelection: 'SETTING', ips: ['10.0.0.0/8'] });
    // 127.0.0.1 passes the console's list, but not the notes list.
    expect((await productCall(owner, 'notes')).json().header.resultCode).toBe(-8);
    expect((await productCall(owner, 'email')).json().header.resultCode).toBe(-8);
    expect((await productCall(from(owner, INSIDE), 'notes')).statusCode).toBe(200);
    // 10.200.0.1 passes the notes list but not the console's list.
    expect((await productCall(from(owner, '10.200.0.1'), 'notes')).json().header.resultCode).toBe(-8);
  });
});
