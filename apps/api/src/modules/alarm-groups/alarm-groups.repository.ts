import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** Where alarm groups live: the organization (projectId null) or one of its projects. */
export interface AlarmScope {
  orgId: string;
  projectId: string | null;
}

export type AlarmGroupRow = {
  id: string;
  name: string;
  description: string;
  isDefault: boolean;
  createdAt: string;
  updatedAt: string;
  alarmCount: number;
}

export type TargetRow = {
  alarmGroupId: string;
  targetType: 'MEMBER' | 'ROLE' | 'ROLE_GROUP';
  targetId: string;
}

export type MemberRow = {
  memberId: string;
  memberTypeCode: 'TOAST_CLOUD' | 'IAM';
  id: string;
  name: string;
  email: string;
}

const scopeIs = (scope: AlarmScope, alias = 'g'): SQL =>
  scope.projectId === null
    ? sql`${sql.raw(alias)}.org_id = ${scope.orgId}::uuid and ${sql.raw(alias)}.project_id is null`
    : sql`${sql.raw(alias)}.org_id = ${scope.orgId}::uuid and ${sql.raw(alias)}.project_id = ${scope.projectId}::uuid`;

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const escapeLike = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const GROUP_COLUMNS = sql`g.id, g.name, g.description, g.is_default as "isDefault", ${iso('g.created_at')} as "createdAt", ${iso('g.updated_at')} as "updatedAt",
  (select count(*)::int from alarm_alarm_groups a where a.alarm_group_id = g.id) as "alarmCount"`;

const GROUP_ORDER: Record<string, SQL> = {
  'alarmGroupName,asc': sql`lower(g.name) asc, g.id`,
  'alarmGroupName,desc': sql`lower(g.name) desc, g.id`,
  'regDateTime,asc': sql`g.created_at asc, g.id`,
  'regDateTime,desc': sql`g.created_at desc, g.id`,
};

const MEMBER_ORDER: Record<string, SQL> = {
  'name,asc': sql`lower(name) asc, member_id`,
  'name,desc': sql`lower(name) desc, member_id`,
  'email,asc': sql`lower(email) asc, member_id`,
  'email,desc': sql`lower(email) desc, member_id`,
};

export const alarmGroupsRepository = {
  async list(db: Executor, scope: AlarmScope, query: { nameLike?: string | undefined; page: number; limit: number; sort: string }) {
    const filter = query.nameLike ? sql`and g.name ilike ${escapeLike(query.nameLike)}` : sql``;
    const { rows } = await db.execute<AlarmGroupRow & { total: number }>(sql`
      select ${GROUP_COLUMNS}, count(*) over()::int as total from alarm_groups g
      where ${scopeIs(scope)} ${filter}
      order by ${GROUP_ORDER[query.sort] ?? GROUP_ORDER['regDateTime,desc']!}
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`);
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && query.page > 1) {
      const counted = await db.execute<{ total: number }>(sql`select count(*)::int as total from alarm_groups g where ${scopeIs(scope)} ${filter}`);
      total = counted.rows[0]?.total ?? 0;
    }
    return { rows: rows.map(({ total: _total, ...row }) => row), total };
  },

  async get(db: Executor, scope: AlarmScope, id: string, lock = false): Promise<AlarmGroupRow | undefined> {
    const { rows } = await db.execute<AlarmGroupRow>(sql`select ${GROUP_COLUMNS} from alarm_groups g where ${scopeIs(scope)} and g.id = ${id}::uuid ${lock ? sql`for update` : sql``}`);
    return rows[0];
  },

  async targets(db: Executor, groupIds: readonly string[]): Promise<TargetRow[]> {
    if (groupIds.length === 0) return [];
    const { rows } = await db.execute<TargetRow>(sql`
      select alarm_group_id as "alarmGroupId", target_type as "targetType", target_id as "targetId" from alarm_group_targets
      where alarm_group_id in (${sql.join(groupIds.map((id) => sql`${id}::uuid`), sql`, `)}) order by target_type, target_id`);
    return rows;
  },

  async insert(db: Executor, scope: AlarmScope, values: { name: string; description: string; isDefault: boolean; now: Date }): Promise<string> {
    if (values.isDefault) await this.clearDefault(db, scope);
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into alarm_groups (org_id, project_id, name, description, is_default, created_at, updated_at)
      values (${scope.orgId}::uuid, ${scope.projectId}::uuid, ${values.name}, ${values.description}, ${values.isDefault}, ${values.now.toISOString()}, ${values.now.toISOString()})
      returning id`);
    return rows[0]!.id;
  },

  async update(db: Executor, scope: AlarmScope, id: string, values: { name: string; description: string; isDefault: boolean; now: Date }) {
    if (values.isDefault) await this.clearDefault(db, scope, id);
    await db.execute(sql`
      update alarm_groups g set name = ${values.name}, description = ${values.description}, is_default = ${values.isDefault}, updated_at = ${values.now.toISOString()}
      where ${scopeIs(scope)} and g.id = ${id}::uuid`);
  },

  async clearDefault(db: Executor, scope: AlarmScope, exceptId?: string) {
    await db.execute(sql`update alarm_groups g set is_default = false where ${scopeIs(scope)} and g.is_default ${exceptId ? sql`and g.id <> ${exceptId}::uuid` : sql``}`);
  },

  async replaceTargets(db: Executor, orgId: string, groupId: string, targets: readonly { targetType: string; targetId: string }[]) {
    await db.execute(sql`delete from alarm_group_targets where alarm_group_id = ${groupId}::uuid`);
    if (targets.length === 0) return;
    await db.execute(sql`
      insert into alarm_group_targets (alarm_group_id, org_id, target_type, target_id)
      values ${sql.join(targets.map((target) => sql`(${groupId}::uuid, ${orgId}::uuid, ${target.targetType}, ${target.targetId})`), sql`, `)}
      on conflict do nothing`);
  },

  async remove(db: Executor, scope: AlarmScope, id: string) {
    await db.execute(sql`delete from alarm_groups g where ${scopeIs(scope)} and g.id = ${id}::uuid`);
  },

  /** Members an alarm group of the scope may target: the organization's (cloud and IAM) or the project's. */
  async members(
    db: Executor,
    scope: AlarmScope,
    query: { memberTypeCode?: string | undefined; emailLike?: string | undefined; nameLike?: string | undefined; idLike?: string | undefined; page: number; limit: number; sort: string },
  ) {
    const source =
      scope.projectId === null
        ? sql`select m.id as member_id, 'TOAST_CLOUD' as member_type_code, m.email as login_id, m.name, m.email from org_members om join members m on m.id = om.member_id where om.org_id = ${scope.orgId}::uuid
              union all
              select i.id, 'IAM', i.user_code, i.name, i.email from iam_members i where i.org_id = ${scope.orgId}::uuid`
        : sql`select coalesce(m.id, i.id) as member_id, case when m.id is null then 'IAM' else 'TOAST_CLOUD' end as member_type_code,
                coalesce(m.email, i.user_code) as login_id, coalesce(m.name, i.name) as name, coalesce(m.email, i.email) as email
              from project_members pm left join members m on m.id = pm.member_id left join iam_members i on i.id = pm.iam_member_id
              where pm.org_id = ${scope.orgId}::uuid and pm.project_id = ${scope.projectId}::uuid
              union
              select m.id, 'TOAST_CLOUD', m.email, m.name, m.email from projects p join members m on m.id = p.owner_member_id
              where p.org_id = ${scope.orgId}::uuid and p.id = ${scope.projectId}::uuid`;
    const conditions: SQL[] = [sql`true`];
    if (query.memberTypeCode) conditions.push(sql`member_type_code = ${query.memberTypeCode}`);
    if (query.emailLike) conditions.push(sql`email ilike ${escapeLike(query.emailLike)}`);
    if (query.nameLike) conditions.push(sql`name ilike ${escapeLike(query.nameLike)}`);
    if (query.idLike) conditions.push(sql`login_id ilike ${escapeLike(query.idLike)}`);
    const { rows } = await db.execute<MemberRow & { total: number }>(sql`
      select member_id as "memberId", member_type_code as "memberTypeCode", login_id as id, name, email, count(*) over()::int as total
      from (${source}) x where ${sql.join(conditions, sql` and `)}
      order by ${MEMBER_ORDER[query.sort] ?? MEMBER_ORDER['name,asc']!}
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`);
    return { rows: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
  },

  /** The ids among `ids` that are members the scope's groups may target. */
  async existingMembers(db: Executor, scope: AlarmScope, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await this.members(db, scope, { page: 1, limit: 100_000, sort: 'name,asc' });
    const wanted = new Set(ids);
    return new Set(rows.filter((row) => wanted.has(row.memberId)).map((row) => row.memberId));
  },

  /** Role groups the scope's alarm groups may target: COMMON ones, and the project's own. */
  async roleGroups(db: Executor, scope: AlarmScope): Promise<{ id: string; name: string; typeCode: 'PROJECT' | 'COMMON'; projectId: string | null }[]> {
    const { rows } = await db.execute<{ id: string; name: string; typeCode: 'PROJECT' | 'COMMON'; projectId: string | null }>(sql`
      select id, name, type_code as "typeCode", project_id as "projectId" from role_groups
      where org_id = ${scope.orgId}::uuid and (project_id is null ${scope.projectId ? sql`or project_id = ${scope.projectId}::uuid` : sql``})`);
    return rows;
  },

  /** Whether an alarm group (of any scope) of the organization targets the role group: it cannot be deleted then (ROLE_GROUP_USED_BY_ALARM_GROUP). */
  async roleGroupTargeted(db: Executor, orgId: string, roleGroupId: string): Promise<boolean> {
    const { rows } = await db.execute<{ found: boolean }>(sql`
      select exists (select 1 from alarm_group_targets where org_id = ${orgId}::uuid and target_type = 'ROLE_GROUP' and target_id = ${roleGroupId}) as found`);
    return rows[0]?.found ?? false;
  },

  /** The ids among `ids` that are alarm groups of the scope, or of the project's organization. */
  async existingGroups(db: Executor, scope: AlarmScope, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const { rows } = await db.execute<{ id: string }>(sql`
      select id from alarm_groups g where g.org_id = ${scope.orgId}::uuid and (g.project_id is null ${scope.projectId ? sql`or g.project_id = ${scope.projectId}::uuid` : sql``})
        and g.id::text in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    return new Set(rows.map((row) => row.id));
  },
};
