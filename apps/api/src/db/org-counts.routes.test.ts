import * as api from '@console/contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members, orgMembers, organizations } from './schema/index.ts';
import { createMember } from '../test/fixtures.ts';
import { worldOf } from '../test/world.ts';

/**
 * `org_counts` (migration 0032) is what an unfiltered page of an organization's members or
 * projects answers as its total: it must equal the rows it stands for after every kind of change,
 * made by the API or by SQL, one row or many at once, and when two transactions change one
 * organization at the same time.
 */
const w = worldOf({
  mailDomain: 'counts.example.com',
  org: { name: 'Counts Org' },
  otherOrg: { name: 'Counts Other Org' },
  projects: { first: { name: 'First' }, second: { name: 'Second', org: 'other' } },
  signIn: ['owner'],
});

/** Each organization's kept counts beside the rows they count; equal when the triggers are right. */
async function countsAndRows() {
  const { rows } = await w.t.db.$client.query<{ org_id: string; kept_members: number; members: number; kept_projects: number; projects: number }>(`
    select o.id as org_id,
      coalesce(c.members, 0) as kept_members, (select count(*)::int from org_member_keys k where k.org_id = o.id) as members,
      coalesce(c.projects, 0) as kept_projects, (select count(*)::int from projects p where p.org_id = o.id) as projects
    from organizations o left join org_counts c on c.org_id = o.id order by o.id`);
  return rows;
}

async function expectCountsRight(when: string) {
  const rows = await countsAndRows();
  expect(rows.length, when).toBeGreaterThan(0);
  for (const row of rows) {
    expect({ members: row.kept_members, projects: row.kept_projects }, `${when}: ${row.org_id}`).toEqual({ members: row.members, projects: row.projects });
  }
}

describe('org_counts', () => {
  it('equals the members and projects of every organization after each kind of change', async () => {
    await expectCountsRight('the world as built');
    expect(await countsAndRows()).toHaveLength(2);
    expect((await countsAndRows()).find((row) => row.org_id === w.orgId)).toMatchObject({ members: 4, projects: 1 });

    const created = await w.t.call(w.as.owner, api.createProject, { body: { orgId: w.orgId, projectName: 'By The API' } });
    expect(created.statusCode, created.body).toBe(200);
    await expectCountsRight('a project created through the API');

    // Many rows of two organizations in one statement, then some of them deleted in one.
    await w.t.db.execute(sql`
      insert into projects (org_id, name, owner_member_id)
      select case when g % 3 = 0 then ${w.otherOrgId}::uuid else ${w.orgId}::uuid end, 'Bulk ' || g, ${w.ids.owner}::uuid from generate_series(1, 30) g`);
    await expectCountsRight('30 projects of two organizations inserted in one statement');
    await w.t.db.execute(sql`delete from projects where name like 'Bulk 1%'`);
    await expectCountsRight('projects of two organizations deleted in one statement');

    const deleted = await w.t.call(w.as.owner, api.deleteProject, { params: { projectId: w.projects.first } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectCountsRight('a project deleted through the API');

    // A member with two roles is one member; losing one role leaves them a member.
    const joiner = await createMember(w.t.db, 'joiner@counts.example.com');
    await w.t.db.insert(orgMembers).values([
      { orgId: w.orgId, memberId: joiner.id, roleCode: 'MEMBER' },
      { orgId: w.orgId, memberId: joiner.id, roleCode: 'BILLING_VIEWER' },
      { orgId: w.otherOrgId, memberId: joiner.id, roleCode: 'MEMBER' },
    ]);
    await expectCountsRight('a member added to two organizations, with two roles in one');
    await w.t.db.delete(orgMembers).where(sql`${orgMembers.memberId} = ${joiner.id} and ${orgMembers.roleCode} = 'BILLING_VIEWER'`);
    await expectCountsRight('one of two roles taken away');
    await w.t.db.delete(orgMembers).where(sql`${orgMembers.memberId} = ${joiner.id} and ${orgMembers.orgId} = ${w.orgId}`);
    await expectCountsRight('a member removed from one organization');
    await w.t.db.delete(members).where(eq(members.id, joiner.id));
    await expectCountsRight("a member's account deleted");

    await w.t.db.delete(organizations).where(eq(organizations.id, w.otherOrgId));
    await expectCountsRight('an organization deleted');
    const { rows: left } = await w.t.db.$client.query('select 1 from org_counts where org_id = $1', [w.otherOrgId]);
    expect(left).toEqual([]);
  });

  it('counts the changes of two transactions that add to one organization at the same time', async () => {
    const a = await w.t.db.$client.connect();
    const b = await w.t.db.$client.connect();
    try {
      const add = (client: typeof a, name: string) =>
        client.query(`insert into projects (org_id, name, owner_member_id) values ($1, $2, $3)`, [w.orgId, name, w.ids.owner]);
      await a.query('begin');
      await b.query('begin');
      await add(a, 'Concurrent A');
      // B's count waits on A's row of org_counts until A commits, then adds to A's number.
      const bAdded = add(b, 'Concurrent B');
      await new Promise((resolve) => setTimeout(resolve, 50));
      await a.query('commit');
      await bAdded;
      await b.query('commit');
    } finally {
      a.release();
      b.release();
    }
    await expectCountsRight('two transactions adding projects at once');
  });

  it('answers the kept numbers as the totals of the unfiltered member and project pages', async () => {
    // Set apart from the rows, the pages' totals must be what org_counts says (seen failing when
    // the pages counted their rows instead: the kept number is what they read).
    await w.t.db.execute(sql`update org_counts set members = members + 1000, projects = projects + 2000 where org_id = ${w.orgId}`);
    try {
      const counts = (await countsAndRows()).find((row) => row.org_id === w.orgId)!;
      const memberPage = await w.t.call(w.as.owner, api.listOrgMembers, { params: { orgId: w.orgId }, query: { page: '1', limit: '50' }, headers: { 'cache-control': 'no-cache' } });
      expect(memberPage.json().paging.totalCount).toBe(counts.kept_members);
      const projectPage = await w.t.call(w.as.owner, api.listProjects, { query: { orgId: w.orgId, page: '1', limit: '50' }, headers: { 'cache-control': 'no-cache' } });
      expect(projectPage.json().paging.totalCount).toBe(counts.kept_projects);
      const filtered = await w.t.call(w.as.owner, api.listOrgMembers, { params: { orgId: w.orgId }, query: { page: '1', limit: '50', nameLike: 'owner' }, headers: { 'cache-control': 'no-cache' } });
      expect(filtered.json().paging.totalCount).toBe(1);
    } finally {
      await w.t.db.execute(sql`update org_counts set members = members - 1000, projects = projects - 2000 where org_id = ${w.orgId}`);
    }
  });
});
