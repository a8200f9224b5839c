import { langOf, type Lang, type Locale } from '@console/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mail, MailMessage } from '../../platform/mail.ts';
import type { SmsProvider } from '../../platform/sms.ts';
import { enqueueNotifications } from '../notifications/outbox.ts';
import type { AlarmNotifier, AlarmStateChange } from './alarms.engine.ts';

/**
 * Delivery of alarm state changes. The engine calls `notifyMany` with a batch's changes inside its
 * transaction and everything is written through that transaction (a change that rolls back sends
 * nothing, one that commits is delivered), in four statements whatever the number of changes:
 * - one event per change in the notification outbox (modules/notifications `enqueueNotifications`, ALARM_FIRING
 *   or ALARM_RESOLVED): the alarm's receiver groups not muted by a silence (their members, role
 *   groups and webhooks), and with the EMAIL method the alarm groups' cloud members, the cloud
 *   holders of their built-in roles (resolved at the change) and their role groups (resolved at send);
 * - one `alarms.notify` job per change for what the outbox does not carry: SMS (SmsProvider) to everyone the
 *   alarm groups reach, and mail to the IAM accounts among them, resolved at send time.
 */
export const ALARM_NOTIFY_JOB = 'alarms.notify';


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
export async function recipientsOf(db: Executor, alarmId: string): Promise<{ email: string; mobile: string | null; kind: 'CLOUD' | 'IAM' }[]> {
  const { rows } = await db.execute<{ email: string; mobile: string | null; kind: 'CLOUD' | 'IAM' }>(sql`
    with a as (select id, org_id, project_id from alarms where id = ${alarmId}::uuid),
    t as (select gt.target_type, gt.target_id from alarm_alarm_groups ag join alarm_group_targets gt on gt.alarm_group_id = ag.alarm_group_id where ag.alarm_id = ${alarmId}::uuid),
    people as (
      select m.email, m.mobile_number, 'CLOUD' as kind from t join members m on t.target_type = 'MEMBER' and m.id::text = t.target_id
      union select i.email, i.mobile_number, 'IAM' from t join iam_members i on t.target_type = 'MEMBER' and i.id::text = t.target_id
      union select coalesce(m.email, i.email), coalesce(m.mobile_number, i.mobile_number), case when m.id is null then 'IAM' else 'CLOUD' end
        from t join a on true join project_members pm on t.target_type = 'ROLE' and t.target_id like 'PROJECT_ROLE:%' and pm.project_id = a.project_id
          and split_part(t.target_id, ':', 2) = any(pm.role_codes)
        left join members m on m.id = pm.member_id left join iam_members i on i.id = pm.iam_member_id
      union select m.email, m.mobile_number, 'CLOUD'
        from t join a on true join org_members om on t.target_type = 'ROLE' and t.target_id like 'ORG_ROLE:%' and om.org_id = a.org_id and om.role_code = split_part(t.target_id, ':', 2)
        join members m on m.id = om.member_id
      union select coalesce(m.email, i.email), coalesce(m.mobile_number, i.mobile_number), case when m.id is null then 'IAM' else 'CLOUD' end
        from t join a on true join project_member_role_groups prg on t.target_type = 'ROLE_GROUP' and prg.role_group_id::text = t.target_id and prg.project_id = a.project_id
        join project_members pm on pm.id = prg.project_member_id
        left join members m on m.id = pm.member_id left join iam_members i on i.id = pm.iam_member_id
    )
    select distinct email, mobile_number as mobile, kind from people where email is not null order by email`);
  return rows;
}

/**
 * What the notifications of `alarmIds` need, in one statement for all of them: each alarm's name,
 * metric, threshold, methods, language and receiver groups, and (email) what its outbox event names
 * directly — cloud members (direct targets and built-in role holders now) and role groups.
 */
async function alarmsToNotify(tx: Executor, alarmIds: readonly string[]) {
  const { rows } = await tx.execute<{ id: string; name: string; metric_name: string; threshold: number; methods: string[]; locale: Locale; receiver_group_ids: string[]; member_ids: string[]; role_group_ids: string[] }>(sql`
    with a as (select id, org_id, project_id, name, metric_name, threshold, methods, locale from alarms where id = any(${sql.param([...alarmIds])}::uuid[])),
    t as (select ag.alarm_id, gt.target_type, gt.target_id from alarm_alarm_groups ag join alarm_group_targets gt on gt.alarm_group_id = ag.alarm_group_id
      join a on a.id = ag.alarm_id and 'EMAIL' = any(a.methods)),
    direct as (
      select t.alarm_id, 'MEMBER' as kind, m.id::text as id from t join members m on t.target_type = 'MEMBER' and m.id::text = t.target_id
      union select t.alarm_id, 'MEMBER', pm.member_id::text from t join a on a.id = t.alarm_id join project_members pm on t.target_type = 'ROLE' and t.target_id like 'PROJECT_ROLE:%'
        and pm.project_id = a.project_id and split_part(t.target_id, ':', 2) = any(pm.role_codes) and pm.member_id is not null
      union select t.alarm_id, 'MEMBER', om.member_id::text from t join a on a.id = t.alarm_id join org_members om on t.target_type = 'ROLE' and t.target_id like 'ORG_ROLE:%'
        and om.org_id = a.org_id and om.role_code = split_part(t.target_id, ':', 2)
      union select t.alarm_id, 'ROLE_GROUP', t.target_id from t where t.target_type = 'ROLE_GROUP'
    )
    select a.id::text, a.name, a.metric_name, a.threshold, a.methods, a.locale,
      coalesce((select array_agg(rg.receiver_group_id::text) from alarm_receiver_groups rg where rg.alarm_id = a.id), '{}') as receiver_group_ids,
      coalesce((select array_agg(d.id order by d.id) from direct d where d.alarm_id = a.id and d.kind = 'MEMBER'), '{}') as member_ids,
      coalesce((select array_agg(d.id order by d.id) from direct d where d.alarm_id = a.id and d.kind = 'ROLE_GROUP'), '{}') as role_group_ids
    from a`);
  return new Map(rows.map((row) => [row.id, row]));
}

export function createAlarmNotifier(deps: { db: Database; jobs: Jobs; mail: Mail; sms: SmsProvider; clock: Clock }): AlarmNotifier {
  const { db, jobs, mail, sms, clock } = deps;
  jobs.define<AlarmStateChange>({
    name: ALARM_NOTIFY_JOB,
    queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
    handler: async (change) => {
      const { rows } = await db.execute<{ name: string; methods: string[]; locale: Locale }>(sql`select name, methods, locale from alarms where id = ${change.alarmId}::uuid`);
      const alarm = rows[0];
      if (!alarm) return; // deleted since: nobody to tell
      const recipients = await recipientsOf(db, change.alarmId);
      if (alarm.methods.includes('EMAIL')) {
        // Cloud members were mailed through the outbox event.
        await mail.enqueueMany(
          db,
          recipients.filter((recipient) => recipient.kind === 'IAM').map((recipient) => alarmMail({ kind: change.kind, alarmName: alarm.name, at: change.at, value: change.value, locale: alarm.locale, to: recipient.email, orgId: change.orgId })),
        );
      }
      if (alarm.methods.includes('SMS')) {
        // One statement for every recipient with a mobile number (the SMS outbox without a gateway: platform/sms.ts).
        const text = TEXT[langOf(alarm.locale)];
        await sms.sendMany(
          recipients.flatMap((recipient) =>
            recipient.mobile
              ? [{ to: recipient.mobile, toEmail: recipient.email, text: `${change.kind === 'FIRING' ? text.firing : text.resolved} ${alarm.name}`, orgId: change.orgId, kind: `alarm.${change.kind}`, locale: alarm.locale }]
              : [],
          ),
        );
      }
    },
  });
  return {
    /**
     * A batch's state changes in four statements whatever their number: the alarms read at once
     * (alarmsToNotify), their outbox events and dispatch jobs (enqueueNotifications), and the
     * alarms.notify jobs of those that mail or text.
     */
    async notifyMany(tx, changes) {
      if (changes.length === 0) return;
      const alarms = await alarmsToNotify(tx, [...new Set(changes.map((change) => change.alarmId))]);
      const told = changes.flatMap((change) => {
        const alarm = alarms.get(change.alarmId);
        return alarm ? [{ change, alarm }] : [];
      });
      await enqueueNotifications(
        tx,
        jobs,
        clock,
        told.map(({ change, alarm }) => {
          const muted = new Set(change.mutedReceiverGroupIds);
          return {
            orgId: change.orgId,
            projectId: change.projectId,
            eventType: change.kind === 'FIRING' ? 'ALARM_FIRING' : 'ALARM_RESOLVED',
            dedupeKey: `alarm:${change.alarmId}:${change.kind.toLowerCase()}:${change.at}`,
            params: { alarmId: change.alarmId, alarmName: alarm.name, metric: alarm.metric_name, value: change.value, threshold: alarm.threshold },
            receiverGroupIds: alarm.receiver_group_ids.filter((id) => !muted.has(id)),
            memberIds: alarm.member_ids,
            roleGroupIds: alarm.role_group_ids,
            locale: alarm.locale,
          };
        }),
      );
      await jobs.enqueueMany(
        tx,
        ALARM_NOTIFY_JOB,
        told.filter(({ alarm }) => alarm.methods.includes('SMS') || alarm.methods.includes('EMAIL')).map(({ change }) => change),
      );
    },
  };
}
