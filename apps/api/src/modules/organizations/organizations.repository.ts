import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  members,
  orgDomains,
  orgIpAcls,
  orgMembers,
  orgRegions,
  organizations,
  projectProducts,
  projects,
  regions,
} from '../../db/schema/index.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
type NewOrganization = typeof organizations.$inferInsert;

const roleCodesAgg = sql<string[]>`array_agg(${orgMembers.roleCode} order by ${orgMembers.roleCode})`;
const projectCountOf = sql<number>`(select count(*)::int from ${projects} where ${projects.orgId} = ${organizations.id})`;
/** Services in use in the organization's projects: the product ids of project_products. */
const productIdsInUseOf = sql<string[]>`coalesce((select array_agg(distinct ${projectProducts.productId} order by ${projectProducts.productId}) from ${projectProducts} where ${projectProducts.orgId} = ${organizations.id}), '{}')`;
const ownerColumns = {
  uuid: members.id,
  name: members.name,
  email: members.email,
  country: members.country,
  restrictTypes: members.restrictTypes,
};

export const organizationsRepository = {
  /** Organizations a cloud member has a role in, with their role codes, oldest first. */
  async listForMember(db: Executor, memberId: string, page: number, limit: number) {
    const rows = await db
      .select({ org: organizations, roleCodes: roleCodesAgg })
      .from(organizations)
      .innerJoin(orgMembers, eq(orgMembers.orgId, organizations.id))
      .where(eq(orgMembers.memberId, memberId))
      .groupBy(organizations.id)
      .orderBy(asc(organizations.createdAt), asc(organizations.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return { rows, totalCount: await organizationsRepository.countForMember(db, memberId) };
  },

  async countForMember(db: Executor, memberId: string) {
    const [total] = await db
      .select({ value: sql<number>`count(distinct ${orgMembers.orgId})::int` })
      .from(orgMembers)
      .where(eq(orgMembers.memberId, memberId));
    return total?.value ?? 0;
  },

  /** The same organizations with their owner and project count (GET v6 infos). */
  async listInfosForMember(db: Executor, memberId: string, page: number, limit: number) {
    return db
      .select({ org: organizations, roleCodes: roleCodesAgg, owner: ownerColumns, projectCount: projectCountOf, productIdsInUse: productIdsInUseOf })
      .from(organizations)
      .innerJoin(orgMembers, eq(orgMembers.orgId, organizations.id))
      .innerJoin(members, eq(members.id, organizations.ownerMemberId))
      .where(eq(orgMembers.memberId, memberId))
      .groupBy(organizations.id, members.id)
      .orderBy(asc(organizations.createdAt), asc(organizations.id))
      .limit(limit)
      .offset((page - 1) * limit);
  },

  async infoOf(db: Executor, orgId: string) {
    const [row] = await db
      .select({ org: organizations, owner: ownerColumns, projectCount: projectCountOf, productIdsInUse: productIdsInUseOf })
      .from(organizations)
      .innerJoin(members, eq(members.id, organizations.ownerMemberId))
      .where(eq(organizations.id, orgId))
      .limit(1);
    return row;
  },

  async findById(db: Executor, orgId: string) {
    const [row] = await db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
    return row;
  },

  /** The organization row, locked until the transaction ends (limits and deletes take turns). */
  async lockById(db: Executor, orgId: string) {
    const [row] = await db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1).for('update');
    return row;
  },

  /** Locks a member's row so two of their requests count their organizations one after the other. */
  async lockMember(db: Executor, memberId: string) {
    await db.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
  },

  async countOwnedBy(db: Executor, memberId: string) {
    const [row] = await db.select({ value: count() }).from(organizations).where(eq(organizations.ownerMemberId, memberId));
    return row?.value ?? 0;
  },

  /** Whether another organization the member belongs to has this name (trimmed, any letter case). */
  async memberHasOrgNamed(db: Executor, memberId: string, name: string, exceptOrgId?: string) {
    const [row] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .innerJoin(orgMembers, eq(orgMembers.orgId, organizations.id))
      .where(
        and(
          eq(orgMembers.memberId, memberId),
          sql`lower(btrim(${organizations.name})) = lower(btrim(${name}))`,
          exceptOrgId ? ne(organizations.id, exceptOrgId) : undefined,
        ),
      )
      .limit(1);
    return Boolean(row);
  },

  async insert(db: Executor, values: NewOrganization) {
    const [row] = await db.insert(organizations).values(values).returning();
    return row!;
  },

  /** Renames the organization and, when given, changes its time zone. */
  async rename(db: Executor, orgId: string, name: string, at: Date, timeZone?: string) {
    const [row] = await db
      .update(organizations)
      .set({ name, updatedAt: at, ...(timeZone === undefined ? {} : { timeZone }) })
      .where(eq(organizations.id, orgId))
      .returning();
    return row!;
  },

  async setOwner(db: Executor, orgId: string, memberId: string, at: Date) {
    const [row] = await db
      .update(organizations)
      .set({ ownerMemberId: memberId, updatedAt: at })
      .where(eq(organizations.id, orgId))
      .returning();
    return row!;
  },

  /** Deletes the organization; its domains, members, regions, IAM accounts and rules go with it (cascade). */
  async delete(db: Executor, orgId: string) {
    await db.delete(organizations).where(eq(organizations.id, orgId));
  },

  async countProjects(db: Executor, orgId: string) {
    const [row] = await db.select({ value: count() }).from(projects).where(eq(projects.orgId, orgId));
    return row?.value ?? 0;
  },

  // ---- members of the organization ----

  async memberRoleCodes(db: Executor, orgId: string, memberId: string) {
    const rows = await db
      .select({ roleCode: orgMembers.roleCode })
      .from(orgMembers)
      .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.memberId, memberId)))
      .orderBy(asc(orgMembers.roleCode));
    return rows.map((row) => row.roleCode);
  },

  /** A cloud member of the organization with what the rules need to know of their account. */
  async findCloudMember(db: Executor, orgId: string, memberId: string) {
    const [row] = await db
      .select({
        id: members.id,
        status: members.status,
        accountType: members.accountType,
        restrictTypes: members.restrictTypes,
      })
      .from(members)
      .where(
        and(
          eq(members.id, memberId),
          sql`exists (select 1 from ${orgMembers} where ${orgMembers.orgId} = ${orgId} and ${orgMembers.memberId} = ${members.id})`,
        ),
      )
      .limit(1);
    return row;
  },

  /** Replaces a member's organization roles. */
  async setMemberRoles(db: Executor, orgId: string, memberId: string, roleCodes: readonly (typeof orgMembers.$inferInsert)['roleCode'][], at: Date) {
    await db.delete(orgMembers).where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.memberId, memberId)));
    if (roleCodes.length > 0) {
      await db.insert(orgMembers).values(roleCodes.map((roleCode) => ({ orgId, memberId, roleCode, createdAt: at })));
    }
  },

  // ---- domains ----

  async domainsOf(db: Executor, orgIds: string[]) {
    if (orgIds.length === 0) return [];
    return db
      .select()
      .from(orgDomains)
      .where(inArray(orgDomains.orgId, orgIds))
      .orderBy(asc(orgDomains.createdAt), asc(orgDomains.id));
  },

  async findDomain(db: Executor, orgId: string, domainId: string) {
    const [row] = await db
      .select()
      .from(orgDomains)
      .where(and(eq(orgDomains.orgId, orgId), eq(orgDomains.id, domainId)))
      .limit(1);
    return row;
  },

  async countDomains(db: Executor, orgId: string) {
    const [row] = await db.select({ value: count() }).from(orgDomains).where(eq(orgDomains.orgId, orgId));
    return row?.value ?? 0;
  },

  /**
   * Whether another organization uses the domain, in any letter case. Domains are unique across
   * the platform (they name the IAM sign-in page), so this looks beyond the caller's organization;
   * it answers only yes or no.
   */
  async domainTakenElsewhere(db: Executor, domainName: string, orgId: string) {
    const [row] = await db
      .select({ id: orgDomains.id })
      .from(orgDomains)
      .where(and(sql`lower(${orgDomains.domainName}) = lower(${domainName})`, ne(orgDomains.orgId, orgId)))
      .limit(1);
    return Boolean(row);
  },

  async insertDomain(db: Executor, orgId: string, domainName: string, at: Date) {
    const [row] = await db.insert(orgDomains).values({ orgId, domainName, createdAt: at }).returning();
    return row!;
  },

  async renameDomain(db: Executor, orgId: string, domainId: string, domainName: string) {
    const [row] = await db
      .update(orgDomains)
      .set({ domainName })
      .where(and(eq(orgDomains.orgId, orgId), eq(orgDomains.id, domainId)))
      .returning();
    return row!;
  },

  // ---- regions ----

  async regionsOf(db: Executor, orgId: string) {
    return db
      .select({
        regionCode: regions.code,
        regionName: regions.name,
        regionIconName: regions.iconName,
        regionPriority: regions.priority,
      })
      .from(orgRegions)
      .innerJoin(regions, eq(regions.code, orgRegions.regionCode))
      .where(eq(orgRegions.orgId, orgId))
      .orderBy(asc(regions.priority), asc(regions.code));
  },

  async setRegions(db: Executor, orgId: string, regionCodes: readonly string[]) {
    await db.delete(orgRegions).where(eq(orgRegions.orgId, orgId));
    await db.insert(orgRegions).values(regionCodes.map((regionCode) => ({ orgId, regionCode })));
  },

  async ipAclRules(db: Executor, orgId: string) {
    // The console's IP ACL (modules/governance): its blocks when SETTING, none (any address) otherwise.
    const [row] = await db
      .select({ ips: orgIpAcls.ips })
      .from(orgIpAcls)
      .where(and(eq(orgIpAcls.orgId, orgId), eq(orgIpAcls.productId, ''), eq(orgIpAcls.selection, 'SETTING')));
    return row?.ips ?? [];
  },
};
