import * as api from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROLE_NAMES, ROLE_GROUP_ROLE_IDS } from '@console/contracts';
import { createRoleGroup } from '../../test/fixtures.ts';
import { callOf, type TestApp } from '../../test/helper.ts';
import { worldOf } from '../../test/world.ts';

const w = worldOf({
  mailDomain: 'roles.example.com',
  nameOf: null,
  org: { name: 'Roles Org' },
  roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', viewer: 'BILLING_VIEWER', outsider: null },
  otherOrg: { name: 'Outside Org' },
  projects: { catalogue: { name: 'Catalogue', members: { viewer: ['VIEWER'] } }, other: { name: 'Other' } },
});
let commonGroupId: string;
let projectGroupId: string;
let otherProjectGroupId: string;

beforeAll(async () => {
  const { t, orgId, projects } = w;
  commonGroupId = (await createRoleGroup(t.db, orgId, 'Common Readers', ['PROJECT_ROLE:VIEWER'], { description: 'read all' })).id;
  projectGroupId = (await createRoleGroup(t.db, orgId, 'Catalogue Team', ['PROJECT_ROLE:MEMBER'], { projectId: projects.catalogue })).id;
  otherProjectGroupId = (await createRoleGroup(t.db, orgId, 'Other Team', ['PROJECT_ROLE:MEMBER'], { projectId: projects.other })).id;
});

const call = callOf(() => w.t);
const expectRefusal: TestApp['expectRefusal'] = (...args) => w.t.expectRefusal(...args);
const roleIdsOf = (roles: { roleId: string }[]) => roles.map((role) => role.roleId);
const searchNodes = (payload: object) => call(w.as.member, api.searchOrgRoleTreeNodes, { params: { orgId: w.orgId }, body: payload });
const search = (payload: object) => call(w.as.viewer, api.searchProjectRoles, { params: { projectId: w.projects.catalogue }, body: payload });

describe('organization roles', () => {
  it('lists the organization roles and common groups to any member, in the caller language', async () => {
    const response = await call(w.as.member, api.listOrgRoles, { params: { orgId: w.orgId }, lang: 'ja_JP' });
    expect(response.statusCode, response.body).toBe(200);
    const roles = response.json().roles;
    expect(roles).toContainEqual(
      expect.objectContaining({ roleId: 'ORG_ROLE:OWNER', roleName: 'オーナー', category: 'ORG_ROLE', categoryTypeCode: 'ROLE', categoryKey: 'ORG_MEMBER', roleProperties: ['CONDITION_DISABLED', 'DENY_POLICY_DISABLED'] }),
    );
    expect(roles).toContainEqual({
      category: 'ORG_ROLE_GROUP',
      categoryTypeCode: 'ROLE_GROUP',
      categoryKey: 'PROJECT',
      roleId: commonGroupId,
      roleName: 'Common Readers',
      description: 'read all',
      roleProperties: [],
    });
    expect(roleIdsOf(roles)).not.toContain(projectGroupId);
    const onlyRoles = (await call(w.as.member, api.listOrgRoles, { params: { orgId: w.orgId }, query: { categoryTypeCode: 'ROLE' } })).json().roles;
    expect(onlyRoles.every((role: { categoryTypeCode: string }) => role.categoryTypeCode === 'ROLE')).toBe(true);
    await expectRefusal(() => call(w.as.outsider, api.listOrgRoles, { params: { orgId: w.orgId } }), 404, 23005);
  });

  it('keeps only the roles the caller may assign with assignableRole', async () => {
    const byAdmin = (await call(w.as.admin, api.listOrgRoles, { params: { orgId: w.orgId }, query: { categoryTypeCode: 'ROLE', assignableRole: 'true' } })).json().roles;
    expect(roleIdsOf(byAdmin)).toContain('ORG_ROLE:MEMBER');
    expect(roleIdsOf(byAdmin)).not.toContain('ORG_ROLE:OWNER');
    const byMember = (await call(w.as.member, api.listOrgRoles, { params: { orgId: w.orgId }, query: { assignableRole: 'true' } })).json().roles;
    expect(byMember).toEqual([]);
    await expectRefusal(() => call(w.as.member, api.listOrgRoles, { params: { orgId: w.orgId }, query: { assignableRole: 'yes' } }), 400, 10001);
  });

  it('lists the roles a role group may hold, as tree nodes', async () => {
    const roles = (await call(w.as.member, api.listRoleGroupRoles, { params: { orgId: w.orgId } })).json().roles;
    expect(roleIdsOf(roles)).toEqual([...ROLE_GROUP_ROLE_IDS]);
    expect(roles.find((role: { roleId: string }) => role.roleId === 'PROJECT_ROLE:ADMIN')).toMatchObject({
      roleProperties: ['DENY_POLICY_DISABLED'],
      parentRoleIds: ['PROJECT_ROLE:OWNER'],
    });
  });

  it('answers child and parent roles of a role, paged, and refuses unknown roles (10404)', async () => {
    const children = (await call(w.as.member, api.listOrgChildRoles, { params: { orgId: w.orgId, roleId: 'PROJECT_ROLE:ADMIN' }, query: { page: '1', limit: '9999' } })).json();
    expect(roleIdsOf(children.roles)).toContain('PROJECT_ROLE:QUOTA_VIEWER');
    expect(roleIdsOf(children.roles)).not.toContain('PROJECT_ROLE:OWNER');
    expect(children.paging).toEqual({ page: 1, limit: 9999, totalCount: children.roles.length });
    const parents = (await call(w.as.member, api.listOrgParentRoles, { params: { orgId: w.orgId, roleId: 'PROJECT_ROLE:QUOTA_VIEWER' } })).json();
    expect(roleIdsOf(parents.roles)).toEqual(expect.arrayContaining(['PROJECT_ROLE:QUOTA_ADMIN', 'PROJECT_ROLE:ADMIN', 'PROJECT_ROLE:OWNER']));
    const secondPage = (await call(w.as.member, api.listOrgParentRoles, { params: { orgId: w.orgId, roleId: 'PROJECT_ROLE:QUOTA_VIEWER' }, query: { page: '2', limit: '1' } })).json();
    expect(secondPage.roles).toEqual([parents.roles[1]]);
    const orgParents = (await call(w.as.member, api.listOrgParentRoles, { params: { orgId: w.orgId, roleId: 'ORG_ROLE:ADMIN' } })).json();
    expect(roleIdsOf(orgParents.roles)).toEqual(['ORG_ROLE:OWNER']);
    await expectRefusal(() => call(w.as.member, api.listOrgChildRoles, { params: { orgId: w.orgId, roleId: 'PROJECT_ROLE:GOD' } }), 404, 10404);
    await expectRefusal(() => call(w.as.member, api.listOrgChildRoles, { params: { orgId: w.orgId, roleId: 'PROJECT_ROLE:ADMIN' }, query: { limit: '10000' } }), 400, 10001);
  });

  it('answers the category hierarchies', async () => {
    const orgCategories = (await call(w.as.member, api.getOrgRoleCategories, { params: { orgId: w.orgId }, lang: 'ko_KR' })).json().categories;
    expect(orgCategories).toEqual([expect.objectContaining({ categoryKey: 'ORG', categoryName: '조직' })]);
    expect(orgCategories[0].subCategories.map((sub: { categoryKey: string }) => sub.categoryKey)).toContain('ORG_BILLING');
    const projectCategories = (await call(w.as.member, api.getOrgProjectRoleCategories, { params: { orgId: w.orgId } })).json().categories;
    expect(projectCategories[0]).toMatchObject({ categoryKey: 'PROJECT', categoryName: 'Project' });
  });

  it('searches tree nodes by categories and name', async () => {
    const billing = (await searchNodes({ categoryKeys: ['ORG_BILLING'] })).json().roles;
    expect(roleIdsOf(billing).sort()).toEqual(['ORG_ROLE:BILLING_VIEWER', 'ORG_ROLE:BUDGET_ADMIN', 'ORG_ROLE:BUDGET_VIEWER']);
    const everyProjectRole = (await searchNodes({ categoryKeys: ['PROJECT'] })).json().roles;
    expect(everyProjectRole).toHaveLength(PROJECT_ROLE_NAMES.length);
    const byName = (await searchNodes({ roleNameLike: 'quota' })).json().roles;
    expect(roleIdsOf(byName).sort()).toEqual(['PROJECT_ROLE:QUOTA_ADMIN', 'PROJECT_ROLE:QUOTA_VIEWER']);
    expect(byName[0]).toHaveProperty('childRoleIds');
  });

  it('answers, per role id, the roles that contain it (v7 parent-roles)', async () => {
    const response = await call(w.as.member, api.getOrgRelatedRoles, { params: { orgId: w.orgId }, query: { roleIds: ['ORG_ROLE:MEMBER', 'PROJECT_ROLE:SUPPORT_VIEWER'] } });
    expect(response.statusCode, response.body).toBe(200);
    const related = response.json().relatedRoles;
    expect(related.map((entry: { roleId: string }) => entry.roleId)).toEqual(['ORG_ROLE:MEMBER', 'PROJECT_ROLE:SUPPORT_VIEWER']);
    expect(roleIdsOf(related[0].includeRoles)).toEqual(expect.arrayContaining(['ORG_ROLE:ADMIN', 'ORG_ROLE:OWNER']));
    expect(roleIdsOf(related[1].includeRoles)).toEqual(expect.arrayContaining(['PROJECT_ROLE:SUPPORT_ADMIN', 'PROJECT_ROLE:ADMIN']));
    const unknown = await expectRefusal(() => call(w.as.member, api.getOrgRelatedRoles, { params: { orgId: w.orgId }, query: { roleIds: 'NOPE' } }), 400, 10001);
    expect(unknown.fieldErrors?.[0]?.field).toBe('query.roleIds.0');
    await expectRefusal(() => call(w.as.member, api.getOrgRelatedRoles, { params: { orgId: w.orgId } }), 400, 10001);
  });
});

describe('project roles', () => {
  it('answers project roles only, to members of the project; non-members get not-found', async () => {
    const children = (await call(w.as.viewer, api.listProjectChildRoles, { params: { projectId: w.projects.catalogue, roleId: 'PROJECT_ROLE:MEMBER' } })).json().roles;
    expect(roleIdsOf(children)).toContain('PROJECT_ROLE:VIEWER');
    const parents = (await call(w.as.viewer, api.listProjectParentRoles, { params: { projectId: w.projects.catalogue, roleId: 'PROJECT_ROLE:VIEWER' } })).json().roles;
    expect(roleIdsOf(parents)).toContain('PROJECT_ROLE:MEMBER');
    await expectRefusal(() => call(w.as.viewer, api.listProjectParentRoles, { params: { projectId: w.projects.catalogue, roleId: 'ORG_ROLE:ADMIN' } }), 404, 10404);
    expect((await call(w.as.viewer, api.getProjectRoleCategories, { params: { projectId: w.projects.catalogue } })).json().categories[0].categoryKey).toBe('PROJECT');
    const nodes = (await call(w.as.viewer, api.searchProjectRoleTreeNodes, { params: { projectId: w.projects.catalogue }, body: { categoryKeys: ['PROJECT_MEMBER'] } })).json().roles;
    expect(roleIdsOf(nodes).sort()).toEqual(['PROJECT_ROLE:PROJECT_MEMBER_ADMIN', 'PROJECT_ROLE:PROJECT_MEMBER_VIEWER']);
    const orgNodes = (await call(w.as.viewer, api.searchProjectRoleTreeNodes, { params: { projectId: w.projects.catalogue }, body: { categoryKeys: ['ORG'] } })).json().roles;
    expect(orgNodes).toEqual([]);
    // The organization MEMBER is not in the project.
    await expectRefusal(() => call(w.as.member, api.getProjectRoleCategories, { params: { projectId: w.projects.catalogue } }), 404, 40017);
    await expectRefusal(() => call(w.as.outsider, api.searchProjectRoleTreeNodes, { params: { projectId: w.projects.catalogue }, body: {} }), 404, 40017);
  });

  it('searches roles and the role groups usable in the project (v7), paged', async () => {
    const groups = (await search({ categoryTypeCode: 'ROLE_GROUP' })).json();
    expect(roleIdsOf(groups.roles).sort()).toEqual([commonGroupId, projectGroupId].sort());
    expect(groups.roles.find((role: { roleId: string }) => role.roleId === projectGroupId)).toMatchObject({ category: 'PROJECT_ROLE_GROUP', roleName: 'Catalogue Team' });
    expect(roleIdsOf(groups.roles)).not.toContain(otherProjectGroupId);
    const quota = (await search({ categoryTypeCode: 'ROLE', categoryKey: 'PROJECT_QUOTA' })).json();
    expect(roleIdsOf(quota.roles).sort()).toEqual(['PROJECT_ROLE:QUOTA_ADMIN', 'PROJECT_ROLE:QUOTA_VIEWER']);
    const named = (await search({ roleNameLike: 'team' })).json();
    expect(roleIdsOf(named.roles)).toEqual([projectGroupId]);
    const paged = (await search({ paging: { page: 2, limit: 5 } })).json();
    expect(paged.roles).toHaveLength(5);
    expect(paged.paging).toEqual({ page: 2, limit: 5, totalCount: PROJECT_ROLE_NAMES.length + 2 });
    await expectRefusal(() => search({ paging: { page: 0, limit: 5 } }), 400, 10001);
  });

  it('answers related roles of project roles (v7), refusing organization role ids there', async () => {
    const related = (await call(w.as.viewer, api.getProjectRelatedRoles, { params: { projectId: w.projects.catalogue }, query: { roleIds: 'PROJECT_ROLE:ADMIN' } })).json().relatedRoles;
    expect(related).toEqual([{ roleId: 'PROJECT_ROLE:ADMIN', includeRoles: [expect.objectContaining({ roleId: 'PROJECT_ROLE:OWNER' })] }]);
    await expectRefusal(() => call(w.as.viewer, api.getProjectRelatedRoles, { params: { projectId: w.projects.catalogue }, query: { roleIds: 'ORG_ROLE:ADMIN' } }), 400, 10001);
  });
});
