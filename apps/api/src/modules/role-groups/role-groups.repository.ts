import { randomUUID } from 'node:crypto';
import type { RoleCondition, RoleGroupSort } from '@console/contracts';
import { and, asc, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { inPlace, runPrepared, runPreparedSql } from '../../db/prepared.ts';
import type { Executor } from '../../db/client.ts';
import { totalOf } from '../../db/paging.ts';
import { containsPattern } from '../../db/like.ts';
import { projectInOrg } from '../../db/project-row.ts';
import {
  iamMembers,
  members,
  orgMembers,
  organizations,
  projectMemberRoleGroups,
  projectMembers,
  projects,
  roleGroupRoles,
  roleGroups,
} from '../../db/schema/index.ts';

export type RoleGroupRow = typeof roleGroups.$inferSelect;
export interface StoredGroupRole {
  readonly roleId: string;
  readonly denialSetting: 'ALLOW' | 'DENY';
  readonly conditions: RoleCondition[];
}

/** Where a list looks: the organization's COMMON groups, or a project's groups with (or without) the COMMON ones. */
export type GroupScope = { kind: 'common'; orgId: string } | { kind: 'project'; orgId: string; projectId: string };

/** Groups usable in a project: its own and the organization's COMMON groups. */
const usableIn = (orgId: string, projectId: string) =>
  and(eq(roleGroups.orgId, orgId), or(eq(roleGroups.projectId, projectId), isNull(roleGroups.projectId)));

/** The groups of a scope; `param`: its ids as a prepared statement's placeholders (`orgId`, `projectId`), else in place. */
function scopeWhere(scope: GroupScope, param?: (key: 'orgId' | 'projectId') => unknown) {
  const orgId = (param ? param('orgId') : scope.orgId) as string;
  if (scope.kind === 'common') return and(eq(roleGroups.orgId, orgId), isNull(roleGroups.projectId));
  return usableIn(orgId, (param ? param('projectId') : scope.projectId) as string);
}

const ORDER: Record<RoleGroupSort, SQL[]> = {
  'regDateTime,desc': [desc(roleGroups.createdAt), asc(roleGroups.id)],
  'regDateTime,asc': [asc(roleGroups.createdAt), asc(roleGroups.id)],
  'name,asc': [asc(sql`lower(${roleGroups.name})`), asc(roleGroups.id)],
  'name,desc': [desc(sql`lower(${roleGroups.name})`), asc(roleGroups.id)],
};

/** A holder of a group: the membership, the account behind it and the project. */
const holderColumns = {
  projectMemberId: projectMembers.id,
  roleGroupId: projectMemberRoleGroups.roleGroupId,
  memberId: projectMembers.memberId,
  iamMemberId: projectMembers.iamMemberId,
  roleCodes: projectMembers.roleCodes,
  projectId: projects.id,
  projectName: projects.name,
  projectOwnerMemberId: projects.ownerMemberId,
  email: sql<string>`coalesce(${members.email}, ${iamMembers.email}, '')`,
  name: sql<string>`coalesce(${members.name}, ${iamMembers.name}, '')`,
  userCode: iamMembers.userCode,
};
export type HolderRow = Awaited<ReturnType<typeof roleGroupsRepository.holders>>[number];

export const roleGroupsRepository = {
  /** The organization row, locked: a change to groups and their holders takes its turn with the organization's other changes. */
  async lockOrg(db: Executor, orgId: string) {
    await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId)).for('update');
  },

  /**
   * A group name of an organization, held until the transaction ends (issue 8): a name is checked
   * across scopes (a common group's against every project's, a project group's against the common
   * ones), which no unique index covers, so two writes of one name take turns — and writes of other
   * names do not, where the organization's row lock made every group creation of an organization
   * wait for the one before it. The key is built with PostgreSQL's own lower(), as nameTaken
   * compares; two names sharing a hash only wait for each other. Taken before any row lock.
   */
  async lockName(db: Executor, orgId: string, name: string) {
    await runPreparedSql(
      db,
      'role_group_name_lock',
      { orgId, name },
      (param) => sql`select pg_advisory_xact_lock(hashtextextended('role-group-name:' || ${param('orgId')}::text || ':' || lower(${param('name')}::text), 0))`,
    );
  },

  async list(db: Executor, scope: GroupScope, nameLike: string | undefined, sort: RoleGroupSort, page: number, limit: number) {
    const offset = (page - 1) * limit;
    const params: Record<string, unknown> = { orgId: scope.orgId, limit, offset };
    if (scope.kind === 'project') params.projectId = scope.projectId;
    if (nameLike) params.nameLike = containsPattern(nameLike);
    const whereOf = (param: (key: string) => unknown) =>
      and(scopeWhere(scope, param), nameLike ? sql`${roleGroups.name} ilike ${param('nameLike')}` : undefined);
    // The page, its role and holder counts (as roleCounts / memberCounts answer them) and the total, in one statement.
    // The total is a count of its own (an uncorrelated subquery, run once), not a window over the
    // page's rows: a window reads every group of the scope, down the index and into the heap,
    // before LIMIT; the page alone reads its 50 down (org_id, created_at) (fifth pass, issue 8).
    // A named prepared statement per shape (scope, search or not, sort): built, parsed and planned
    // once (the pool keeps generic plans: db/client.ts).
    const shape = `${scope.kind}${nameLike ? '_named' : ''}_${sort.replace(/\W/g, '_')}`;
    const counted = await runPrepared(db, `role_groups_${shape}`, params, (param) => {
      const holdersIn = scope.kind === 'project' ? sql` and ${projectMemberRoleGroups.projectId} = ${param('projectId')}` : sql``;
      const scoped = whereOf(param);
      return db
        .select({
          group: roleGroups,
          roleCount: sql<number>`(select count(*) from ${roleGroupRoles} where ${roleGroupRoles.roleGroupId} = ${roleGroups.id})::int`.mapWith(Number),
          memberCount: sql<number>`(select count(*) from ${projectMemberRoleGroups} where ${projectMemberRoleGroups.roleGroupId} = ${roleGroups.id}${holdersIn})::int`.mapWith(Number),
          totalCount: sql<number>`(select count(*) from ${roleGroups} where ${scoped})::int`.mapWith(Number),
        })
        .from(roleGroups)
        .where(scoped)
        .orderBy(...ORDER[sort])
        .limit(param('limit') as number)
        .offset(param('offset') as number);
    });
    const totalCount = await totalOf(counted, offset, async () => (await db.select({ value: count() }).from(roleGroups).where(whereOf(inPlace(params))))[0]?.value ?? 0);
    return {
      rows: counted.map((row) => row.group),
      counts: new Map(counted.map((row) => [row.group.id, { roleCount: row.roleCount, memberCount: row.memberCount }])),
      totalCount,
    };
  },

  /** Every group usable in a project (or the organization's COMMON groups), unpaged. */
  async all(db: Executor, scope: GroupScope) {
    return db.select().from(roleGroups).where(scopeWhere(scope)).orderBy(asc(roleGroups.createdAt), asc(roleGroups.id));
  },

  async find(db: Executor, orgId: string, roleGroupId: string) {
    const [row] = await db
      .select()
      .from(roleGroups)
      .where(and(eq(roleGroups.orgId, orgId), eq(roleGroups.id, roleGroupId)))
      .limit(1);
    return row;
  },

  /** Role counts of groups. */
  async roleCounts(db: Executor, groupIds: readonly string[]) {
    if (groupIds.length === 0) return new Map<string, number>();
    const rows = await db
      .select({ id: roleGroupRoles.roleGroupId, value: count() })
      .from(roleGroupRoles)
      .where(inArray(roleGroupRoles.roleGroupId, [...groupIds]))
      .groupBy(roleGroupRoles.roleGroupId);
    return new Map(rows.map((row) => [row.id, row.value]));
  },

  /** Holder counts of groups, in one project or everywhere. */
  async memberCounts(db: Executor, groupIds: readonly string[], projectId: string | undefined) {
    if (groupIds.length === 0) return new Map<string, number>();
    const rows = await db
      .select({ id: projectMemberRoleGroups.roleGroupId, value: count() })
      .from(projectMemberRoleGroups)
      .where(
        and(
          inArray(projectMemberRoleGroups.roleGroupId, [...groupIds]),
          projectId ? eq(projectMemberRoleGroups.projectId, projectId) : undefined,
        ),
      )
      .groupBy(projectMemberRoleGroups.roleGroupId);
    return new Map(rows.map((row) => [row.id, row.value]));
  },

  /** The roles of groups, in their order. */
  async roles(db: Executor, groupIds: readonly string[]) {
    const byGroup = new Map<string, StoredGroupRole[]>();
    if (groupIds.length === 0) return byGroup;
    const rows = await db
      .select()
      .from(roleGroupRoles)
      .where(inArray(roleGroupRoles.roleGroupId, [...groupIds]))
      .orderBy(asc(roleGroupRoles.orderIdx), asc(roleGroupRoles.roleId));
    for (const row of rows) {
      const list = byGroup.get(row.roleGroupId) ?? [];
      list.push({ roleId: row.roleId, denialSetting: row.denialSetting, conditions: row.conditions });
      byGroup.set(row.roleGroupId, list);
    }
    return byGroup;
  },

  /** The holders of groups (in one project, or everywhere), with the account and the project. */
  async holders(db: Executor, orgId: string, groupIds: readonly string[], projectId?: string) {
    if (groupIds.length === 0) return [];
    return db
      .select(holderColumns)
      .from(projectMemberRoleGroups)
      .innerJoin(projectMembers, eq(projectMembers.id, projectMemberRoleGroups.projectMemberId))
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .leftJoin(members, eq(members.id, projectMembers.memberId))
      .leftJoin(iamMembers, eq(iamMembers.id, projectMembers.iamMemberId))
      .where(
        and(
          eq(projectMemberRoleGroups.orgId, orgId),
          inArray(projectMemberRoleGroups.roleGroupId, [...groupIds]),
          projectId ? eq(projectMemberRoleGroups.projectId, projectId) : undefined,
        ),
      )
      .orderBy(asc(projects.name), asc(sql`coalesce(${members.email}, ${iamMembers.email})`), asc(projectMembers.id));
  },

  /** Memberships of projects with their stored roles, the account's organization role and the project's owner. */
  async memberships(db: Executor, orgId: string, projectIds: readonly string[]) {
    if (projectIds.length === 0) return [];
    return db
      .select({
        projectMemberId: projectMembers.id,
        memberId: projectMembers.memberId,
        iamMemberId: projectMembers.iamMemberId,
        roleCodes: projectMembers.roleCodes,
        projectId: projects.id,
        projectName: projects.name,
        projectOwnerMemberId: projects.ownerMemberId,
        orgRoleCode: orgMembers.roleCode,
        email: sql<string>`coalesce(${members.email}, ${iamMembers.email}, '')`,
        name: sql<string>`coalesce(${members.name}, ${iamMembers.name}, '')`,
      })
      .from(projectMembers)
      .innerJoin(projects, eq(projects.id, projectMembers.projectId))
      .leftJoin(members, eq(members.id, projectMembers.memberId))
      .leftJoin(iamMembers, eq(iamMembers.id, projectMembers.iamMemberId))
      .leftJoin(orgMembers, and(eq(orgMembers.orgId, projectMembers.orgId), eq(orgMembers.memberId, projectMembers.memberId)))
      .where(and(eq(projectMembers.orgId, orgId), inArray(projectMembers.projectId, [...projectIds])))
      .orderBy(asc(projects.name), asc(projectMembers.createdAt), asc(projectMembers.id));
  },

  /** Which groups memberships hold: projectMemberId → group ids. */
  async groupsOfMemberships(db: Executor, orgId: string, projectMemberIds: readonly string[]) {
    const byMembership = new Map<string, string[]>();
    if (projectMemberIds.length === 0) return byMembership;
    const rows = await db
      .select({ projectMemberId: projectMemberRoleGroups.projectMemberId, roleGroupId: projectMemberRoleGroups.roleGroupId })
      .from(projectMemberRoleGroups)
      .where(and(eq(projectMemberRoleGroups.orgId, orgId), inArray(projectMemberRoleGroups.projectMemberId, [...projectMemberIds])));
    for (const row of rows) byMembership.set(row.projectMemberId, [...(byMembership.get(row.projectMemberId) ?? []), row.roleGroupId]);
    return byMembership;
  },

  /**
   * Whether a name is taken where a group would live (DUPLICATE_ROLE_GROUP), letter case ignored: a COMMON group
   * clashes with every group of the organization (COMMON groups show in every project); a PROJECT
   * group with its project's groups and the COMMON ones.
   */
  async nameTaken(db: Executor, orgId: string, name: string, projectId: string | null, exceptId: string | undefined) {
    // A prepared statement per shape (in a project or not, a group excepted or not).
    const shape = `${projectId ? 'project' : 'common'}${exceptId ? '_except' : ''}`;
    const params = { orgId, name, ...(projectId ? { projectId } : {}), ...(exceptId ? { exceptId } : {}) };
    const [row] = await runPrepared(db, `role_group_name_taken_${shape}`, params, (param) =>
      db
        .select({ id: roleGroups.id })
        .from(roleGroups)
        .where(
          and(
            eq(roleGroups.orgId, param('orgId') as string),
            sql`lower(${roleGroups.name}) = lower(${param('name')}::text)`,
            projectId ? or(eq(roleGroups.projectId, param('projectId') as string), isNull(roleGroups.projectId)) : undefined,
            exceptId ? sql`${roleGroups.id} <> ${param('exceptId')}::uuid` : undefined,
          ),
        )
        .limit(1),
    );
    return Boolean(row);
  },

  async insert(db: Executor, values: typeof roleGroups.$inferInsert) {
    const [row] = await db.insert(roleGroups).values(values).returning();
    return row!;
  },

  /**
   * A new group and its roles in ONE statement, unless its name is taken where it would live (as
   * nameTaken asks): the check, the group's insert and its roles' insert are parts of one statement
   * (data-modifying WITH parts; the group's id made here, so the roles need not wait for it), which
   * answers `taken` and inserts nothing when the name is. One round trip, where the check and the
   * insert were two (issue 8, fourteenth pass). The caller holds the name's lock (lockName) from an
   * earlier statement, so this one's snapshot, taken after the lock, sees any group of that name
   * committed before. The roles go as three arrays (id, denial, conditions as JSON text) unnested in
   * their order, so one prepared statement serves any number of them, built once. The group's row
   * is what was given (every column is); its roles as insertRoles answers them.
   */
  async insertWithRolesIfNameFree(
    db: Executor,
    values: typeof roleGroups.$inferInsert & { description: string },
    roles: readonly StoredGroupRole[],
  ): Promise<{ taken: true } | { taken: false; row: typeof roleGroups.$inferSelect; roles: StoredGroupRole[] }> {
    const row: typeof roleGroups.$inferSelect = {
      id: values.id ?? randomUUID(),
      orgId: values.orgId,
      projectId: values.projectId ?? null,
      typeCode: values.typeCode,
      name: values.name,
      description: values.description,
      createdByMemberId: values.createdByMemberId ?? null,
      createdAt: values.createdAt,
      updatedAt: values.updatedAt,
    };
    const inProject = row.projectId !== null;
    const answers = await runPreparedSql(
      db,
      `role_group_insert_if_name_free_${inProject ? 'project' : 'common'}`,
      {
        ...row,
        roleIds: roles.map((role) => role.roleId),
        denials: roles.map((role) => role.denialSetting),
        conditions: roles.map((role) => JSON.stringify(role.conditions)),
      },
      (param) => sql`with taken as (
        select exists (
          select 1 from ${roleGroups}
          where ${roleGroups.orgId} = ${param('orgId')}::uuid and lower(${roleGroups.name}) = lower(${param('name')}::text)
          ${inProject ? sql`and (${roleGroups.projectId} = ${param('projectId')}::uuid or ${roleGroups.projectId} is null)` : sql``}
        ) as taken
      ), new_group as (
        insert into ${roleGroups} ("id", "org_id", "project_id", "type_code", "name", "description", "created_by_member_id", "created_at", "updated_at")
        select ${param('id')}::uuid, ${param('orgId')}::uuid, ${param('projectId')}::uuid, ${param('typeCode')}::text, ${param('name')}::text, ${param('description')}::text,
               ${param('createdByMemberId')}::uuid, ${param('createdAt')}::timestamptz, ${param('updatedAt')}::timestamptz
        where not (select taken from taken)
        returning "id"
      ), new_roles as (
        insert into ${roleGroupRoles} ("role_group_id", "org_id", "role_id", "denial_setting", "conditions", "order_idx")
        select new_group.id, ${param('orgId')}::uuid, role.id, role.denial, role.conditions, (role.place - 1)::int
        from new_group, unnest(${param('roleIds')}::text[], ${param('denials')}::text[], ${param('conditions')}::jsonb[]) with ordinality as role(id, denial, conditions, place)
        returning "role_id", "denial_setting", "conditions", "order_idx"
      )
      select taken.taken, new_roles.* from taken left join new_roles on true`,
    );
    if (answers[0]?.[0] === true) return { taken: true };
    const inserted = answers.filter((answer) => answer[1] !== null);
    return {
      taken: false,
      row,
      roles: inOrder(inserted.map(([, roleId, denialSetting, conditions, orderIdx]) => ({ roleId: roleId as string, denialSetting: denialSetting as string, conditions, orderIdx: orderIdx as number }))),
    };
  },

  async update(db: Executor, orgId: string, roleGroupId: string, values: { name: string; description: string; updatedAt: Date }) {
    await db
      .update(roleGroups)
      .set(values)
      .where(and(eq(roleGroups.orgId, orgId), eq(roleGroups.id, roleGroupId)));
  },

  async replaceRoles(db: Executor, orgId: string, roleGroupId: string, roles: readonly StoredGroupRole[]) {
    await db.delete(roleGroupRoles).where(and(eq(roleGroupRoles.orgId, orgId), eq(roleGroupRoles.roleGroupId, roleGroupId)));
    await this.insertRoles(db, orgId, roleGroupId, roles);
  },

  /**
   * The roles of a group that has none yet (one created in this transaction), answered as stored
   * (their conditions as PostgreSQL keeps them), in the order `roles` reads them: no read after.
   */
  async insertRoles(db: Executor, orgId: string, roleGroupId: string, roles: readonly StoredGroupRole[]): Promise<StoredGroupRole[]> {
    if (roles.length === 0) return [];
    const rows = await db
      .insert(roleGroupRoles)
      .values(roleRows(orgId, roleGroupId, roles))
      .returning({ roleId: roleGroupRoles.roleId, denialSetting: roleGroupRoles.denialSetting, conditions: roleGroupRoles.conditions, orderIdx: roleGroupRoles.orderIdx });
    return inOrder(rows);
  },

  async delete(db: Executor, orgId: string, roleGroupId: string) {
    await db.delete(roleGroups).where(and(eq(roleGroups.orgId, orgId), eq(roleGroups.id, roleGroupId)));
  },

  /** Replaces the groups one membership holds. */
  async setGroupsOfMembership(
    db: Executor,
    membership: { orgId: string; projectId: string; projectMemberId: string },
    groupIds: readonly string[],
    now: Date,
  ) {
    await db
      .delete(projectMemberRoleGroups)
      .where(and(eq(projectMemberRoleGroups.orgId, membership.orgId), eq(projectMemberRoleGroups.projectMemberId, membership.projectMemberId)));
    if (groupIds.length === 0) return;
    await db.insert(projectMemberRoleGroups).values(
      groupIds.map((roleGroupId) => ({
        projectMemberId: membership.projectMemberId,
        roleGroupId,
        orgId: membership.orgId,
        projectId: membership.projectId,
        createdAt: now,
      })),
    );
  },

  /** Replaces the holders of a group in one project. */
  async setHoldersInProject(db: Executor, orgId: string, projectId: string, roleGroupId: string, projectMemberIds: readonly string[], now: Date) {
    await db
      .delete(projectMemberRoleGroups)
      .where(
        and(
          eq(projectMemberRoleGroups.orgId, orgId),
          eq(projectMemberRoleGroups.projectId, projectId),
          eq(projectMemberRoleGroups.roleGroupId, roleGroupId),
        ),
      );
    if (projectMemberIds.length === 0) return;
    await db
      .insert(projectMemberRoleGroups)
      .values(projectMemberIds.map((projectMemberId) => ({ projectMemberId, roleGroupId, orgId, projectId, createdAt: now })));
  },

  /** Groups by id that are usable in a project (its own and the COMMON ones). */
  async usableInProject(db: Executor, orgId: string, projectId: string, groupIds: readonly string[]) {
    if (groupIds.length === 0) return [];
    return db
      .select()
      .from(roleGroups)
      .where(and(usableIn(orgId, projectId), inArray(roleGroups.id, [...groupIds])));
  },

  /** The memberships of a project by the ids the API uses (members.id or iam_members.id). */
  async membershipsByAccount(db: Executor, orgId: string, projectId: string, accountIds: readonly string[]) {
    if (accountIds.length === 0) return [];
    return db
      .select({ projectMemberId: projectMembers.id, memberId: projectMembers.memberId, iamMemberId: projectMembers.iamMemberId, roleCodes: projectMembers.roleCodes })
      .from(projectMembers)
      .where(
        and(
          eq(projectMembers.orgId, orgId),
          eq(projectMembers.projectId, projectId),
          or(inArray(projectMembers.memberId, [...accountIds]), inArray(projectMembers.iamMemberId, [...accountIds])),
        ),
      );
  },

  findProject: (db: Executor, orgId: string, projectId: string) => projectInOrg(db, orgId, projectId),
};

/** The rows of a group's roles, in the order given. */
function roleRows(orgId: string, roleGroupId: string, roles: readonly StoredGroupRole[]) {
  return roles.map((role, index) => ({ roleGroupId, orgId, roleId: role.roleId, denialSetting: role.denialSetting, conditions: role.conditions, orderIdx: index }));
}

/** Roles as stored, in the order `roles` reads them. */
function inOrder(rows: readonly { roleId: string; denialSetting: string; conditions: unknown; orderIdx: number }[]): StoredGroupRole[] {
  return rows
    .toSorted((a, b) => a.orderIdx - b.orderIdx || (a.roleId < b.roleId ? -1 : a.roleId > b.roleId ? 1 : 0))
    .map(({ roleId, denialSetting, conditions }) => ({ roleId, denialSetting, conditions }) as StoredGroupRole);
}
