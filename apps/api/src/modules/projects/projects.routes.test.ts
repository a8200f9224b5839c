import * as api from '@console/contracts';
import { BUILT_IN_PROJECT_ROLES, PROJECT_PERMISSIONS, type RoleCondition } from '@console/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orgMembers, organizations, projectMembers, projectProducts, projects } from '../../db/schema/index.ts';
import { callOf, type Caller, type TestApp } from '../../test/helper.ts';
import { worldOf } from '../../test/world.ts';
import { assignRoleGroup, createMember, createOrg, createProject, createRoleGroup, FIXTURE_PASSWORD, whileLocked } from '../../test/fixtures.ts';

const w = worldOf({
  mailDomain: 'proj.example.com',
  org: { name: 'Projects Org', domain: 'proj-org', projectLimit: 100 },
  roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', billing: 'BILLING_VIEWER', outsider: null, peer: 'MEMBER' },
  iam: { iam: { userCode: 'iam.p', name: 'IAM P' } },
  otherOrg: { name: 'Elsewhere' },
  projects: { elsewhere: { name: 'Elsewhere Project', org: 'other' } },
  signIn: ['owner', 'admin', 'member', 'billing', 'outsider', 'iam'],
});

const call = callOf(() => w.t);

const orgProjectNames = async (who: Caller, query: string): Promise<string[]> =>
  (await call(who, 'GET', `/api/cab/v5/projects?orgId=${w.orgId}&${query}`)).json().projects.map((project: { projectName: string }) => project.projectName);

const expectRefusal: TestApp['expectRefusal'] = (...args) => w.t.expectRefusal(...args);

const create = (who: Caller, body: Record<string, unknown>) => call(who, api.createProject, { body: { orgId: w.orgId, ...body } });

describe('creating a project', () => {
  it('creates it for an organization MEMBER, who becomes its owner and ADMIN', async () => {
    const response = await create(w.as.member, { projectName: '결제 API 1.0', description: 'Payments' });
    expect(response.statusCode).toBe(200);
    const project = response.json().project;
    expect(project).toMatchObject({
      projectOrgId: w.orgId,
      projectName: '결제 API 1.0',
      projectDescription: 'Payments',
      projectOwnerId: w.ids.member,
      projectMemberRoleCodes: ['ADMIN'],
      projectStatusCode: 'STABLE',
      ownerEmail: 'member@proj.example.com',
      ownerName: 'member name',
      canDelete: true,
      orgName: 'Projects Org',
      regDateTime: w.t.clock.now().toISOString(),
    });
    expect(project.shortenProjectId).toBe(project.projectId.replaceAll('-', '').slice(0, 8));
    // Spec §3 projectIaasTenantId: the OpenStack-style form of the id, in every project answer.
    expect(project.projectIaasTenantId).toMatch(/^[0-9a-f]{32}$/);
    expect(project.projectIaasTenantId).toBe(project.projectId.replaceAll('-', ''));
    const rows = await w.t.db.select().from(projectMembers).where(eq(projectMembers.projectId, project.projectId));
    expect(rows).toEqual([expect.objectContaining({ memberId: w.ids.member, roleCodes: ['ADMIN'], orgId: w.orgId })]);
    const read = (await call(w.as.member, api.getProject, { params: { projectId: project.projectId } })).json().project;
    expect(read).toMatchObject({ projectName: '결제 API 1.0', projectIaasTenantId: project.projectIaasTenantId });
    const listed = (await call(w.as.member, api.listProjects, { query: { orgId: w.orgId } })).json().projects;
    expect(listed.find((row: { projectId: string }) => row.projectId === project.projectId).projectIaasTenantId).toBe(project.projectIaasTenantId);
  });

  it('defaults the description to empty', async () => {
    const response = await create(w.as.owner, { projectName: 'No Description' });
    expect(response.json().project.projectDescription).toBe('');
  });

  it.each([
    ['an empty name', { projectName: '' }, 'body.projectName'],
    ['a name with a symbol', { projectName: 'web/app' }, 'body.projectName'],
    ['a name over 100 characters', { projectName: 'p'.repeat(101) }, 'body.projectName'],
    ['a description over 500 characters', { projectName: 'Ok', description: 'd'.repeat(501) }, 'body.description'],
    ['a description with a control character', { projectName: 'Ok', description: 'bell\u0007' }, 'body.description'],
    ['an organization id that is not a UUID', { projectName: 'Ok', orgId: 'x' }, 'body.orgId'],
  ])('refuses %s with 10001, changing nothing', async (_label, body, field) => {
    const answer = await expectRefusal(() => create(w.as.owner, body), 400, 10001);
    expect(answer.fieldErrors?.map((error: { field: string }) => error.field)).toEqual([field]);
  });

  it('refuses a BILLING_VIEWER and an IAM account with -6, an outsider with 23005', async () => {
    const denied = await expectRefusal(() => create(w.as.billing, { projectName: 'Nope' }), 403, -6);
    expect(denied.neededPermissions).toEqual(['Organization.Project.Create']);
    expect(denied.neededRoles?.[0]).toEqual({ category: 'ORG_ROLE', roleName: 'MEMBER' });
    await expectRefusal(() => create(w.as.iam, { projectName: 'Nope' }), 403, -6);
    await expectRefusal(() => create(w.as.outsider, { projectName: 'Nope' }), 404, 23005);
    await expectRefusal(() => call(w.as.owner, api.createProject, { body: { orgId: w.otherOrgId, projectName: 'Nope' } }), 404, 23005);
  });

  it('refuses a member restricted by PROJECT_CREATE with 20005', async () => {
    const restricted = await createMember(w.t.db, 'no-projects@proj.example.com', { restrictTypes: ['PROJECT_CREATE'] });
    const org = await createOrg(w.t.db, 'Restricted Org', restricted.id);
    const caller = await w.t.login(restricted.email, FIXTURE_PASSWORD);
    const body = await expectRefusal(() => call(caller, api.createProject, { body: { orgId: org.id, projectName: 'Nope' } }), 400, 20005);
    expect(body.restriction).toBe('PROJECT_CREATE');
  });
});

describe('duplicate project names', () => {
  it('warns (not refuses) about a name another project of the organization has, letter case and spaces aside', async () => {
    const first = await create(w.as.owner, { projectName: 'Dup Alpha' });
    expect(first.statusCode).toBe(200);
    expect(first.json().duplicateNameWarning).toBe(false);
    const second = await create(w.as.owner, { projectName: '  dup ALPHA ' });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ project: { projectName: 'dup ALPHA' }, duplicateNameWarning: true });
    expect(await w.t.db.select().from(projects).where(and(eq(projects.orgId, w.orgId), sql`lower(${projects.name}) = 'dup alpha'`))).toHaveLength(2);
  });

  it('compares only with projects the caller sees: a MEMBER is not told about projects they are not in', async () => {
    await create(w.as.owner, { projectName: 'Dup Hidden' });
    const mine = await create(w.as.member, { projectName: 'Dup Hidden' });
    expect(mine.json().duplicateNameWarning).toBe(false);
    // The MEMBER now sees their own project of that name.
    expect((await create(w.as.member, { projectName: 'dup hidden' })).json().duplicateNameWarning).toBe(true);
    // The owner sees every project of the organization.
    expect((await create(w.as.owner, { projectName: 'Dup Hidden' })).json().duplicateNameWarning).toBe(true);
  });

  it('never compares with another organization, even one of the same caller', async () => {
    await create(w.as.owner, { projectName: 'Dup Tenant' });
    const second = await createOrg(w.t.db, 'Dup Second Org', w.ids.owner!);
    const elsewhere = await call(w.as.owner, api.createProject, { body: { orgId: second.id, projectName: 'Dup Tenant' } });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json().duplicateNameWarning).toBe(false);
  });

  it('warns on a rename to another project’s name, not on keeping its own', async () => {
    await create(w.as.owner, { projectName: 'Dup Target' });
    const renamed = (await create(w.as.owner, { projectName: 'Dup Source' })).json().project.projectId;
    const own = await call(w.as.owner, api.updateProject, { params: { projectId: renamed }, body: { projectName: 'Dup Source' } });
    expect(own.json()).toMatchObject({ project: { projectName: 'Dup Source' }, duplicateNameWarning: false });
    const taken = await call(w.as.owner, api.updateProject, { params: { projectId: renamed }, body: { projectName: 'DUP TARGET' } });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ project: { projectName: 'DUP TARGET' }, duplicateNameWarning: true });
  });
});

describe('the project limit', () => {
  it('allows 5 projects by default, then 12401; a raised limit allows more', async () => {
    const org = await createOrg(w.t.db, 'Limited', w.ids.owner!);
    const add = (projectName: string) => call(w.as.owner, api.createProject, { body: { orgId: org.id, projectName } });
    for (const name of ['P1', 'P2', 'P3', 'P4', 'P5']) expect((await add(name)).statusCode).toBe(200);
    const refused = await expectRefusal(() => add('P6'), 400, 12401);
    // Spec §9: at the default limit of 5, the way on is the customer center.
    expect(refused.header.resultMessage).toBe(
      'The project cannot be added because it exceeds the quota. Contact the customer center to add more projects.',
    );
    await w.t.db.update(organizations).set({ projectLimit: 6 }).where(eq(organizations.id, org.id));
    expect((await add('P6')).statusCode).toBe(200);
    await expectRefusal(() => add('P7'), 400, 12401);
  });

  it('answers 1400 (contact support) when project creation is turned off for the organization (limit 0)', async () => {
    const org = await createOrg(w.t.db, 'Closed', w.ids.owner!, [], { projectLimit: 0 });
    const body = await expectRefusal(() => call(w.as.owner, api.createProject, { body: { orgId: org.id, projectName: 'Nope' } }), 400, 1400);
    expect(body.header.resultMessage).toContain('customer center');
  });

  it('lets only one of two concurrent creations take the last place', async () => {
    const org = await createOrg(w.t.db, 'Race', w.ids.owner!, [], { projectLimit: 1 });
    // Both requests are in flight and blocked on the organization row before either may count.
    const answers = await whileLocked(w.t.db, 'select id from organizations where id = $1 for update', [org.id], 2, () =>
      Promise.all(['A', 'B'].map((projectName) => call(w.as.owner, api.createProject, { body: { orgId: org.id, projectName } }))),
    );
    expect(answers.map((answer) => answer.json().header.resultCode).sort()).toEqual([0, 12401]);
    expect(await w.t.db.select().from(projects).where(eq(projects.orgId, org.id))).toHaveLength(1);
  });
});

describe('changing a project', () => {
  it("changes name and description for the project's ADMIN; an absent description is kept", async () => {
    const project = await createProject(w.t.db, w.orgId, 'Before', w.ids.owner!, [{ memberId: w.ids.peer!, roleCodes: ['ADMIN'] }]);
    const peer = await w.t.login('peer@proj.example.com', FIXTURE_PASSWORD);
    w.t.clock.advanceMinutes(3);
    const response = await call(peer, api.updateProject, { params: { projectId: project.id }, body: { projectName: 'After', description: 'New' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().project).toMatchObject({ projectName: 'After', projectDescription: 'New', modDateTime: w.t.clock.now().toISOString() });
    const kept = await call(peer, api.updateProject, { params: { projectId: project.id }, body: { projectName: 'After Again' } });
    expect(kept.json().project).toMatchObject({ projectName: 'After Again', projectDescription: 'New' });
  });

  it('refuses a project MEMBER with -6, a bad name with 10001, a foreign project with 40017', async () => {
    const project = await createProject(w.t.db, w.orgId, 'Guarded', w.ids.owner!, [{ memberId: w.ids.member!, roleCodes: ['MEMBER'] }]);
    const denied = await expectRefusal(() => call(w.as.member, api.updateProject, { params: { projectId: project.id }, body: { projectName: 'Mine' } }), 403, -6);
    expect(denied.neededPermissions).toEqual(['Project.Setting.Update']);
    expect(denied.neededRoles?.[0]).toEqual({ category: 'PROJECT_ROLE', roleName: 'PROJECT_MANAGEMENT_ADMIN' });
    await expectRefusal(() => call(w.as.owner, api.updateProject, { params: { projectId: project.id }, body: { projectName: ' ' } }), 400, 10001);
    await expectRefusal(() => call(w.as.owner, api.updateProject, { params: { projectId: w.projects.elsewhere }, body: { projectName: 'Mine' } }), 404, 40017);
    // An organization member who is not in the project does not see it at all.
    await expectRefusal(() => call(w.as.billing, api.updateProject, { params: { projectId: project.id }, body: { projectName: 'Mine' } }), 404, 40017);
  });
});

describe('deleting a project', () => {
  it('deletes it, with its memberships, for an organization ADMIN who is not a member of it', async () => {
    const project = await createProject(w.t.db, w.orgId, 'Doomed', w.ids.owner!, [{ memberId: w.ids.member!, roleCodes: ['MEMBER'] }]);
    const response = await call(w.as.admin, api.deleteProject, { params: { projectId: project.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json().projectId).toBe(project.id);
    expect(await w.t.db.select().from(projects).where(eq(projects.id, project.id))).toEqual([]);
    expect(await w.t.db.select().from(projectMembers).where(eq(projectMembers.projectId, project.id))).toEqual([]);
    expect((await call(w.as.owner, api.getProject, { params: { projectId: project.id } })).json().header.resultCode).toBe(40017);
  });

  it('refuses with 12500 while a service is in use in it, and shows canDelete false', async () => {
    const project = await createProject(w.t.db, w.orgId, 'In Use', w.ids.owner!);
    await w.t.db.insert(projectProducts).values({ orgId: w.orgId, projectId: project.id, productId: 'compute' });
    await expectRefusal(() => call(w.as.owner, api.deleteProject, { params: { projectId: project.id } }), 400, 12500);
    expect((await call(w.as.owner, api.getProject, { params: { projectId: project.id } })).json().project.canDelete).toBe(false);
    await w.t.db.delete(projectProducts).where(eq(projectProducts.projectId, project.id));
    expect((await call(w.as.owner, api.getProject, { params: { projectId: project.id } })).json().project.canDelete).toBe(true);
  });

  it('refuses a PROJECT_MANAGEMENT_ADMIN and a MEMBER with -6', async () => {
    const project = await createProject(w.t.db, w.orgId, 'Managed', w.ids.owner!, [
      { memberId: w.ids.member!, roleCodes: ['PROJECT_MANAGEMENT_ADMIN'] },
      { iamMemberId: w.ids.iam!, roleCodes: ['MEMBER'] },
    ]);
    expect((await call(w.as.member, api.getProject, { params: { projectId: project.id } })).json().project.canDelete).toBe(false);
    const denied = await expectRefusal(() => call(w.as.member, api.deleteProject, { params: { projectId: project.id } }), 403, -6);
    expect(denied.neededPermissions).toEqual(['Project.Setting.Delete']);
    await expectRefusal(() => call(w.as.iam, api.deleteProject, { params: { projectId: project.id } }), 403, -6);
  });
});

describe('handing a project over', () => {
  it('makes a cloud member of the project its owner and ADMIN; the previous owner keeps their roles', async () => {
    const project = await createProject(w.t.db, w.orgId, 'Handed', w.ids.member!, [
      { memberId: w.ids.member!, roleCodes: ['ADMIN'] },
      { memberId: w.ids.peer!, roleCodes: ['VIEWER'] },
    ]);
    const response = await call(w.as.member, api.transferProjectOwnership, { params: { projectId: project.id }, body: { projectOwnerId: w.ids.peer } });
    expect(response.statusCode).toBe(200);
    expect(response.json().project).toMatchObject({ projectOwnerId: w.ids.peer, projectMemberRoleCodes: ['ADMIN'] });
    const roles = await w.t.db.select().from(projectMembers).where(eq(projectMembers.projectId, project.id));
    expect(Object.fromEntries(roles.map((row) => [row.memberId, row.roleCodes]))).toEqual({ [w.ids.member!]: ['ADMIN'], [w.ids.peer!]: ['ADMIN'] });
    // The previous owner is an ADMIN now: no longer allowed to hand it over.
    const again = await expectRefusal(() => call(w.as.member, api.transferProjectOwnership, { params: { projectId: project.id }, body: { projectOwnerId: w.ids.member } }), 403, -6);
    expect(again.neededRoles?.[0]).toEqual({ category: 'PROJECT_ROLE', roleName: 'OWNER' });
  });

  it('lets an organization ADMIN hand over any project of the organization', async () => {
    const project = await createProject(w.t.db, w.orgId, 'Admin Handed', w.ids.owner!, [{ memberId: w.ids.peer!, roleCodes: ['MEMBER'] }]);
    expect((await call(w.as.admin, api.transferProjectOwnership, { params: { projectId: project.id }, body: { projectOwnerId: w.ids.peer } })).statusCode).toBe(200);
  });

  it('refuses a non-member (12100), an IAM account (12100), the owner themself (10001) and PROJECT_TRANSFER (20005)', async () => {
    const restricted = await createMember(w.t.db, 'no-transfer@proj.example.com', { restrictTypes: ['PROJECT_TRANSFER'] });
    await w.t.db.insert(orgMembers).values({ orgId: w.orgId, memberId: restricted.id, roleCode: 'MEMBER' });
    const project = await createProject(w.t.db, w.orgId, 'Stuck', w.ids.owner!, [
      { memberId: w.ids.peer!, roleCodes: ['MEMBER'] },
      { memberId: restricted.id, roleCodes: ['MEMBER'] },
      { iamMemberId: w.ids.iam!, roleCodes: ['MEMBER'] },
    ]);
    const url = `/api/cab/v5/projects/${project.id}/owner`;
    await expectRefusal(() => call(w.as.owner, 'PUT', url, { projectOwnerId: w.ids.billing }), 400, 12100);
    await expectRefusal(() => call(w.as.owner, 'PUT', url, { projectOwnerId: w.ids.iam }), 400, 12100);
    await expectRefusal(() => call(w.as.owner, 'PUT', url, { projectOwnerId: w.ids.owner }), 400, 10001);
    expect((await expectRefusal(() => call(w.as.owner, 'PUT', url, { projectOwnerId: restricted.id }), 400, 20005)).restriction).toBe('PROJECT_TRANSFER');
    const restrictedOwned = await createProject(w.t.db, w.orgId, 'Owned By Restricted', restricted.id, [
      { memberId: restricted.id, roleCodes: ['ADMIN'] },
      { memberId: w.ids.peer!, roleCodes: ['MEMBER'] },
    ]);
    const caller = await w.t.login(restricted.email, FIXTURE_PASSWORD);
    const byRestricted = await expectRefusal(
      () => call(caller, api.transferProjectOwnership, { params: { projectId: restrictedOwned.id }, body: { projectOwnerId: w.ids.peer } }),
      400,
      20005,
    );
    expect(byRestricted.restriction).toBe('PROJECT_TRANSFER');
  });
});

describe('project lists', () => {
  let listOrgId: string;
  beforeAll(async () => {
    const lister = await createMember(w.t.db, 'lister@proj.example.com');
    const mine = await createOrg(w.t.db, 'Lister Org', lister.id, [{ memberId: w.ids.member!, role: 'MEMBER' }]);
    listOrgId = mine.id;
    w.t.clock.advanceMinutes(10);
    await createProject(w.t.db, listOrgId, 'beta', lister.id, [{ memberId: w.ids.member!, roleCodes: ['VIEWER'] }]);
    await createProject(w.t.db, listOrgId, 'Alpha', lister.id);
  });

  it("lists the caller's projects across organizations (GET v6), with organization names", async () => {
    const body = (await call(w.as.member, api.listMyProjects, { query: { sort: 'name,asc' } })).json();
    const names = body.projects.map((project: { projectName: string }) => project.projectName);
    // A MEMBER sees the projects they belong to or own, in both organizations, but not "Alpha".
    expect(names).toContain('beta');
    expect(names).not.toContain('Alpha');
    expect(names).not.toContain('Elsewhere Project');
    expect(body.paging.totalCount).toBe(names.length);
    expect(new Set(body.projects.map((project: { orgName: string }) => project.orgName))).toEqual(new Set(['Projects Org', 'Lister Org']));
    expect([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en'))).toEqual(names);
  });

  it('sorts by name or registration time in either direction, and pages on the server', async () => {
    const lister = await w.t.login('lister@proj.example.com', FIXTURE_PASSWORD);
    const names = async (query: string) =>
      (await call(lister, 'GET', `/api/cab/v6/projects?${query}`)).json().projects.map((project: { projectName: string }) => project.projectName);
    expect(await names('sort=name,asc')).toEqual(['Alpha', 'beta']);
    expect(await names('sort=name,desc')).toEqual(['beta', 'Alpha']);
    // Names compare without letter case; "beta" was registered first.
    expect(await names('sort=regDateTime,asc')).toEqual(['beta', 'Alpha']);
    expect(await names('sort=regDateTime,desc')).toEqual(['Alpha', 'beta']);
    expect(await names('sort=name,asc&page=2&limit=1')).toEqual(['beta']);
    const body = await expectRefusal(() => call(lister, api.listMyProjects, { query: { sort: 'owner,asc' } }), 400, 10001);
    expect(body.fieldErrors?.[0]?.field).toBe('query.sort');
    await expectRefusal(() => call(lister, api.listMyProjects, { query: { limit: '5001' } }), 400, 10001);
  });

  it("sorts and pages an organization's project list on the server", async () => {
    const ascending = await orgProjectNames(w.as.owner, 'sort=name,asc');
    expect(ascending.length).toBeGreaterThan(1);
    expect(ascending).toEqual([...ascending].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en')));
    expect(await orgProjectNames(w.as.owner, 'sort=name,desc')).toEqual(ascending.toReversed());
    expect(await orgProjectNames(w.as.owner, 'sort=name,desc&page=1&limit=1')).toEqual([ascending.at(-1)]);
    await expectRefusal(() => call(w.as.owner, api.listProjects, { query: { orgId: w.orgId, sort: 'owner,asc' } }), 400, 10001);
  });

  it('shows an OWNER every project of their organizations and an IAM account its own', async () => {
    const all = (await call(w.as.owner, api.listMyProjects, { query: { limit: '5000' } })).json();
    // Every project of every organization where the owner holds a role that lists projects (OWNER here).
    const ownedOrgs = (await w.t.db.select().from(orgMembers).where(eq(orgMembers.memberId, w.ids.owner!))).map((row) => row.orgId);
    const expected = (await w.t.db.select().from(projects)).filter((project) => ownedOrgs.includes(project.orgId));
    expect(ownedOrgs.length).toBeGreaterThan(1);
    expect(all.projects.map((project: { projectId: string }) => project.projectId).sort()).toEqual(expected.map((project) => project.id).sort());
    expect(all.paging.totalCount).toBe(expected.length);
    const iamProjects = (await call(w.as.iam, api.listMyProjects)).json().projects;
    const memberships = await w.t.db.select().from(projectMembers).where(eq(projectMembers.iamMemberId, w.ids.iam!));
    expect(iamProjects.map((project: { projectId: string }) => project.projectId).sort()).toEqual(memberships.map((row) => row.projectId).sort());
    expect((await call(w.as.outsider, api.listMyProjects)).json().projects.map((p: { projectName: string }) => p.projectName)).toEqual([
      'Elsewhere Project',
    ]);
  });

  it('adds the owner, and whether the caller may delete, to the organization list (v5)', async () => {
    const body = (await call(w.as.member, api.listProjects, { query: { orgId: listOrgId } })).json();
    expect(body.projects).toEqual([
      expect.objectContaining({ projectName: 'beta', ownerEmail: 'lister@proj.example.com', ownerName: 'lister', canDelete: false }),
    ]);
    const lister = await w.t.login('lister@proj.example.com', FIXTURE_PASSWORD);
    const ownerView = (await call(lister, api.listProjects, { query: { orgId: listOrgId } })).json();
    expect(ownerView.projects.map((project: { canDelete: boolean }) => project.canDelete)).toEqual([true, true]);
  });
});

describe("the caller's project roles (GET self/roles)", () => {
  it('answers project roles, OWNER for the project owner, and org roles that reach the project', async () => {
    const project = await createProject(w.t.db, w.orgId, 'Roles', w.ids.member!, [
      { memberId: w.ids.member!, roleCodes: ['ADMIN'] },
      { iamMemberId: w.ids.iam!, roleCodes: ['VIEWER'] },
    ]);
    const url = `/api/cab/v6/projects/${project.id}/self/roles`;
    const mine = (await call(w.as.member, 'GET', url)).json();
    expect(mine.roles).toEqual([
      { category: 'ORG_ROLE', roleName: 'MEMBER', categoryKey: w.orgId },
      { category: 'PROJECT_ROLE', roleName: 'OWNER', categoryKey: project.id },
      { category: 'PROJECT_ROLE', roleName: 'ADMIN', categoryKey: project.id },
    ]);
    expect(mine.permissions).toContain('Project.Owner.Update');
    const viaOrg = (await call(w.as.admin, 'GET', url)).json();
    expect(viaOrg.roles).toEqual([{ category: 'ORG_ROLE', roleName: 'ADMIN', categoryKey: w.orgId }]);
    expect(viaOrg.permissions).toEqual(expect.arrayContaining([...PROJECT_PERMISSIONS]));
    const viewer = (await call(w.as.iam, 'GET', url)).json();
    expect(viewer.roles).toEqual([{ category: 'PROJECT_ROLE', roleName: 'VIEWER', categoryKey: project.id }]);
    expect(viewer.permissions).toEqual([...BUILT_IN_PROJECT_ROLES.VIEWER].sort());
    expect((await call(w.as.billing, 'GET', url)).json().header.resultCode).toBe(40017);
    expect((await call(w.as.outsider, 'GET', url)).json().header.resultCode).toBe(40017);
  });

  it('drops a removed membership at once', async () => {
    const project = await createProject(w.t.db, w.orgId, 'Leaving', w.ids.owner!, [{ memberId: w.ids.peer!, roleCodes: ['MEMBER'] }]);
    const peer = await w.t.login('peer@proj.example.com', FIXTURE_PASSWORD);
    expect((await call(peer, api.getProjectSelfRoles, { params: { projectId: project.id } })).statusCode).toBe(200);
    await w.t.db.delete(projectMembers).where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.memberId, w.ids.peer!)));
    expect((await call(peer, api.getProjectSelfRoles, { params: { projectId: project.id } })).json().header.resultCode).toBe(40017);
  });
});

/** canDelete per project name, of the projects the role-group tests make. */
const canDeleteOf = (projectsAnswered: { projectName: string; canDelete: boolean }[]) =>
  Object.fromEntries(projectsAnswered.filter((row) => row.projectName.startsWith('G ')).map((row) => [row.projectName, row.canDelete]));

describe('canDelete through role groups (the permission engine, per project)', () => {
  // The TestClock reads 09:00 UTC: 18:00 in Seoul, the organization's time zone.
  const evening: RoleCondition = { attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['17:00', '19:00'] };
  const lunch: RoleCondition = { attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['12:00', '14:00'] };

  it('is true through a group whose conditions hold, false when its condition fails or a deny takes it, in every list and the detail', async () => {
    const boss = await createMember(w.t.db, 'groups-boss@proj.example.com');
    const person = await createMember(w.t.db, 'groups-person@proj.example.com');
    const org = await createOrg(w.t.db, 'Groups Org', boss.id, [{ memberId: person.id, role: 'MEMBER' }], { projectLimit: 100 });
    const project = (name: string) =>
      createProject(w.t.db, org.id, name, boss.id, [
        { memberId: boss.id, roleCodes: ['ADMIN'] },
        { memberId: person.id, roleCodes: ['NONE'] },
      ]);
    const pass = await project('G pass');
    const fail = await project('G fail');
    const onlyHere = await project('G only here');
    const notHere = await project('G not here');
    const denied = await project('G denied');
    await project('G plain');

    const passGroup = await createRoleGroup(w.t.db, org.id, 'Evening admins', [{ roleId: 'PROJECT_ROLE:ADMIN', conditions: [evening] }], { projectId: pass.id });
    await assignRoleGroup(w.t.db, org.id, pass.id, passGroup.id, [person.id]);
    const failGroup = await createRoleGroup(w.t.db, org.id, 'Lunch admins', [{ roleId: 'PROJECT_ROLE:ADMIN', conditions: [lunch] }], { projectId: fail.id });
    await assignRoleGroup(w.t.db, org.id, fail.id, failGroup.id, [person.id]);
    // One COMMON group held in two projects: its condition names one of them, so the same group
    // decides differently per row of one list.
    const common = await createRoleGroup(w.t.db, org.id, 'Only there', [
      {
        roleId: 'PROJECT_ROLE:ADMIN',
        conditions: [{ attributeId: 'PROJECT_ID_LIST', attributeDataTypeCode: 'STRING', attributeOperatorTypeCode: 'ANY_CONTAINS', attributeValues: [onlyHere.id] }],
      },
    ]);
    await assignRoleGroup(w.t.db, org.id, onlyHere.id, common.id, [person.id]);
    await assignRoleGroup(w.t.db, org.id, notHere.id, common.id, [person.id]);
    // A deny takes Project.Setting.Delete even from the organization's OWNER (and project owner).
    const deny = await createRoleGroup(w.t.db, org.id, 'No admin here', [{ roleId: 'PROJECT_ROLE:ADMIN', denialSetting: 'DENY' }], { projectId: denied.id });
    await assignRoleGroup(w.t.db, org.id, denied.id, deny.id, [boss.id]);

    const personCaller = await w.t.login('groups-person@proj.example.com', FIXTURE_PASSWORD);
    const bossCaller = await w.t.login('groups-boss@proj.example.com', FIXTURE_PASSWORD);

    const expectedForPerson = { 'G pass': true, 'G fail': false, 'G only here': true, 'G not here': false, 'G denied': false, 'G plain': false };
    expect(canDeleteOf((await call(personCaller, api.listProjects, { query: { orgId: org.id, limit: '100' } })).json().projects)).toEqual(expectedForPerson);
    expect(canDeleteOf((await call(personCaller, api.listMyProjects, { query: { limit: '100' } })).json().projects)).toEqual(expectedForPerson);
    for (const [row, canDelete] of [[pass, true], [fail, false], [onlyHere, true], [notHere, false]] as const) {
      const detail = (await call(personCaller, api.getProject, { params: { projectId: row.id } })).json();
      expect([row.name, detail.project.canDelete]).toEqual([row.name, canDelete]);
    }

    const expectedForBoss = { 'G pass': true, 'G fail': true, 'G only here': true, 'G not here': true, 'G denied': false, 'G plain': true };
    expect(canDeleteOf((await call(bossCaller, api.listProjects, { query: { orgId: org.id, limit: '100' } })).json().projects)).toEqual(expectedForBoss);
    expect(canDeleteOf((await call(bossCaller, api.listMyProjects, { query: { limit: '100' } })).json().projects)).toEqual(expectedForBoss);

    // The memberships of every listed row come in one query: a page of six costs what a page of one does.
    const pool = w.t.db.$client as unknown as { query: (...args: unknown[]) => unknown };
    const queriesOf = async (url: string) => {
      const original = pool.query;
      let count = 0;
      pool.query = function (this: unknown, ...args: unknown[]) {
        count += 1;
        return original.apply(this, args);
      };
      try {
        expect((await call(personCaller, 'GET', url)).statusCode).toBe(200);
      } finally {
        pool.query = original;
      }
      return count;
    };
    const onePage = await queriesOf(`/api/cab/v5/projects?orgId=${org.id}&limit=1`);
    expect(onePage).toBeGreaterThan(0);
    expect(await queriesOf(`/api/cab/v5/projects?orgId=${org.id}&limit=100`)).toBe(onePage);

    // The flag says what the call would do: the group whose condition holds deletes, the failing one is refused with its details.
    const refused = (await expectRefusal(() => call(personCaller, api.deleteProject, { params: { projectId: fail.id } }), 403, -6)) as unknown as {
      failedConditions: { roleGroupName: string; attributeId: string; validFrom?: string }[];
    };
    expect(refused.failedConditions).toEqual([
      expect.objectContaining({ permissionId: 'Project.Setting.Delete', roleGroupName: 'Lunch admins', attributeId: 'TIME', validFrom: '2026-11-23T03:00:00.000Z' }),
    ]);
    await expectRefusal(() => call(bossCaller, api.deleteProject, { params: { projectId: denied.id } }), 403, -6);
    const deleted = await call(personCaller, api.deleteProject, { params: { projectId: pass.id } });
    expect(deleted.json().header.resultCode, deleted.body).toBe(0);
  });
});
