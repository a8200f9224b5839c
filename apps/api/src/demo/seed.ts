import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, INVITATION_EXPIRY_DAYS, INVITATION_PAGE_PATH, tokenPageUrl, type OrgRole } from '@console/contracts';
import type { Database } from '../db/client.ts';
import {
  iamMembers,
  mailOutbox,
  members,
  orgDomains,
  orgInvitations,
  orgMembers,
  orgRegions,
  organizations,
  projectMemberRoleGroups,
  projectMembers,
  projects,
  roleGroupRoles,
  roleGroups,
} from '../db/schema/index.ts';
import { invitationMail } from '../platform/mail-templates.ts';
import { hashPassword } from '../platform/passwords.ts';
import { hashToken, newToken } from '../platform/tokens.ts';

/** Demo sign-ins, printed at start and written in the README. Demo only: change or remove them. */
export const DEMO_PASSWORD = 'Console#2026';
export const DEMO_DOMAIN = 'demo-corp';
export const DEMO_MEMBERS: readonly { email: string; name: string; role: OrgRole }[] = [
  { email: 'owner@demo.example.com', name: 'Kim Owner', role: 'OWNER' },
  { email: 'admin@demo.example.com', name: 'Lee Admin', role: 'ADMIN' },
  { email: 'member@demo.example.com', name: 'Park Member', role: 'MEMBER' },
  { email: 'billing@demo.example.com', name: 'Choi Billing', role: 'BILLING_VIEWER' },
];
export const DEMO_IAM = { userCode: 'iam.user', name: 'Jung.IAM', email: 'iam.user@demo.example.com' };
/** A pending invitation of the demo organization; its link is in the dev outbox (no SMTP) of the OWNER. */
export const DEMO_INVITEE = { email: 'new.member@demo.example.com', role: 'MEMBER' as const };

export interface DemoSeedOptions {
  /** PUBLIC_URL, for the link in the invitation mail. */
  publicUrl?: string;
  /** Put the invitation mail in the dev outbox (true when no SMTP is configured). */
  devOutbox?: boolean;
  now?: Date;
}

/**
 * Loads the demo organization once: when its owner already exists nothing happens, so a restart
 * (or a second instance) neither duplicates it nor undoes what users changed. Later additions
 * (the pending invitation) are loaded the same way, into a demo organization of any age.
 */
export async function seedDemoData(db: Database, options: DemoSeedOptions = {}): Promise<boolean> {
  const created = await seedDemoOrganization(db);
  await seedDemoInvitation(db, options);
  await seedDemoRoleGroups(db, options);
  return created;
}

async function findMemberByEmail(db: Database, email: string) {
  const [row] = await db.select().from(members).where(sql`lower(${members.email}) = lower(${email})`).limit(1);
  return row;
}

async function seedDemoOrganization(db: Database): Promise<boolean> {
  if (await findMemberByEmail(db, DEMO_MEMBERS[0]!.email)) return false;
  const hashes = await Promise.all([...DEMO_MEMBERS, DEMO_IAM].map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction(async (tx) => {
    const created = await tx
      .insert(members)
      .values(DEMO_MEMBERS.map((member, index) => ({ email: member.email, name: member.name, passwordHash: hashes[index]!, bizMember: true })))
      .onConflictDoNothing()
      .returning();
    if (created.length !== DEMO_MEMBERS.length) return false; // another instance got there first
    const byEmail = new Map(created.map((member) => [member.email, member.id]));
    const ownerId = byEmail.get(DEMO_MEMBERS[0]!.email)!;
    const [org] = await tx.insert(organizations).values({ name: 'Demo Organization', ownerMemberId: ownerId }).returning();
    await tx.insert(orgDomains).values({ orgId: org!.id, domainName: DEMO_DOMAIN });
    await tx.insert(orgMembers).values(
      DEMO_MEMBERS.map((member) => ({ orgId: org!.id, memberId: byEmail.get(member.email)!, roleCode: member.role })),
    );
    await tx.insert(orgRegions).values(['GLOBAL', 'KR1', 'KR2', 'JP1'].map((regionCode) => ({ orgId: org!.id, regionCode })));
    const [web, data] = await tx
      .insert(projects)
      .values([
        { orgId: org!.id, name: 'Web Service', description: 'Customer-facing web service', ownerMemberId: ownerId },
        { orgId: org!.id, name: 'Data Platform', description: 'Analytics and batch jobs', ownerMemberId: ownerId },
      ])
      .returning();
    const [iam] = await tx
      .insert(iamMembers)
      .values({ orgId: org!.id, userCode: DEMO_IAM.userCode, name: DEMO_IAM.name, email: DEMO_IAM.email, passwordHash: hashes.at(-1)! })
      .returning();
    await tx.insert(projectMembers).values([
      { orgId: org!.id, projectId: web!.id, memberId: ownerId, roleCodes: ['ADMIN'] },
      { orgId: org!.id, projectId: data!.id, memberId: ownerId, roleCodes: ['ADMIN'] },
      { orgId: org!.id, projectId: web!.id, memberId: byEmail.get('member@demo.example.com')!, roleCodes: ['MEMBER'] },
      { orgId: org!.id, projectId: data!.id, iamMemberId: iam!.id, roleCodes: ['MEMBER'] },
    ]);
    return true;
  });
}

/**
 * One invitation in progress (WAIT) of the demo organization, unless it ever had one for the
 * demo invitee (accepted, expired or withdrawn since: left as users left it).
 */
async function seedDemoInvitation(db: Database, options: DemoSeedOptions): Promise<boolean> {
  const owner = await findMemberByEmail(db, DEMO_MEMBERS[0]!.email);
  if (!owner) return false;
  const [org] = await db.select().from(organizations).where(eq(organizations.ownerMemberId, owner.id)).limit(1);
  if (!org) return false;
  return db.transaction(async (tx) => {
    // Two instances starting together: the second waits here and then finds the invitation.
    await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, org.id)).for('update');
    const [existing] = await tx
      .select({ id: orgInvitations.id })
      .from(orgInvitations)
      .where(and(eq(orgInvitations.orgId, org.id), sql`lower(${orgInvitations.email}) = ${DEMO_INVITEE.email}`))
      .limit(1);
    if (existing) return false;
    const now = options.now ?? new Date();
    const expiresAt = new Date(now.getTime() + INVITATION_EXPIRY_DAYS * 86_400_000);
    const token = newToken();
    await tx.insert(orgInvitations).values({
      orgId: org.id,
      email: DEMO_INVITEE.email,
      roleCodes: [DEMO_INVITEE.role],
      tokenHash: hashToken(token),
      status: 'WAIT',
      locale: DEFAULT_LOCALE,
      invitedByMemberId: owner.id,
      sentAt: now,
      expiresAt,
      createdAt: now,
    });
    if (options.devOutbox && options.publicUrl) {
      const message = invitationMail({
        to: DEMO_INVITEE.email,
        locale: DEFAULT_LOCALE,
        orgId: org.id,
        orgName: org.name,
        inviterName: owner.name,
        inviterEmail: owner.email,
        roleCodes: [DEMO_INVITEE.role],
        link: tokenPageUrl(options.publicUrl, INVITATION_PAGE_PATH, token),
        expiresAt,
      });
      await tx.insert(mailOutbox).values({
        orgId: message.orgId,
        kind: message.kind,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        locale: message.locale,
        createdAt: now,
      });
    }
    return true;
  });
}

/** The demo role groups: one COMMON group of the organization and one group of the Web Service project. */
export const DEMO_ROLE_GROUPS = {
  common: { name: 'Weekday Operators', description: 'Notifications and dashboards on weekdays' },
  project: { name: 'Web Support Desk', description: 'Support inquiries and project settings (read)' },
} as const;

/**
 * The demo role groups, assigned to the demo MEMBER in Web Service, unless the organization ever
 * had a group of either name (then left as users left it).
 */
async function seedDemoRoleGroups(db: Database, options: DemoSeedOptions): Promise<boolean> {
  const owner = await findMemberByEmail(db, DEMO_MEMBERS[0]!.email);
  const member = await findMemberByEmail(db, 'member@demo.example.com');
  if (!owner || !member) return false;
  const [org] = await db.select().from(organizations).where(eq(organizations.ownerMemberId, owner.id)).limit(1);
  if (!org) return false;
  return db.transaction(async (tx) => {
    await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, org.id)).for('update');
    const names = [DEMO_ROLE_GROUPS.common.name, DEMO_ROLE_GROUPS.project.name].map((name) => name.toLowerCase());
    const [existing] = await tx
      .select({ id: roleGroups.id })
      .from(roleGroups)
      .where(and(eq(roleGroups.orgId, org.id), sql`lower(${roleGroups.name}) in (${sql.join(names.map((name) => sql`${name}`), sql`, `)})`))
      .limit(1);
    if (existing) return false;
    const [web] = await tx
      .select()
      .from(projects)
      .where(and(eq(projects.orgId, org.id), eq(projects.name, 'Web Service')))
      .limit(1);
    if (!web) return false;
    const [membership] = await tx
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, web.id), eq(projectMembers.memberId, member.id)))
      .limit(1);
    const now = options.now ?? new Date();
    const [common, project] = await tx
      .insert(roleGroups)
      .values([
        { orgId: org.id, projectId: null, typeCode: 'COMMON', ...DEMO_ROLE_GROUPS.common, createdByMemberId: owner.id, createdAt: now, updatedAt: now },
        { orgId: org.id, projectId: web.id, typeCode: 'PROJECT', ...DEMO_ROLE_GROUPS.project, createdByMemberId: owner.id, createdAt: now, updatedAt: now },
      ])
      .returning();
    const weekdays = {
      attributeId: 'DAY_OF_WEEK' as const,
      attributeDataTypeCode: 'DAY_OF_WEEK' as const,
      attributeOperatorTypeCode: 'ANY_CONTAINS' as const,
      attributeValues: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
    };
    await tx.insert(roleGroupRoles).values([
      { roleGroupId: common!.id, orgId: org.id, roleId: 'PROJECT_ROLE:NOTICE_ADMIN', denialSetting: 'ALLOW', conditions: [weekdays], orderIdx: 0 },
      { roleGroupId: common!.id, orgId: org.id, roleId: 'PROJECT_ROLE:DASHBOARD_VIEWER', denialSetting: 'ALLOW', conditions: [], orderIdx: 1 },
      { roleGroupId: project!.id, orgId: org.id, roleId: 'PROJECT_ROLE:SUPPORT_ADMIN', denialSetting: 'ALLOW', conditions: [], orderIdx: 0 },
      { roleGroupId: project!.id, orgId: org.id, roleId: 'PROJECT_ROLE:PROJECT_MANAGEMENT_VIEWER', denialSetting: 'ALLOW', conditions: [], orderIdx: 1 },
    ]);
    if (membership) {
      await tx.insert(projectMemberRoleGroups).values(
        [common!, project!].map((group) => ({ projectMemberId: membership.id, roleGroupId: group.id, orgId: org.id, projectId: web.id, createdAt: now })),
      );
    }
    return true;
  });
}
