import * as api from '@console/contracts';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productHookEvents, products } from '../../db/schema/index.ts';
import { callOf, type Caller } from '../../test/helper.ts';
import { worldOf } from '../../test/world.ts';
import { hookEventsOf, PRODUCT_HOOK_SWEEP_JOB } from './product-hooks.ts';

/**
 * The SecretKey reissue hook (docs/products.md §5): a real HTTP receiver stands in for the
 * product; it can be up, answer 503, or be gone (nothing listening).
 */

const SIGNING_KEY = 'product-hook-test-signing-key-0123456789';
const w = worldOf({
  env: { PRODUCT_PROXY_SECRET: SIGNING_KEY },
  mailDomain: 'hooks.example.com',
  nameOf: (key) => key[0]!.toUpperCase() + key.slice(1),
  org: { name: 'Hooks Org' },
  roles: { owner: 'OWNER', viewer: 'MEMBER' },
  projects: { hooks: { name: 'Hooks Project', members: { viewer: ['VIEWER'] } } },
});
let receiver: Server;
let receiverUrl: string;
let answer = 200;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  await w.t.db.update(products).set({ appKeyReissueHookStatusCode: 'COMPLETE', productUrl: receiverUrl, hookUrl: '/hooks/console' }).where(eq(products.productId, 'email'));
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

const call = callOf(() => w.t);
/** The project's Email service: the params of its enable, disable and read. */
const email = () => ({ params: { projectId: w.projects.hooks, productId: 'email' } });
const reissue = async (who: Caller, appKey: string) => call(who, api.regenerateSecretKey, { params: { appKey }, body: { appKey } });
const sweep = async () => {
  await w.t.app.jobs.trigger(PRODUCT_HOOK_SWEEP_JOB);
  await w.t.runPendingJobs();
};
const events = async (eventType = 'APPKEY_SECRET_KEY_REISSUED') => (await hookEventsOf(w.t.db, w.orgId, 'email')).filter((event) => event.eventType === eventType);
const signatureOf = (id: string, timestamp: string, body: string) => `v1,${createHmac('sha256', SIGNING_KEY).update(`${id}.${timestamp}.${body}`).digest('base64')}`;

describe('SecretKey reissue hook', () => {
  let appKey: string;

  it('tells the product of a new SecretKey: signed, through the job enqueued with the reissue', async () => {
    const enabled = (await call(w.as.owner, api.enableProjectProduct, email())).json();
    appKey = enabled.product.appKey;
    expect(await events()).toEqual([]);
    // The enable told the product (its own event, delivered by its job): set that one aside.
    expect((await events('PRODUCT_ENABLED')).map((event) => event.statusCode)).toEqual(['PENDING']);
    await w.t.runPendingJobs();
    received.length = 0;

    const { secretKey } = (await reissue(w.as.owner, appKey)).json();
    // Committed with the reissue, not yet sent: the job does it.
    expect((await events()).map((event) => event.statusCode)).toEqual(['PENDING']);
    expect(received).toHaveLength(0);
    await w.t.runPendingJobs();

    expect(received).toHaveLength(1);
    const [delivery] = received;
    const body = JSON.parse(delivery!.body);
    expect(body).toMatchObject({ eventType: 'APPKEY_SECRET_KEY_REISSUED', productId: 'email', orgId: w.orgId, projectId: w.projects.hooks, appKey, secretKey });
    const id = String(delivery!.headers['webhook-id']);
    expect(id).toBe(body.eventId);
    expect(delivery!.headers['webhook-signature']).toBe(signatureOf(id, String(delivery!.headers['webhook-timestamp']), delivery!.body));
    expect((await events())[0]).toMatchObject({ statusCode: 'DELIVERED', attempts: 1 });
  });

  it('a refused reissue writes no event', async () => {
    const before = (await events()).length;
    await w.t.expectRefusal(() => reissue(w.as.viewer, appKey), 403, -6);
    expect(await events()).toHaveLength(before);
  });

  it('a product that is down is retried with backoff until it takes the event; nothing is lost', async () => {
    received.length = 0;
    // Gone: nothing listens where the hook points.
    await w.t.db.update(products).set({ productUrl: 'http://127.0.0.1:9' }).where(eq(products.productId, 'email'));
    await reissue(w.as.owner, appKey);
    await w.t.runPendingJobs();
    let [latest] = await events();
    expect(latest).toMatchObject({ statusCode: 'PENDING', attempts: 1 });
    expect(latest!.lastError).toBeTruthy();
    // Not due yet: the sweeper leaves it.
    await sweep();
    expect((await events())[0]!.attempts).toBe(1);

    // Back, but failing (503): still retried, the wait doubling.
    await w.t.db.update(products).set({ productUrl: receiverUrl }).where(eq(products.productId, 'email'));
    answer = 503;
    w.t.clock.advanceMinutes(1);
    await sweep();
    [latest] = await events();
    expect(latest).toMatchObject({ statusCode: 'PENDING', attempts: 2, lastHttpStatus: 503 });
    expect(latest!.nextAttemptAt.getTime() - w.t.clock.now().getTime()).toBe(10_000);

    // A second reissue while the product fails: its own event, also kept.
    const { secretKey: newest } = (await reissue(w.as.owner, appKey)).json();
    await w.t.runPendingJobs();
    expect((await events()).filter((event) => event.statusCode === 'PENDING')).toHaveLength(2);

    // The product is up again: both are delivered, each with the current SecretKey.
    answer = 204;
    w.t.clock.advanceMinutes(5);
    await sweep();
    const all = await events();
    expect(all.every((event) => event.statusCode === 'DELIVERED')).toBe(true);
    const delivered = received.slice(-2).map((entry) => JSON.parse(entry.body));
    expect(delivered.map((body) => body.secretKey)).toEqual([newest, newest]);
    expect(new Set(delivered.map((body) => body.eventId)).size).toBe(2);
  });

  it('a final 4xx refusal is kept as FAILED; a disabled service cancels what is pending', async () => {
    answer = 410;
    await reissue(w.as.owner, appKey);
    await w.t.runPendingJobs();
    expect((await events())[0]).toMatchObject({ statusCode: 'FAILED', lastHttpStatus: 410 });

    answer = 503;
    await reissue(w.as.owner, appKey);
    await w.t.runPendingJobs();
    expect((await events())[0]).toMatchObject({ statusCode: 'PENDING' });
    await call(w.as.owner, api.disableProjectProduct, email());
    answer = 204;
    w.t.clock.advanceMinutes(5);
    await sweep();
    expect((await events())[0]).toMatchObject({ statusCode: 'CANCELLED' });
    // The disable itself is told (it needs no service to read).
    expect((await events('PRODUCT_DISABLED'))[0]).toMatchObject({ statusCode: 'DELIVERED', appKey });
    expect(await w.t.db.select().from(productHookEvents).where(eq(productHookEvents.statusCode, 'PENDING'))).toEqual([]);
  });
});

const lifecycle = async () => (await hookEventsOf(w.t.db, w.orgId, 'email')).filter((event) => event.eventType !== 'APPKEY_SECRET_KEY_REISSUED');

describe('enable and disable hooks', () => {

  it('tells the product of an enable (with its Appkey and SecretKey) and of a disable (the Appkey only), signed, each in its own transaction', async () => {
    answer = 200;
    received.length = 0;
    const before = (await lifecycle()).length;
    const enabled = (await call(w.as.owner, api.enableProjectProduct, email())).json();
    const appKey = enabled.product.appKey as string;
    await w.t.runPendingJobs();
    const [enableDelivery] = received.splice(0);
    const enableBody = JSON.parse(enableDelivery!.body);
    const [secretRow] = await w.t.db.select().from(productHookEvents).where(eq(productHookEvents.id, enableBody.eventId));
    expect(secretRow).toMatchObject({ eventType: 'PRODUCT_ENABLED', statusCode: 'DELIVERED', projectId: w.projects.hooks });
    expect(enableBody).toMatchObject({ eventType: 'PRODUCT_ENABLED', productId: 'email', orgId: w.orgId, projectId: w.projects.hooks, appKey });
    expect(enableBody.secretKey).toEqual(expect.any(String));
    // The SecretKey it carries is the one the Appkey modal shows.
    const shown = (await call(w.as.owner, api.getProjectProduct, email())).json();
    expect(enableBody.secretKey).toBe(shown.product.secretKey);
    const id = String(enableDelivery!.headers['webhook-id']);
    expect(enableDelivery!.headers['webhook-signature']).toBe(signatureOf(id, String(enableDelivery!.headers['webhook-timestamp']), enableDelivery!.body));

    await call(w.as.owner, api.disableProjectProduct, email());
    await w.t.runPendingJobs();
    const [disableDelivery] = received.splice(0);
    const disableBody = JSON.parse(disableDelivery!.body);
    expect(disableBody).toMatchObject({ eventType: 'PRODUCT_DISABLED', productId: 'email', orgId: w.orgId, projectId: w.projects.hooks, appKey });
    expect(disableBody).not.toHaveProperty('secretKey');
    expect((await lifecycle()).length).toBe(before + 2);
  });

  it('a refused enable or disable tells nothing', async () => {
    const before = (await lifecycle()).length;
    await w.t.expectRefusal(() => call(w.as.viewer, api.enableProjectProduct, email()), 403, -6);
    await call(w.as.owner, api.enableProjectProduct, email());
    await w.t.expectRefusal(() => call(w.as.viewer, api.disableProjectProduct, email()), 403, -6);
    expect((await lifecycle()).map((event) => event.eventType).slice(0, (await lifecycle()).length - before)).toEqual(['PRODUCT_ENABLED']);
    await call(w.as.owner, api.disableProjectProduct, email());
    await w.t.runPendingJobs();
  });

  it('a product with a hook but no reissue hook is told of enable and disable only; one without a hook URL of nothing', async () => {
    await w.t.db.update(products).set({ appKeyReissueHookStatusCode: 'NONE' }).where(eq(products.productId, 'email'));
    const before = await hookEventsOf(w.t.db, w.orgId, 'email');
    const { appKey } = (await call(w.as.owner, api.enableProjectProduct, email())).json().product;
    await reissue(w.as.owner, appKey);
    const added = (await hookEventsOf(w.t.db, w.orgId, 'email')).slice(0, -before.length || undefined);
    expect(added.map((event) => event.eventType)).toEqual(['PRODUCT_ENABLED']);
    await call(w.as.owner, api.disableProjectProduct, email());

    await w.t.db.update(products).set({ hookUrl: null }).where(eq(products.productId, 'email'));
    const count = (await hookEventsOf(w.t.db, w.orgId, 'email')).length;
    await call(w.as.owner, api.enableProjectProduct, email());
    await call(w.as.owner, api.disableProjectProduct, email());
    expect(await hookEventsOf(w.t.db, w.orgId, 'email')).toHaveLength(count);
    await w.t.db.update(products).set({ appKeyReissueHookStatusCode: 'COMPLETE', hookUrl: '/hooks/console' }).where(eq(products.productId, 'email'));
  });
});
