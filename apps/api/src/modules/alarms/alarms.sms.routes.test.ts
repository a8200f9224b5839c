import * as api from '@console/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema/index.ts';
import { callOf } from '../../test/helper.ts';
import { alarmsWorld } from './alarms.test-world.ts';

/**
 * The SMS method of an alarm: with no SMS gateway, each state change's text message to every
 * recipient with a mobile number is kept in the SMS outbox (platform/sms.ts) and listed by
 * GET dev-outbox/sms — to the recipient, and to the organization's OWNER and ADMINs.
 */
const w = alarmsWorld({
  mailDomain: 'alarms-sms.example.com',
  otherOrgName: 'Other SMS Org',
  appKey: 'smsalarmappkey000001',
  projects: { main: { name: 'SMS Project', members: { member: ['MEMBER'], viewer: ['NOTICE_VIEWER'] } } },
});
const call = callOf(() => w.t);
const MINUTE = 60_000;

beforeAll(async () => {
  await w.t.db.update(members).set({ mobileNumber: '+82-10-1234-5678' }).where(eq(members.id, w.ids.member));
});

const minute = (at: Date, value: number) => w.minute(at, value, 'sms-1');
const tick = w.tick;

describe('the SMS method', () => {
  it('keeps one message per state change for each recipient with a mobile number, shown in the SMS outbox by scope', async () => {
    const group = await call(w.as.admin, api.projectAlarmGroups.create, {
      params: { projectId: w.projects.main },
      // The member has a mobile number; the viewer (the role's holder) has none: no message for them.
      body: { alarmGroupName: 'SMS Receivers', targets: [{ targetType: 'MEMBER', targetId: w.ids.member }, { targetType: 'ROLE', targetId: 'PROJECT_ROLE:NOTICE_VIEWER' }] },
    });
    expect(group.statusCode, group.body).toBe(200);
    const created = await call(w.as.admin, api.createAlarm, {
      params: { projectId: w.projects.main },
      body: {
        alarmName: 'Texted spike', service: 'email', resourceType: 'sender', resourceId: 'sms-1', metricName: 'sent_count',
        conditionOperator: 'GT', threshold: 10, durationMinutes: 1, methods: ['SMS'], alarmGroupIds: [group.json().alarmGroup.alarmGroupId],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const alarm = created.json().alarm;
    const start = new Date(Date.parse(alarm.evaluatedThrough) + MINUTE);
    await minute(start, 50);
    w.t.clock.advanceMinutes(1);
    await tick();
    expect((await call(w.as.viewer, api.getAlarm, { params: { projectId: w.projects.main, alarmId: alarm.alarmId } })).json().alarm.state).toBe('FIRING');
    await minute(new Date(start.getTime() + MINUTE), 1);
    w.t.clock.advanceMinutes(1);
    await tick();

    // The recipient's own: the raise and the close, newest first, to their number.
    const own = (await call(w.as.member, api.listDevSmsOutbox)).json();
    expect(own.paging.totalCount).toBe(2);
    expect(own.messages.map((message: { kind: string; to: string; orgId: string }) => [message.kind, message.to, message.orgId])).toEqual([
      ['alarm.RESOLVED', '+82-10-1234-5678', w.orgId],
      ['alarm.FIRING', '+82-10-1234-5678', w.orgId],
    ]);
    expect(own.messages[1].text).toContain('Texted spike');
    // Nobody without a number got one; the viewer sees none of their own.
    expect((await call(w.as.viewer, api.listDevSmsOutbox)).json().messages).toEqual([]);
    // The organization's: its OWNER and ADMINs; a MEMBER is refused, another organization's member is not told it exists.
    expect((await call(w.as.admin, api.listDevSmsOutbox, { query: { orgId: w.orgId } })).json().paging.totalCount).toBe(2);
    expect((await call(w.as.owner, api.listDevSmsOutbox, { query: { orgId: w.orgId, limit: '1' } })).json().messages).toHaveLength(1);
    await w.t.expectRefusal(() => call(w.as.member, api.listDevSmsOutbox, { query: { orgId: w.orgId } }), 403, -6);
    await w.t.expectRefusal(() => call(w.as.outsider, api.listDevSmsOutbox, { query: { orgId: w.orgId } }), 404, 23005);
    // An SMS only, not a mail: the SMS method alone sends no mail.
    const mails = await w.t.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox where kind like 'notification.ALARM_%'`);
    expect(mails.rows[0]!.n).toBe(0);
  });
});

