import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  authRenewPeriods,
  credentialReminders,
  iamMembers,
  members,
  organizations,
  projectCredentials,
  projects,
  userAccessKeys,
} from '../../db/schema/index.ts';
import type { Holder } from '../access-keys/access-keys.repository.ts';

export type CredentialRow = typeof projectCredentials.$inferSelect;

const heldBy = (holder: Holder) =>
  holder.memberType === 'IAM' ? eq(projectCredentials.iamMemberId, holder.uuid) : eq(projectCredentials.memberId, holder.uuid);

export const projectCredentialsRepository = {
  async renewPeriods(db: Executor, orgId: string) {
    const [row] = await db.select().from(authRenewPeriods).where(eq(authRenewPeriods.orgId, orgId)).limit(1);
    return row;
  },

  async saveRenewPeriods(db: Executor, values: typeof authRenewPeriods.$inferInsert) {
    await db
      .insert(authRenewPeriods)
      .values(values)
      .onConflictDoUpdate({
        target: authRenewPeriods.orgId,
        set: { userAccessKey: values.userAccessKey, iaasApiPassword: values.iaasApiPassword, s3Credential: values.s3Credential, updatedAt: values.updatedAt },
      });
  },

  async listOwn(db: Executor, projectId: string, holder: Holder) {
    return db.select().from(projectCredentials).where(and(eq(projectCredentials.projectId, projectId), heldBy(holder)));
  },

  async findOwn(db: Executor, projectId: string, holder: Holder, id: string) {
    const [row] = await db
      .select()
      .from(projectCredentials)
      .where(and(eq(projectCredentials.projectId, projectId), heldBy(holder), eq(projectCredentials.id, id)))
      .limit(1);
    return row;
  },

  /** Creates the holder's credential of a kind, or renews it (new secret, renewedAt now) when there is one. */
  async upsert(db: Executor, values: typeof projectCredentials.$inferInsert) {
    const [row] = await db
      .insert(projectCredentials)
      .values(values)
      .onConflictDoUpdate({
        target: [projectCredentials.projectId, projectCredentials.kind, projectCredentials.memberId, projectCredentials.iamMemberId],
        set: { accessKey: values.accessKey, secret: values.secret, renewedAt: values.renewedAt, locale: values.locale },
      })
      .returning();
    return row!;
  },

  async remove(db: Executor, id: string) {
    await db.delete(projectCredentials).where(eq(projectCredentials.id, id));
  },

  /**
   * Every credential with what a reminder needs: when it was last renewed, the renewal period that
   * applies, the organization's time zone, and the holder's address. Project credentials use their
   * organization's periods; an IAM account's access keys its organization's; a cloud member's access
   * keys (which belong to no organization) the 90 days of spec §9, in UTC.
   */
  async reminderCandidates(db: Executor) {
    const project = await db
      .select({
        credentialType: projectCredentials.kind,
        credentialId: projectCredentials.id,
        renewedAt: projectCredentials.renewedAt,
        locale: projectCredentials.locale,
        orgId: organizations.id,
        timeZone: organizations.timeZone,
        projectName: projects.name,
        iaasDays: authRenewPeriods.iaasApiPassword,
        s3Days: authRenewPeriods.s3Credential,
        email: sql<string>`coalesce(${members.email}, ${iamMembers.email})`,
      })
      .from(projectCredentials)
      .innerJoin(projects, eq(projects.id, projectCredentials.projectId))
      .innerJoin(organizations, eq(organizations.id, projects.orgId))
      .leftJoin(authRenewPeriods, eq(authRenewPeriods.orgId, organizations.id))
      .leftJoin(members, eq(members.id, projectCredentials.memberId))
      .leftJoin(iamMembers, eq(iamMembers.id, projectCredentials.iamMemberId));
    const keys = await db
      .select({
        credentialId: userAccessKeys.id,
        keyId: userAccessKeys.keyId,
        renewedAt: sql<Date>`coalesce(${userAccessKeys.reissuedAt}, ${userAccessKeys.createdAt})`.mapWith(userAccessKeys.createdAt),
        locale: userAccessKeys.locale,
        orgId: iamMembers.orgId,
        timeZone: organizations.timeZone,
        keyDays: authRenewPeriods.userAccessKey,
        email: sql<string>`coalesce(${members.email}, ${iamMembers.email})`,
      })
      .from(userAccessKeys)
      .leftJoin(members, eq(members.id, userAccessKeys.memberId))
      .leftJoin(iamMembers, eq(iamMembers.id, userAccessKeys.iamMemberId))
      .leftJoin(organizations, eq(organizations.id, iamMembers.orgId))
      .leftJoin(authRenewPeriods, eq(authRenewPeriods.orgId, iamMembers.orgId))
      .where(eq(userAccessKeys.status, 'STABLE'));
    return { project, keys };
  },

  /** Claims the reminder of one credential for one due date: false when it was already sent. */
  async claimReminder(tx: Executor, credentialType: string, credentialId: string, dueDate: string, now: Date) {
    const rows = await tx
      .insert(credentialReminders)
      .values({ credentialType, credentialId, dueDate, sentAt: now })
      .onConflictDoNothing()
      .returning({ credentialId: credentialReminders.credentialId });
    return rows.length === 1;
  },
};
