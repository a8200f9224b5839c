import * as api from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { createRoleGroup } from '../../test/fixtures.ts';
import { worldOf } from '../../test/world.ts';

/**
 * A role-group page is one named prepared statement per shape (db/prepared.ts), planned once per
 * connection (the pool's generic plans: db/client.ts; db/generic-plans.routes.test.ts checks the
 * plan). Pages after the first are the same statement with another offset.
 */
const w = worldOf({ mailDomain: 'rg-plan.example.com', nameOf: null, org: { name: 'RG Plan Co' } });

describe('the role-group pages', () => {
  it('a later page is the page after the first', async () => {
    for (const name of ['Alpha ops', 'beta ops', 'Gamma ops']) await createRoleGroup(w.t.db, w.orgId, name, ['PROJECT_ROLE:DASHBOARD_VIEWER']);
    const first = (await w.t.call(w.as.owner, api.listOrgRoleGroups, { params: { orgId: w.orgId }, query: { page: 1, limit: 2, sort: 'name,asc' } })).json();
    const second = (await w.t.call(w.as.owner, api.listOrgRoleGroups, { params: { orgId: w.orgId }, query: { page: 2, limit: 2, sort: 'name,asc' } })).json();
    expect(first.roleGroups.map((group: { roleGroupName: string }) => group.roleGroupName)).toEqual(['Alpha ops', 'beta ops']);
    expect(second.roleGroups.map((group: { roleGroupName: string }) => group.roleGroupName)).toEqual(['Gamma ops']);
    expect(second.paging.totalCount).toBe(3);
  });
});
