/**
 * The large tenant of `npm run bench` (issue 8): an organization with 1,000 projects, 5,000
 * members, 50,000 activity rows and 20 common role groups, owned by the demo OWNER. The
 * organization itself is created through the API (so it is what a real one is); its bulk is
 * written with set-based SQL straight
 * into the bench server's database, then vacuumed, analysed and checkpointed, so page 1 of every
 * list is measured against real row counts and real plans, and no upkeep of the bulk falls inside
 * a measured case.
 */
import { Client } from 'pg';

export const LARGE_TENANT = { projects: 1000, members: 5000, activities: 50_000, commonRoleGroups: 20 } as const;
/** The memberships of each of its projects: five members and its owner (an ADMIN). */
export const LARGE_PROJECT_MEMBERSHIPS = LARGE_TENANT.members / LARGE_TENANT.projects + 1;

export interface LargeTenant {
  orgId: string;
  projectId: string;
  memberId: string;
}

/** Projects a mutation case edits, one per request in turn: more than its connections, so no two in flight write one row. */
export const EDITED_PROJECTS = 100;

/**
 * `count` projects of the organization for the mutation cases to edit (its own ADMIN, as a
 * project created through the API): the organization's existing ones whose name starts with
 * `prefix`, topped up with new ones named so. Answers their ids.
 */
export async function projectsToEdit(databaseUrl: string, orgId: string, ownerMemberId: string, prefix: string, count = EDITED_PROJECTS): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = await client.query<{ id: string }>(`select id from projects where org_id = $1 and name like $2 || '%' order by name limit $3`, [orgId, prefix, count]);
    const missing = count - existing.rows.length;
    if (missing > 0) {
      await client.query('begin');
      await client.query('update organizations set project_limit = greatest(project_limit, $2) where id = $1', [orgId, count + 50]);
      const added = await client.query<{ id: string }>(
        `insert into projects (org_id, name, description, owner_member_id)
         select $1, $2 || ' ' || g, 'Edited by npm run bench', $3 from generate_series(1, $4::int) g returning id`,
        [orgId, prefix, ownerMemberId, missing],
      );
      await client.query(
        `insert into project_members (org_id, project_id, member_id, role_codes) select $1, unnest($2::uuid[]), $3, '{ADMIN}'`,
        [orgId, added.rows.map((row) => row.id), ownerMemberId],
      );
      await client.query('commit');
      existing.rows.push(...added.rows);
    }
    return existing.rows.map((row) => row.id);
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}

export async function buildLargeTenant(databaseUrl: string, orgId: string, ownerMemberId: string): Promise<LargeTenant> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    // The bench registers more projects than the default quota of spec §9 allows.
    await client.query('update organizations set project_limit = $2 where id = $1', [orgId, LARGE_TENANT.projects + 10]);
    await client.query(
      `insert into projects (org_id, name, description, owner_member_id, created_at)
       select $1, 'Large project ' || g, 'Project ' || g || ' of the large tenant', $2, now() - g * interval '1 minute'
       from generate_series(1, $3::int) g`,
      [orgId, ownerMemberId, LARGE_TENANT.projects],
    );
    // As creating a project through the API does: its creator is its ADMIN.
    await client.query(
      `insert into project_members (org_id, project_id, member_id, role_codes)
       select $1, id, $2, '{ADMIN}' from projects where org_id = $1 and name like 'Large project %'`,
      [orgId, ownerMemberId],
    );
    await client.query(
      `insert into members (email, name, password_hash, created_at)
       select 'large.member' || g || '@large.example.com', 'Large Member ' || g, 'not-a-password-hash', now() - g * interval '1 minute'
       from generate_series(1, $1::int) g`,
      [LARGE_TENANT.members],
    );
    await client.query(
      `insert into org_members (org_id, member_id, role_code)
       select $1, id, 'MEMBER' from members where email like 'large.member%@large.example.com'`,
      [orgId],
    );
    // Each member in one project (five a project), as a MEMBER.
    await client.query(
      `with numbered_projects as (
         select id, row_number() over (order by id) - 1 as n from projects where org_id = $1 and name like 'Large project %'),
       numbered_members as (
         select id, row_number() over (order by id) - 1 as n from members where email like 'large.member%@large.example.com')
       insert into project_members (org_id, project_id, member_id, role_codes)
       select $1, p.id, m.id, '{MEMBER}' from numbered_members m join numbered_projects p on p.n = m.n % $2`,
      [orgId, LARGE_TENANT.projects],
    );
    // Common role groups of its own, each with a role: the fresh role-group read measures a page of
    // them (the groups the mutation cases add come after the reads).
    await client.query(
      `with made as (
         insert into role_groups (org_id, project_id, type_code, name, description, created_by_member_id, created_at, updated_at)
         select $1, null, 'COMMON', 'Large group ' || g, 'Common group ' || g || ' of the large tenant', $2, now() - g * interval '1 minute', now() - g * interval '1 minute'
         from generate_series(1, $3::int) g returning id)
       insert into role_group_roles (role_group_id, org_id, role_id) select id, $1, 'PROJECT_ROLE:DASHBOARD_VIEWER' from made`,
      [orgId, ownerMemberId, LARGE_TENANT.commonRoleGroups],
    );
    await client.query(
      `insert into activity_events (org_id, project_id, actor_type, actor_id, actor_name, action_code, target_type, target_id, target_name, created_at)
       select $1, null, 'TOAST_CLOUD', $2, 'Demo Owner', 'PROJECT_UPDATE', 'PROJECT', gen_random_uuid()::text, 'Large project ' || (g % 1000), now() - g * interval '10 seconds'
       from generate_series(1, $3::int) g`,
      [orgId, ownerMemberId, LARGE_TENANT.activities],
    );
    await client.query('commit');
    // As autovacuum leaves tables written once (visibility map set, statistics fresh), and their dirty
    // pages on disk: otherwise autovacuum and a checkpoint of this bulk would start at their own
    // time, inside some later case's measured seconds (two quiet runs differed 1.3-3× on the rows
    // that reach PostgreSQL, docs/benchmarks-request-path.md).
    await client.query('vacuum (analyze) projects, project_members, members, org_members, activity_events, role_groups, role_group_roles');
    await client.query('checkpoint');
    const project = await client.query<{ id: string }>(
      `select id from projects where org_id = $1 and name = 'Large project 500'`,
      [orgId],
    );
    const member = await client.query<{ id: string }>(`select id from members where email = 'large.member2500@large.example.com'`);
    return { orgId, projectId: project.rows[0]!.id, memberId: member.rows[0]!.id };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
