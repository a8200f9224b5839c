import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as api from '@console/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationOutbox, webhookDeliveries, webhooks } from '../../db/schema/index.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { assignRoleGroup, createRoleGroup, FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { worldOf } from '../../test/world.ts';
import { sweepDeliveries } from './delivery.ts';
import { enqueueNotification } from './outbox.ts';

/** A small receiver on loopback: answers what `answer` says, records every request. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  method: string;
}
let server: Server;
let receiverUrl: string;
const received: Received[] = [];
let answer: () => { status: number; body?: string } = () => ({ status: 200, body: 'ok' });

const w = worldOf({
  env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', PUBLIC_URL: 'https://console.example.com' },
  mailDomain: 'notify.example.com',
  roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', holder: 'MEMBER', outsider: null },
  otherOrg: { name: 'Other Co' },
  projects: { main: { name: 'Main', members: { member: ['MEMBER'], holder: ['MEMBER'] } } },
});

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body, method: request.method ?? '' });
      const { status, body: text } = answer();
      response.writeHead(status, { 'content-type': 'text/plain' }).end(text ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  answer = () => ({ status: 200, body: 'ok' });
});

const hook = (overrides: Partial<api.WebhookInput> = {}) => ({ name: 'Ops hook', targetUrl: receiverUrl, ...overrides });
const orgParams = () => ({ orgId: w.orgId });
let seq = 0;
const uniqueName = () => `Group ${++seq}`;

async function createGroup(body: object, who = w.as.owner) {
  const response = await w.t.call(who, api.createOrgReceiverGroup, { params: orgParams(), body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().receiverGroup as api.ReceiverGroupDetail;
}

async function refuse(body: object, field: string) {
  const refusal = await w.t.expectRefusal(() => w.t.call(w.as.owner, api.createOrgReceiverGroup, { params: orgParams(), body }), 400, 10001);
  expect(refusal.fieldErrors?.map((error: api.FieldError) => error.field)).toContain(field);
}

describe('receiver groups', () => {
  it('adds, lists with name search and paging, reads, changes and deletes a group', async () => {
    const group = await createGroup({ name: 'Night shift', description: 'Pager', memberIds: [w.ids.admin], webhooks: [hook({ secret: 'whsec-test-secret' })] });
    expect(group).toMatchObject({ name: 'Night shift', scope: 'ORG', memberCount: 1, webhookCount: 1 });
    expect(group.members).toEqual([{ membership: 'ADDED', memberId: w.ids.admin, invitationId: null, name: 'admin name', email: 'admin@notify.example.com' }]);
    expect(group.webhooks[0]).toMatchObject({ name: 'Ops hook', targetUrl: receiverUrl, hasSecret: true, typeCode: 'DEFAULT', paused: false });
    // The secret is sealed at rest.
    const [row] = await w.t.db.select().from(webhooks).where(eq(webhooks.id, group.webhooks[0]!.webhookId));
    expect(row!.secretSealed).not.toContain('whsec-test-secret');
    expect(createSecretBox().open(row!.secretSealed)).toBe('whsec-test-secret');

    const list = await w.t.call(w.as.owner, api.listOrgReceiverGroups, { params: orgParams(), query: { nameLike: 'night', limit: 1 } });
    expect(list.json().receiverGroups.map((g: api.ReceiverGroupSummary) => g.name)).toEqual(['Night shift']);
    // The list's counts are the group's own (the webhooks' count was read against the wrong table once).
    expect(list.json().receiverGroups[0]).toMatchObject({ memberCount: 1, roleGroupCount: 0, webhookCount: 1 });
    expect(list.json().paging).toEqual({ page: 1, limit: 1, totalCount: 1 });

    const changed = await w.t.call(w.as.owner, api.updateOrgReceiverGroup, {
      params: { orgId: w.orgId, receiverGroupId: group.receiverGroupId },
      body: { name: 'Night shift 2', memberIds: [], webhooks: [{ ...hook({ name: 'Renamed' }), webhookId: group.webhooks[0]!.webhookId }] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().receiverGroup).toMatchObject({ name: 'Night shift 2', memberCount: 0 });
    expect(changed.json().receiverGroup.webhooks[0]).toMatchObject({ webhookId: group.webhooks[0]!.webhookId, name: 'Renamed' });
    // Kept webhook keeps its secret when none is sent.
    const [after] = await w.t.db.select().from(webhooks).where(eq(webhooks.id, group.webhooks[0]!.webhookId));
    expect(createSecretBox().open(after!.secretSealed)).toBe('whsec-test-secret');

    const removed = await w.t.call(w.as.owner, api.deleteOrgReceiverGroup, { params: { orgId: w.orgId, receiverGroupId: group.receiverGroupId } });
    expect(removed.statusCode).toBe(200);
    const gone = await w.t.call(w.as.owner, api.getOrgReceiverGroup, { params: { orgId: w.orgId, receiverGroupId: group.receiverGroupId } });
    expect(gone.json().header.resultCode).toBe(10404);
  });

  it('refuses a duplicate name with 40103 and the spec text, changing nothing', async () => {
    await createGroup({ name: 'Dup name', memberIds: [w.ids.owner] });
    const body = await w.t.expectRefusal(() => w.t.call(w.as.owner, api.createOrgReceiverGroup, { params: orgParams(), body: { name: 'DUP NAME', memberIds: [w.ids.owner] } }), 400, 40103);
    expect(body.header.resultMessage).toBe('The notification receiver group name you entered already exists.');
    const ko = await w.t.call(w.as.owner, api.createOrgReceiverGroup, { params: orgParams(), body: { name: 'dup name', memberIds: [w.ids.owner] }, lang: 'ko_KR' });
    expect(ko.json().header.resultMessage).toBe('입력한 알림 수신 그룹 이름이 이미 존재합니다.');
  });

  it('applies the §5 rules next to their fields', async () => {
    await refuse({ name: '', memberIds: [w.ids.owner] }, 'body.name');
    await refuse({ name: 'x'.repeat(41), memberIds: [w.ids.owner] }, 'body.name');
    await refuse({ name: uniqueName() }, 'body.memberIds');
    await refuse({ name: uniqueName(), memberIds: [w.ids.outsider] }, 'body.memberIds.0');
    await refuse({ name: uniqueName(), webhooks: [hook({ targetUrl: 'ftp://example.com/x' })] }, 'body.webhooks.0.targetUrl');
    await refuse({ name: uniqueName(), webhooks: [hook({ targetUrl: '' })] }, 'body.webhooks.0.targetUrl');
    await refuse({ name: uniqueName(), webhooks: [hook({ name: '' })] }, 'body.webhooks.0.name');
    await refuse({ name: uniqueName(), webhooks: [hook({ name: 'w'.repeat(41) })] }, 'body.webhooks.0.name');
    await refuse({ name: uniqueName(), webhooks: [hook(), hook({ targetUrl: `${receiverUrl}?b` })] }, 'body.webhooks.1.name');
    await refuse({ name: uniqueName(), webhooks: [hook(), hook({ name: 'Other' })] }, 'body.webhooks.1.targetUrl');
    await refuse({ name: uniqueName(), webhooks: [hook({ typeCode: 'CUSTOM' })] }, 'body.webhooks.0.bodyTemplate');
    const six = Array.from({ length: 6 }, (_, index) => hook({ name: `Hook ${index}`, targetUrl: `${receiverUrl}?n=${index}` }));
    await refuse({ name: uniqueName(), webhooks: six }, 'body.webhooks.5.typeCode');
    // Five of each type is the limit, not more.
    const custom = Array.from({ length: 5 }, (_, index) => hook({ name: `Custom ${index}`, targetUrl: `${receiverUrl}?c=${index}`, typeCode: 'CUSTOM', bodyTemplate: '{"text":"{{eventType}}"}' }));
    await createGroup({ name: uniqueName(), webhooks: [...six.slice(0, 5), ...custom] });
  });

  it('needs the AlarmGroup permissions (organization ADMIN), and another organization answers not-found', async () => {
    await w.t.expectRefusal(() => w.t.call(w.as.member, api.createOrgReceiverGroup, { params: orgParams(), body: { name: uniqueName(), memberIds: [w.ids.owner] } }), 403, -6);
    await w.t.expectRefusal(() => w.t.call(w.as.member, api.listOrgReceiverGroups, { params: orgParams() }), 403, -6);
    await w.t.expectRefusal(() => w.t.call(w.as.outsider, api.listOrgReceiverGroups, { params: orgParams() }), 404, 23005);
    const byAdmin = await w.t.call(w.as.admin, api.createOrgReceiverGroup, { params: orgParams(), body: { name: uniqueName(), memberIds: [w.ids.owner] } });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    // A project group lives in its project only.
    const projectGroup = await w.t.call(w.as.owner, api.createProjectReceiverGroup, { params: { projectId: w.projects.main }, body: { name: 'Project group', memberIds: [w.ids.member] } });
    expect(projectGroup.statusCode, projectGroup.body).toBe(200);
    const fromOrg = await w.t.call(w.as.owner, api.getOrgReceiverGroup, { params: { orgId: w.orgId, receiverGroupId: projectGroup.json().receiverGroup.receiverGroupId } });
    expect(fromOrg.json().header.resultCode).toBe(10404);
    await w.t.expectRefusal(() => w.t.call(w.as.member, api.deleteProjectReceiverGroup, { params: { projectId: w.projects.main, receiverGroupId: projectGroup.json().receiverGroup.receiverGroupId } }), 403, -6);
  });

  it('keeps a role group a receiver group uses from being deleted (62011)', async () => {
    const roleGroup = await createRoleGroup(w.t.db, w.orgId, 'Used by receivers', ['PROJECT_ROLE:MEMBER']);
    await createGroup({ name: uniqueName(), roleGroupIds: [roleGroup.id] });
    await w.t.expectRefusal(() => w.t.call(w.as.owner, api.deleteOrgRoleGroup, { params: { orgId: w.orgId, roleGroupId: roleGroup.id } }), 400, 62011);
  });
});

describe('delivery through the outbox', () => {
  it('mails members and role-group holders, posts a signed event to the webhook; a rolled-back change sends nothing', async () => {
    const roleGroup = await createRoleGroup(w.t.db, w.orgId, 'Holders', ['PROJECT_ROLE:MEMBER']);
    await assignRoleGroup(w.t.db, w.orgId, w.projects.main, roleGroup.id, [w.ids.holder!]);
    const group = await createGroup({ name: uniqueName(), memberIds: [w.ids.admin], roleGroupIds: [roleGroup.id], webhooks: [hook({ secret: 'signing-secret-1' })] });
    const mailsBefore = (await w.t.mails()).length;

    await w.t.db
      .transaction(async (tx) => {
        await enqueueNotification(tx, w.t.app.jobs, w.t.clock.now, { orgId: w.orgId, eventType: 'PRODUCT_ENABLED', receiverGroupIds: [group.receiverGroupId], params: { productName: 'Rolled back' } });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const eventId = await w.t.db.transaction((tx) =>
      enqueueNotification(tx, w.t.app.jobs, w.t.clock.now, { orgId: w.orgId, projectId: w.projects.main, eventType: 'PRODUCT_ENABLED', receiverGroupIds: [group.receiverGroupId], params: { productName: 'Email' } }),
    );
    await w.t.runPendingJobs();

    expect(received).toHaveLength(1);
    const [request] = received;
    const payload = JSON.parse(request!.body);
    expect(payload).toMatchObject({ eventId, eventType: 'PRODUCT_ENABLED', orgId: w.orgId, projectId: w.projects.main, params: { productName: 'Email' } });
    const id = request!.headers['webhook-id'] as string;
    const timestamp = request!.headers['webhook-timestamp'] as string;
    expect(payload.id).toBe(id);
    const expected = createHmac('sha256', 'signing-secret-1').update(`${id}.${timestamp}.${request!.body}`).digest('base64');
    expect(request!.headers['webhook-signature']).toBe(`v1,${expected}`);

    const mails = (await w.t.mails()).slice(mailsBefore);
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(['admin@notify.example.com', 'holder@notify.example.com']);
    expect(mails[0]!.subject).toBe('[Cloud Console] 서비스 활성화');
    const events = await w.t.db.select().from(notificationOutbox).where(eq(notificationOutbox.orgId, w.orgId));
    expect(events.filter((event) => event.params.productName === 'Rolled back')).toEqual([]);
    expect(events.find((event) => event.id === eventId)).toMatchObject({ statusCode: 'DISPATCHED', mailCount: 2, webhookCount: 1 });
  });

  it('a dedupe key writes the event once', async () => {
    const event = { orgId: w.orgId, eventType: 'ALARM_FIRING' as const, dedupeKey: 'alarm:1:firing:0' };
    const first = await w.t.db.transaction((tx) => enqueueNotification(tx, w.t.app.jobs, w.t.clock.now, event));
    const second = await w.t.db.transaction((tx) => enqueueNotification(tx, w.t.app.jobs, w.t.clock.now, event));
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    await w.t.runPendingJobs();
  });

  it('test event, delivery log, redeliver with the same event and a new delivery id; the last result in the list', async () => {
    const group = await createGroup({ name: uniqueName(), webhooks: [hook()] });
    const params = { orgId: w.orgId, receiverGroupId: group.receiverGroupId, webhookId: group.webhooks[0]!.webhookId };
    const test = await w.t.call(w.as.owner, api.testOrgWebhook, { params });
    expect(test.statusCode, test.body).toBe(200);
    await w.t.runPendingJobs();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ eventType: 'WEBHOOK_TEST', params: { webhookName: 'Ops hook' } });

    const log = await w.t.call(w.as.owner, api.listOrgWebhookDeliveries, { params });
    const [delivery] = log.json().deliveries as api.Delivery[];
    expect(delivery).toMatchObject({ statusCode: 'SUCCEEDED', attemptCount: 1, eventType: 'WEBHOOK_TEST' });
    expect(delivery!.attempts).toEqual([expect.objectContaining({ attemptNo: 1, outcomeCode: 'SUCCESS', httpStatus: 200, responseExcerpt: 'ok' })]);

    const again = await w.t.call(w.as.owner, api.redeliverOrgWebhook, { params: { ...params, deliveryId: delivery!.deliveryId } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().delivery.redeliveryOf).toBe(delivery!.deliveryId);
    await w.t.runPendingJobs();
    expect(received).toHaveLength(2);
    expect(received[1]!.headers['webhook-id']).toBe(again.json().delivery.deliveryId);

    const read = await w.t.call(w.as.owner, api.getOrgReceiverGroup, { params: { orgId: w.orgId, receiverGroupId: group.receiverGroupId } });
    expect(read.json().receiverGroup.webhooks[0]).toMatchObject({ lastStatusCode: 'SUCCESS', lastHttpStatus: 200 });
  });

  it('retries 5xx and 429 later with the same delivery id, never other 4xx', async () => {
    const group = await createGroup({ name: uniqueName(), webhooks: [hook()] });
    const params = { orgId: w.orgId, receiverGroupId: group.receiverGroupId, webhookId: group.webhooks[0]!.webhookId };
    answer = () => ({ status: 503, body: 'down' });
    await w.t.call(w.as.owner, api.testOrgWebhook, { params });
    await w.t.runPendingJobs();
    let [delivery] = (await w.t.call(w.as.owner, api.listOrgWebhookDeliveries, { params })).json().deliveries as api.Delivery[];
    expect(delivery).toMatchObject({ statusCode: 'RETRYING', attemptCount: 1 });
    const wait = Date.parse(delivery!.nextAttemptDateTime!) - w.t.clock.now().getTime();
    expect(wait).toBeGreaterThanOrEqual(15_000);
    expect(wait).toBeLessThanOrEqual(30_000);
    // Not due yet: the sweeper leaves it.
    const deps = { db: w.t.db, jobs: w.t.app.jobs, clock: w.t.clock.now, box: createSecretBox(), outbound: { allowedHosts: ['127.0.0.1'] } };
    expect(await sweepDeliveries(deps)).toBe(0);
    answer = () => ({ status: 429 });
    w.t.clock.advanceMinutes(1);
    expect(await sweepDeliveries(deps)).toBe(1);
    answer = () => ({ status: 200 });
    w.t.clock.advanceMinutes(2);
    expect(await sweepDeliveries(deps)).toBe(1);
    [delivery] = (await w.t.call(w.as.owner, api.listOrgWebhookDeliveries, { params })).json().deliveries as api.Delivery[];
    expect(delivery).toMatchObject({ statusCode: 'SUCCEEDED', attemptCount: 3 });
    expect(delivery!.attempts.map((attempt) => attempt.httpStatus)).toEqual([503, 429, 200]);
    expect(new Set(received.map((request) => request.headers['webhook-id']))).toEqual(new Set([delivery!.deliveryId]));

    answer = () => ({ status: 410, body: 'gone' });
    await w.t.call(w.as.owner, api.testOrgWebhook, { params });
    await w.t.runPendingJobs();
    [delivery] = (await w.t.call(w.as.owner, api.listOrgWebhookDeliveries, { params })).json().deliveries as api.Delivery[];
    expect(delivery).toMatchObject({ statusCode: 'FAILED', attemptCount: 1, nextAttemptDateTime: null });
  });

  it('refuses an internal target that is not allowed, and says why in the log', async () => {
    const group = await createGroup({ name: uniqueName(), webhooks: [hook({ targetUrl: 'http://10.0.0.1/hook' })] });
    const params = { orgId: w.orgId, receiverGroupId: group.receiverGroupId, webhookId: group.webhooks[0]!.webhookId };
    await w.t.call(w.as.owner, api.testOrgWebhook, { params });
    await w.t.runPendingJobs();
    const [delivery] = (await w.t.call(w.as.owner, api.listOrgWebhookDeliveries, { params })).json().deliveries as api.Delivery[];
    expect(delivery).toMatchObject({ statusCode: 'FAILED' });
    expect(delivery!.attempts[0]).toMatchObject({ outcomeCode: 'REFUSED', errorMessage: 'Refused to call 10.0.0.1: private or reserved address' });
  });

  it('pauses a webhook whose deliveries kept failing for 24 hours and tells the admins; resume sends what waited', async () => {
    const group = await createGroup({ name: uniqueName(), webhooks: [hook()] });
    const params = { orgId: w.orgId, receiverGroupId: group.receiverGroupId, webhookId: group.webhooks[0]!.webhookId };
    answer = () => ({ status: 500 });
    await w.t.call(w.as.owner, api.testOrgWebhook, { params });
    await w.t.runPendingJobs();
    const deps = { db: w.t.db, jobs: w.t.app.jobs, clock: w.t.clock.now, box: createSecretBox(), outbound: { allowedHosts: ['127.0.0.1'] } };
    for (let hour = 0; hour < 30; hour++) {
      w.t.clock.advanceMinutes(60);
      await sweepDeliveries(deps);
    }
    // A day later the session has ended: sign in again.
    w.as.owner = await w.t.login('owner@notify.example.com', FIXTURE_PASSWORD);
    const read = await w.t.call(w.as.owner, api.getOrgReceiverGroup, { params: { orgId: w.orgId, receiverGroupId: group.receiverGroupId } });
    expect(read.json().receiverGroup.webhooks[0]).toMatchObject({ paused: true, pauseReason: 'DELIVERY_FAILED_FOR_24_HOURS' });
    const [delivery] = (await w.t.call(w.as.owner, api.listOrgWebhookDeliveries, { params })).json().deliveries as api.Delivery[];
    expect(delivery!.statusCode).toBe('FAILED');
    expect(delivery!.attemptCount).toBeGreaterThan(8);
    const mailsBefore = (await w.t.mails()).length;
    await w.t.runPendingJobs();
    const told = (await w.t.mails()).slice(mailsBefore);
    expect(told.map((mail) => mail.toAddress).sort()).toEqual(['admin@notify.example.com', 'owner@notify.example.com']);
    expect(told[0]!.textBody).toContain(group.name);

    // While paused, new deliveries wait; resume sends them.
    answer = () => ({ status: 200 });
    const eventId = await w.t.db.transaction((tx) => enqueueNotification(tx, w.t.app.jobs, w.t.clock.now, { orgId: w.orgId, eventType: 'PRODUCT_DISABLED', receiverGroupIds: [group.receiverGroupId] }));
    received.length = 0;
    await w.t.runPendingJobs();
    expect(received).toHaveLength(0);
    const resumed = await w.t.call(w.as.owner, api.resumeOrgWebhook, { params });
    expect(resumed.json().webhook.paused).toBe(false);
    await sweepDeliveries(deps);
    expect(received.map((request) => JSON.parse(request.body).eventId)).toEqual([eventId]);
    const [waiting] = await w.t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId!));
    expect(waiting!.statusCode).toBe('SUCCEEDED');
  });
});

describe('system notifications', () => {
  it('lists the hierarchy and categories in the lang header language, searches, reads one, sets receivers one by one and in bulk', async () => {
    // Earlier tests moved the clock a day on: fresh sessions.
    w.as.owner = await w.t.login('owner@notify.example.com', FIXTURE_PASSWORD);
    w.as.member = await w.t.login('member@notify.example.com', FIXTURE_PASSWORD);
    const hierarchy = await w.t.call(w.as.owner, api.getOrgSystemNotificationHierarchy, { params: orgParams(), lang: 'ja_JP' });
    expect(hierarchy.json().hierarchy).toEqual([
      { categoryKey: 'SERVICE', categoryName: 'サービス', notifications: expect.arrayContaining([{ alarmId: 'PRODUCT_ENABLED', alarmName: 'サービス有効化' }]) },
    ]);
    const categories = await w.t.call(w.as.owner, api.getOrgSystemNotificationCategories, { params: orgParams() });
    expect(categories.json().categories).toEqual([{ categoryKey: 'SERVICE', categoryName: 'Service' }]);
    const search = await w.t.call(w.as.owner, api.searchOrgSystemNotifications, { params: orgParams(), body: { keyword: '재발급' }, lang: 'ko_KR' });
    expect(search.json().notifications.map((n: api.SystemNotification) => n.alarmId)).toEqual(['SECRET_KEY_REGENERATED']);

    const group = await createGroup({ name: uniqueName(), webhooks: [hook()] });
    const set = await w.t.call(w.as.owner, api.setOrgSystemNotificationReceivers, { params: { orgId: w.orgId, alarmId: 'PRODUCT_ENABLED' }, body: { receiverGroupIds: [group.receiverGroupId] } });
    expect(set.statusCode, set.body).toBe(200);
    const detail = await w.t.call(w.as.owner, api.getOrgSystemNotification, { params: { orgId: w.orgId, alarmId: 'PRODUCT_ENABLED' } });
    expect(detail.json().notification.receiverGroups).toEqual([{ receiverGroupId: group.receiverGroupId, name: group.name, scope: 'ORG' }]);
    expect(detail.json().notification.parameters.map((p: { name: string }) => p.name)).toContain('productName');
    const bulk = await w.t.call(w.as.owner, api.setOrgSystemNotificationReceiversBulk, { params: orgParams(), body: { alarmIds: ['PRODUCT_DISABLED', 'SECRET_KEY_REGENERATED'], receiverGroupIds: [group.receiverGroupId] } });
    expect(bulk.json().notifications.map((n: api.SystemNotification) => n.receiverGroups.length)).toEqual([1, 1]);

    // An organization event of that type now reaches the group's webhook without naming it.
    await w.t.db.transaction((tx) => enqueueNotification(tx, w.t.app.jobs, w.t.clock.now, { orgId: w.orgId, eventType: 'SECRET_KEY_REGENERATED', params: { productName: 'Email' } }));
    await w.t.runPendingJobs();
    expect(received.map((request) => JSON.parse(request.body).eventType)).toEqual(['SECRET_KEY_REGENERATED']);

    await w.t.expectRefusal(() => w.t.call(w.as.owner, api.getOrgSystemNotification, { params: { orgId: w.orgId, alarmId: 'ALARM_FIRING' } }), 404, 10404);
    const other = await createGroup({ name: uniqueName(), memberIds: [w.ids.owner] });
    const projectGroup = await w.t.call(w.as.owner, api.createProjectReceiverGroup, { params: { projectId: w.projects.main }, body: { name: uniqueName(), memberIds: [w.ids.member] } });
    await w.t.expectRefusal(
      () => w.t.call(w.as.owner, api.setOrgSystemNotificationReceivers, { params: { orgId: w.orgId, alarmId: 'PRODUCT_ENABLED' }, body: { receiverGroupIds: [other.receiverGroupId, projectGroup.json().receiverGroup.receiverGroupId] } }),
      400,
      10001,
    );
    await w.t.expectRefusal(() => w.t.call(w.as.member, api.setOrgSystemNotificationReceivers, { params: { orgId: w.orgId, alarmId: 'PRODUCT_ENABLED' }, body: { receiverGroupIds: [] } }), 403, -6);
  });

  it('answers an event\'s parameters and the custom webhook types', async () => {
    const parameters = await w.t.call(w.as.owner, api.listProductEventParameters, { params: { event: 'ALARM_FIRING' } });
    expect(parameters.json().parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['alarmName', 'threshold', 'eventId']));
    expect((await w.t.call(w.as.owner, api.listProductEventParameters, { params: { event: 'NOPE' } })).statusCode).toBe(404);
    const types = await w.t.call(w.as.owner, api.listCustomWebhookTypes);
    expect(types.json()).toMatchObject({ typeCodes: ['DEFAULT', 'CUSTOM'], methods: ['POST', 'PUT', 'PATCH'] });
  });
});
