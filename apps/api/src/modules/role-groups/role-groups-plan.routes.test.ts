import * as api from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { createRoleGroup } from '../../test/fixtures.ts';
import { exchangesOf } from '../../test/statements.ts';
import { worldOf } from '../../test/world.ts';

/**
 * A role-group page is one named prepared statement (db/prepared.ts). PostgreSQL plans a prepared
 * statement afresh on every execution while its generic plan looks dearer than a custom one; with
 * an OFFSET parameter it always did (a generic plan's unknown OFFSET is costed as skipping a tenth
 * of the rows, at least one: of the one row a scope's groups are estimated at, the whole page), so
 * every request paid the planning, 0.30 ms of the statement's 0.32 (twelfth pass, issue 8). The
 * first page's statement has no OFFSET: its generic plan is taken, and it is planned once.
 */
const w = worldOf({ mailDomain: 'rg-plan.example.com', nameOf: null, org: { name: 'RG Plan Co' }, projects: { main: { name: 'Planned', members: { owner: ['ADMIN'] } } } });

/** The page's statement as the route sent it, and the plans PostgreSQL chose for it over eight executions in one session. */
async function plansOf(ask: () => Promise<unknown>) {
  const { statements, names } = await exchangesOf(ask, w.t.db.$client);
  const index = names.findIndex((name) => name?.startsWith('role_groups_'));
  expect(index, statements.join('\n')).not.toBe(-1);
  const client = await w.t.db.$client.connect();
  try {
    await client.query(`prepare page as ${statements[index]!}`);
    const [{ parameter_types: types }] = (await client.query<{ parameter_types: string }>(`select parameter_types::text from pg_prepared_statements where name = 'page'`)).rows as [
      { parameter_types: string },
    ];
    // The organization and project ids, then the limit (50), then the offset (0) when there is one.
    let numbers = 0;
    const args = types
      .replace(/[{}]/g, '')
      .split(',')
      .map((type, position) => {
        if (type !== 'uuid') return numbers++ === 0 ? '50' : '0';
        const statement = statements[index]!;
        // Each uuid parameter is the organization's id but for the one compared with a project id.
        const marker = new RegExp(`"project_id" = \\$${position + 1}\\b`);
        return `'${marker.test(statement) ? w.projects.main : w.orgId}'`;
      });
    for (let run = 0; run < 8; run++) await client.query(`execute page(${args.join(', ')})`);
    const [plans] = (await client.query<{ generic_plans: string; custom_plans: string }>(`select generic_plans, custom_plans from pg_prepared_statements where name = 'page'`)).rows;
    return { generic: Number(plans!.generic_plans), custom: Number(plans!.custom_plans) };
  } finally {
    // Only this one: the pool's own named statements stay prepared on the connection (pg remembers them).
    await client.query('deallocate page').catch(() => {});
    client.release();
  }
}

describe('the first page of role groups is planned once', () => {
  it('the common groups: the generic plan is taken after the first executions', async () => {
    for (const name of ['Alpha ops', 'beta ops', 'Gamma ops']) await createRoleGroup(w.t.db, w.orgId, name, ['PROJECT_ROLE:DASHBOARD_VIEWER']);
    const plans = await plansOf(() => w.t.call(w.as.owner, api.listOrgRoleGroups, { params: { orgId: w.orgId }, query: { page: 1, limit: 50 }, headers: { 'cache-control': 'no-cache' } }));
    expect(plans.generic).toBeGreaterThan(0);
  });

  it('a project\u2019s groups by name: the same', async () => {
    await createRoleGroup(w.t.db, w.orgId, 'Project ops', ['PROJECT_ROLE:DASHBOARD_VIEWER'], { projectId: w.projects.main });
    const plans = await plansOf(() => w.t.call(w.as.owner, api.listProjectRoleGroups, { params: { projectId: w.projects.main }, query: { page: 1, limit: 50, sort: 'name,asc' }, headers: { 'cache-control': 'no-cache' } }));
    expect(plans.generic).toBeGreaterThan(0);
  });

  it('a later page is the page after the first, from a statement of its own', async () => {
    const first = (await w.t.call(w.as.owner, api.listOrgRoleGroups, { params: { orgId: w.orgId }, query: { page: 1, limit: 2, sort: 'name,asc' } })).json();
    const second = (await w.t.call(w.as.owner, api.listOrgRoleGroups, { params: { orgId: w.orgId }, query: { page: 2, limit: 2, sort: 'name,asc' } })).json();
    expect(first.roleGroups.map((group: { roleGroupName: string }) => group.roleGroupName)).toEqual(['Alpha ops', 'beta ops']);
    expect(second.roleGroups.map((group: { roleGroupName: string }) => group.roleGroupName)).toEqual(['Gamma ops']);
    expect(second.paging.totalCount).toBe(3);
  });
});
