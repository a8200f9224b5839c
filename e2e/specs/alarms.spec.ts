import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, expect, test, uniqueName } from '../fixtures.ts';
import { CONSOLE_SERVICE_CALLS, consoleCall } from '../page-objects/email-product.ts';
import { DevOutboxPage } from '../page-objects/mail-pages.ts';
import { ServerClock } from '../page-objects/server-clock.ts';

/**
 * Metric alarms as a new user meets them: a receiver group with a member and a webhook pointing at
 * a receiver this test starts on loopback (allowed by the e2e server's WEBHOOK_ALLOWED_HOSTS), an
 * alarm on the sample product's metric (Notification > Email, `sent_count` per sender) sending to
 * that group, traffic over the threshold through the metric ingestion API, then the alarm firing in
 * the occurrence history, its mail in the dev outbox, the webhook delivered with a valid signature
 * (and in the delivery log), the backtest of the saved rule over the last hour counting that firing
 * (marked on its chart), the alarm resolving once the traffic stops (list and history), and a
 * silence shown on the alarm.
 * Time: the engine evaluates the minute that ended 2 minutes ago; the spec moves the server's clock
 * 2 minutes ahead (dev clock) and the e2e server runs the rollup and the evaluation every 2 s
 * (ALARM_EVALUATION_INTERVAL_SECONDS) instead of waiting for the minute schedule.
 */

test.use({ signedInAs: 'owner' });

const MINUTE = 60_000;
const SECRET = 'e2e-webhook-secret-0123456789';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback: keeps every request, answers 200. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

/** docs/webhooks.md's verification: v1,base64(HMAC-SHA256(secret, "id.timestamp.body")). */
function signatureValid(secret: string, { headers, body }: Received): boolean {
  const expected = createHmac('sha256', secret).update(`${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`).digest('base64');
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((part) => part === `v1,${expected}`);
}

/** An organization and project of the spec's own (the demo organization's project limit is shared), with Email enabled: its Appkey and SecretKey. */
async function projectWithEmail(page: Page) {
  const org = await consoleCall(page, 'POST', '/api/cab/v5/organizations', { org: { orgName: uniqueName('Alarms Org') } });
  expect(org.status, JSON.stringify(org.body)).toBe(200);
  const orgId = (org.body.org as { orgId: string }).orgId;
  const project = await consoleCall(page, 'POST', '/api/cab/v5/projects', { orgId, projectName: uniqueName('Alarms') });
  expect(project.status, JSON.stringify(project.body)).toBe(200);
  const projectId = (project.body.project as { projectId: string }).projectId;
  expect((await consoleCall(page, 'POST', CONSOLE_SERVICE_CALLS.enable(projectId), {})).status).toBe(200);
  const inUse = (await consoleCall(page, 'GET', CONSOLE_SERVICE_CALLS.productInUse(projectId))).body as { product?: { appKey: string; secretKey: string } } & { appKey?: string; secretKey?: string };
  return { projectId, appKey: (inUse.product ?? inUse).appKey!, secretKey: (inUse.product ?? inUse).secretKey! };
}

/** The sample product's metric as it reports it: sent_count of one sender, through the ingestion API. */
async function ingest(request: APIRequestContext, keys: { appKey: string; secretKey: string }, sender: string, points: { at: Date; value: number }[]) {
  const response = await request.post('/api/metrics/v1/ingest/samples', {
    headers: { 'x-appkey': keys.appKey, 'x-secret-key': keys.secretKey },
    data: { samples: points.map((point) => ({ service: 'email', resourceType: 'sender', resourceId: sender, metricName: 'sent_count', timestamp: point.at.toISOString(), value: point.value })) },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function choose(page: Page, testId: string, option: string) {
  const select = page.getByTestId(testId);
  await select.locator('button[aria-haspopup]').first().click();
  await select.getByRole('option').filter({ hasText: option }).first().click();
  await page.keyboard.press('Escape');
}

test('an alarm fires on the sample product metric: history, mail, signed webhook, it resolves, then a silence', async ({ page, shell, request: clockRequest, playwright }) => {
  // About 50 s on an idle machine (the resolution adds a clock move); the shared 2 cores of CI-like runs need more.
  test.setTimeout(180_000);
  await shell.expectSignedInAs(DEMO.owner.name);
  const receiver = await startReceiver();
  // The clock's own session, and the product's calls without any session (Appkey and SecretKey only).
  const clock = new ServerClock(clockRequest, { email: DEMO.owner.email, password: DEMO.password });
  const product = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const keys = await projectWithEmail(page);
    const { projectId } = keys;
    const sender = 'alerts@e2e.example.com';
    // A first, quiet minute: the metric list of the alarm form offers what the project reported.
    await ingest(product, keys, sender, [{ at: new Date(Date.now() - 5 * MINUTE), value: 1 }]);

    // ---- a receiver group: the project's owner and a webhook to the loopback receiver ----
    const groupName = uniqueName('On call');
    await page.goto(`/project/${projectId}/receiver-group`);
    await page.getByTestId('receiver-group-add').click();
    await page.getByTestId('receiver-group-name').fill(groupName);
    await choose(page, 'receiver-group-members', DEMO.owner.name);
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-name-0').fill('Loopback');
    await page.getByTestId('webhook-target-0').fill(receiver.url);
    await page.getByTestId('webhook-secret-0').fill(SECRET);
    await page.getByTestId('receiver-group-save').click();
    const groupRow = page.getByTestId('receiver-groups-table').getByRole('row').filter({ hasText: groupName });
    await expect(groupRow).toBeVisible();

    // ---- the alarm: sent_count of the sender above 10 for 1 minute, to the receiver group ----
    const alarmName = uniqueName('Sends spike');
    await page.goto(`/project/${projectId}/alarm/management`);
    await page.getByTestId('alarm-add').click();
    await page.getByTestId('alarm-name').fill(alarmName);
    await expect(async () => {
      // The first sample's minute is rolled up within seconds; reload the form until the metric is offered.
      await page.getByTestId('alarm-metric').locator('button').first().click();
      await expect(page.getByTestId('alarm-metric').getByRole('option').filter({ hasText: 'sent_count' }).first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000, intervals: [500, 2_000] });
    await page.getByTestId('alarm-metric').getByRole('option').filter({ hasText: 'sent_count' }).first().click();
    await page.getByTestId('alarm-resource').fill(sender);
    await page.getByTestId('alarm-threshold').fill('10');
    await page.getByTestId('alarm-duration').fill('1');
    await choose(page, 'alarm-receiver-groups', groupName);
    await page.getByTestId('alarm-save').click();
    const alarmRow = page.getByTestId('alarm-list').getByRole('row').filter({ hasText: alarmName });
    await expect(alarmRow).toBeVisible();

    // ---- traffic over the threshold in the minutes the alarm evaluates next, then the clock 2 minutes on ----
    const alarms = await consoleCall(page, 'GET', `/api/alarm/v6/projects/${projectId}/metric-alarms?alarmNameLike=${encodeURIComponent(alarmName)}`);
    const watermark = Date.parse((alarms.body.alarms as { evaluatedThrough: string }[])[0]!.evaluatedThrough);
    await ingest(product, keys, sender, [1, 2, 3, 4].map((n) => ({ at: new Date(watermark + n * MINUTE + 30_000), value: 50 })));
    await clock.moveTo(new Date(Date.now() + 2 * MINUTE));

    // It fires: raised in the list and in the occurrence history. The engine's state is awaited
    // through the API (one call a second), then the list is loaded once to show it.
    const alarmState = async () =>
      ((await consoleCall(page, 'GET', `/api/alarm/v6/projects/${projectId}/metric-alarms?alarmNameLike=${encodeURIComponent(alarmName)}`)).body.alarms as { state: string }[])[0]?.state;
    await expect.poll(alarmState, { timeout: 40_000, intervals: [1_000] }).toBe('FIRING');
    await page.reload();
    await expect(alarmRow).toContainText(/발생|Raised/);
    // The backtest of the saved rule over the last hour: the firing the engine saw is one of its moments, marked on the chart.
    await alarmRow.getByRole('button', { name: /수정|Modify/ }).click();
    const range = page.getByTestId('backtest-range');
    await range.locator('button[aria-haspopup]').first().click();
    await range.getByRole('option').filter({ hasText: /최근 1시간|Last hour/ }).first().click();
    await page.getByTestId('alarm-backtest').click();
    await expect(page.getByTestId('backtest-result')).toContainText(/최근 1시간|Last hour/);
    const fired = Number(/(\d+)/.exec((await page.getByTestId('backtest-result').textContent()) ?? '')?.[1]);
    expect(fired).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('backtest-chart')).toBeVisible();

    await page.goto(`/project/${projectId}/alarm/occurrence`);
    await expect(page.getByTestId('alarm-occurrences').getByRole('row').filter({ hasText: alarmName })).toHaveCount(1);
    await expect(page.getByTestId('alarm-occurrences').getByRole('row').filter({ hasText: alarmName })).toContainText(/발생|Raised/);

    // The webhook: delivered once, signed with the group's secret, carrying the alarm.
    await expect.poll(() => receiver.received.filter((request) => request.body.includes(alarmName)).length, { timeout: 20_000 }).toBeGreaterThan(0);
    const delivery = receiver.received.find((request) => request.body.includes(alarmName))!;
    expect(signatureValid(SECRET, delivery)).toBe(true);
    expect(signatureValid('another-secret', delivery)).toBe(false);
    expect(JSON.parse(delivery.body)).toMatchObject({ eventType: 'ALARM_FIRING', projectId, params: expect.objectContaining({ alarmName }) });
    // …and in the group's delivery log.
    await page.goto(`/project/${projectId}/receiver-group`);
    await groupRow.locator('input[type="radio"]').check();
    await expect(page.getByTestId('delivery-log').getByRole('row').filter({ hasText: 'ALARM_FIRING' }).first()).toBeVisible({ timeout: 15_000 });

    // The mail to the group's member, in the dev outbox.
    const outbox = new DevOutboxPage(page);
    await outbox.openFromMyMenu();
    const mail = outbox.mailTo(DEMO.owner.email).filter({ hasText: alarmName }).first();
    await expect(async () => {
      if (!(await mail.isVisible())) await page.getByTestId('dev-outbox-refresh').click();
      await expect(mail).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    // ---- the traffic stops: minutes without data do not hold, so it resolves — in the list and the history ----
    await clock.moveTo(new Date(Date.now() + 7 * MINUTE));
    await expect.poll(alarmState, { timeout: 40_000, intervals: [1_000] }).toBe('OK');
    await page.goto(`/project/${projectId}/alarm/management`);
    await expect(alarmRow).toContainText(/정상|Normal/);
    await page.goto(`/project/${projectId}/alarm/occurrence`);
    await expect(page.getByTestId('alarm-occurrences').getByRole('row').filter({ hasText: alarmName })).toContainText(/해제|Closed/);

    // ---- silence it for an hour, with a reason: shown on the alarm ----
    await page.goto(`/project/${projectId}/alarm/management`);
    await alarmRow.getByTestId('alarm-silence').click();
    await page.getByTestId('silence-reason').fill('Planned load test');
    await page.getByTestId('silence-save').click();
    await expect(alarmRow.getByTestId('alarm-silenced')).toContainText('Planned load test');
  } finally {
    await clock.reset();
    receiver.server.close();
    await product.dispose();
  }
});
