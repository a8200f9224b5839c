import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../api/src/db/schema/index.ts';
import { createMember, createOrg, createProject, FIXTURE_PASSWORD } from '../../../api/src/test/fixtures.ts';
import { buildTestApp, callOf, type Caller, type TestApp } from '../../../api/src/test/helper.ts';
import { buildProductApp } from './app.ts';
import { DEVELOPMENT_PRODUCT_SECRETS_KEY } from './config.ts';
import { createConsoleClient } from './console-client.ts';
import { createSealer } from './crypto.ts';
import { createPool, migrate, type Pool } from './db.ts';
import { createMailService, type MailService } from './mail-service.ts';

/**
 * The console's enable and disable hooks reaching the real email product (docs/products.md §5):
 * the console's job delivers them over HTTP, signed; the product keeps the SecretKey it is given
 * at enable (no paste needed) and forgets the Appkey at disable.
 */
const PROXY_KEY = 'test-product-hook-key-0123456789abcd';
let t: TestApp;
let pool: Pool;
let mail: MailService;
let product: ReturnType<typeof buildProductApp>;
let owner: Caller;
let projectId: string;
const call = callOf(() => t);

beforeAll(async () => {
  t = await buildTestApp({ PRODUCT_PROXY_SECRET: PROXY_KEY });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const consoleUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const ownerId = (await createMember(t.db, 'owner@hooked.example.com')).id;
  const orgId = (await createOrg(t.db, 'Hooked Org', ownerId)).id;
  projectId = (await createProject(t.db, orgId, 'Hooked', ownerId)).id;
  owner = await t.login('owner@hooked.example.com', FIXTURE_PASSWORD);

  pool = createPool(t.databaseUrl, 3);
  await migrate(pool);
  mail = createMailService({ pool, console: createConsoleClient(consoleUrl), sealer: createSealer(DEVELOPMENT_PRODUCT_SECRETS_KEY), publicUrl: 'http://mail.example.test', clock: t.clock.now });
  product = buildProductApp({ mail, proxySecret: PROXY_KEY, clock: t.clock.now, logLevel: 'silent' });
  await product.listen({ port: 0, host: '127.0.0.1' });
  // The shipped catalogue's hook path, on this product's address.
  await t.db
    .update(products)
    .set({ productUrl: `http://127.0.0.1:${(product.server.address() as AddressInfo).port}` })
    .where(eq(products.productId, 'email'));
});

afterAll(async () => {
  await product.close();
  await pool.end();
});

describe('the console hooks of the email product', () => {
  it('keeps the SecretKey of an enable (checked with the console) and forgets the Appkey at disable', async () => {
    const enabled = (await call(owner, 'POST', `/api/cab/v5/projects/${projectId}/products/email/enable`)).json();
    const { appKey, secretKey } = enabled.product as { appKey: string; secretKey: string };
    expect(await mail.keyState(appKey)).toBeUndefined();
    await t.runPendingJobs();
    expect(await mail.keyState(appKey)).toMatchObject({ set_by: 'console', refused_at: null });
    expect(await mail.secretOf(appKey)).toBe(secretKey);

    await call(owner, 'DELETE', `/api/cab/v5/projects/${projectId}/products/email/disable`);
    await t.runPendingJobs();
    expect(await mail.keyState(appKey)).toBeUndefined();
  });

  it('refuses an unsigned, wrongly signed or stale call, and changes nothing', async () => {
    const body = JSON.stringify({ eventId: 'e-1', eventType: 'PRODUCT_DISABLED', appKey: 'whatever' });
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const sign = (key: string, timestamp: number) => `v1,${createHmac('sha256', key).update(`e-1.${timestamp}.${body}`).digest('base64')}`;
    const post = (headers: Record<string, string>) =>
      product.inject({ method: 'POST', url: '/hooks/console', headers: { 'content-type': 'application/json', 'webhook-id': 'e-1', ...headers }, payload: body });
    expect((await post({ 'webhook-timestamp': String(now) })).statusCode).toBe(401);
    expect((await post({ 'webhook-timestamp': String(now), 'webhook-signature': sign('another-key-0123456789abcdef', now) })).statusCode).toBe(401);
    expect((await post({ 'webhook-timestamp': String(now - 3600), 'webhook-signature': sign(PROXY_KEY, now - 3600) })).statusCode).toBe(401);
    expect((await post({ 'webhook-timestamp': String(now), 'webhook-signature': sign(PROXY_KEY, now) })).statusCode).toBe(204);
  });
});
