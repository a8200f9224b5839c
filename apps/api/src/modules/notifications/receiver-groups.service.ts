import {
  validationMessage,
  WEBHOOK_TYPE_CODES,
  WEBHOOKS_PER_TYPE,
  type Delivery,
  type FieldError,
  type ReceiverGroupBody,
  type ReceiverGroupDetail,
  type ReceiverGroupSummary,
  type Webhook,
} from '@console/contracts';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { receiverGroups, webhookDeliveries, webhooks } from '../../db/schema/index.ts';
import { grantOf, type SignedInContext } from '../../platform/context.ts';
import { AppError, invalidFields } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { disclosureOf } from '../../platform/personal-data.ts';
import type { SecretBox } from '../../platform/secrets.ts';
import { newWebhookSecret } from './delivery.ts';
import { WEBHOOK_DELIVER_JOB } from './dispatch.ts';
import {
  receiverGroupsRepository as repo,
  type DeliveryRow,
  type NotificationScope,
  type ReceiverGroupRow,
  type WebhookRow,
} from './receiver-groups.repository.ts';

/** The scope of a call: the organization, or the project of a project route. */
export function notificationScopeOf(ctx: SignedInContext): NotificationScope {
  const grant = grantOf(ctx);
  return { orgId: grant.orgId, projectId: grant.scope === 'project' ? grant.projectId : null };
}

export function toWebhook(row: WebhookRow): Webhook {
  return {
    webhookId: row.id,
    name: row.name,
    targetUrl: row.targetUrl,
    hasSecret: true,
    typeCode: row.typeCode,
    method: row.method,
    headers: row.headers,
    bodyTemplate: row.bodyTemplate,
    sender: row.sender,
    paused: row.pausedAt !== null,
    pauseReason: row.pauseReason,
    lastStatusCode: row.lastStatusCode,
    lastHttpStatus: row.lastHttpStatus,
    lastAttemptDateTime: row.lastAttemptAt?.toISOString() ?? null,
  };
}

function toSummary(row: ReceiverGroupRow, counts: { memberCount: number; roleGroupCount: number; webhookCount: number }): ReceiverGroupSummary {
  return {
    receiverGroupId: row.id,
    name: row.name,
    description: row.description,
    scope: row.projectId ? 'PROJECT' : 'ORG',
    ...counts,
    regDateTime: row.createdAt.toISOString(),
    modDateTime: row.updatedAt.toISOString(),
  };
}

function toDelivery(row: DeliveryRow, attempts: Awaited<ReturnType<typeof repo.attemptsOf>>): Delivery {
  return {
    deliveryId: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    redeliveryOf: row.redeliveryOf,
    statusCode: row.statusCode,
    attemptCount: row.attemptCount,
    nextAttemptDateTime: row.nextAttemptAt?.toISOString() ?? null,
    regDateTime: row.createdAt.toISOString(),
    attempts: attempts
      .filter((attempt) => attempt.deliveryId === row.id)
      .map((attempt) => ({
        attemptNo: attempt.attemptNo,
        attemptedDateTime: attempt.attemptedAt.toISOString(),
        outcomeCode: attempt.outcomeCode as Delivery['attempts'][number]['outcomeCode'],
        httpStatus: attempt.httpStatus,
        latencyMs: attempt.latencyMs,
        responseExcerpt: attempt.responseExcerpt,
        errorMessage: attempt.errorMessage,
      })),
  };
}

/** The §5 rules the schema cannot see, each next to its field (INVALID_PARAMETER). */
async function assertBody(ctx: SignedInContext, tx: Executor, scope: NotificationScope, body: ReceiverGroupBody, existing: readonly WebhookRow[]) {
  const problems: FieldError[] = [];
  const message = (key: Parameters<typeof validationMessage>[0], params?: Record<string, number>) => validationMessage(key, ctx.lang, params);
  if (body.memberIds.length === 0 && body.invitationIds.length === 0 && body.roleGroupIds.length === 0 && body.webhooks.length === 0) {
    problems.push({ field: 'body.memberIds', message: message('validation.receiverGroup.recipientRequired') });
  }
  const members = await repo.eligibleMemberIds(tx, scope, body.memberIds);
  body.memberIds.forEach((id, index) => {
    if (!members.has(id)) problems.push({ field: `body.memberIds.${index}`, message: message('validation.receiverGroup.unknownMember') });
  });
  const invitations = await repo.eligibleInvitationIds(tx, scope, body.invitationIds, ctx.now());
  body.invitationIds.forEach((id, index) => {
    if (!invitations.has(id)) problems.push({ field: `body.invitationIds.${index}`, message: message('validation.receiverGroup.unknownInvitation') });
  });
  const roleGroups = await repo.eligibleRoleGroupIds(tx, scope, body.roleGroupIds);
  body.roleGroupIds.forEach((id, index) => {
    if (!roleGroups.has(id)) problems.push({ field: `body.roleGroupIds.${index}`, message: message('validation.receiverGroup.unknownRoleGroup') });
  });
  for (const type of WEBHOOK_TYPE_CODES) {
    const ofType = body.webhooks.map((hook, index) => ({ hook, index })).filter(({ hook }) => hook.typeCode === type);
    if (ofType.length > WEBHOOKS_PER_TYPE) {
      problems.push({ field: `body.webhooks.${ofType[WEBHOOKS_PER_TYPE]!.index}.typeCode`, message: message('validation.webhook.limitPerType', { max: WEBHOOKS_PER_TYPE }) });
    }
  }
  const names = new Set<string>();
  const targets = new Set<string>();
  const existingIds = new Set(existing.map((hook) => hook.id));
  body.webhooks.forEach((hook, index) => {
    if (hook.webhookId && !existingIds.has(hook.webhookId)) problems.push({ field: `body.webhooks.${index}.webhookId`, message: message('validation.webhook.unknown') });
    const name = hook.name.toLowerCase();
    if (names.has(name)) problems.push({ field: `body.webhooks.${index}.name`, message: message('validation.webhook.nameDuplicate') });
    names.add(name);
    if (targets.has(hook.targetUrl)) problems.push({ field: `body.webhooks.${index}.targetUrl`, message: message('validation.webhook.targetDuplicate') });
    targets.add(hook.targetUrl);
    if (hook.typeCode === 'CUSTOM' && !hook.bodyTemplate?.trim()) problems.push({ field: `body.webhooks.${index}.bodyTemplate`, message: message('validation.webhook.bodyRequired') });
  });
  if (problems.length > 0) throw invalidFields(...problems);
}

async function detail(ctx: SignedInContext, executor: Executor, row: ReceiverGroupRow): Promise<ReceiverGroupDetail> {
  const [people, invited, groups, hooks] = await Promise.all([
    repo.membersOf(executor, row.id),
    repo.invitationsOf(executor, row.id, ctx.now()),
    repo.roleGroupsOf(executor, row.id),
    repo.webhooksOf(executor, row.id),
  ]);
  const disclose = disclosureOf(ctx.caller, [grantOf(ctx).view]);
  return {
    ...toSummary(row, { memberCount: people.length + invited.length, roleGroupCount: groups.length, webhookCount: hooks.length }),
    members: [
      ...people.map((person) => {
        const ref = { kind: 'TOAST_CLOUD', id: person.memberId } as const;
        return { membership: 'ADDED' as const, memberId: person.memberId, invitationId: null, name: disclose.name(person.name, ref), email: disclose.email(person.email, ref) };
      }),
      ...invited.map((person) => {
        const ref = { kind: 'TOAST_CLOUD', email: person.email } as const;
        return { membership: 'INVITED' as const, memberId: null, invitationId: person.invitationId, name: '', email: disclose.email(person.email, ref) };
      }),
    ],
    roleGroups: groups,
    webhooks: hooks.map(toWebhook),
  };
}

async function found(executor: Executor, scope: NotificationScope, groupId: string, lock = false) {
  const row = await repo.find(executor, scope, groupId, lock);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export function createReceiverGroupsService(deps: { db: Database; jobs: Jobs; box: SecretBox }) {
  const { db, jobs, box } = deps;

  async function writeWebhooks(tx: Executor, scope: NotificationScope, groupId: string, body: ReceiverGroupBody, existing: readonly WebhookRow[], now: Date) {
    const kept = body.webhooks.map((hook) => hook.webhookId).filter((id): id is string => Boolean(id));
    await tx.delete(webhooks).where(and(eq(webhooks.groupId, groupId), kept.length > 0 ? notInArray(webhooks.id, kept) : undefined));
    // Names and targets move between kept webhooks: clear them first so the unique indexes see only the end state.
    for (const id of kept) await tx.update(webhooks).set({ name: `~${id}`, targetUrl: `~${id}` }).where(eq(webhooks.id, id));
    for (const hook of body.webhooks) {
      const values = {
        name: hook.name,
        targetUrl: hook.targetUrl,
        typeCode: hook.typeCode,
        method: hook.typeCode === 'CUSTOM' ? hook.method : ('POST' as const),
        headers: hook.typeCode === 'CUSTOM' ? hook.headers : [],
        bodyTemplate: hook.typeCode === 'CUSTOM' ? (hook.bodyTemplate ?? null) : null,
        sender: hook.sender,
      };
      const current = hook.webhookId ? existing.find((row) => row.id === hook.webhookId) : undefined;
      if (current) {
        await tx
          .update(webhooks)
          .set({ ...values, ...(hook.secret ? { secretSealed: box.seal(hook.secret) } : {}) })
          .where(eq(webhooks.id, current.id));
      } else {
        await tx.insert(webhooks).values({ ...values, groupId, orgId: scope.orgId, secretSealed: box.seal(hook.secret ?? newWebhookSecret()), createdAt: now });
      }
    }
  }

  async function save(ctx: SignedInContext, body: ReceiverGroupBody, groupId: string | undefined) {
    const scope = notificationScopeOf(ctx);
    const now = ctx.now();
    try {
      return await db.transaction(async (tx) => {
        const before = groupId ? await found(tx, scope, groupId, true) : undefined;
        const existing = before ? await repo.webhooksOf(tx, before.id) : [];
        await assertBody(ctx, tx, scope, body, existing);
        const [row] = before
          ? await tx.update(receiverGroups).set({ name: body.name, description: body.description, updatedAt: now }).where(eq(receiverGroups.id, before.id)).returning()
          : await tx
              .insert(receiverGroups)
              .values({ orgId: scope.orgId, projectId: scope.projectId, name: body.name, description: body.description, createdAt: now, updatedAt: now })
              .returning();
        await repo.setReceivers(tx, scope.orgId, row!.id, [...new Set(body.memberIds)], [...new Set(body.roleGroupIds)], [...new Set(body.invitationIds)]);
        await writeWebhooks(tx, scope, row!.id, body, existing, now);
        return { receiverGroup: await detail(ctx, tx, row!) };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'receiver_groups_org_name_key') || isUniqueViolation(error, 'receiver_groups_project_name_key')) {
        throw new AppError('ALARM_GROUP_NAME_EXISTS', { fieldErrors: [{ field: 'body.name', message: validationMessage('validation.receiverGroup.nameDuplicate', ctx.lang) }] });
      }
      throw error;
    }
  }

  async function webhookOf(ctx: SignedInContext, groupId: string, webhookId: string) {
    const scope = notificationScopeOf(ctx);
    const group = await found(db, scope, groupId);
    const hook = await repo.findWebhook(db, group.id, webhookId);
    if (!hook) throw new AppError('NOT_FOUND');
    return { scope, group, hook };
  }

  /** A new delivery of `payload` to one webhook, attempted by the delivery job after commit. */
  async function newDelivery(ctx: SignedInContext, hook: WebhookRow, fields: { eventId: string | null; eventType: string; payload: Record<string, unknown>; redeliveryOf: string | null }) {
    const now = ctx.now();
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(webhookDeliveries)
        .values({ webhookId: hook.id, orgId: hook.orgId, ...fields, nextAttemptAt: now, createdAt: now })
        .returning();
      await jobs.enqueue(tx, WEBHOOK_DELIVER_JOB, { deliveryId: created!.id });
      return created!;
    });
    return { delivery: toDelivery(row, []) };
  }

  return {
    async list(ctx: SignedInContext, query: { page: number; limit: number; nameLike?: string | undefined }) {
      const { rows, totalCount } = await repo.list(db, notificationScopeOf(ctx), query.nameLike, query.page, query.limit, ctx.now());
      return {
        receiverGroups: rows.map((row) => toSummary(row.group, row)),
        paging: { page: query.page, limit: query.limit, totalCount },
      };
    },
    async get(ctx: SignedInContext, groupId: string) {
      return { receiverGroup: await detail(ctx, db, await found(db, notificationScopeOf(ctx), groupId)) };
    },
    create: (ctx: SignedInContext, body: ReceiverGroupBody) => save(ctx, body, undefined),
    update: (ctx: SignedInContext, groupId: string, body: ReceiverGroupBody) => save(ctx, body, groupId),
    async remove(ctx: SignedInContext, groupId: string) {
      const scope = notificationScopeOf(ctx);
      await db.transaction(async (tx) => {
        const row = await found(tx, scope, groupId, true);
        await tx.delete(receiverGroups).where(eq(receiverGroups.id, row.id));
      });
      return { receiverGroupId: groupId };
    },
    async deliveries(ctx: SignedInContext, groupId: string, webhookId: string, page: number, limit: number) {
      const { hook } = await webhookOf(ctx, groupId, webhookId);
      const { rows, attempts, totalCount } = await repo.deliveries(db, hook.id, page, limit);
      return { deliveries: rows.map((row) => toDelivery(row, attempts)), paging: { page, limit, totalCount } };
    },
    async test(ctx: SignedInContext, groupId: string, webhookId: string) {
      const { scope, hook } = await webhookOf(ctx, groupId, webhookId);
      const now = ctx.now();
      return newDelivery(ctx, hook, {
        eventId: null,
        eventType: 'WEBHOOK_TEST',
        redeliveryOf: null,
        payload: { eventId: null, eventType: 'WEBHOOK_TEST', occurredAt: now.toISOString(), orgId: scope.orgId, projectId: scope.projectId, params: { webhookName: hook.name } },
      });
    },
    async redeliver(ctx: SignedInContext, groupId: string, webhookId: string, deliveryId: string) {
      const { hook } = await webhookOf(ctx, groupId, webhookId);
      const original = await repo.findDelivery(db, hook.id, deliveryId);
      if (!original) throw new AppError('NOT_FOUND');
      return newDelivery(ctx, hook, { eventId: original.eventId, eventType: original.eventType, payload: original.payload, redeliveryOf: original.redeliveryOf ?? original.id });
    },
    async resume(ctx: SignedInContext, groupId: string, webhookId: string) {
      const { hook } = await webhookOf(ctx, groupId, webhookId);
      const now = ctx.now();
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx.update(webhooks).set({ pausedAt: null, pauseReason: null, consecutiveFailures: 0 }).where(eq(webhooks.id, hook.id)).returning();
        // What waited while paused is attempted now (the sweeper takes them at its next run).
        await tx
          .update(webhookDeliveries)
          .set({ nextAttemptAt: now })
          .where(and(eq(webhookDeliveries.webhookId, hook.id), inArray(webhookDeliveries.statusCode, ['PENDING', 'RETRYING'])));
        return updated!;
      });
      return { webhook: toWebhook(row) };
    },
  };
}

export type ReceiverGroupsService = ReturnType<typeof createReceiverGroupsService>;
