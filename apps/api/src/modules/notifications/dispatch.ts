import { langOf, NOTIFICATION_EVENTS, isNotificationEventType, type Locale } from '@console/contracts';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import {
  members,
  notificationOutbox,
  orgMembers,
  projectMemberRoleGroups,
  projectMembers,
  receiverGroupMembers,
  receiverGroupRoleGroups,
  receiverGroups,
  systemNotificationReceivers,
  webhookDeliveries,
  webhooks,
} from '../../db/schema/index.ts';
import type { Clock } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mail, MailMessage } from '../../platform/mail.ts';
import { NOTIFICATION_DISPATCH_JOB, enqueueNotification } from './outbox.ts';

export const WEBHOOK_DELIVER_JOB = 'webhooks.deliver';
export const WEBHOOK_SWEEP_JOB = 'webhooks.sweep';

type OutboxRow = typeof notificationOutbox.$inferSelect;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const INTRO = {
  ko: '콘솔에서 다음 알림이 발생했습니다.',
  en: 'The console raised this notification.',
  ja: 'コンソールで次の通知が発生しました。',
  zh: '控制台发出了以下通知。',
};
const OPEN = { ko: '콘솔 열기', en: 'Open the console', ja: 'コンソールを開く', zh: '打开控制台' };

/** The event as a mail, in the event's language, listing its parameters. */
export function notificationMail(event: OutboxRow, to: string, publicUrl: string): MailMessage {
  const locale = event.locale as Locale;
  const lang = langOf(locale);
  const definition = isNotificationEventType(event.eventType) ? NOTIFICATION_EVENTS[event.eventType] : undefined;
  const title = definition?.title[lang] ?? event.eventType;
  const params = { ...event.params, occurredAt: event.createdAt.toISOString() };
  const label = (name: string) => definition?.parameters.find((parameter) => parameter.name === name)?.description[lang] ?? name;
  const lines = Object.entries(params)
    .filter(([, value]) => value !== null && value !== '')
    .map(([name, value]) => [label(name), String(value)] as const);
  const link = event.projectId ? `${publicUrl}/project/${event.projectId}/dashboard` : `${publicUrl}/org/${event.orgId}/dashboard`;
  const subject = `[Cloud Console] ${title}`;
  const text = [INTRO[lang], '', title, ...lines.map(([name, value]) => `- ${name}: ${value}`), '', `${OPEN[lang]}: ${link}`].join('\n');
  const html = [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.6;color:#16191f">',
    `<p>${escapeHtml(INTRO[lang])}</p><h2 style="font-size:18px">${escapeHtml(title)}</h2>`,
    '<table>',
    ...lines.map(([name, value]) => `<tr><th style="text-align:left;padding-right:12px">${escapeHtml(name)}</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p><a href="${escapeHtml(link)}">${escapeHtml(OPEN[lang])}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { kind: `notification.${event.eventType}`, to, subject, text, html, locale, orgId: event.orgId };
}

/** The event as the JSON body a default webhook receives. */
export function webhookPayload(event: OutboxRow): Record<string, unknown> {
  return {
    eventId: event.id,
    eventType: event.eventType,
    occurredAt: event.createdAt.toISOString(),
    orgId: event.orgId,
    projectId: event.projectId,
    params: event.params,
  };
}

/** Emails of the cloud members to mail: listed members, holders of listed role groups (now). */
async function recipientEmails(tx: Executor, orgId: string, memberIds: string[], roleGroupIds: string[]): Promise<string[]> {
  const emails = new Set<string>();
  if (memberIds.length > 0) {
    const rows = await tx
      .select({ email: members.email })
      .from(members)
      .innerJoin(orgMembers, and(eq(orgMembers.memberId, members.id), eq(orgMembers.orgId, orgId)))
      .where(and(inArray(members.id, memberIds), eq(members.status, 'STABLE')));
    for (const row of rows) emails.add(row.email.toLowerCase());
  }
  if (roleGroupIds.length > 0) {
    const rows = await tx
      .select({ email: members.email })
      .from(projectMemberRoleGroups)
      .innerJoin(projectMembers, eq(projectMembers.id, projectMemberRoleGroups.projectMemberId))
      .innerJoin(members, eq(members.id, projectMembers.memberId))
      .where(and(inArray(projectMemberRoleGroups.roleGroupId, roleGroupIds), eq(projectMemberRoleGroups.orgId, orgId), eq(members.status, 'STABLE')));
    for (const row of rows) emails.add(row.email.toLowerCase());
  }
  return [...emails].sort();
}

/**
 * Dispatches one outbox event, once: resolves its receiver groups (the listed ones, and for a
 * system notification the ones set for its type in the organization / the project), mails every
 * recipient through the mail job and creates one webhook delivery per webhook, then marks the
 * event DISPATCHED — all in one transaction, under the event's row lock. A retried job finds the
 * event dispatched and does nothing.
 */
export async function dispatchEvent(deps: { db: Database; jobs: Jobs; mail: Mail; clock: Clock; publicUrl: string }, eventId: string) {
  const { db, jobs, mail, clock } = deps;
  await db.transaction(async (tx) => {
    const [event] = await tx.select().from(notificationOutbox).where(eq(notificationOutbox.id, eventId)).for('update');
    if (!event || event.statusCode === 'DISPATCHED') return [];
    const groupIds = new Set(event.receiverGroupIds);
    const definition = isNotificationEventType(event.eventType) ? NOTIFICATION_EVENTS[event.eventType] : undefined;
    if (definition?.system) {
      const scope = event.projectId ? eq(systemNotificationReceivers.projectId, event.projectId) : isNull(systemNotificationReceivers.projectId);
      const rows = await tx
        .select({ groupId: systemNotificationReceivers.groupId })
        .from(systemNotificationReceivers)
        .where(and(eq(systemNotificationReceivers.orgId, event.orgId), eq(systemNotificationReceivers.eventType, event.eventType), scope));
      for (const row of rows) groupIds.add(row.groupId);
    }
    // Only groups of the event's organization (and of its project or the organization itself).
    const groups =
      groupIds.size === 0
        ? []
        : await tx
            .select({ id: receiverGroups.id })
            .from(receiverGroups)
            .where(
              and(
                inArray(receiverGroups.id, [...groupIds]),
                eq(receiverGroups.orgId, event.orgId),
                event.projectId ? or(isNull(receiverGroups.projectId), eq(receiverGroups.projectId, event.projectId)) : isNull(receiverGroups.projectId),
              ),
            );
    const validGroupIds = groups.map((group) => group.id);
    const memberIds = new Set(event.memberIds);
    const roleGroupIds = new Set(event.roleGroupIds);
    let hooks: { id: string }[] = [];
    if (validGroupIds.length > 0) {
      for (const row of await tx.select({ memberId: receiverGroupMembers.memberId }).from(receiverGroupMembers).where(inArray(receiverGroupMembers.groupId, validGroupIds))) {
        memberIds.add(row.memberId);
      }
      for (const row of await tx.select({ roleGroupId: receiverGroupRoleGroups.roleGroupId }).from(receiverGroupRoleGroups).where(inArray(receiverGroupRoleGroups.groupId, validGroupIds))) {
        roleGroupIds.add(row.roleGroupId);
      }
      hooks = await tx.select({ id: webhooks.id }).from(webhooks).where(inArray(webhooks.groupId, validGroupIds));
    }
    const emails = await recipientEmails(tx, event.orgId, [...memberIds], [...roleGroupIds]);
    await mail.enqueueMany(
      tx,
      emails.map((email) => notificationMail(event, email, deps.publicUrl)),
    );
    const now = clock();
    const created =
      hooks.length === 0
        ? []
        : await tx
            .insert(webhookDeliveries)
            .values(
              hooks.map((hook) => ({
                webhookId: hook.id,
                orgId: event.orgId,
                eventId: event.id,
                eventType: event.eventType,
                payload: webhookPayload(event),
                nextAttemptAt: now,
                createdAt: now,
              })),
            )
            .onConflictDoNothing()
            .returning({ id: webhookDeliveries.id });
    await jobs.enqueueMany(
      tx,
      WEBHOOK_DELIVER_JOB,
      created.map((delivery) => ({ deliveryId: delivery.id })),
    );
    await tx
      .update(notificationOutbox)
      .set({ statusCode: 'DISPATCHED', dispatchedAt: now, mailCount: emails.length, webhookCount: created.length })
      .where(eq(notificationOutbox.id, event.id));
    return created.map((delivery) => delivery.id);
  });
}

/** The cloud members told when a group's webhook is paused: the organization's OWNER and ADMINs, and for a project group its ADMINs. */
export async function groupAdminIds(tx: Executor, groupId: string): Promise<{ orgId: string; projectId: string | null; memberIds: string[] }> {
  const [group] = await tx.select({ orgId: receiverGroups.orgId, projectId: receiverGroups.projectId }).from(receiverGroups).where(eq(receiverGroups.id, groupId));
  if (!group) return { orgId: '', projectId: null, memberIds: [] };
  const ids = new Set<string>();
  const orgAdmins = await tx
    .select({ memberId: orgMembers.memberId })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, group.orgId), inArray(orgMembers.roleCode, ['OWNER', 'ADMIN'])));
  for (const row of orgAdmins) ids.add(row.memberId);
  if (group.projectId) {
    const projectAdmins = await tx
      .select({ memberId: projectMembers.memberId })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, group.projectId), sql`'ADMIN' = any(${projectMembers.roleCodes})`));
    for (const row of projectAdmins) if (row.memberId) ids.add(row.memberId);
  }
  return { orgId: group.orgId, projectId: group.projectId, memberIds: [...ids] };
}

/** The dispatch queue's settings. One transaction: a job a killed worker left `active` is retried (a no-op once dispatched) after two minutes. */
export const DISPATCH_QUEUE = { deleteAfterSeconds: 24 * 3600, expireInSeconds: 120 };

/** Declares the dispatch job. (Webhook delivery jobs: delivery.ts.) */
export function defineDispatchJob(jobs: Jobs, deps: { db: Database; mail: Mail; clock: Clock; publicUrl: string }) {
  jobs.define<{ eventId: string }>({
    name: NOTIFICATION_DISPATCH_JOB,
    queue: DISPATCH_QUEUE,
    // Idempotent (the event's row lock and status): batches of 20, back to back while a backlog lasts.
    batch: { size: 20, concurrency: 2 },
    handler: ({ eventId }) => dispatchEvent({ ...deps, jobs }, eventId),
  });
}

export { enqueueNotification };
