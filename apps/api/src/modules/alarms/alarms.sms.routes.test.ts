import * as api from '@console/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members, projectProducts } from '../../db/schema/index.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { callOf, type Caller, type TestApp } from '../../test/helper.ts';
import { world } from '../../test/world.ts';
import { ensurePartitions, monthsAhead } from '../metrics/partitions.ts';
import { ALARM_TICK_JOB } from './alarms.jobs.ts';

/**
 * The SMS method of an alarm: with no SMS gateway, each state change's text message to every
 * recipient with a mobile number is kept in the SMS outbox (platform/sms.ts) and listed by
 * GET dev-outbox/sms — to the recipient, and to the organization's OWNER and ADMINs.
 */
let t: TestApp;
let orgId: string;
let projectId: string;
let memberId: string;
let as: Record<'owner' | 'admin' | 'member' | 'outsider' | 'viewer', Caller>;
const call = callOf(() => t);
const MINUTE = 60_000;

beforeAll(async () => {
  const w = await world({
    env: { SESSION_IDLE_MINUTES: '100000', SESSION_MAX_HOURS: '720' },
    mailDomain: 'alarms-sms.example.com',
    roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', outsider: null, viewer: 'MEMBER' },
    otherOrg: { name: 'Other SMS Org' },
    projects: { main: { name: 'SMS Project', members: { member: ['MEMBER'], viewer: ['NOTICE_VIEWER'] } } },
  });
  ({ t, orgId } = w);
  as = w.as;
  projectId = w.projects.main;
  memberId = w.ids.member;
  await t.db.update(members).set({ mobileNumber: '+82-10-1234-5678' }).where(eq(members.id, memberId));
  await t.db.insert(projectProducts).values({ orgId, projectId, productId: 'email', appKey: 'smsalarmappkey000001', secretKeyEnc: createSecretBox().seal('s'.repeat(24)), statusCode: 'STABLE' });
  await ensurePartitions(t.db, monthsAhead(new Date(t.clock.now().getTime() - 40 * 86_400_000)));
});

async function minute(at: Date, value: number) {
  await t.db.execute(sql`
    insert into metric_minute (org_id, project_id, service, metric_name, resource_type, resource_id, labels, minute, sample_count, value_sum, value_min, value_max)
    values (${orgId}::uuid, ${projectId}::uuid, 'email', 'sent_count', 'sender', 'sms-1', '{}'::jsonb, ${at.toISOString()}, 1, ${value}, ${value}, ${value})
    on conflict do nothing`);
}
async function tick() {
  await t.app.jobs.trigger(ALARM_TICK_JOB);
  await t.runPendingJobs();
}

describe('the SMS method', () => {
  it('keeps one message per state change for each recipient with a mobile number, shown in the SMS outbox by scope', async () => {
    const group = await call(as.admin, api.projectAlarmGroups.create, {
      params: { projectId },
      // The member has a mobile number; the viewer (the role's holder) has none: no message for them.
      body: { alarmGroupName: 'SMS Receivers', targets: [{ targetType: 'MEMBER', targetId: memberId }, { targetType: 'ROLE', targetId: 'PROJECT_ROLE:NOTICE_VIEWER' }] },
    });
    expect(group.statusCode, group.body).toBe(200);
    const created = await call(as.admin, api.createAlarm, {
      params: { projectId },
      body: {
        alarmName: 'Texted spike', service: 'email', resourceType: 'sender', resourceId: 'sms-1', metricName: 'sent_count',
        conditionOperator: 'GT', threshold: 10, durationMinutes: 1, methods: ['SMS'], alarmGroupIds: [group.json().alarmGroup.alarmGroupId],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const alarm = created.json().alarm;
    const start = new Date(Date.parse(alarm.evaluatedThrough) + MINUTE);
    await minute(start, 50);
    t.clock.advanceMinutes(1);
    await tick();
    expect((await call(as.viewer, api.getAlarm, { params: { projectId, alarmId: alarm.alarmId } })).json().alarm.state).toBe('FIRING');
    await minute(new Date(start.getTime() + MINUTE), 1);
    t.clock.advanceMinutes(1);
    await tick();

    // The recipient's own: the raise and the close, newest first, to their number.
    const own = (await call(as.member, api.listDevSmsOutbox)).json();
    expect(own.paging.totalCount).toBe(2);
    expect(own.messages.map((message: { kind: string; to: string; orgId: string }) => [message.kind, message.to, message.orgId])).toEqual([
      ['alarm.RESOLVED', '+82-10-1234-5678', orgId],
      ['alarm.FIRING', '+82-10-1234-5678', orgId],
    ]);
    expect(own.messages[1].text).toContain('Texted spike');
    // Nobody without a number got one; the viewer sees none of their own.
    expect((await call(as.viewer, api.listDevSmsOutbox)).json().messages).toEqual([]);
    // The organization's: its OWNER and ADMINs; a MEMBER is refused, another organization's member is not told it exists.
    expect((await call(as.admin, api.listDevSmsOutbox, { query: { orgId } })).json().paging.totalCount).toBe(2);
    expect((await call(as.owner, api.listDevSmsOutbox, { query: { orgId, limit: '1' } })).json().messages).toHaveLength(1);
    await t.expectRefusal(() => call(as.member, api.listDevSmsOutbox, { query: { orgId } }), 403, -6);
    await t.expectRefusal(() => call(as.outsider, api.listDevSmsOutbox, { query: { orgId } }), 404, 23005);
    // An SMS only, not a mail: the SMS method alone sends no mail.
    const mails = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox where kind like 'notification.ALARM_%'`);
    expect(mails.rows[0]!.n).toBe(0);
  });
});

