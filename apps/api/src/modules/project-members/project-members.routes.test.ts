import { randomUUID } from 'node:crypto';
import type { PermissionDeniedExtra, RoleCondition } from '@console/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { iamMembers, members, orgMembers, projectMembers } from '../../db/schema/index.ts';
import { AppError } from '../../platform/errors.ts';
import { assignRoleGroup, createMember, createProject, createRoleGroup, FIXTURE_PASSWORD, snapshot } from '../../test/fixtures.ts';
import { callOf, type Caller, type TestApp } from '../../test/helper.ts';
import { createProjectMembersService } from './project-members.service.ts';
import { world } from '../../test/world.ts';

let t: TestApp;
let owner: Caller;
let admin: Caller;
let pma: Caller;
let viewer: Caller;
let plain: Caller;
let outsider: Caller;
let iamMember: Caller;
let orgId: string;
let projectId: string;
let secondProjectId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const w = await world({
    mailDomain: 'pm.example.com',
    nameOf: (key) => `${key} person`,
    org: { name: 'PM Org', domain: 'pm-org' },
    roles: { owner: 'OWNER', admin: 'ADMIN', pma: 'MEMBER', viewer: 'MEMBER', plain: 'MEMBER', extra: 'BILLING_VIEWER', outsider: null },
    otherOrg: { name: 'Elsewhere' },
    iam: {
      iamIn: { userCode: 'iam.in' },
      iamFree: { userCode: 'iam.free' },
      iamLeft: { userCode: 'iam.left', extra: { status: 'LEAVED' } },
      iamElsewhere: { userCode: 'iam.else', org: 'other' },
    },
    projects: {
      main: { name: 'Main Project', members: { owner: ['ADMIN'], pma: ['PROJECT_MEMBER_ADMIN'], viewer: ['VIEWER'], iamIn: ['MEMBER'] } },
      // Owned by the OWNER, whose only ADMIN is the project-member admin.
      second: { name: 'Second Project', members: { pma: ['ADMIN'] } },
    },
    signIn: ['owner', 'admin', 'pma', 'viewer', 'plain', 'outsider', 'iamIn'],
  });
  ({ t, orgId } = w);
  projectId = w.projects.main;
  secondProjectId = w.projects.second;
  Object.assign(ids, w.ids);
  ({ owner, admin, pma, viewer, plain, outsider, iamIn: iamMember } = w.as);
});

const call = callOf(() => t);
const expectRefusal: TestApp['expectRefusal'] = (...args) => t.expectRefusal(...args);
const base = (project = projectId) => `/api/cab/v5/projects/${project}`;
const add = (who: Caller, projectMemberUuid: string, projectMemberRoleCodeList: string[], extra: object = {}) =>
  call(who, 'POST', `${base()}/members`, { projectMemberUuid, projectMemberRoleCodeList, projectMemberStatusCode: 'STABLE', ...extra });
const storedRoles = async (memberId: string, project = projectId) => {
  const rows = await t.db.select().from(projectMembers).where(eq(projectMembers.projectId, project));
  return rows.find((row) => row.memberId === memberId || row.iamMemberId === memberId)?.roleCodes;
};

describe('listing project members', () => {
  it('answers cloud members and IAM accounts with their roles, to any role that reads members', async () => {
    const response = await call(viewer, 'GET', `${base()}/members`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.paging).toEqual({ page: 1, limit: 20, totalCount: 4 });
    expect(body.projectMembers).toContainEqual({
      projectMemberUuid: ids.owner,
      memberType: 'TOAST_CLOUD',
      userCode: null,
      email: 'owner@pm.example.com',
      name: 'owner person',
      projectMemberRoleCodeList: ['ADMIN'],
      projectMemberStatusCode: 'STABLE',
      isProjectOwner: true,
      memberStatusCode: 'STABLE',
      regDateTime: expect.any(String),
      projectMemberRoleGroups: [],
    });
    expect(body.projectMembers).toContainEqual(
      expect.objectContaining({ projectMemberUuid: ids.iamIn, memberType: 'IAM', userCode: 'iam.in', projectMemberRoleCodeList: ['MEMBER'], isProjectOwner: false }),
    );
    // The IAM account is a MEMBER of the project: it reads the members too.
    expect((await call(iamMember, 'GET', `${base()}/members`)).statusCode).toBe(200);
  });

  it('filters by email, name and member type', async () => {
    const iamOnly = (await call(viewer, 'GET', `${base()}/members?memberTypeCode=IAM`)).json();
    expect(iamOnly.projectMembers.map((row: { userCode: string }) => row.userCode)).toEqual(['iam.in']);
    const byEmail = (await call(viewer, 'GET', `${base()}/members?emailLike=PMA@`)).json();
    expect(byEmail.projectMembers.map((row: { projectMemberUuid: string }) => row.projectMemberUuid)).toEqual([ids.pma]);
    const byName = (await call(viewer, 'GET', `${base()}/members?nameLike=iam`)).json();
    expect(byName.paging.totalCount).toBe(1);
  });

  it('answers 40017 to an organization member outside the project and to another tenant', async () => {
    await expectRefusal(() => call(plain, 'GET', `${base()}/members`), 404, 40017);
    const body = await expectRefusal(() => call(outsider, 'GET', `${base()}/members`), 404, 40017);
    expect(JSON.stringify(body)).not.toContain('pm.example.com');
  });
});

describe('one project member (GET members/:memberId)', () => {
  it('answers a cloud member and an IAM account with roles and role groups, to any role that reads members', async () => {
    const response = await call(viewer, 'GET', `${base()}/members/${ids.owner}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().projectMember).toEqual({
      projectMemberUuid: ids.owner,
      memberType: 'TOAST_CLOUD',
      userCode: null,
      email: 'owner@pm.example.com',
      name: 'owner person',
      projectMemberRoleCodeList: ['ADMIN'],
      projectMemberStatusCode: 'STABLE',
      isProjectOwner: true,
      memberStatusCode: 'STABLE',
      regDateTime: expect.any(String),
      projectMemberRoleGroups: [],
    });
    const iam = (await call(pma, 'GET', `${base()}/members/${ids.iamIn}`)).json();
    expect(iam.projectMember).toMatchObject({ projectMemberUuid: ids.iamIn, memberType: 'IAM', userCode: 'iam.in', email: 'iam.in@pm.example.com', isProjectOwner: false });
    // The IAM account reads itself (a MEMBER of the project).
    expect((await call(iamMember, 'GET', `${base()}/members/${ids.iamIn}`)).json().projectMember.projectMemberUuid).toBe(ids.iamIn);
  });

  it('answers the role groups the member holds', async () => {
    const group = await createRoleGroup(t.db, orgId, 'Single Get Group', ['PROJECT_ROLE:DASHBOARD_VIEWER'], { projectId });
    await assignRoleGroup(t.db, orgId, projectId, group.id, [ids.viewer!]);
    const member = (await call(pma, 'GET', `${base()}/members/${ids.viewer}`)).json().projectMember;
    expect(member.projectMemberRoleGroups).toEqual([{ roleGroupId: group.id, roleGroupName: 'Single Get Group', typeCode: 'PROJECT' }]);
    expect(member.projectMemberRoleCodeList).toEqual(['VIEWER']);
  });

  it('answers 12100 for an id that is no member of this project: another project, the organization only, another organization, nobody', async () => {
    // admin is an organization ADMIN (sees every project) but no member of it; owner is a member of Second Project only as its owner.
    for (const id of [ids.admin, ids.extra, ids.iamFree, ids.iamElsewhere, randomUUID()]) {
      await expectRefusal(() => call(owner, 'GET', `${base()}/members/${id}`), 400, 12100);
    }
    // pma is a member of both projects: each answers its own roles.
    expect((await call(owner, 'GET', `${base(secondProjectId)}/members/${ids.pma}`)).json().projectMember.projectMemberRoleCodeList).toEqual(['ADMIN']);
    await expectRefusal(() => call(owner, 'GET', `${base(secondProjectId)}/members/${ids.viewer}`), 400, 12100);
    await expectRefusal(() => call(owner, 'GET', `${base()}/members/not-a-uuid`), 400, 10001);
  });

  it('answers not-found (40017) to an organization member outside the project and to another tenant, -6 without Project.Member.Get', async () => {
    await expectRefusal(() => call(plain, 'GET', `${base()}/members/${ids.owner}`), 404, 40017);
    const body = await expectRefusal(() => call(outsider, 'GET', `${base()}/members/${ids.owner}`), 404, 40017);
    expect(JSON.stringify(body)).not.toContain('pm.example.com');
  });
});

describe('candidates to add', () => {
  it('lists members of the organization not yet in the project: cloud members and active IAM accounts', async () => {
    const response = await call(pma, 'GET', `${base()}/member-candidates?limit=50`);
    expect(response.statusCode, response.body).toBe(200);
    const uuids = response.json().candidates.map((row: { memberUuid: string }) => row.memberUuid);
    expect(new Set(uuids)).toEqual(new Set([ids.admin, ids.plain, ids.extra, ids.iamFree]));
    const iamOnly = (await call(pma, 'GET', `${base()}/member-candidates?memberTypeCode=IAM`)).json();
    expect(iamOnly.candidates).toEqual([{ memberUuid: ids.iamFree, memberType: 'IAM', userCode: 'iam.free', email: 'iam.free@pm.example.com', name: 'IAM iam.free' }]);
    const keyword = (await call(pma, 'GET', `${base()}/member-candidates?keyword=EXTRA`)).json();
    expect(keyword).toMatchObject({ candidates: [{ memberUuid: ids.extra }], paging: { totalCount: 1 } });
    await expectRefusal(() => call(viewer, 'GET', `${base()}/member-candidates`), 403, -6);
  });
});

describe('adding a project member', () => {
  it('adds a cloud member of the organization with roles (PROJECT_MEMBER_ADMIN may)', async () => {
    const response = await add(pma, ids.extra!, ['MEMBER', 'BILLING_VIEWER']);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().projectMember).toMatchObject({
      projectMemberUuid: ids.extra,
      memberType: 'TOAST_CLOUD',
      projectMemberRoleCodeList: ['MEMBER', 'BILLING_VIEWER'],
      projectMemberStatusCode: 'STABLE',
    });
    expect(await storedRoles(ids.extra!)).toEqual(['MEMBER', 'BILLING_VIEWER']);
    // The new member sees the project now.
    const extra = await t.login('extra@pm.example.com', FIXTURE_PASSWORD);
    expect((await call(extra, 'GET', base())).statusCode).toBe(200);
  });

  it('adds an IAM account of the organization', async () => {
    const response = await add(admin, ids.iamFree!, ['VIEWER']);
    expect(response.json().projectMember).toMatchObject({ projectMemberUuid: ids.iamFree, memberType: 'IAM', userCode: 'iam.free' });
  });

  it("refuses 'Already added user' (10001), an account outside the organization (22019) and a left IAM account (21009)", async () => {
    const again = await expectRefusal(() => add(pma, ids.extra!, ['VIEWER']), 400, 10001);
    expect(again.fieldErrors).toEqual([{ field: 'body.projectMemberUuid', message: 'Already added user' }]);
    await expectRefusal(() => add(pma, ids.outsider!, ['VIEWER']), 400, 22019);
    await expectRefusal(() => add(pma, ids.iamElsewhere!, ['VIEWER']), 400, 22019);
    await expectRefusal(() => add(pma, randomUUID(), ['VIEWER']), 400, 22019);
    const left = await expectRefusal(() => add(pma, ids.iamLeft!, ['VIEWER']), 400, 21009);
    expect(left.header.resultMessage).toBe('The IAM account must first be a member of the organization.');
  });

  it.each([
    [['ADMIN', 'MEMBER'], 'The Admin role cannot be combined with other project roles.'],
    [[], 'Choose at least one role.'],
    [['OWNER'], 'The Owner role cannot be assigned. Hand over the project instead.'],
    [['VIEWER', 'VIEWER'], 'A role cannot be assigned twice; an admin role already includes the viewer role of its area.'],
    [['PROJECT_MEMBER_ADMIN', 'PROJECT_MEMBER_VIEWER'], 'A role cannot be assigned twice; an admin role already includes the viewer role of its area.'],
    [['NONE', 'VIEWER'], '"No role" cannot be combined with other roles.'],
    [['GOD_MODE'], 'Not a project role: GOD_MODE'],
  ])('refuses the roles %j with 10001 on body.projectMemberRoleCodeList', async (roles, message) => {
    const body = await expectRefusal(() => add(pma, ids.plain!, roles), 400, 10001);
    expect(body.fieldErrors).toEqual([{ field: 'body.projectMemberRoleCodeList', message }]);
  });

  it('refuses a status other than STABLE, and callers without Project.Member.Create', async () => {
    await expectRefusal(() => add(pma, ids.plain!, ['VIEWER'], { projectMemberStatusCode: 'BLOCKED' }), 400, 10001);
    const denied = await expectRefusal(() => add(viewer, ids.plain!, ['VIEWER']), 403, -6);
    expect(denied.neededRoles).toContainEqual({ category: 'PROJECT_ROLE', roleName: 'PROJECT_MEMBER_ADMIN' });
    await expectRefusal(() => add(iamMember, ids.plain!, ['VIEWER']), 403, -6);
    await expectRefusal(() => add(plain, ids.plain!, ['VIEWER']), 404, 40017);
    await expectRefusal(() => add(outsider, ids.plain!, ['VIEWER']), 404, 40017);
  });
});

const memberUrl = (memberId: string, project = projectId) => `${base(project)}/members/${memberId}`;
const many = (projectMembersBody: object[]) => call(pma, 'PUT', `${base()}/members`, { projectMembers: projectMembersBody });
const invitedMemberUrl = (memberId: string, project = projectId) => `${base(project)}/invited-members/${memberId}`;

describe("changing a project member's roles", () => {
  it('replaces the roles', async () => {
    const response = await call(pma, 'PUT', memberUrl(ids.viewer!), { projectMemberRoleCodeList: ['MEMBER'] });
    expect(response.json().projectMember.projectMemberRoleCodeList).toEqual(['MEMBER']);
    expect(await storedRoles(ids.viewer!)).toEqual(['MEMBER']);
  });

  it('keeps ADMIN on the sole ADMIN (10012) until there is another', async () => {
    await expectRefusal(() => call(pma, 'PUT', memberUrl(ids.owner!), { projectMemberRoleCodeList: ['MEMBER'] }), 400, 10012);
    await call(pma, 'PUT', memberUrl(ids.viewer!), { projectMemberRoleCodeList: ['ADMIN'] });
    const response = await call(pma, 'PUT', memberUrl(ids.owner!), { projectMemberRoleCodeList: ['MEMBER'] });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("refuses a member's last role (10001), unknown members (12100) and callers without the permission (-6)", async () => {
    const body = await expectRefusal(() => call(pma, 'PUT', memberUrl(ids.iamIn!), { projectMemberRoleCodeList: [] }), 400, 10001);
    expect(body.fieldErrors).toEqual([{ field: 'body.projectMemberRoleCodeList', message: 'Choose at least one role.' }]);
    await expectRefusal(() => call(pma, 'PUT', memberUrl(ids.plain!), { projectMemberRoleCodeList: ['VIEWER'] }), 400, 12100);
    await expectRefusal(() => call(pma, 'PUT', memberUrl(randomUUID()), { projectMemberRoleCodeList: ['VIEWER'] }), 400, 12100);
    await expectRefusal(() => call(iamMember, 'PUT', memberUrl(ids.iamIn!), { projectMemberRoleCodeList: ['ADMIN'] }), 403, -6);
  });

  it('changes several members at once, all or nothing (10010, 12100, 10012)', async () => {
    await expectRefusal(
      () => many([{ projectMemberUuid: ids.iamIn, projectMemberRoleCodeList: ['VIEWER'] }, { projectMemberUuid: ids.extra, projectMemberRoleCodeList: [] }]),
      400,
      10010,
    );
    await expectRefusal(
      () => many([{ projectMemberUuid: ids.iamIn, projectMemberRoleCodeList: ['VIEWER'] }, { projectMemberUuid: ids.plain, projectMemberRoleCodeList: ['VIEWER'] }]),
      400,
      12100,
    );
    // The only ADMIN now is the viewer (made ADMIN above): taking it away leaves none.
    await expectRefusal(() => many([{ projectMemberUuid: ids.viewer, projectMemberRoleCodeList: ['MEMBER'] }]), 400, 10012);
    const dup = await expectRefusal(
      () => many([{ projectMemberUuid: ids.iamIn, projectMemberRoleCodeList: ['VIEWER'] }, { projectMemberUuid: ids.iamIn, projectMemberRoleCodeList: ['MEMBER'] }]),
      400,
      10001,
    );
    expect(dup.fieldErrors).toEqual([{ field: 'body.projectMembers.1.projectMemberUuid', message: 'Already added user' }]);
    await expectRefusal(() => many([{ projectMemberUuid: ids.iamIn, projectMemberRoleCodeList: ['ADMIN', 'VIEWER'] }]), 400, 10001);
    // Handing ADMIN from one member to another in one call is fine.
    const response = await many([
      { projectMemberUuid: ids.viewer, projectMemberRoleCodeList: ['VIEWER'] },
      { projectMemberUuid: ids.owner, projectMemberRoleCodeList: ['ADMIN'] },
      { projectMemberUuid: ids.iamIn, projectMemberRoleCodeList: ['MEMBER', 'LOG_VIEWER'] },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().projectMembers.map((row: { projectMemberRoleCodeList: string[] }) => row.projectMemberRoleCodeList)).toEqual([
      ['VIEWER'],
      ['ADMIN'],
      ['MEMBER', 'LOG_VIEWER'],
    ]);
  });
});

describe('removing a project member (DELETE invited-members)', () => {
  it('refuses the project owner (21012), the sole ADMIN (10012) and non-members (12100)', async () => {
    await expectRefusal(() => call(pma, 'DELETE', invitedMemberUrl(ids.owner!)), 400, 21012);
    await expectRefusal(() => call(owner, 'DELETE', invitedMemberUrl(ids.pma!, secondProjectId)), 400, 10012);
    await expectRefusal(() => call(pma, 'DELETE', invitedMemberUrl(ids.plain!)), 400, 12100);
    await expectRefusal(() => call(viewer, 'DELETE', invitedMemberUrl(ids.iamIn!)), 403, -6);
  });

  it('removes a cloud member and an IAM account', async () => {
    expect((await call(pma, 'DELETE', invitedMemberUrl(ids.extra!))).json()).toMatchObject({ projectMemberUuid: ids.extra });
    expect((await call(admin, 'DELETE', invitedMemberUrl(ids.iamIn!))).json()).toMatchObject({ projectMemberUuid: ids.iamIn });
    expect(await storedRoles(ids.extra!)).toBeUndefined();
    const remaining = await t.db.select().from(projectMembers).where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.iamMemberId, ids.iamIn!)));
    expect(remaining).toEqual([]);
    // The removed IAM account no longer sees the project.
    await expectRefusal(() => call(iamMember, 'GET', base()), 404, 40017);
  });
});

/** The PERMISSION_DENIED a service call answered, after checking it changed nothing. */
async function serviceRefusal(run: () => Promise<unknown>): Promise<PermissionDeniedExtra> {
  const before = await snapshot(t.db);
  const error = await run().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).key).toBe('PERMISSION_DENIED');
  expect(await snapshot(t.db)).toEqual(before);
  return (error as AppError).extra as unknown as PermissionDeniedExtra;
}

describe('IAM membership checks through the permission engine (role groups, conditions)', () => {
  // The TestClock reads 09:00 UTC: 18:00 in Seoul, the organization's time zone.
  const evening: RoleCondition = { attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['17:00', '19:00'] };
  const lunch: RoleCondition = { attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['12:00', '14:00'] };
  let groupProjectId: string;
  let passCaller: Caller;
  let failCaller: Caller;
  const groupIds: Record<string, string> = {};

  beforeAll(async () => {
    for (const name of ['g-pass', 'g-fail']) groupIds[name] = (await createMember(t.db, `${name}@pm.example.com`)).id;
    await t.db.insert(orgMembers).values([
      { orgId, memberId: groupIds['g-pass']!, roleCode: 'MEMBER' },
      { orgId, memberId: groupIds['g-fail']!, roleCode: 'MEMBER' },
    ]);
    const passwordHash = (await t.db.select().from(members).where(eq(members.id, ids.owner!)))[0]!.passwordHash;
    const iam = async (userCode: string) =>
      (await t.db.insert(iamMembers).values({ orgId, userCode, name: `IAM ${userCode}`, email: `${userCode}@pm.example.com`, passwordHash }).returning())[0]!.id;
    groupIds.iamNew = await iam('iam.grp.new');
    groupIds.iamIn = await iam('iam.grp.in');
    groupProjectId = (
      await createProject(t.db, orgId, 'Group Project', ids.owner!, [
        { memberId: ids.owner!, roleCodes: ['ADMIN'] },
        { memberId: groupIds['g-pass']!, roleCodes: ['NONE'] },
        { memberId: groupIds['g-fail']!, roleCodes: ['NONE'] },
        { iamMemberId: groupIds.iamIn!, roleCodes: ['MEMBER'] },
      ])
    ).id;
    const pass = await createRoleGroup(t.db, orgId, 'Evening member admins', [{ roleId: 'PROJECT_ROLE:PROJECT_MEMBER_ADMIN', conditions: [evening] }], {
      projectId: groupProjectId,
    });
    const fail = await createRoleGroup(t.db, orgId, 'Lunch member admins', [{ roleId: 'PROJECT_ROLE:PROJECT_MEMBER_ADMIN', conditions: [lunch] }], {
      projectId: groupProjectId,
    });
    await assignRoleGroup(t.db, orgId, groupProjectId, pass.id, [groupIds['g-pass']!]);
    await assignRoleGroup(t.db, orgId, groupProjectId, fail.id, [groupIds['g-fail']!]);
    passCaller = await t.login('g-pass@pm.example.com', FIXTURE_PASSWORD);
    failCaller = await t.login('g-fail@pm.example.com', FIXTURE_PASSWORD);
  });

  const groupBase = () => `/api/cab/v5/projects/${groupProjectId}`;

  /** The request as the route check leaves it for a service: the caller's real grant in the project, checked or not. */
  const requestOf = (memberId: string, email: string) => t.projectRequest(memberId, email, groupProjectId);

  it('lets a caller whose group condition holds add, change and remove an IAM account', async () => {
    const added = await call(passCaller, 'POST', `${groupBase()}/members`, {
      projectMemberUuid: groupIds.iamNew,
      projectMemberRoleCodeList: ['VIEWER'],
      projectMemberStatusCode: 'STABLE',
    });
    expect(added.json().header.resultCode, added.body).toBe(0);
    const changed = await call(passCaller, 'PUT', `${groupBase()}/members/${groupIds.iamNew}`, { projectMemberRoleCodeList: ['MEMBER'] });
    expect(changed.json().header.resultCode, changed.body).toBe(0);
    const batch = await call(passCaller, 'PUT', `${groupBase()}/members`, {
      projectMembers: [{ projectMemberUuid: groupIds.iamNew, projectMemberRoleCodeList: ['VIEWER'] }],
    });
    expect(batch.json().header.resultCode, batch.body).toBe(0);
    const read = await call(passCaller, 'GET', `${groupBase()}/members/${groupIds.iamNew}`);
    expect(read.json().projectMember, read.body).toMatchObject({ projectMemberUuid: groupIds.iamNew, memberType: 'IAM', projectMemberRoleCodeList: ['VIEWER'] });
    const removed = await call(passCaller, 'DELETE', `${groupBase()}/invited-members/${groupIds.iamNew}`);
    expect(removed.json().header.resultCode, removed.body).toBe(0);
  });

  it('refuses a caller whose group condition fails with the detailed -6, at the route and in the service', async () => {
    const atRoute = (await expectRefusal(
      () => call(failCaller, 'POST', `${groupBase()}/members`, { projectMemberUuid: groupIds.iamNew, projectMemberRoleCodeList: ['VIEWER'], projectMemberStatusCode: 'STABLE' }),
      403,
      -6,
    )) as unknown as PermissionDeniedExtra;
    expect(atRoute.failedConditions).toContainEqual(expect.objectContaining({ permissionId: 'Project.Member.Create', roleGroupName: 'Lunch member admins' }));

    // The service's own IAM check decides with the same bound view and answers the same details.
    const service = createProjectMembersService({ db: t.db, authorizer: t.app.authorizer });
    const ctx = await requestOf(groupIds['g-fail']!, 'g-fail@pm.example.com');
    const cases: [permission: string, run: () => Promise<unknown>][] = [
      ['Project.Member.Iam.Create', () => service.add(ctx, groupIds.iamNew!, ['VIEWER'])],
      ['Project.Member.Iam.Update', () => service.update(ctx, groupIds.iamIn!, ['VIEWER'])],
      ['Project.Member.Iam.Update', () => service.updateMany(ctx, [{ projectMemberUuid: groupIds.iamIn!, projectMemberRoleCodeList: ['VIEWER'] }])],
      ['Project.Member.Iam.Delete', () => service.remove(ctx, groupIds.iamIn!)],
      ['Project.Member.Iam.Get', () => service.get(ctx, groupIds.iamIn!)],
    ];
    for (const [permission, run] of cases) {
      const refused = await serviceRefusal(run);
      expect(refused).toMatchObject({
        neededPermissions: [permission],
        neededRoles: expect.arrayContaining([{ category: 'PROJECT_ROLE', roleName: 'PROJECT_MEMBER_ADMIN' }]),
        relatedRoles: [
          {
            permissionId: permission,
            roleNames: expect.arrayContaining(['PROJECT_ROLE:PROJECT_MEMBER_ADMIN']),
            roleGroupNames: ['Evening member admins', 'Lunch member admins'],
          },
        ],
        failedConditions: [
          {
            permissionId: permission,
            roleGroupName: 'Lunch member admins',
            roleId: 'PROJECT_ROLE:PROJECT_MEMBER_ADMIN',
            attributeId: 'TIME',
            timeZone: 'Asia/Seoul',
            // 18:00 in Seoul now: 12:00 tomorrow.
            validFrom: '2026-11-23T03:00:00.000Z',
            reason: 'OUTSIDE_TIME',
          },
        ],
        deniedBy: [],
      });
    }

    // Reading a cloud member needs no IAM permission: the service answers (the route checked Project.Member.Get).
    expect((await service.get(ctx, ids.owner!)).projectMember.projectMemberUuid).toBe(ids.owner);
    await expectRefusal(() => call(failCaller, 'GET', `${groupBase()}/members/${groupIds.iamIn}`), 403, -6);

    // The same service calls go through for the caller whose group holds.
    const passing = await requestOf(groupIds['g-pass']!, 'g-pass@pm.example.com');
    const updated = await service.update(passing, groupIds.iamIn!, ['VIEWER']);
    expect(updated.projectMember.projectMemberRoleCodeList).toEqual(['VIEWER']);
  });
});
