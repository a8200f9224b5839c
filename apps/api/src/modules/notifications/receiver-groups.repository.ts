import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { totalCountColumn, totalOf } from '../../db/paging.ts';
import {
  members,
  orgInvitations,
  orgMembers,
  projectMembers,
  receiverGroupInvitations,
  receiverGroupMembers,
  receiverGroupRoleGroups,
  receiverGroups,
  roleGroups,
  webhookAttempts,
  webhookDeliveries,
  webhooks,
} from '../../db/schema/index.ts';

/** Where receiver groups live: the organization (projectId null) or one project. */
export interface NotificationScope {
  readonly orgId: string;
  readonly projectId: string | null;
}

export type ReceiverGroupRow = typeof receiverGroups.$inferSelect;
export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const inScope = (scope: NotificationScope) =>
  and(eq(receiverGroups.orgId, scope.orgId), scope.projectId ? eq(receiverGroups.projectId, scope.projectId) : isNull(receiverGroups.projectId));

/**
 * An invitation was accepted by `memberId`: in the caller's transaction, every receiver group that
 * named the invitation names the member instead (already named: kept once), so they receive from now on.
 */
export async function promoteInvitedReceivers(db: Executor, invitationId: string, memberId: string): Promise<void> {
  const rows = await db.delete(receiverGroupInvitations).where(eq(receiverGroupInvitations.invitationId, invitationId)).returning();
  if (rows.length === 0) return;
  await db
    .insert(receiverGroupMembers)
    .values(rows.map((row) => ({ groupId: row.groupId, memberId, orgId: row.orgId })))
    .onConflictDoNothing();
}

/** Invitations that expired (or were refused): the receiver groups stop naming them. A cancelled one is deleted, and its rows cascade. */
export async function dropInvitedReceivers(db: Executor, invitationIds: readonly string[]): Promise<void> {
  if (invitationIds.length === 0) return;
  await db.delete(receiverGroupInvitations).where(inArray(receiverGroupInvitations.invitationId, [...invitationIds]));
}

/** Whether a receiver group uses the role group (62011: such a role group cannot be deleted). */
export async function receiverGroupsUseRoleGroup(db: Executor, orgId: string, roleGroupId: string): Promise<boolean> {
  const rows = await db
    .select({ groupId: receiverGroupRoleGroups.groupId })
    .from(receiverGroupRoleGroups)
    .where(and(eq(receiverGroupRoleGroups.orgId, orgId), eq(receiverGroupRoleGroups.roleGroupId, roleGroupId)))
    .limit(1);
  return rows.length > 0;
}

export const receiverGroupsRepository = {
  async list(db: Executor, scope: NotificationScope, nameLike: string | undefined, page: number, limit: number, now: Date) {
    const offset = (page - 1) * limit;
    const where = and(inScope(scope), nameLike ? sql`${receiverGroups.name} ilike ${containsPattern(nameLike)}` : undefined);
    const rows = await db
      .select({
        group: receiverGroups,
        // Qualified by hand: in a one-table select drizzle renders columns bare, and a bare "id" inside
        // the subquery is the inner table's (every count was 0 for the webhooks).
        memberCount: sql<number>`((select count(*) from ${receiverGroupMembers} m where m.group_id = notification_receiver_groups.id)
          + (select count(*) from ${receiverGroupInvitations} i join ${orgInvitations} o on o.id = i.invitation_id
             where i.group_id = notification_receiver_groups.id and o.status = 'WAIT' and o.expires_at > ${now}))::int`.mapWith(Number),
        roleGroupCount: sql<number>`(select count(*) from ${receiverGroupRoleGroups} r where r.group_id = notification_receiver_groups.id)::int`.mapWith(Number),
        webhookCount: sql<number>`(select count(*) from ${webhooks} w where w.group_id = notification_receiver_groups.id)::int`.mapWith(Number),
        totalCount: totalCountColumn(),
      })
      .from(receiverGroups)
      .where(where)
      .orderBy(desc(receiverGroups.createdAt), asc(receiverGroups.id))
      .limit(limit)
      .offset(offset);
    const totalCount = await totalOf(rows, offset, async () => {
      const [row] = await db.select({ count: sql<number>`count(*)::int`.mapWith(Number) }).from(receiverGroups).where(where);
      return row?.count ?? 0;
    });
    return { rows, totalCount };
  },

  async find(db: Executor, scope: NotificationScope, groupId: string, lock = false) {
    const query = db.select().from(receiverGroups).where(and(inScope(scope), eq(receiverGroups.id, groupId)));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  },

  async membersOf(db: Executor, groupId: string) {
    return db
      .select({ memberId: members.id, name: members.name, email: members.email })
      .from(receiverGroupMembers)
      .innerJoin(members, eq(members.id, receiverGroupMembers.memberId))
      .where(eq(receiverGroupMembers.groupId, groupId))
      .orderBy(asc(members.name), asc(members.id));
  },

  /** The group's invited people: its invitations still pending at `now` (an expired one not yet swept is not listed). */
  async invitationsOf(db: Executor, groupId: string, now: Date) {
    return db
      .select({ invitationId: orgInvitations.id, email: orgInvitations.email })
      .from(receiverGroupInvitations)
      .innerJoin(orgInvitations, eq(orgInvitations.id, receiverGroupInvitations.invitationId))
      .where(and(eq(receiverGroupInvitations.groupId, groupId), eq(orgInvitations.status, 'WAIT'), gt(orgInvitations.expiresAt, now)))
      .orderBy(asc(orgInvitations.email), asc(orgInvitations.id));
  },

  /** Of `ids`, the invitations an organization group may name: the organization's, pending at `now`. A project group names none. */
  async eligibleInvitationIds(db: Executor, scope: NotificationScope, ids: readonly string[], now: Date): Promise<Set<string>> {
    if (ids.length === 0 || scope.projectId) return new Set();
    const rows = await db
      .select({ id: orgInvitations.id })
      .from(orgInvitations)
      .where(and(eq(orgInvitations.orgId, scope.orgId), inArray(orgInvitations.id, [...ids]), eq(orgInvitations.status, 'WAIT'), gt(orgInvitations.expiresAt, now)));
    return new Set(rows.map((row) => row.id));
  },

  async roleGroupsOf(db: Executor, groupId: string) {
    return db
      .select({ roleGroupId: roleGroups.id, name: roleGroups.name, typeCode: roleGroups.typeCode })
      .from(receiverGroupRoleGroups)
      .innerJoin(roleGroups, eq(roleGroups.id, receiverGroupRoleGroups.roleGroupId))
      .where(eq(receiverGroupRoleGroups.groupId, groupId))
      .orderBy(asc(roleGroups.name));
  },

  async webhooksOf(db: Executor, groupId: string) {
    return db.select().from(webhooks).where(eq(webhooks.groupId, groupId)).orderBy(asc(webhooks.createdAt), asc(webhooks.id));
  },

  /** Of `ids`, the cloud members a group of the scope may name: the organization's members, or the project's. */
  async eligibleMemberIds(db: Executor, scope: NotificationScope, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = scope.projectId
      ? await db
          .select({ id: projectMembers.memberId })
          .from(projectMembers)
          .where(and(eq(projectMembers.projectId, scope.projectId), inArray(projectMembers.memberId, [...ids])))
      : await db
          .select({ id: orgMembers.memberId })
          .from(orgMembers)
          .where(and(eq(orgMembers.orgId, scope.orgId), inArray(orgMembers.memberId, [...ids])));
    return new Set(rows.map((row) => row.id).filter((id): id is string => id !== null));
  },

  /** Of `ids`, the role groups usable in the scope: the organization's common ones, and the project's own. */
  async eligibleRoleGroupIds(db: Executor, scope: NotificationScope, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: roleGroups.id })
      .from(roleGroups)
      .where(
        and(
          eq(roleGroups.orgId, scope.orgId),
          inArray(roleGroups.id, [...ids]),
          scope.projectId ? or(isNull(roleGroups.projectId), eq(roleGroups.projectId, scope.projectId)) : isNull(roleGroups.projectId),
        ),
      );
    return new Set(rows.map((row) => row.id));
  },

  async setReceivers(db: Executor, orgId: string, groupId: string, memberIds: readonly string[], roleGroupIds: readonly string[], invitationIds: readonly string[]) {
    await db.delete(receiverGroupMembers).where(eq(receiverGroupMembers.groupId, groupId));
    await db.delete(receiverGroupRoleGroups).where(eq(receiverGroupRoleGroups.groupId, groupId));
    await db.delete(receiverGroupInvitations).where(eq(receiverGroupInvitations.groupId, groupId));
    if (memberIds.length > 0) await db.insert(receiverGroupMembers).values(memberIds.map((memberId) => ({ groupId, memberId, orgId })));
    if (invitationIds.length > 0) await db.insert(receiverGroupInvitations).values(invitationIds.map((invitationId) => ({ groupId, invitationId, orgId })));
    if (roleGroupIds.length > 0) await db.insert(receiverGroupRoleGroups).values(roleGroupIds.map((roleGroupId) => ({ groupId, roleGroupId, orgId })));
  },

  async findWebhook(db: Executor, groupId: string, webhookId: string) {
    const [row] = await db.select().from(webhooks).where(and(eq(webhooks.groupId, groupId), eq(webhooks.id, webhookId)));
    return row;
  },

  async deliveries(db: Executor, webhookId: string, page: number, limit: number) {
    const offset = (page - 1) * limit;
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, webhookId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit)
        .offset(offset),
      db.select({ count: sql<number>`count(*)::int`.mapWith(Number) }).from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)),
    ]);
    const attempts =
      rows.length === 0
        ? []
        : await db
            .select()
            .from(webhookAttempts)
            .where(inArray(webhookAttempts.deliveryId, rows.map((row) => row.id)))
            .orderBy(asc(webhookAttempts.attemptNo), asc(webhookAttempts.attemptedAt));
    return { rows, attempts, totalCount: counted?.count ?? 0 };
  },

  async findDelivery(db: Executor, webhookId: string, deliveryId: string) {
    const [row] = await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, deliveryId)));
    return row;
  },

  async attemptsOf(db: Executor, deliveryId: string) {
    return db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(asc(webhookAttempts.attemptNo));
  },
};
