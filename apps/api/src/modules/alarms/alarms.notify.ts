import { langOf, type Lang, type Locale } from '@console/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mail, MailMessage } from '../../platform/mail.ts';
import type { AlarmNotifier, AlarmStateChange } from './alarms.engine.ts';

/**
 * Delivery of alarm state changes. The engine calls `notify` inside its transaction; it enqueues
 * one `alarms.notify` job there (so a change that rolls back sends nothing and one that commits
 * is delivered), and the job resolves the alarm groups' recipients at send time (members, holders
 * of a role, members of a role group) and sends by the alarm's methods: email through the
 * console's mail (the dev outbox without SMTP), SMS through an SmsProvider.
 * When the notification outbox of issue 11's other half is merged, `notify` hands the change to
 * its enqueueNotification instead (receiver groups and webhooks).
 */
export const ALARM_NOTIFY_JOB = 'alarms.notify';

/** Sends one SMS. The default writes it to the console log (an outbox to read in development). */
export interface SmsProvider {
  send(message: { to: string; text: string; orgId: string }): Promise<void>;
}

export function consoleSmsProvider(log: { info(object: object, message: string): void }): SmsProvider {
  return {
    async send(message) {
      log.info({ sms: message }, 'sms outbox');
    },
  };
}

const TEXT: Record<Lang, { firing: string; resolved: string; body: (name: string, at: string, value: string) => string }> = {
  ko: { firing: '[알람 발생]', resolved: '[알람 해제]', body: (name, at, value) => `알람 "${name}" 상태가 바뀌었습니다. 시각: ${at}, 값: ${value}` },
  en: { firing: '[Alarm raised]', resolved: '[Alarm closed]', body: (name, at, value) => `The state of alarm "${name}" changed at ${at}. Value: ${value}` },
  ja: { firing: '[アラーム発生]', resolved: '[アラーム解除]', body: (name, at, value) => `アラーム「${name}」の状態が変わりました。時刻: ${at}、値: ${value}` },
  zh: { firing: '[告警触发]', resolved: '[告警恢复]', body: (name, at, value) => `告警"${name}"的状态已变化。时间：${at}，值：${value}` },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function alarmMail(input: { kind: 'FIRING' | 'RESOLVED'; alarmName: string; at: string; value: number | null; locale: Locale; to: string; orgId: string }): MailMessage {
  const text = TEXT[langOf(input.locale)];
  const subject = `${input.kind === 'FIRING' ? text.firing : text.resolved} ${input.alarmName}`;
  const body = text.body(input.alarmName, input.at, input.value === null ? '-' : String(input.value));
  return { kind: 'alarmStateChange', to: input.to, subject, text: body, html: `<p>${escapeHtml(body)}</p>`, locale: input.locale, orgId: input.orgId };
}

/** Everyone an alarm's groups reach now: with email and mobile number. */
export async function recipientsOf(db: Executor, alarmId: string): Promise<{ email: string; mobile: string | null }[]> {
  const { rows } = await db.execute<{ email: string; mobile: string | null }>(sql`
    with a as (select id, org_id, project_id from alarms where id = ${alarmId}::uuid),
    t as (select gt.target_type, gt.target_id from alarm_alarm_groups ag join alarm_group_targets gt on gt.alarm_group_id = ag.alarm_group_id where ag.alarm_id = ${alarmId}::uuid),
    people as (
      select m.email, m.mobile_number from t join members m on t.target_type = 'MEMBER' and m.id::text = t.target_id
      union select i.email, i.mobile_number from t join iam_members i on t.target_type = 'MEMBER' and i.id::text = t.target_id
      union select coalesce(m.email, i.email), coalesce(m.mobile_number, i.mobile_number)
        from t join a on true join project_members pm on t.target_type = 'ROLE' and t.target_id like 'PROJECT_ROLE:%' and pm.project_id = a.project_id
          and split_part(t.target_id, ':', 2) = any(pm.role_codes)
        left join members m on m.id = pm.member_id left join iam_members i on i.id = pm.iam_member_id
      union select m.email, m.mobile_number
        from t join a on true join org_members om on t.target_type = 'ROLE' and t.target_id like 'ORG_ROLE:%' and om.org_id = a.org_id and om.role_code = split_part(t.target_id, ':', 2)
        join members m on m.id = om.member_id
      union select coalesce(m.email, i.email), coalesce(m.mobile_number, i.mobile_number)
        from t join a on true join project_member_role_groups prg on t.target_type = 'ROLE_GROUP' and prg.role_group_id::text = t.target_id and prg.project_id = a.project_id
        join project_members pm on pm.id = prg.project_member_id
        left join members m on m.id = pm.member_id left join iam_members i on i.id = pm.iam_member_id
    )
    select distinct email, mobile_number as mobile from people where email is not null order by email`);
  return rows;
}

export function createAlarmNotifier(deps: { db: Database; jobs: Jobs; mail: Mail; sms: SmsProvider }): AlarmNotifier {
  const { db, jobs, mail, sms } = deps;
  jobs.define<AlarmStateChange>({
    name: ALARM_NOTIFY_JOB,
    queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
    handler: async (change) => {
      const { rows } = await db.execute<{ name: string; methods: string[]; locale: Locale }>(sql`select name, methods, locale from alarms where id = ${change.alarmId}::uuid`);
      const alarm = rows[0];
      if (!alarm) return; // deleted since: nobody to tell
      const recipients = await recipientsOf(db, change.alarmId);
      if (alarm.methods.includes('EMAIL')) {
        await mail.enqueueMany(
          db,
          recipients.map((recipient) => alarmMail({ kind: change.kind, alarmName: alarm.name, at: change.at, value: change.value, locale: alarm.locale, to: recipient.email, orgId: change.orgId })),
        );
      }
      if (alarm.methods.includes('SMS')) {
        const text = TEXT[langOf(alarm.locale)];
        for (const recipient of recipients) {
          if (recipient.mobile) await sms.send({ to: recipient.mobile, text: `${change.kind === 'FIRING' ? text.firing : text.resolved} ${alarm.name}`, orgId: change.orgId });
        }
      }
    },
  });
  return {
    notify: (tx, change) => jobs.enqueue(tx, ALARM_NOTIFY_JOB, change),
  };
}
