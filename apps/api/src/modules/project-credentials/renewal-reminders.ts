import { DEFAULT_ORG_TIME_ZONE, langOf, RENEW_PERIOD_DEFAULT_DAYS, RENEW_REMINDER_DAYS_BEFORE, resolveLocale, type Lang, type Locale } from '@console/contracts';
import type { Database } from '../../db/client.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mail, MailMessage } from '../../platform/mail.ts';
import { isTimeZone, zonedInstant, zonedParts } from '../../platform/policy/zoned.ts';
import { projectCredentialsRepository as repo } from './project-credentials.repository.ts';

/**
 * Credential renewal reminders (spec §9 "credential reminder email at 12 PM"): a credential is due
 * its renewal period after it was created or last renewed; RENEW_REMINDER_DAYS_BEFORE days before
 * its due date, at 12:00 in its organization's time zone (UTC for a cloud member's access keys,
 * which belong to no organization), its holder gets one mail. The job runs hourly; each mail is
 * claimed in credential_reminders (unique per credential and due date) in the same transaction that
 * enqueues it, so a retry, a second worker or a restart never sends it twice, and a crash sends it
 * on the next run.
 */
export const RENEWAL_REMINDER_JOB = 'credentials.renewal-reminders';

const DAY_MS = 86_400_000;
const NOON = 12 * 60;

interface Candidate {
  credentialType: string;
  credentialId: string;
  renewedAt: Date;
  periodDays: number;
  timeZone: string;
  orgId: string | null;
  email: string;
  locale: string;
  label: string;
}

/** The due date (local, YYYY-MM-DD) and the instant the reminder is due. */
export function reminderSchedule(renewedAt: Date, periodDays: number, timeZone: string) {
  const due = new Date(renewedAt.getTime() + periodDays * DAY_MS);
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC';
  const local = zonedParts(due.getTime(), zone)!;
  const dueDate = `${local.year}-${String(local.month).padStart(2, '0')}-${String(local.day).padStart(2, '0')}`;
  const remindDay = new Date(Date.UTC(local.year, local.month - 1, local.day) - RENEW_REMINDER_DAYS_BEFORE * DAY_MS);
  const remindAt = zonedInstant(zone, remindDay.getUTCFullYear(), remindDay.getUTCMonth() + 1, remindDay.getUTCDate(), NOON);
  return { due, dueDate, remindAt: new Date(remindAt) };
}

const KIND_NAMES: Record<string, Record<Lang, string>> = {
  USER_ACCESS_KEY: { ko: '사용자 액세스 키', en: 'user access key', ja: 'ユーザーアクセスキー', zh: '用户访问密钥' },
  IAAS_API_PASSWORD: { ko: '인프라 API 비밀번호', en: 'infrastructure API password', ja: 'インフラAPIパスワード', zh: '基础设施 API 密码' },
  S3_CREDENTIAL: { ko: 'S3 인증 정보', en: 'S3 credential', ja: 'S3認証情報', zh: 'S3 凭证' },
};

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export function renewalReminderMail(input: { to: string; locale: Locale; orgId: string | null; kind: string; label: string; dueDate: string; link: string }): MailMessage {
  const lang = langOf(input.locale);
  const kind = KIND_NAMES[input.kind]?.[lang] ?? input.kind;
  const texts: Record<Lang, { subject: string; body: string; action: string }> = {
    ko: { subject: `[Cloud Console] ${kind} 갱신 예정 안내`, body: `${input.label}의 ${kind}을(를) ${input.dueDate}까지 갱신해 주세요.`, action: '갱신하러 가기' },
    en: { subject: `[Cloud Console] Your ${kind} is due for renewal`, body: `Renew the ${kind} of ${input.label} by ${input.dueDate}.`, action: 'Renew now' },
    ja: { subject: `[Cloud Console] ${kind}の更新期限のお知らせ`, body: `${input.label}の${kind}を${input.dueDate}までに更新してください。`, action: '更新する' },
    zh: { subject: `[Cloud Console] ${kind}即将到期`, body: `请在 ${input.dueDate} 之前更新 ${input.label} 的${kind}。`, action: '立即更新' },
  };
  const text = texts[lang];
  return {
    kind: 'credentialRenewalReminder',
    to: input.to,
    subject: text.subject,
    text: `${text.body}\n\n${text.action}: ${input.link}\n\n— Cloud Console`,
    html: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escape(text.subject)}</title></head><body><p>${escape(text.body)}</p><p><a href="${escape(input.link)}">${escape(text.action)}</a></p><p>Cloud Console</p></body></html>`,
    locale: input.locale,
    orgId: input.orgId,
  };
}

/** Sends every reminder that is due by `now` and not sent yet; answers how many were enqueued. */
export async function sendDueReminders(deps: { db: Database; mail: Mail; publicUrl: string }, now: Date): Promise<number> {
  const { db, mail, publicUrl } = deps;
  const { project, keys } = await repo.reminderCandidates(db);
  const candidates: Candidate[] = [
    ...project.map((row) => ({
      credentialType: row.credentialType,
      credentialId: row.credentialId,
      renewedAt: row.renewedAt,
      periodDays: (row.credentialType === 'IAAS_API_PASSWORD' ? row.iaasDays : row.s3Days) ?? RENEW_PERIOD_DEFAULT_DAYS,
      timeZone: row.timeZone,
      orgId: row.orgId,
      email: row.email,
      locale: row.locale,
      label: row.projectName,
    })),
    ...keys.map((row) => ({
      credentialType: 'USER_ACCESS_KEY',
      credentialId: row.credentialId,
      renewedAt: row.renewedAt,
      periodDays: row.keyDays ?? RENEW_PERIOD_DEFAULT_DAYS,
      timeZone: row.orgId ? (row.timeZone ?? DEFAULT_ORG_TIME_ZONE) : 'UTC',
      orgId: row.orgId,
      email: row.email,
      locale: row.locale,
      label: row.keyId,
    })),
  ];
  let sent = 0;
  for (const candidate of candidates) {
    const { dueDate, remindAt } = reminderSchedule(candidate.renewedAt, candidate.periodDays, candidate.timeZone);
    if (remindAt > now) continue;
    const link = candidate.credentialType === 'USER_ACCESS_KEY' ? `${publicUrl}/security-setting` : `${publicUrl}/`;
    const claimed = await db.transaction(async (tx) => {
      if (!(await repo.claimReminder(tx, candidate.credentialType, candidate.credentialId, dueDate, now))) return false;
      await mail.enqueue(
        tx,
        renewalReminderMail({
          to: candidate.email,
          locale: resolveLocale(candidate.locale, undefined),
          orgId: candidate.orgId,
          kind: candidate.credentialType,
          label: candidate.label,
          dueDate,
          link,
        }),
      );
      return true;
    });
    if (claimed) sent++;
  }
  return sent;
}

export function defineRenewalReminderJob(jobs: Jobs, deps: { db: Database; mail: Mail; publicUrl: string; clock: () => Date }) {
  jobs.define<Record<string, never>>({
    name: RENEWAL_REMINDER_JOB,
    schedule: '0 * * * *',
    handler: async () => {
      await sendDueReminders(deps, deps.clock());
    },
  });
}
