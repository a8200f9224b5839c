import * as api from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { assignRoleGroup, createRoleGroup } from '../../test/fixtures.ts';
import { exchangesOf, statementsOf } from '../../test/statements.ts';
import { worldOf } from '../../test/world.ts';

/**
 * A page of project members carries each membership's role groups from the page's own statement
 * (a subquery per row, twelfth pass of issue 8; a second statement before): the groups of that
 * membership only — not those the same person holds in another project — in name order, letter
 * case ignored, as one member's answer lists them.
 */
const w = worldOf({
  mailDomain: 'pm-page.example.com',
  nameOf: null,
  org: { name: 'PM Page Co' },
  roles: { owner: 'OWNER', holder: 'MEMBER', bare: 'MEMBER' },
  projects: {
    main: { name: 'Main', members: { owner: ['ADMIN'], holder: ['VIEWER'], bare: ['MEMBER'] } },
    side: { name: 'Side', members: { holder: ['VIEWER'] } },
  },
});

type Listed = { projectMemberUuid: string; projectMemberRoleGroups: { roleGroupId: string; roleGroupName: string; typeCode: string }[] };
const page = async (query: Record<string, unknown> = {}, project = w.projects.main) =>
  (
    await w.t.call(w.as.owner, api.listProjectMembers, { params: { projectId: project }, query: { page: 1, limit: 50, ...query }, headers: { 'cache-control': 'no-cache' } })
  ).json().projectMembers as Listed[];
const groupsOf = (rows: Listed[], id: string) => rows.find((row) => row.projectMemberUuid === id)?.projectMemberRoleGroups;

describe('a page of project members and their role groups', () => {
  it('answers each membership its own groups, in name order, in the page statement', async () => {
    const zeta = await createRoleGroup(w.t.db, w.orgId, 'zeta common', ['PROJECT_ROLE:SUPPORT_VIEWER']);
    const alpha = await createRoleGroup(w.t.db, w.orgId, 'Alpha main', ['PROJECT_ROLE:DASHBOARD_VIEWER'], { projectId: w.projects.main });
    const beta = await createRoleGroup(w.t.db, w.orgId, 'beta main', ['PROJECT_ROLE:DASHBOARD_VIEWER'], { projectId: w.projects.main });
    const side = await createRoleGroup(w.t.db, w.orgId, 'Side only', ['PROJECT_ROLE:DASHBOARD_VIEWER'], { projectId: w.projects.side });
    await assignRoleGroup(w.t.db, w.orgId, w.projects.main, zeta.id, [w.ids.holder]);
    await assignRoleGroup(w.t.db, w.orgId, w.projects.main, beta.id, [w.ids.holder]);
    await assignRoleGroup(w.t.db, w.orgId, w.projects.main, alpha.id, [w.ids.holder, w.ids.owner]);
    await assignRoleGroup(w.t.db, w.orgId, w.projects.side, side.id, [w.ids.holder]);

    let rows: Listed[] = [];
    const statements = await statementsOf(async () => {
      rows = await page();
    }, w.t.db.$client);
    expect(groupsOf(rows, w.ids.holder)).toEqual([
      { roleGroupId: alpha.id, roleGroupName: 'Alpha main', typeCode: 'PROJECT' },
      { roleGroupId: beta.id, roleGroupName: 'beta main', typeCode: 'PROJECT' },
      { roleGroupId: zeta.id, roleGroupName: 'zeta common', typeCode: 'COMMON' },
    ]);
    expect(groupsOf(rows, w.ids.owner)).toEqual([{ roleGroupId: alpha.id, roleGroupName: 'Alpha main', typeCode: 'PROJECT' }]);
    expect(groupsOf(rows, w.ids.bare)).toEqual([]);
    // The groups are read by the page's statement, not by one of their own.
    expect(statements.filter((text) => text.includes('"project_member_role_groups"') && !text.includes('from "project_members"'))).toEqual([]);

    // The same person in another project: that membership's groups.
    expect(groupsOf(await page({}, w.projects.side), w.ids.holder)).toEqual([{ roleGroupId: side.id, roleGroupName: 'Side only', typeCode: 'PROJECT' }]);
    // A filtered page (built, not prepared) answers them the same way.
    expect(groupsOf(await page({ memberTypeCode: 'TOAST_CLOUD' }), w.ids.holder)).toHaveLength(3);

    // One member's answer: the same groups in the same order, read by the statement that reads the membership.
    let one: Listed | undefined;
    const oneStatements = await statementsOf(async () => {
      one = (await w.t.call(w.as.owner, api.getProjectMember, { params: { projectId: w.projects.main, memberId: w.ids.holder } })).json().projectMember as Listed;
    }, w.t.db.$client);
    expect(one?.projectMemberRoleGroups).toEqual(groupsOf(rows, w.ids.holder));
    expect(oneStatements.filter((text) => text.includes('"project_member_role_groups"') && !text.includes('from "project_members"'))).toEqual([]);
  });

  it('reads the project\u2019s owner once, not once a row, and no membership id', async () => {
    const { statements, names } = await exchangesOf(() => page(), w.t.db.$client);
    const text = statements[names.indexOf('project_members_page')];
    expect(text, statements.join('\n')).toBeDefined();
    const client = await w.t.db.$client.connect();
    try {
      await client.query(`prepare counted_page as ${text!}`);
      const { rows } = await client.query<{ types: string }>(`select parameter_types::text as types from pg_prepared_statements where name = 'counted_page'`);
      let numbers = 0;
      // A project id where the statement compares one (a project's id, a membership's project), else the organization's; then the limit and the offset.
      const args = rows[0]!.types
        .replace(/[{}]/g, '')
        .split(',')
        .map((type, index) => {
          if (type !== 'uuid') return numbers++ === 0 ? '50' : '0';
          return new RegExp(`"(projects"\\."id|project_id)" = \\$${index + 1}\\b`).test(text!) ? `'${w.projects.main}'` : `'${w.orgId}'`;
        });
      const plan = (await client.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) execute counted_page(${args.join(', ')})`)).rows[0]!['QUERY PLAN'];
      const scans: { 'Relation Name'?: string; 'Actual Loops': number; 'Actual Rows': number }[] = [];
      const walk = (node: { Plans?: unknown[] } & Record<string, unknown>) => {
        if (node['Relation Name'] === 'projects') scans.push(node as never);
        for (const child of node.Plans ?? []) walk(child as never);
      };
      walk((plan as [{ Plan: never }])[0].Plan);
      expect(scans).toEqual([expect.objectContaining({ 'Actual Loops': 1 })]);
      // Only what an answer shows of a membership: not its own ids.
      const { fields } = await client.query(`execute counted_page(${args.join(', ')})`);
      expect(fields.map((field) => field.name)).not.toContain('org_id');
      expect(fields.map((field) => field.name)).not.toContain('id');
    } finally {
      await client.query('deallocate counted_page').catch(() => {});
      client.release();
    }
  });

  it('a page past the end answers no row and the total, counted on its own', async () => {
    const past = (await w.t.call(w.as.owner, api.listProjectMembers, { params: { projectId: w.projects.main }, query: { page: 9, limit: 1 }, headers: { 'cache-control': 'no-cache' } })).json();
    expect(past.projectMembers).toEqual([]);
    expect(past.paging.totalCount).toBe(3);
  });
});
