import * as api from '@console/contracts';
import { PROJECT_PERMISSIONS, type ErrorBody, type PermissionDeniedExtra, type RoleCondition } from '@console/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizations, projectMemberRoleGroups, projectMembers, roleGroupRoles, roleGroups } from '../../db/schema/index.ts';
import { FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { statementsOf } from '../../test/statements.ts';
import { type Caller, type TestApp } from '../../test/helper.ts';
import { world } from '../../test/world.ts';

let t: TestApp;
let owner: Caller;
let member: Caller;
let outsider: Caller;
let orgId: string;
let projectId: string;
let otherOrgId: string;
let otherProjectId: string;
let membershipId: string;

const lunch: RoleCondition = { attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['12:00', '14:00'] };

beforeAll(async () => {
  const w = await world({
    mailDomain: 'authz.example.com',
    nameOf: null,
    org: { name: 'Authz Org' },
    roles: { owner: 'OWNER', member: 'MEMBER', outsider: null },
    otherOrg: { name: 'Elsewhere' },
    projects: { main: { name: 'Authz Project', members: { member: ['VIEWER'] } }, other: { name: 'Elsewhere Project', org: 'other' } },
  });
  ({ t, orgId, otherOrgId } = w);
  projectId = w.projects.main;
  otherProjectId = w.projects.other;
  membershipId = (await t.db.select().from(projectMembers).where(eq(projectMembers.memberId, w.ids.member)))[0]!.id;
  ({ owner, member, outsider } = w.as);
});

const orgUrl = (id: string) => api.buildUrl(api.authorizeOrganization, { orgId: id });
const projectUrl = (id: string) => api.buildUrl(api.authorizeProject, { projectId: id });
/** The owner's organization question as raw JSON text. */
const raw = (payload: string) => t.app.inject(owner.as({ method: 'POST', url: orgUrl(orgId), headers: { 'content-type': 'application/json' }, payload }));

/** A role group of the organization with one role, assigned to the member in the project. */
async function assignGroup(name: string, role: { roleId: string; denialSetting?: 'ALLOW' | 'DENY'; conditions?: RoleCondition[] }, typeCode: 'PROJECT' | 'COMMON' = 'PROJECT') {
  const now = t.clock.now();
  const [group] = await t.db
    .insert(roleGroups)
    .values({ orgId, projectId: typeCode === 'PROJECT' ? projectId : null, typeCode, name, createdAt: now, updatedAt: now })
    .returning();
  await t.db.insert(roleGroupRoles).values({ roleGroupId: group!.id, orgId, ...role });
  await t.db.insert(projectMemberRoleGroups).values({ projectMemberId: membershipId, roleGroupId: group!.id, orgId, projectId, createdAt: now });
  return group!;
}
const dropGroup = (id: string) => t.db.delete(roleGroups).where(and(eq(roleGroups.id, id), eq(roleGroups.orgId, orgId)));

async function ask(remoteAddress: string, userAgent: string) {
  const response = await t.app.inject(
    member.as({ method: 'POST', url: projectUrl(projectId), remoteAddress, headers: { 'user-agent': userAgent }, payload: { permissionIds: ['Project.Quota.Delete'] } }),
  );
  return response.json().permissionIds[0].authorized as boolean;
}
const rename = (who: Caller) => t.call(who, api.updateProject, { params: { projectId }, body: { projectName: 'Authz Project' } });

const authorizedIn = async (who: Caller, url: string, permissionIds: string[]) => {
  const response = await t.call(who, 'POST', url, { permissionIds });
  expect(response.statusCode, response.body).toBe(200);
  return Object.fromEntries(
    (response.json().permissionIds as { permissionId: string; authorized: boolean }[]).map((answer) => [answer.permissionId, answer.authorized]),
  );
};

describe('POST organizations/{orgId}/authorize', () => {
  it('answers per id, in order, from the caller roles; unknown ids and project ids answer false', async () => {
    const ids = ['Organization.Setting.Delete', 'Organization.Project.Create', 'Organization.Nope.Get', 'garbage', 'Project.Setting.Get'];
    const response = await t.call(owner, 'POST', orgUrl(orgId), {
      permissionIds: ids,
      productPermissions: [{ productId: 'email', permissionIdPostfix: 'Organization.Setting.Get' }],
    });
    expect(response.json()).toMatchObject({
      header: { isSuccessful: true, resultCode: 0 },
      permissionIds: [
        { permissionId: 'Organization.Setting.Delete', authorized: true },
        { permissionId: 'Organization.Project.Create', authorized: true },
        { permissionId: 'Organization.Nope.Get', authorized: false },
        { permissionId: 'garbage', authorized: false },
        { permissionId: 'Project.Setting.Get', authorized: false },
      ],
      // A product permission governs a service in a project: an organization permission is none.
      productPermissions: [{ productId: 'email', permissionIdPostfix: 'Organization.Setting.Get', permissionId: 'Email:Organization.Setting.Get', authorized: false }],
    });
    expect(await authorizedIn(member, orgUrl(orgId), ids)).toEqual({
      'Organization.Setting.Delete': false,
      'Organization.Project.Create': true,
      'Organization.Nope.Get': false,
      garbage: false,
      'Project.Setting.Get': false,
    });
  });

  it("answers not-found for another organization (and for a made-up one)", async () => {
    await t.expectRefusal(() => t.call(outsider, 'POST', orgUrl(orgId), { permissionIds: ['Organization.Setting.Get'] }), 404, 23005);
    await t.expectRefusal(() => t.call(member, 'POST', orgUrl(otherOrgId), { permissionIds: [] }), 404, 23005);
  });

  it('refuses a bad body with 10001', async () => {
    await t.expectRefusal(() => t.call(owner, 'POST', orgUrl(orgId), {}), 400, 10001);
    await t.expectRefusal(() => t.call(owner, 'POST', orgUrl(orgId), { permissionIds: 'Organization.Setting.Get' }), 400, 10001);
    const tooMany = Array.from({ length: 201 }, (_, index) => `Organization.Setting.Get${index}`);
    await t.expectRefusal(() => t.call(owner, 'POST', orgUrl(orgId), { permissionIds: tooMany }), 400, 10001);
    await t.expectRefusal(
      () => t.call(owner, 'POST', orgUrl(orgId), { permissionIds: [], productPermissions: [{ productId: 'bad id!', permissionIdPostfix: 'x' }] }),
      400,
      10001,
    );
  });

  it('refuses a body that is not JSON, or that poisons a prototype, each time it is asked, after the same question was answered', async () => {
    const good = JSON.stringify({ permissionIds: ['Organization.Setting.Get'] });
    for (let i = 0; i < 2; i++) expect((await raw(good)).json().permissionIds).toEqual([{ permissionId: 'Organization.Setting.Get', authorized: true }]);
    for (const payload of [good.slice(0, -1), `{"permissionIds":["Organization.Setting.Get"],"__proto__":{"authorized":true}}`]) {
      for (let i = 0; i < 2; i++) {
        const response = await raw(payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().header.resultCode).toBe(10001);
        expect(response.json().fieldErrors).toEqual([expect.objectContaining({ field: 'body' })]);
      }
    }
  });
});

describe('POST projects/{projectId}/authorize', () => {
  it('answers from the project roles; product permissions of catalogue products follow the unprefixed permission', async () => {
    const response = await t.call(member, 'POST', projectUrl(projectId), {
      permissionIds: [
        'Project.Product.Get',
        'Project.Product.Delete',
        'Organization.Project.Create',
        'Email:Project.Product.Get',
        // Not a catalogue product; not a product's permission after the colon.
        'Dns:Project.Product.Get',
        'Email:Organization.Project.Create',
      ],
      productPermissions: [
        { productId: 'email', permissionIdPostfix: 'Project.Product.Get' },
        { productId: 'email', permissionIdPostfix: 'Project.Product.Update' },
        { productId: 'email', permissionIdPostfix: 'Project.Unknown.Get' },
        { productId: 'dns', permissionIdPostfix: 'Project.Product.Get' },
      ],
    });
    expect(response.json()).toMatchObject({
      permissionIds: [
        { permissionId: 'Project.Product.Get', authorized: true },
        { permissionId: 'Project.Product.Delete', authorized: false },
        { permissionId: 'Organization.Project.Create', authorized: true },
        { permissionId: 'Email:Project.Product.Get', authorized: true },
        { permissionId: 'Dns:Project.Product.Get', authorized: false },
        { permissionId: 'Email:Organization.Project.Create', authorized: false },
      ],
      // Named by the product's permission name (products.permission_name), not its id.
      productPermissions: [
        { productId: 'email', permissionId: 'Email:Project.Product.Get', authorized: true },
        { productId: 'email', permissionId: 'Email:Project.Product.Update', authorized: false },
        { productId: 'email', permissionId: 'Email:Project.Unknown.Get', authorized: false },
        { productId: 'dns', permissionId: 'dns:Project.Product.Get', authorized: false },
      ],
    });
  });

  it('a role group naming a product permission grants it for that product only; its conditions and denies apply', async () => {
    const ids = ['Email:Project.Product.Update', 'Project.Product.Update', 'Email:Project.Product.Get', 'Project.Product.Get'];
    const editors = await assignGroup('Email editors', { roleId: 'Email:Project.Product.Update' });
    expect(await authorizedIn(member, projectUrl(projectId), ids)).toEqual({
      'Email:Project.Product.Update': true,
      'Project.Product.Update': false,
      'Email:Project.Product.Get': true,
      'Project.Product.Get': true,
    });
    const asked = await t.call(member, 'POST', projectUrl(projectId), { permissionIds: [], productPermissions: [{ productId: 'email', permissionIdPostfix: 'Project.Product.Update' }] });
    expect(asked.json().productPermissions).toEqual([{ productId: 'email', permissionIdPostfix: 'Project.Product.Update', permissionId: 'Email:Project.Product.Update', authorized: true }]);
    await dropGroup(editors.id);

    // Only at lunch (the test clock is 18:00 in Seoul): not held now.
    const lunchEditors = await assignGroup('Email lunch editors', { roleId: 'Email:Project.Product.Update', conditions: [lunch] });
    expect((await authorizedIn(member, projectUrl(projectId), ids))['Email:Project.Product.Update']).toBe(false);
    await dropGroup(lunchEditors.id);

    // A deny naming the product permission takes it, not the unprefixed one.
    const noEmail = await assignGroup('No Email', { roleId: 'Email:Project.Product.Get', denialSetting: 'DENY' });
    expect(await authorizedIn(member, projectUrl(projectId), ids)).toMatchObject({ 'Email:Project.Product.Get': false, 'Project.Product.Get': true });
    await dropGroup(noEmail.id);

    // A deny of a role takes the product permissions over its permissions, even one a group names.
    const noViewer = await assignGroup('No viewer', { roleId: 'PROJECT_ROLE:VIEWER', denialSetting: 'DENY' });
    const named = await assignGroup('Email readers', { roleId: 'Email:Project.Product.Get' });
    expect(await authorizedIn(member, projectUrl(projectId), ids)).toMatchObject({ 'Email:Project.Product.Get': false, 'Project.Product.Get': false });
    await dropGroup(noViewer.id);
    await dropGroup(named.id);
  });

  it('answers 200 ids with the same queries as one (one compiled view per request)', async () => {
    await assignGroup('Counted', { roleId: 'PROJECT_ROLE:QUOTA_ADMIN', conditions: [lunch] });
    const count = async (permissionIds: string[]) => {
      let status = 0;
      const statements = await statementsOf(async () => {
        status = (await t.call(member, 'POST', projectUrl(projectId), { permissionIds })).statusCode;
      }, t.db.$client);
      expect(status).toBe(200);
      return statements.length;
    };
    // Cold (the group was just assigned, so the authorization epoch moved): session (with the
    // epoch) + project (with the time zone) + organization roles + membership with its groups +
    // the organization's network rules (modules/governance/network-guard.ts, kept per epoch too).
    const cold = await count(['Project.Quota.Get']);
    expect(cold).toBe(5);
    // Warm: the session alone; what the check read is kept for the epoch.
    const one = await count(['Project.Quota.Get']);
    const many = await count(PROJECT_PERMISSIONS.slice(0, 200));
    expect(one).toBe(1);
    expect(many).toBe(one);
    await t.db.delete(roleGroups).where(eq(roleGroups.name, 'Counted'));
  });

  it("answers not-found for another organization's project", async () => {
    await t.expectRefusal(() => t.call(outsider, 'POST', projectUrl(projectId), { permissionIds: ['Project.Setting.Get'] }), 404, 40017);
    await t.expectRefusal(() => t.call(member, 'POST', projectUrl(otherProjectId), { permissionIds: ['Project.Setting.Get'] }), 404, 40017);
  });

  it('takes a role-group change into account on the very next request', async () => {
    const ids = ['Project.Quota.Delete'];
    expect(await authorizedIn(member, projectUrl(projectId), ids)).toEqual({ 'Project.Quota.Delete': false });
    const group = await assignGroup('Quota people', { roleId: 'PROJECT_ROLE:QUOTA_ADMIN' }, 'COMMON');
    expect(await authorizedIn(member, projectUrl(projectId), ids)).toEqual({ 'Project.Quota.Delete': true });
    // A condition that does not hold (the test clock is 18:00 in Seoul) takes it away again.
    await t.db.update(roleGroupRoles).set({ conditions: [lunch] }).where(eq(roleGroupRoles.roleGroupId, group.id));
    expect(await authorizedIn(member, projectUrl(projectId), ids)).toEqual({ 'Project.Quota.Delete': false });
    await t.db.update(roleGroupRoles).set({ conditions: [] }).where(eq(roleGroupRoles.roleGroupId, group.id));
    const deny = await assignGroup('No quota', { roleId: 'PROJECT_ROLE:QUOTA_VIEWER', denialSetting: 'DENY' });
    expect(await authorizedIn(member, projectUrl(projectId), ['Project.Quota.Delete', 'Project.Quota.Get', 'Project.Product.Get'])).toEqual({
      'Project.Quota.Delete': true,
      'Project.Quota.Get': false,
      'Project.Product.Get': true,
    });
    await t.db.delete(projectMemberRoleGroups).where(eq(projectMemberRoleGroups.roleGroupId, group.id));
    expect(await authorizedIn(member, projectUrl(projectId), ids)).toEqual({ 'Project.Quota.Delete': false });
    await dropGroup(group.id);
    await dropGroup(deny.id);
  });

  it('a role whose stored conditions are malformed fails closed (and -6 still answers)', async () => {
    const group = await assignGroup('Broken', { roleId: 'PROJECT_ROLE:PROJECT_MANAGEMENT_ADMIN' });
    expect(await authorizedIn(member, projectUrl(projectId), ['Project.Quota.Delete'])).toEqual({ 'Project.Quota.Delete': true });
    for (const stored of ['{"attributeId":"TIME"}', '[null, {"attributeId":"NOPE"}]', '[{"attributeId":"TIME","attributeDataTypeCode":"TIME","attributeOperatorTypeCode":"BETWEEN","attributeValues":["99:00","10:00"]}]']) {
      await t.db.execute(sql`update role_group_roles set conditions = ${stored}::jsonb where role_group_id = ${group.id}`);
      expect(await authorizedIn(member, projectUrl(projectId), ['Project.Quota.Delete']), stored).toEqual({ 'Project.Quota.Delete': false });
      const refused = (await t.expectRefusal(() => rename(member), 403, -6)) as ErrorBody & PermissionDeniedExtra;
      expect(refused.relatedRoles[0]!.roleGroupNames).toEqual(['Broken']);
      expect(refused.failedConditions.every((failed) => failed.attributeId === 'TIME')).toBe(true);
    }
    await dropGroup(group.id);
  });

  it('evaluates the request: client IP and user agent conditions', async () => {
    const group = await assignGroup('Office browsers', {
      roleId: 'PROJECT_ROLE:QUOTA_ADMIN',
      conditions: [
        { attributeId: 'REQUEST_IP', attributeDataTypeCode: 'IPADDRESS', attributeOperatorTypeCode: 'ALLOW', attributeValues: ['10.20.0.0/16'] },
        { attributeId: 'USER_AGENT', attributeDataTypeCode: 'STRING', attributeOperatorTypeCode: 'ANY_MATCH', attributeValues: ['*chrome*'] },
      ],
    });
    expect(await ask('10.20.3.4', 'Mozilla/5.0 Chrome/131')).toBe(true);
    expect(await ask('10.21.3.4', 'Mozilla/5.0 Chrome/131')).toBe(false);
    expect(await ask('10.20.3.4', 'curl/8.0')).toBe(false);
    await dropGroup(group.id);
  });
});

describe('-6 details and GET self/roles with role groups', () => {
  it('names the failed condition, when it holds again, and the roles and groups that grant; then lets the call through in time', async () => {
    const group = await assignGroup('Lunch settings', { roleId: 'PROJECT_ROLE:PROJECT_MANAGEMENT_ADMIN', conditions: [lunch] });
    const body = await t.expectRefusal(() => rename(member), 403, -6);
    expect(body).toMatchObject({
      neededPermissions: ['Project.Setting.Update'],
      neededRoles: expect.arrayContaining([{ category: 'PROJECT_ROLE', roleName: 'PROJECT_MANAGEMENT_ADMIN' }]),
      relatedRoles: [
        {
          permissionId: 'Project.Setting.Update',
          roleNames: expect.arrayContaining(['PROJECT_ROLE:PROJECT_MANAGEMENT_ADMIN', 'PROJECT_ROLE:ADMIN', 'ORG_ROLE:ADMIN']),
          roleGroupNames: ['Lunch settings'],
        },
      ],
      failedConditions: [
        {
          permissionId: 'Project.Setting.Update',
          roleGroupId: group.id,
          roleGroupName: 'Lunch settings',
          roleId: 'PROJECT_ROLE:PROJECT_MANAGEMENT_ADMIN',
          attributeId: 'TIME',
          attributeOperatorTypeCode: 'BETWEEN',
          attributeValues: ['12:00', '14:00'],
          timeZone: 'Asia/Seoul',
          // The clock says 2026-11-22 18:00 KST: 12:00 KST tomorrow.
          validFrom: '2026-11-23T03:00:00.000Z',
          reason: 'OUTSIDE_TIME',
        },
      ],
      deniedBy: [],
    });

    // The organization's time zone decides: at 09:00 UTC, Europe/London is 09:00 — validFrom is 12:00 London today.
    await t.db.update(organizations).set({ timeZone: 'Europe/London' }).where(eq(organizations.id, orgId));
    const london = (await t.expectRefusal(() => rename(member), 403, -6)) as ErrorBody & PermissionDeniedExtra;
    expect(london.failedConditions).toMatchObject([{ timeZone: 'Europe/London', validFrom: '2026-11-22T12:00:00.000Z' }]);
    await t.db.update(organizations).set({ timeZone: 'Asia/Seoul' }).where(eq(organizations.id, orgId));

    // 18h30 later it is 12:30 in Seoul: the same call goes through.
    t.clock.advanceMinutes(18 * 60 + 30);
    // (sessions do not last that long: sign in again)
    member = await t.login('member@authz.example.com', FIXTURE_PASSWORD);
    outsider = await t.login('outsider@authz.example.com', FIXTURE_PASSWORD);
    const allowed = await rename(member);
    expect(allowed.json().header.resultCode, allowed.body).toBe(0);

    // A deny whose IP condition holds (the caller is not in 10.0.0.0/8) wins over the allow.
    const deny = await assignGroup('Outside the office', {
      roleId: 'PROJECT_ROLE:PROJECT_MANAGEMENT_ADMIN',
      denialSetting: 'DENY',
      conditions: [{ attributeId: 'REQUEST_IP', attributeDataTypeCode: 'IPADDRESS', attributeOperatorTypeCode: 'NOT_ALLOW', attributeValues: ['10.0.0.0/8'] }],
    });
    const denied = await t.expectRefusal(() => rename(member), 403, -6);
    expect(denied).toMatchObject({
      deniedBy: [{ permissionId: 'Project.Setting.Update', roleGroupName: 'Outside the office', roleId: 'PROJECT_ROLE:PROJECT_MANAGEMENT_ADMIN' }],
      failedConditions: [],
      relatedRoles: [{ roleGroupNames: ['Lunch settings'] }],
    });
    const fromOffice = await t.app.inject(
      member.as({ method: 'PUT', url: api.buildUrl(api.updateProject, { projectId }), remoteAddress: '10.1.1.1', payload: { projectName: 'Authz Project' } }),
    );
    expect(fromOffice.json().header.resultCode, fromOffice.body).toBe(0);

    // GET self/roles lists the caller's groups and the permissions of THIS request.
    const self = (await t.call(member, api.getProjectSelfRoles, { params: { projectId } })).json();
    expect(self.roleGroups).toEqual([
      {
        roleGroupId: group.id,
        roleGroupName: 'Lunch settings',
        typeCode: 'PROJECT',
        roles: [{ roleId: 'PROJECT_ROLE:PROJECT_MANAGEMENT_ADMIN', denialSetting: 'ALLOW', conditionCount: 1 }],
      },
      {
        roleGroupId: deny.id,
        roleGroupName: 'Outside the office',
        typeCode: 'PROJECT',
        roles: [{ roleId: 'PROJECT_ROLE:PROJECT_MANAGEMENT_ADMIN', denialSetting: 'DENY', conditionCount: 1 }],
      },
    ]);
    expect(self.permissions).not.toContain('Project.Setting.Update');
    expect(self.permissions).toContain('Project.Product.Get');
    const orgSelf = (await t.call(member, api.getOrgSelfRoles, { params: { orgId } })).json();
    expect(orgSelf.roleGroups).toEqual([]);
    await dropGroup(group.id);
    await dropGroup(deny.id);
  });

  it("an organization's role groups are not visible to, nor grant anything in, another organization", async () => {
    const group = await assignGroup('Admins here', { roleId: 'PROJECT_ROLE:ADMIN' });
    await t.expectRefusal(() => t.call(outsider, 'POST', projectUrl(projectId), { permissionIds: ['Project.Setting.Update'] }), 404, 40017);
    const body = await t.expectRefusal(() => rename(outsider), 404, 40017);
    expect(JSON.stringify(body)).not.toContain('Admins here');
    await dropGroup(group.id);
  });
});
