import * as api from '@console/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { callOf, type Caller } from '../../test/helper.ts';
import { pruneHistory } from './alarms.jobs.ts';
import { alarmsWorld } from './alarms.test-world.ts';
import { evaluateBatch, type AlarmNotifier, type AlarmStateChange } from './alarms.engine.ts';

let groupId: string;
const w = alarmsWorld({
  mailDomain: 'alarms.example.com',
  otherOrgName: 'Other Alarms Org',
  appKey: 'alarmsappkey00000001',
  projects: {
    main: { name: 'Alarms Project', members: { member: ['MEMBER'], viewer: ['NOTICE_VIEWER'] } },
    elsewhere: { name: 'Elsewhere Alarms', org: 'other' },
  },
});
const call = callOf(() => w.t);
const MINUTE = 60_000;

beforeAll(async () => {
  const group = await call(w.as.admin, api.projectAlarmGroups.create, {
    params: { projectId: w.projects.main },
    body: { alarmGroupName: 'Alarm Receivers', targets: [{ targetType: 'MEMBER', targetId: w.ids.member }, { targetType: 'ROLE', targetId: 'PROJECT_ROLE:NOTICE_VIEWER' }] },
  });
  groupId = group.json().alarmGroup.alarmGroupId;
});

const rule = (overrides: Record<string, unknown> = {}) => ({
  alarmName: 'High sends',
  service: 'email',
  resourceType: 'sender',
  resourceId: '',
  metricName: 'sent_count',
  conditionOperator: 'GT',
  threshold: 10,
  durationMinutes: 3,
  methods: ['EMAIL'],
  alarmGroupIds: [groupId],
  ...overrides,
});
const create = (overrides: Record<string, unknown> = {}, who: Caller = w.as.admin) => call(who, api.createAlarm, { params: { projectId: w.projects.main }, body: rule(overrides) });

/** One rollup minute of a resource (what the per-minute rollup writes). */
const minute = (at: Date, value: number, resourceId = 'sender-1', labels: Record<string, string> = { region: 'KR1' }, metric = 'sent_count') =>
  w.minute(at, value, resourceId, labels, metric);
const floorMinute = (date: Date) => new Date(Math.floor(date.getTime() / MINUTE) * MINUTE);
const minutesFromNow = (n: number) => new Date(floorMinute(w.t.clock.now()).getTime() + n * MINUTE);

const tick = w.tick;
/** The outbox events of an alarm (one per state change), in order. */
const alarmEvents = async (alarmId: string) =>
  (await w.t.db.execute<{ event_type: string }>(sql`select event_type from notification_outbox where params->>'alarmId' = ${alarmId} order by created_at, event_type`)).rows.map((row) => row.event_type);
const alarmMails = async (eventType: string) =>
  (await w.t.db.execute<{ to_address: string }>(sql`select to_address from mail_outbox where kind = ${`notification.${eventType}`} order by to_address`)).rows.map((row) => row.to_address);
const get = async (alarmId: string) => (await call(w.as.viewer, api.getAlarm, { params: { projectId: w.projects.main, alarmId } })).json().alarm;

describe('adding and modifying alarms (§5)', () => {
  it('adds, reads, lists, modifies with the same form, disables and deletes', async () => {
    const created = await create({ alarmName: 'Lifecycle', description: 'first', filters: [{ key: 'region', operator: '=', value: 'KR1' }], threshold: '12.5' });
    expect(created.statusCode, created.body).toBe(200);
    const alarm = created.json().alarm;
    expect(alarm).toMatchObject({ alarmName: 'Lifecycle', threshold: 12.5, enabled: true, state: 'OK', raised: false, alarmGroupIds: [groupId], projectName: 'Alarms Project' });
    const listed = await call(w.as.viewer, api.listAlarms, { params: { projectId: w.projects.main }, query: { alarmNameLike: 'lifecyc' } });
    expect(listed.json().alarms.map((a: { alarmId: string }) => a.alarmId)).toEqual([alarm.alarmId]);
    const updated = await call(w.as.admin, api.updateAlarm, { params: { projectId: w.projects.main, alarmId: alarm.alarmId }, body: rule({ alarmName: 'Lifecycle 2', conditionOperator: 'LT', threshold: 1 }) });
    expect(updated.json().alarm).toMatchObject({ alarmName: 'Lifecycle 2', conditionOperator: 'LT', threshold: 1, filters: [] });
    const disabled = await call(w.as.admin, api.setAlarmEnabled, { params: { projectId: w.projects.main, alarmId: alarm.alarmId }, body: { enabled: false } });
    expect(disabled.json().alarm.enabled).toBe(false);
    const orgList = await call(w.as.admin, api.listOrgAlarms, { params: { orgId: w.orgId }, query: { alarmNameLike: 'Lifecycle 2' } });
    expect(orgList.json().paging.totalCount).toBe(1);
    expect((await call(w.as.admin, api.deleteAlarm, { params: { projectId: w.projects.main, alarmId: alarm.alarmId } })).statusCode).toBe(200);
    await w.t.expectRefusal(() => call(w.as.viewer, api.getAlarm, { params: { projectId: w.projects.main, alarmId: alarm.alarmId } }), 404, 10404);
  });

  it('refuses without a metric (40107) or recipient (40106), a threshold that is not a number (62020), a filter given twice (62021)', async () => {
    expect((await w.t.expectRefusal(() => create({ metricName: '' }), 400, 40107)).fieldErrors?.[0]?.field).toBe('body.metricName');
    expect((await w.t.expectRefusal(() => create({ alarmGroupIds: [] }), 400, 40106)).fieldErrors?.[0]?.field).toBe('body.alarmGroupIds');
    expect((await w.t.expectRefusal(() => create({ threshold: 'ten' }), 400, 62020)).fieldErrors?.[0]?.field).toBe('body.threshold');
    const filter = { key: 'region', operator: '=', value: 'KR1' };
    expect((await w.t.expectRefusal(() => create({ filters: [filter, filter] }), 400, 62021)).fieldErrors?.[0]?.field).toBe('body.filters.1.value');
    await w.t.expectRefusal(() => create({ service: 'dns' }), 403, 10402);
    await w.t.expectRefusal(() => create({ alarmGroupIds: ['00000000-0000-4000-8000-000000000000'] }), 400, 40109);
    await w.t.expectRefusal(() => create({ methods: [] }), 400, 10001);
    await w.t.expectRefusal(() => create({ durationMinutes: 0 }), 400, 10001);
  });

  it('stores its receiver groups as rows: deleting a group takes it off the alarm, never a stale id', async () => {
    const make = async (name: string) => {
      const created = await call(w.as.admin, api.createProjectReceiverGroup, { params: { projectId: w.projects.main }, body: { name, memberIds: [w.ids.member] } });
      expect(created.statusCode, created.body).toBe(200);
      return created.json().receiverGroup.receiverGroupId as string;
    };
    const kept = await make('Alarm receivers kept');
    const doomed = await make('Alarm receivers doomed');
    const alarm = (await create({ alarmName: 'Receiver Links', receiverGroupIds: [kept, doomed, kept] })).json().alarm;
    expect([...alarm.receiverGroupIds].sort()).toEqual([kept, doomed].sort());
    await call(w.as.admin, api.deleteProjectReceiverGroup, { params: { projectId: w.projects.main, receiverGroupId: doomed } });
    expect((await get(alarm.alarmId)).receiverGroupIds).toEqual([kept]);
    // An id that names no group (or a deleted one) is refused on save, as before.
    await w.t.expectRefusal(() => call(w.as.admin, api.updateAlarm, { params: { projectId: w.projects.main, alarmId: alarm.alarmId }, body: rule({ alarmName: 'Receiver Links', receiverGroupIds: [doomed] }) }), 400, 40109);
    await call(w.as.admin, api.deleteAlarm, { params: { projectId: w.projects.main, alarmId: alarm.alarmId } });
  });

  it('answers permission denied to a viewer who writes and not-found for another organization', async () => {
    await w.t.expectRefusal(() => create({}, w.as.viewer), 403, -6);
    await w.t.expectRefusal(() => call(w.as.outsider, api.listAlarms, { params: { projectId: w.projects.main } }), 404, 40017);
    await w.t.expectRefusal(() => call(w.as.admin, api.listAlarms, { params: { projectId: w.projects.elsewhere } }), 404, 40017);
    await w.t.expectRefusal(() => call(w.as.member, api.listOrgAlarms, { params: { orgId: w.orgId } }), 403, -6);
  });

  it('lists the metrics the project reported', async () => {
    await minute(minutesFromNow(-30), 1, 'sender-9', { region: 'KR1', tier: 'gold' }, 'bounce_count');
    const metrics = await call(w.as.viewer, api.listAlarmMetrics, { params: { projectId: w.projects.main }, query: { service: 'email' } });
    expect(metrics.json().metrics).toContainEqual({ service: 'email', resourceType: 'sender', metricName: 'bounce_count', labelKeys: ['region', 'tier'] });
  });
});

describe('the evaluation engine', () => {
  it('fires once the condition held for the whole duration, resolves when it stops, one mail per change', async () => {
    const alarm = (await create({ alarmName: 'Engine Fires', resourceId: 'engine-1' })).json().alarm;
    // Minutes after the alarm's watermark: breaching 3 minutes in a row.
    const start = new Date(Date.parse(alarm.evaluatedThrough) + MINUTE);
    for (let i = 0; i < 3; i++) await minute(new Date(start.getTime() + i * MINUTE), 20, 'engine-1');
    w.t.clock.advanceMinutes(2);
    await tick();
    expect((await get(alarm.alarmId)).state).toBe('OK'); // 2 breaching minutes evaluated: not yet
    w.t.clock.advanceMinutes(1);
    await tick();
    const fired = await get(alarm.alarmId);
    expect(fired).toMatchObject({ state: 'FIRING', raised: true });
    expect(await alarmEvents(alarm.alarmId)).toEqual(['ALARM_FIRING']);
    // The group's member, and the holder of its role (NOTICE_VIEWER), are mailed through the notification outbox.
    expect(await alarmMails('ALARM_FIRING')).toEqual(['member@alarms.example.com', 'viewer@alarms.example.com']);
    // Still breaching: no storm.
    await minute(new Date(start.getTime() + 3 * MINUTE), 30, 'engine-1');
    w.t.clock.advanceMinutes(1);
    await tick();
    expect(await alarmEvents(alarm.alarmId)).toEqual(['ALARM_FIRING']);
    // Back to normal: resolved, one more mail each.
    await minute(new Date(start.getTime() + 4 * MINUTE), 1, 'engine-1');
    w.t.clock.advanceMinutes(1);
    await tick();
    expect((await get(alarm.alarmId)).state).toBe('OK');
    expect(await alarmEvents(alarm.alarmId)).toEqual(['ALARM_FIRING', 'ALARM_RESOLVED']);
    expect(await alarmMails('ALARM_RESOLVED')).toEqual(['member@alarms.example.com', 'viewer@alarms.example.com']);
    const history = await call(w.as.viewer, api.listAlarmHistory, { params: { projectId: w.projects.main }, query: { alarmId: alarm.alarmId } });
    expect(history.json().occurrences).toEqual([expect.objectContaining({ status: 'RESOLVED', raisedValue: 20, notified: true, threshold: 10 })]);
    const occurrence = history.json().occurrences[0];
    expect(Date.parse(occurrence.closedAt) - Date.parse(occurrence.raisedAt)).toBe(2 * MINUTE);
    // 7 days later, the closed occurrence is out of the history window.
    await call(w.as.admin, api.setAlarmEnabled, { params: { projectId: w.projects.main, alarmId: alarm.alarmId }, body: { enabled: false } });
    w.t.clock.advanceDays(7);
    w.t.clock.advanceMinutes(5);
    expect((await call(w.as.viewer, api.listAlarmHistory, { params: { projectId: w.projects.main }, query: { alarmId: alarm.alarmId } })).json().occurrences).toEqual([]);
  });

  it('rules reading the same series share one aggregate, each with its own aggregation, label filter, resource scope and threshold', async () => {
    const variants: [string, Record<string, unknown>, boolean][] = [
      ['avg over both label sets', { aggregation: 'avg', conditionOperator: 'GT', threshold: 10 }, true], // (20 + 4) / 2 = 12
      ['avg of JP1 only', { aggregation: 'avg', filters: [{ key: 'region', operator: '=', value: 'JP1' }], conditionOperator: 'GT', threshold: 10 }, false], // 4
      ['avg of all but JP1', { aggregation: 'avg', filters: [{ key: 'region', operator: '!=', value: 'JP1' }], conditionOperator: 'GT', threshold: 10 }, true], // 20
      ['sum', { aggregation: 'sum', conditionOperator: 'GT', threshold: 23 }, true], // 24
      ['min', { aggregation: 'min', conditionOperator: 'LT', threshold: 5 }, true], // 4
      ['max', { aggregation: 'max', conditionOperator: 'GT', threshold: 20 }, false], // 20
      ['count', { aggregation: 'count', conditionOperator: 'EQ', threshold: 2 }, true], // 2 samples
      ['every resource', { resourceId: '', aggregation: 'count', conditionOperator: 'GTE', threshold: 3 }, true], // share-1 twice and share-2
      ['every resource, JP1', { resourceId: '', aggregation: 'count', filters: [{ key: 'region', operator: '=', value: 'JP1' }], conditionOperator: 'GTE', threshold: 2 }, false], // 1
      ['another resource type', { resourceType: 'domain', resourceId: '', aggregation: 'count', conditionOperator: 'GTE', threshold: 0 }, false], // no data: never holds
    ];
    const alarms: { alarmId: string; evaluatedThrough: string }[] = [];
    for (const [name, overrides] of variants) {
      const created = await create({ alarmName: `Shared ${name}`, metricName: 'shared_metric', resourceId: 'share-1', durationMinutes: 1, ...overrides });
      expect(created.statusCode, created.body).toBe(200);
      alarms.push(created.json().alarm);
    }
    await evaluateBatch(w.t.db, w.t.clock.now(), { notifyMany: async () => {} }, 10_000); // others up to date
    const at = new Date(Date.parse(alarms[0]!.evaluatedThrough) + MINUTE);
    await minute(at, 20, 'share-1', { region: 'KR1' }, 'shared_metric');
    await minute(at, 4, 'share-1', { region: 'JP1' }, 'shared_metric');
    await minute(at, 1, 'share-2', { region: 'KR1' }, 'shared_metric');
    w.t.clock.advanceMinutes(1);
    const changes: AlarmStateChange[] = [];
    const result = await evaluateBatch(w.t.db, w.t.clock.now(), { notifyMany: async (_tx, batch) => void changes.push(...batch) }, 10_000);
    // The rules named above read 5 distinct series (resource share-1 with three filters, every resource with two, and the other type).
    expect(result.series).toBeLessThan(result.evaluated);
    const fired = new Set(changes.filter((change) => change.kind === 'FIRING').map((change) => change.alarmId));
    expect(Object.fromEntries(variants.map(([name], i) => [name, fired.has(alarms[i]!.alarmId)]))).toEqual(Object.fromEntries(variants.map(([name, , fires]) => [name, fires])));
    for (const alarm of alarms) await call(w.as.admin, api.setAlarmEnabled, { params: { projectId: w.projects.main, alarmId: alarm.alarmId }, body: { enabled: false } });
  });

  it('waits for the rollup of a minute before evaluating it: a pending minute is not read as a gap', async () => {
    const alarm = (await create({ alarmName: 'Waits Rollup', resourceId: 'wait-1', durationMinutes: 1 })).json().alarm;
    await evaluateBatch(w.t.db, w.t.clock.now(), { notifyMany: async () => {} }, 10_000); // others up to date
    const at = new Date(Date.parse(alarm.evaluatedThrough) + MINUTE);
    await minute(at, 50, 'wait-1');
    // A sample of that minute came in and its rollup has not run yet.
    await w.t.db.execute(sql`insert into rollup_dirty (org_id, project_id, kind, service, name, bucket) values (${w.orgId}::uuid, ${w.projects.main}::uuid, 'metric', 'email', 'sent_count', ${at.toISOString()})`);
    w.t.clock.advanceMinutes(1);
    const changes: AlarmStateChange[] = [];
    const notifier: AlarmNotifier = { notifyMany: async (_tx, batch) => void changes.push(...batch) };
    await evaluateBatch(w.t.db, w.t.clock.now(), notifier, 10_000);
    expect(await get(alarm.alarmId)).toMatchObject({ state: 'OK', evaluatedThrough: alarm.evaluatedThrough });
    // Rolled up: evaluated now.
    await w.t.db.execute(sql`delete from rollup_dirty where project_id = ${w.projects.main}::uuid`);
    await evaluateBatch(w.t.db, w.t.clock.now(), notifier, 10_000);
    expect(changes.filter((change) => change.alarmId === alarm.alarmId).map((change) => change.kind)).toEqual(['FIRING']);
    await call(w.as.admin, api.setAlarmEnabled, { params: { projectId: w.projects.main, alarmId: alarm.alarmId }, body: { enabled: false } });
  });

  it('a silenced receiver group is muted for the alarm while the silence lasts, the other group is not', async () => {
    const make = async (name: string) =>
      (await call(w.as.admin, api.createProjectReceiverGroup, { params: { projectId: w.projects.main }, body: { name, memberIds: [w.ids.member] } })).json().receiverGroup.receiverGroupId as string;
    const quiet = await make('Muted receivers');
    const loud = await make('Loud receivers');
    const alarm = (await create({ alarmName: 'Group Silence', resourceId: 'mute-1', durationMinutes: 1, alarmGroupIds: [], receiverGroupIds: [quiet, loud] })).json().alarm;
    const silence = await call(w.as.admin, api.createSilence, {
      params: { projectId: w.projects.main },
      body: { receiverGroupId: quiet, startsAt: w.t.clock.now().toISOString(), endsAt: minutesFromNow(60).toISOString(), reason: 'night' },
    });
    expect(silence.statusCode, silence.body).toBe(200);
    await evaluateBatch(w.t.db, w.t.clock.now(), { notifyMany: async () => {} }, 10_000); // others up to date
    await minute(new Date(Date.parse(alarm.evaluatedThrough) + MINUTE), 50, 'mute-1');
    w.t.clock.advanceMinutes(1);
    const changes: AlarmStateChange[] = [];
    await evaluateBatch(w.t.db, w.t.clock.now(), { notifyMany: async (_tx, batch) => void changes.push(...batch) }, 10_000);
    expect(changes.filter((change) => change.alarmId === alarm.alarmId)).toEqual([expect.objectContaining({ kind: 'FIRING', mutedReceiverGroupIds: [quiet] })]);
    await call(w.as.admin, api.setAlarmEnabled, { params: { projectId: w.projects.main, alarmId: alarm.alarmId }, body: { enabled: false } });
  });

  it('never evaluates a rule twice for a minute when two workers run the same minute', async () => {
    const alarm = (await create({ alarmName: 'Two Workers', resourceId: 'race-1', durationMinutes: 1 })).json().alarm;
    await minute(new Date(Date.parse(alarm.evaluatedThrough) + MINUTE), 99, 'race-1');
    w.t.clock.advanceMinutes(1);
    const changes: AlarmStateChange[] = [];
    const notifier: AlarmNotifier = { notifyMany: async (_tx, batch) => void changes.push(...batch) };
    const results = await Promise.all([1, 2, 3].map(() => evaluateBatch(w.t.db, w.t.clock.now(), notifier, 1)));
    // Every due rule evaluated at most once across the workers, whatever the interleaving.
    const again = await evaluateBatch(w.t.db, w.t.clock.now(), notifier, 10_000);
    const mine = changes.filter((change) => change.alarmId === alarm.alarmId);
    expect(mine).toHaveLength(1);
    expect(results.reduce((sum, result) => sum + result.evaluated, 0) + again.evaluated).toBeGreaterThan(0);
    const { rows } = await w.t.db.execute<{ n: number }>(sql`select count(*)::int as n from alarm_occurrences where alarm_id = ${alarm.alarmId}::uuid`);
    expect(rows[0]!.n).toBe(1);
    expect((await evaluateBatch(w.t.db, w.t.clock.now(), notifier)).evaluated).toBe(0);
  });

  it('leaves nothing half-done when killed mid-evaluation: the minute is evaluated again', async () => {
    const alarm = (await create({ alarmName: 'Killed', resourceId: 'kill-1', durationMinutes: 1 })).json().alarm;
    await evaluateBatch(w.t.db, w.t.clock.now(), { notifyMany: async () => {} }, 10_000); // others up to date
    await minute(new Date(Date.parse(alarm.evaluatedThrough) + MINUTE), 50, 'kill-1');
    w.t.clock.advanceMinutes(1);
    const dying: AlarmNotifier = {
      notifyMany: async () => {
        throw new Error('killed');
      },
    };
    await expect(evaluateBatch(w.t.db, w.t.clock.now(), dying, 10_000)).rejects.toThrow('killed');
    const after = await get(alarm.alarmId);
    expect(after).toMatchObject({ state: 'OK', evaluatedThrough: alarm.evaluatedThrough });
    const changes: AlarmStateChange[] = [];
    await evaluateBatch(w.t.db, w.t.clock.now(), { notifyMany: async (_tx, batch) => void changes.push(...batch) }, 10_000);
    expect(changes.filter((change) => change.alarmId === alarm.alarmId).map((change) => change.kind)).toEqual(['FIRING']);
    expect((await get(alarm.alarmId)).state).toBe('FIRING');
  });

  it('records but does not notify while a silence mutes the alarm, and shows the silence on it', async () => {
    const alarm = (await create({ alarmName: 'Silenced', resourceId: 'quiet-1', durationMinutes: 1 })).json().alarm;
    const silence = await call(w.as.admin, api.createSilence, {
      params: { projectId: w.projects.main },
      body: { alarmId: alarm.alarmId, startsAt: w.t.clock.now().toISOString(), endsAt: minutesFromNow(60).toISOString(), reason: 'maintenance' },
    });
    expect(silence.statusCode, silence.body).toBe(200);
    expect((await get(alarm.alarmId)).silences).toEqual([expect.objectContaining({ reason: 'maintenance', isActive: true })]);
    await w.t.expectRefusal(() => call(w.as.admin, api.createSilence, { params: { projectId: w.projects.main }, body: { alarmId: alarm.alarmId, startsAt: w.t.clock.now().toISOString(), endsAt: w.t.clock.now().toISOString(), reason: 'x' } }), 400, 10001);
    await minute(new Date(Date.parse(alarm.evaluatedThrough) + MINUTE), 50, 'quiet-1');
    w.t.clock.advanceMinutes(1);
    await tick();
    expect((await get(alarm.alarmId)).state).toBe('FIRING');
    expect(await alarmEvents(alarm.alarmId)).toEqual([]);
    const history = await call(w.as.viewer, api.listAlarmHistory, { params: { projectId: w.projects.main }, query: { alarmId: alarm.alarmId, status: 'FIRING' } });
    expect(history.json().occurrences).toEqual([expect.objectContaining({ status: 'FIRING', notified: false, closedAt: null })]);
    // Ending the silence early: it is no longer active.
    await call(w.as.admin, api.deleteSilence, { params: { projectId: w.projects.main, silenceId: silence.json().silence.silenceId } });
    expect((await get(alarm.alarmId)).silences).toEqual([]);
  });
});

describe('the organization silences (its notification management and receiver-group pages)', () => {
  it("mutes an organization receiver group for every project's alarms, and an alarm of any project, with the refusals", async () => {
    const orgGroup = (await call(w.as.admin, api.createOrgReceiverGroup, { params: { orgId: w.orgId }, body: { name: 'Org wide receivers', memberIds: [w.ids.member] } })).json().receiverGroup.receiverGroupId as string;
    const projectGroup = (await call(w.as.admin, api.createProjectReceiverGroup, { params: { projectId: w.projects.main }, body: { name: 'Project receivers org test', memberIds: [w.ids.member] } })).json().receiverGroup
      .receiverGroupId as string;
    const alarm = (await create({ alarmName: 'Org Silence', resourceId: 'orgmute-1', durationMinutes: 1, alarmGroupIds: [], receiverGroupIds: [orgGroup, projectGroup] })).json().alarm;
    const window = { startsAt: w.t.clock.now().toISOString(), endsAt: minutesFromNow(60).toISOString(), reason: 'org maintenance' };
    const silenced = await call(w.as.admin, api.createOrgSilence, { params: { orgId: w.orgId }, body: { receiverGroupId: orgGroup, ...window } });
    expect(silenced.statusCode, silenced.body).toBe(200);
    expect(silenced.json().silence).toMatchObject({ receiverGroupId: orgGroup, projectId: null, isActive: true, reason: 'org maintenance' });
    // Listed by the organization, not as a project's own.
    expect((await call(w.as.admin, api.listOrgSilences, { params: { orgId: w.orgId } })).json().silences.map((x: { silenceId: string }) => x.silenceId)).toContain(silenced.json().silence.silenceId);
    expect((await call(w.as.admin, api.listSilences, { params: { projectId: w.projects.main } })).json().silences.map((x: { silenceId: string }) => x.silenceId)).not.toContain(silenced.json().silence.silenceId);
    // A project's group is not the organization's to silence; another organization's alarm is not found.
    await w.t.expectRefusal(() => call(w.as.admin, api.createOrgSilence, { params: { orgId: w.orgId }, body: { receiverGroupId: projectGroup, ...window } }), 400, 40109);
    const elsewhere = await w.t.db.execute<{ id: string }>(sql`select id::text from alarms where project_id = ${w.projects.elsewhere}::uuid limit 1`);
    if (elsewhere.rows[0]) await w.t.expectRefusal(() => call(w.as.admin, api.createOrgSilence, { params: { orgId: w.orgId }, body: { alarmId: elsewhere.rows[0]!.id, ...window } }), 400, 40109);
    await w.t.expectRefusal(() => call(w.as.member, api.createOrgSilence, { params: { orgId: w.orgId }, body: { receiverGroupId: orgGroup, ...window } }), 403, -6);

    await evaluateBatch(w.t.db, w.t.clock.now(), { notifyMany: async () => {} }, 10_000); // others up to date
    await minute(new Date(Date.parse(alarm.evaluatedThrough) + MINUTE), 50, 'orgmute-1');
    w.t.clock.advanceMinutes(1);
    const changes: AlarmStateChange[] = [];
    await evaluateBatch(w.t.db, w.t.clock.now(), { notifyMany: async (_tx, batch) => void changes.push(...batch) }, 10_000);
    expect(changes.filter((change) => change.alarmId === alarm.alarmId)).toEqual([expect.objectContaining({ kind: 'FIRING', mutedReceiverGroupIds: [orgGroup] })]);

    // An alarm silenced from the organization's page is its project's silence, shown on the alarm.
    const onAlarm = await call(w.as.admin, api.createOrgSilence, { params: { orgId: w.orgId }, body: { alarmId: alarm.alarmId, ...window } });
    expect(onAlarm.statusCode, onAlarm.body).toBe(200);
    expect(onAlarm.json().silence.projectId).toBe(w.projects.main);
    expect((await get(alarm.alarmId)).silences).toEqual([expect.objectContaining({ silenceId: onAlarm.json().silence.silenceId, isActive: true })]);
    // Ended from the organization: no longer listed; another organization's caller finds nothing to end.
    expect((await call(w.as.outsider, api.deleteOrgSilence, { params: { orgId: w.orgId, silenceId: silenced.json().silence.silenceId } })).statusCode).not.toBe(200);
    expect((await call(w.as.admin, api.deleteOrgSilence, { params: { orgId: w.orgId, silenceId: silenced.json().silence.silenceId } })).statusCode).toBe(200);
    expect((await call(w.as.admin, api.deleteOrgSilence, { params: { orgId: w.orgId, silenceId: onAlarm.json().silence.silenceId } })).statusCode).toBe(200);
    const left = (await call(w.as.admin, api.listOrgSilences, { params: { orgId: w.orgId } })).json().silences.map((x: { silenceId: string }) => x.silenceId);
    expect(left).not.toContain(silenced.json().silence.silenceId);
    expect(left).not.toContain(onAlarm.json().silence.silenceId);
    await call(w.as.admin, api.setAlarmEnabled, { params: { projectId: w.projects.main, alarmId: alarm.alarmId }, body: { enabled: false } });
  });
});

describe('the notifications of a batch (the real notifier)', () => {
  it('writes one outbox event per state change with that alarm\'s own recipients, several alarms changing in one batch', async () => {
    const group = (await call(w.as.admin, api.createProjectReceiverGroup, { params: { projectId: w.projects.main }, body: { name: 'Batch receivers', memberIds: [w.ids.member] } })).json().receiverGroup.receiverGroupId as string;
    const byGroup = (await create({ alarmName: 'Batch By Alarm Group', resourceId: 'batch-1', durationMinutes: 1 })).json().alarm;
    const byReceivers = (await create({ alarmName: 'Batch By Receivers', resourceId: 'batch-2', durationMinutes: 1, alarmGroupIds: [], receiverGroupIds: [group] })).json().alarm;
    await evaluateBatch(w.t.db, w.t.clock.now(), { notifyMany: async () => {} }, 10_000); // others up to date
    const at = new Date(Date.parse(byGroup.evaluatedThrough) + MINUTE);
    await minute(at, 50, 'batch-1');
    await minute(at, 50, 'batch-2');
    w.t.clock.advanceMinutes(1);
    await tick(); // one batch, the console's notifier
    const events = async (alarmId: string) =>
      (
        await w.t.db.execute<{ event_type: string; receiver_group_ids: string[]; member_ids: string[]; role_group_ids: string[] }>(sql`
          select event_type, receiver_group_ids::text[], member_ids::text[], role_group_ids::text[] from notification_outbox where params->>'alarmId' = ${alarmId}`)
      ).rows;
    // The alarm group's member and its role's holder (NOTICE_VIEWER) are named directly; no receiver group.
    const first = await events(byGroup.alarmId);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ event_type: 'ALARM_FIRING', receiver_group_ids: [] });
    expect(first[0]!.member_ids).toHaveLength(2);
    expect(first[0]!.member_ids).toContain(w.ids.member);
    // The other alarm names its receiver group only.
    expect(await events(byReceivers.alarmId)).toEqual([{ event_type: 'ALARM_FIRING', receiver_group_ids: [group], member_ids: [], role_group_ids: [] }]);
    for (const alarm of [byGroup, byReceivers]) await call(w.as.admin, api.setAlarmEnabled, { params: { projectId: w.projects.main, alarmId: alarm.alarmId }, body: { enabled: false } });
  });
});

describe('the history window (§9: 7 days)', () => {
  it('the hourly retention deletes occurrences closed and silences ended more than 7 days ago, and keeps the rest', async () => {
    const alarm = (await create({ alarmName: 'Retention', resourceId: 'keep-1', enabled: false })).json().alarm;
    const daysAgo = (days: number) => new Date(w.t.clock.now().getTime() - days * 86_400_000).toISOString();
    await w.t.db.execute(sql`
      insert into alarm_occurrences (org_id, project_id, alarm_id, raised_at, closed_at, raised_value, threshold, condition_operator, notified)
      values (${w.orgId}::uuid, ${w.projects.main}::uuid, ${alarm.alarmId}::uuid, ${daysAgo(9)}, ${daysAgo(8)}, 1, 1, 'GT', true),
             (${w.orgId}::uuid, ${w.projects.main}::uuid, ${alarm.alarmId}::uuid, ${daysAgo(7.5)}, ${daysAgo(6)}, 2, 1, 'GT', true)`);
    await w.t.db.execute(sql`
      insert into alarm_silences (org_id, project_id, alarm_id, starts_at, ends_at, reason, created_by, created_at)
      values (${w.orgId}::uuid, ${w.projects.main}::uuid, ${alarm.alarmId}::uuid, ${daysAgo(9)}, ${daysAgo(8)}, 'old', 'x', ${daysAgo(9)}),
             (${w.orgId}::uuid, ${w.projects.main}::uuid, ${alarm.alarmId}::uuid, ${daysAgo(7)}, ${daysAgo(6)}, 'recent', 'x', ${daysAgo(7)})`);
    await pruneHistory(w.t.db, w.t.clock.now());
    const left = await w.t.db.execute<{ raised_value: number }>(sql`select raised_value from alarm_occurrences where alarm_id = ${alarm.alarmId}::uuid`);
    expect(left.rows.map((row) => row.raised_value)).toEqual([2]);
    const silences = await w.t.db.execute<{ reason: string }>(sql`select reason from alarm_silences where alarm_id = ${alarm.alarmId}::uuid`);
    expect(silences.rows.map((row) => row.reason)).toEqual(['recent']);
  });
});

describe('the backtest', () => {
  it('counts the times a rule would have fired in the last 7 days, with the moments and the series', async () => {
    const base = floorMinute(new Date(w.t.clock.now().getTime() - 3 * 86_400_000));
    // Two episodes of 5 breaching minutes, one of 2 (too short for a 3-minute rule).
    for (const [offset, length] of [[0, 5], [100, 5], [300, 2]] as const) {
      for (let i = 0; i < length; i++) await minute(new Date(base.getTime() + (offset + i) * MINUTE), 80, 'bt-1');
      await minute(new Date(base.getTime() + (offset + length) * MINUTE), 1, 'bt-1');
    }
    const result = await call(w.as.viewer, api.backtestAlarm, { params: { projectId: w.projects.main }, body: { service: 'email', resourceType: 'sender', resourceId: 'bt-1', metricName: 'sent_count', conditionOperator: 'GTE', threshold: 80, durationMinutes: 3 } });
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().fireCount).toBe(2);
    expect(result.json().firings[0]).toEqual({ raisedAt: new Date(base.getTime() + 3 * MINUTE).toISOString(), closedAt: new Date(base.getTime() + 6 * MINUTE).toISOString() });
    expect(Math.max(...result.json().series.values)).toBe(80);
    // 70-minute buckets over 7 days: ~144 points at most.
    expect(result.json().series.timestamps.every((x: number) => x % (70 * MINUTE) === 0)).toBe(true);
    // A shorter range: the episodes 3 days ago are outside the last day; one breaching 4 minutes in the last hour counts.
    const recent = floorMinute(new Date(w.t.clock.now().getTime() - 40 * MINUTE));
    for (let i = 0; i < 4; i++) await minute(new Date(recent.getTime() + i * MINUTE), 90, 'bt-1');
    await minute(new Date(recent.getTime() + 4 * MINUTE), 1, 'bt-1');
    const btRule = { service: 'email', resourceType: 'sender', resourceId: 'bt-1', metricName: 'sent_count', conditionOperator: 'GTE', threshold: 80, durationMinutes: 3 } as const;
    const day = await call(w.as.viewer, api.backtestAlarm, { params: { projectId: w.projects.main }, body: { ...btRule, rangeHours: 24 } });
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json().fireCount).toBe(1);
    expect(Date.parse(day.json().to) - Date.parse(day.json().from)).toBe(24 * 60 * MINUTE);
    expect(day.json().firings[0]).toEqual({ raisedAt: new Date(recent.getTime() + 3 * MINUTE).toISOString(), closedAt: new Date(recent.getTime() + 5 * MINUTE).toISOString() });
    const hour = await call(w.as.viewer, api.backtestAlarm, { params: { projectId: w.projects.main }, body: { ...btRule, rangeHours: 1 } });
    expect(hour.json().fireCount).toBe(1);
    // One point a minute over an hour.
    expect(hour.json().series.timestamps.slice(0, 2)).toEqual([recent.getTime(), recent.getTime() + MINUTE]);
    expect((await call(w.as.viewer, api.backtestAlarm, { params: { projectId: w.projects.main }, body: { ...btRule, rangeHours: 168 } })).json().fireCount).toBe(3);
    const odd = await call(w.as.viewer, api.backtestAlarm, { params: { projectId: w.projects.main }, body: { ...btRule, rangeHours: 5 } });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().fieldErrors?.[0]?.field).toBe('body.rangeHours');
    await w.t.expectRefusal(() => call(w.as.viewer, api.backtestAlarm, { params: { projectId: w.projects.main }, body: { service: 'email', metricName: 'sent_count', conditionOperator: 'GT', threshold: 'x', durationMinutes: 3 } }), 400, 62020);
  });
});
