import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectProducts } from '../../../api/src/db/schema/index.ts';
import { signActorToken } from '../../../api/src/modules/product-gateway/actor-token.ts';
import { createSecretBox, randomKey } from '../../../api/src/platform/secrets.ts';
import { createMember, createOrg, createProject } from '../../../api/src/test/fixtures.ts';
import { buildTestApp, type TestApp } from '../../../api/src/test/helper.ts';
import { buildProductApp } from './app.ts';
import { DEVELOPMENT_PRODUCT_SECRETS_KEY } from './config.ts';
import { createConsoleClient } from './console-client.ts';
import { createSealer } from './crypto.ts';
import { createPool, migrate, SCHEMA, type Pool } from './db.ts';
import { createMailService, STALE_SENDING_MS, type MailService } from './mail-service.ts';

/**
 * The product against the real console (its app listening on a port of its own, a fresh database):
 * every call is checked with the console, so a regenerated SecretKey is refused at the next call
 * until the new one is given; mails reach the console's dev outbox; opens are counted.
 */
const PROXY_KEY = 'test-product-proxy-key-0123456789';
let t: TestApp;
let pool: Pool;
let mail: MailService;
let product: ReturnType<typeof buildProductApp>;
let orgId: string;
let projectId: string;
let ownerId: string;
let appKey: string;
let secretKey: string;
const box = createSecretBox();

const actor = (write = true) =>
  signActorToken(
    PROXY_KEY,
    { sub: ownerId, typ: 'TOAST_CLOUD', name: 'Owner', email: 'owner@product.example.com', org: orgId, prj: projectId, pid: 'email', ak: appKey, lang: 'en', write },
    t.clock.now(),
  );
const sendApi = (secret: string, receivers = ['reader@product.example.com']) =>
  product.inject({
    method: 'POST',
    url: `/email/v2.0/appKeys/${appKey}/sender/mail?lang=en`,
    headers: { 'x-secret-key': secret },
    payload: { senderAddress: 'news@product.example.com', title: 'Weekly news', body: 'Hello\nworld', receiverList: receivers.map((receiveMailAddr) => ({ receiveMailAddr })) },
  });
const sendUi = () =>
  product.inject({
    method: 'POST',
    url: `/ui/mails?projectId=${projectId}&lang=en`,
    headers: { 'x-console-actor': actor() },
    payload: { senderAddress: 'owner@product.example.com', receiverList: 'a@product.example.com, b@product.example.com', title: 'From the UI', body: 'Hi' },
  });
const regenerate = async () => {
  const renewed = randomKey(32);
  await t.db.update(projectProducts).set({ secretKeyEnc: box.seal(renewed) }).where(eq(projectProducts.appKey, appKey));
  return renewed;
};

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const consoleUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ownerId = (await createMember(t.db, 'owner@product.example.com')).id;
  orgId = (await createOrg(t.db, 'Product Org', ownerId)).id;
  projectId = (await createProject(t.db, orgId, 'Mail', ownerId)).id;
  appKey = randomKey(20);
  secretKey = randomKey(32);
  await t.db.insert(projectProducts).values({ orgId, projectId, productId: 'email', appKey, secretKeyEnc: box.seal(secretKey) });

  pool = createPool(t.databaseUrl, 3);
  await migrate(pool);
  mail = createMailService({ pool, console: createConsoleClient(consoleUrl), sealer: createSealer(DEVELOPMENT_PRODUCT_SECRETS_KEY), publicUrl: 'http://mail.example.test', clock: t.clock.now });
  product = buildProductApp({ mail, proxySecret: PROXY_KEY, clock: t.clock.now, logLevel: 'silent' });
  await product.ready();
});

afterAll(async () => {
  await product.close();
  await pool.end();
});

/** A page of the product as the console's proxy asks it, for a caller who may write or not. */
const page = async (path: string, write: boolean) =>
  (await product.inject({ method: 'GET', url: `${path}?projectId=${projectId}&lang=en`, headers: { 'x-console-actor': actor(write), 'x-forwarded-prefix': '/product-proxy/email' } })).body;

describe('the email product with the console', () => {
  it('sends through the public API: the console checks the pair, the mail reaches its outbox, a .invalid domain fails', async () => {
    const response = await sendApi(secretKey, ['reader@product.example.com', 'nobody@example.invalid']);
    expect(response.statusCode).toBe(200);
    const { data } = response.json().body;
    expect(data.results.map((result: { receiveMailAddr: string; mailStatusCode: string }) => [result.receiveMailAddr, result.mailStatusCode])).toEqual([
      ['nobody@example.invalid', 'FAILED'],
      ['reader@product.example.com', 'SENT'],
    ]);
    await t.runPendingJobs();
    const outbox = (await t.mails()).filter((row) => row.kind === 'product.email');
    expect(outbox.map((row) => [row.toAddress, row.subject, row.orgId])).toEqual([['reader@product.example.com', 'Weekly news', orgId]]);
    expect(outbox[0]!.htmlBody).toMatch(/<img src="http:\/\/mail\.example\.test\/o\/[0-9a-f-]{36}\/[\w-]+\.gif"/);

    const listed = await product.inject({ method: 'GET', url: `/email/v2.0/appKeys/${appKey}/sender/mails?pageNum=1&pageSize=10`, headers: { 'x-secret-key': secretKey } });
    expect(listed.json().body).toMatchObject({ pageNum: 1, pageSize: 10, totalCount: 2 });
    const detail = await product.inject({ method: 'GET', url: `/email/v2.0/appKeys/${appKey}/sender/mail/${data.requestId}`, headers: { 'x-secret-key': secretKey } });
    expect(detail.json().body.data[0]).toMatchObject({ body: 'Hello\nworld', title: 'Weekly news' });
  });

  it('counts an open once per pixel fetch, and only with the right token', async () => {
    await t.runPendingJobs();
    const html = (await t.mails()).find((row) => row.kind === 'product.email')!.htmlBody;
    const pixel = new URL(html.match(/<img src="([^"]+)"/)![1]!).pathname;
    const wrong = pixel.replace(/\/[\w-]+\.gif$/, '/guessed.gif');
    const answers = [await product.inject({ method: 'GET', url: pixel }), await product.inject({ method: 'GET', url: wrong }), await product.inject({ method: 'GET', url: pixel })];
    expect(answers.map((answer) => [answer.statusCode, answer.headers['content-type']])).toEqual([0, 1, 2].map(() => [200, 'image/gif']));
    const mailId = pixel.split('/')[2];
    const { rows } = await pool.query(`select open_count from ${SCHEMA}.mails where mail_id = $1`, [mailId]);
    expect(rows[0].open_count).toBe(2);
    const { rows: reports } = await pool.query(`select items from ${SCHEMA}.reports where kind = 'USAGE'`);
    const keys = reports.flatMap((row: { items: { idempotencyKey: string }[] }) => row.items.map((item) => item.idempotencyKey));
    expect(keys).toEqual(expect.arrayContaining([`${mailId}:open:1:open_count`, `${mailId}:open:2:open_count`]));
  });

  it('refuses the next call after the SecretKey is regenerated, until the new one is given (API and UI)', async () => {
    // The UI needs the SecretKey pasted in Settings first (the API calls above left theirs: as before any).
    await pool.query(`delete from ${SCHEMA}.app_keys`);
    const missing = await sendUi();
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error).toMatchObject({ code: 'SECRET_KEY_MISSING', settings: true });
    const wrongPaste = await product.inject({ method: 'PUT', url: '/ui/secret-key?lang=en', headers: { 'x-console-actor': actor() }, payload: { secretKey: 'NotTheRightKey' } });
    expect(wrongPaste.json().error.fieldErrors).toEqual({ secretKey: "This SecretKey does not match this project's Appkey." });
    const pasted = await product.inject({ method: 'PUT', url: '/ui/secret-key', headers: { 'x-console-actor': actor() }, payload: { secretKey } });
    expect(pasted.json()).toEqual({ saved: true });
    expect((await sendUi()).json().mails).toHaveLength(2);

    const renewed = await regenerate();
    const api = await sendApi(secretKey);
    expect(api.statusCode).toBe(401);
    expect(api.json().header).toMatchObject({ isSuccessful: false, resultCode: 10401 });
    const ui = await sendUi();
    expect(ui.statusCode).toBe(401);
    expect(ui.json().error).toMatchObject({ code: 'SECRET_KEY_REFUSED', settings: true });
    const settings = await product.inject({ method: 'GET', url: `/settings?projectId=${projectId}&lang=en`, headers: { 'x-console-actor': actor() } });
    expect(settings.body).toContain('The console refused the stored SecretKey');

    await product.inject({ method: 'PUT', url: '/ui/secret-key', headers: { 'x-console-actor': actor() }, payload: { secretKey: renewed } });
    expect((await sendUi()).statusCode).toBe(200);
    expect((await sendApi(renewed)).statusCode).toBe(200);
    secretKey = renewed;
  });

  it('shows its pages only to a caller the console names, and changes nothing for a read-only one', async () => {
    const direct = await product.inject({ method: 'GET', url: '/send?lang=ja' });
    expect(direct.statusCode).toBe(401);
    expect(direct.body).toContain('コンソールの Email 製品画面から開いてください');
    const forged = await product.inject({ method: 'GET', url: '/send', headers: { 'x-console-actor': `${actor().slice(0, -4)}AAAA` } });
    expect(forged.statusCode).toBe(401);
    const history = await product.inject({ method: 'GET', url: `/history?projectId=${projectId}&lang=zh&theme=dark`, headers: { 'x-console-actor': actor(false), 'x-forwarded-prefix': '/product-proxy/email' } });
    expect(history.body).toContain('<html lang="zh" data-theme="dark">');
    expect(history.body).toContain('/product-proxy/email/static/app.js?projectId=');
    expect(history.body).toContain('已发送');
    // Opened alone it leads between its pages itself; framed by the console (embedded=1), the console's tabs do.
    expect(history.body).toContain('<nav class="tabs"');
    const framed = await product.inject({ method: 'GET', url: `/history?projectId=${projectId}&lang=zh&embedded=1`, headers: { 'x-console-actor': actor(false), 'x-forwarded-prefix': '/product-proxy/email' } });
    expect(framed.statusCode).toBe(200);
    expect(framed.body).not.toContain('<nav class="tabs"');
    expect(framed.body).toContain(`/product-proxy/email/static/app.js?projectId=${projectId}&amp;lang=zh&amp;embedded=1`);
    const readOnly = await product.inject({ method: 'POST', url: '/ui/mails', headers: { 'x-console-actor': actor(false) }, payload: {} });
    expect(readOnly.statusCode).toBe(403);
  });

  it('serves its forms with the submit button disabled until its script sends them (with the CSRF token); enabled by it only for a writer', async () => {
    expect(await page('/send', true)).toContain('<button type="submit" class="primary" disabled data-script-enables>Send</button>');
    expect(await page('/send', false)).toContain('<button type="submit" class="primary" disabled>Send</button>');
    expect(await page('/settings', true)).toMatch(/<button type="submit" class="primary" disabled data-script-enables>[^<]+<\/button>/);
    expect(await page('/settings', false)).toMatch(/<button type="submit" class="primary" disabled>[^<]+<\/button>/);
  });

  it('names each wrong field of a send, in the caller language', async () => {
    const response = await product.inject({
      method: 'POST',
      url: '/ui/mails?lang=ko',
      headers: { 'x-console-actor': actor() },
      payload: { senderAddress: 'not-mail', receiverList: 'x@y.example.com, broken', title: '', body: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fieldErrors).toEqual({
      senderAddress: '올바른 이메일 주소가 아닙니다: not-mail',
      receiverList: '올바른 이메일 주소가 아닙니다: broken',
      title: '필수 입력 항목입니다.',
    });
  });

  it('sends again a mail a stopped process left SENDING', async () => {
    const { rows: [row] } = await pool.query(
      `insert into ${SCHEMA}.mails (mail_id, request_id, app_key, org_id, project_id, sender_address, receive_address, title, body, status, open_token, source, created_at, updated_at)
       values (gen_random_uuid(), 'stale-request', $1, $2, $3, 'ops@product.example.com', 'late@product.example.com', 'Late', 'Late body', 'SENDING', 'token', 'API', $4, $4) returning mail_id`,
      [appKey, orgId, projectId, new Date(t.clock.now().getTime() - STALE_SENDING_MS - 1000)],
    );
    expect(await mail.resendStale()).toBe(1);
    const { rows } = await pool.query(`select status from ${SCHEMA}.mails where mail_id = $1`, [row.mail_id]);
    expect(rows[0].status).toBe('SENT');
    await t.runPendingJobs();
    expect((await t.mails()).some((outbox) => outbox.toAddress === 'late@product.example.com')).toBe(true);
  });
});
