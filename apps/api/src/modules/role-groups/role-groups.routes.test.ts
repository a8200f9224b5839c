import * as api from '@console/contracts';
import { randomUUID } from 'node:crypto';
import type { PermissionDeniedExtra, RoleCondition } from '@console/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { iamMembers, members, projectMemberRoleGroups, projectMembers, roleGroupRoles, roleGroups } from '../../db/schema/index.ts';
import { DEMO_ROLE_GROUPS, seedDemoData } from '../../demo/seed.ts';
import { AppError } from '../../platform/errors.ts';
import { assignRoleGroup, createMember, createOrg, createProject, createRoleGroup, FIXTURE_PASSWORD, snapshot } from '../../test/fixtures.ts';
import { callOf, type Caller, type TestApp } from '../../test/helper.ts';
import { createRoleGroupsService } from './role-groups.service.ts';
import { world } from '../../test/world.ts';

let t: TestApp;
const who: Record<string, Caller> = {};
const ids: Record<string, string> = {};
let orgId: string;
let otherOrgId: string;
let p1: string;
let p2: string;
let otherProject: string;

beforeAll(async () => {
  const w = await world({
    mailDomain: 'rg.example.com',
    nameOf: (key) => `${key} person`,
    org: { name: 'RG Org' },
    roles: {
      owner: 'OWNER',
      admin: 'ADMIN',
      member: 'MEMBER',
      billing: 'BILLING_VIEWER',
      pma: 'MEMBER',
      plain: 'MEMBER',
      solo: 'MEMBER',
      loner: 'MEMBER',
      fresh: 'MEMBER',
      outsider: null,
    },
    otherOrg: { name: 'Other Org' },
    projects: {
      p1: { name: 'Alpha', members: { owner: ['ADMIN'], pma: ['PROJECT_MEMBER_ADMIN'], plain: ['VIEWER'], member: ['MEMBER'], fresh: ['LOG_VIEWER'] } },
      p2: { name: 'Beta', members: { plain: ['MEMBER'], solo: [], loner: [] } },
      other: { name: 'Elsewhere', org: 'other', members: { outsider: ['ADMIN'] } },
    },
    signIn: ['owner', 'admin', 'member', 'billing', 'pma', 'plain', 'solo', 'outsider'],
  });
  ({ t, orgId, otherOrgId } = w);
  ({ p1, p2, other: otherProject } = w.projects);
  Object.assign(ids, w.ids);
  Object.assign(who, w.as);
});

const call = callOf(() => t);
const expectRefusal: TestApp['expectRefusal'] = (...args) => t.expectRefusal(...args);
const orgBase = (org = orgId) => `/api/cab/v6/organizations/${org}/role-groups`;
const projectBase = (project = p1) => `/api/cab/v6/projects/${project}/role-groups`;
const roleOf = (roleId: string, extra: object = {}) => ({ roleId, denialSetting: 'ALLOW', conditions: [], ...extra });
const body = (roleGroupName: string, roles: object[] = [roleOf('PROJECT_ROLE:MEMBER')], description = '') => ({ roleGroupName, description, roles });
const weekdays = {
  attributeId: 'DAY_OF_WEEK',
  attributeDataTypeCode: 'DAY_OF_WEEK',
  attributeOperatorTypeCode: 'ANY_CONTAINS',
  attributeValues: ['MON', 'TUE'],
};
const groupRows = async (id: string) => (await t.db.select().from(roleGroups).where(eq(roleGroups.id, id)))[0];

describe('common role groups (organization)', () => {
  it('keeps a condition value as given, whatever characters it holds (the roles go to PostgreSQL as JSON text in arrays)', async () => {
    const awkward = ['Mozilla/5.0 "quoted" \\back\\slash', '{braces}, commas, NULL', "it's 한국어 日本語 中文 😀", 'NULL'];
    const conditions = [{ attributeId: 'USER_AGENT', attributeDataTypeCode: 'STRING', attributeOperatorTypeCode: 'ANY_MATCH', attributeValues: awkward }];
    const response = await call(
      who.owner!,
      'POST',
      orgBase(),
      body('Awkward Values', [roleOf('PROJECT_ROLE:MEMBER', { conditions }), roleOf('PROJECT_ROLE:QUOTA_ADMIN', { denialSetting: 'DENY', conditions: [weekdays] }), roleOf('PROJECT_ROLE:DASHBOARD_VIEWER')]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { roleGroupId } = response.json().roleGroup;
    const stored = await t.db.select().from(roleGroupRoles).where(eq(roleGroupRoles.roleGroupId, roleGroupId));
    expect(stored.map((row) => [row.roleId, row.denialSetting, row.orderIdx, row.conditions]).toSorted((a, b) => Number(a[2]) - Number(b[2]))).toEqual([
      ['PROJECT_ROLE:MEMBER', 'ALLOW', 0, conditions],
      ['PROJECT_ROLE:QUOTA_ADMIN', 'DENY', 1, [weekdays]],
      ['PROJECT_ROLE:DASHBOARD_VIEWER', 'ALLOW', 2, []],
    ]);
    // The answer of the add is what was stored, as the group's own read answers it.
    const read = (await call(who.owner!, 'GET', `${orgBase()}/${roleGroupId}`)).json().roleGroup;
    expect(response.json().roleGroup.roles).toEqual(read.roles);
    expect(read.roles[0].conditions[0].attributeValues).toEqual(awkward);
  });

  it('adds a group with roles, deny settings and conditions; names in the caller language', async () => {
    const response = await call(
      who.owner!,
      'POST',
      orgBase(),
      body('Night Ops', [roleOf('PROJECT_ROLE:MEMBER', { conditions: [weekdays] }), roleOf('PROJECT_ROLE:QUOTA_ADMIN', { denialSetting: 'DENY' })], 'on call'),
      'ko_KR',
    );
    expect(response.statusCode, response.body).toBe(200);
    const group = response.json().roleGroup;
    expect(group).toMatchObject({ roleGroupName: 'Night Ops', description: 'on call', typeCode: 'COMMON', projectId: null, roleCount: 2, memberCount: 0, editable: true, members: [] });
    expect(group.roles).toEqual([
      expect.objectContaining({
        roleId: 'PROJECT_ROLE:MEMBER',
        roleName: '멤버',
        denialSetting: 'ALLOW',
        conditions: [{ ...weekdays, attributeName: '요일', attributeDescription: '조직 시간대 기준 요청 요일입니다.' }],
        categoryTypeCode: 'ROLE',
      }),
      expect.objectContaining({ roleId: 'PROJECT_ROLE:QUOTA_ADMIN', roleName: '쿼터 관리자', denialSetting: 'DENY', conditions: [] }),
    ]);
    const stored = await t.db.select().from(roleGroupRoles).where(eq(roleGroupRoles.roleGroupId, group.roleGroupId));
    expect(stored.map((row) => [row.roleId, row.denialSetting, row.orderIdx])).toEqual(
      expect.arrayContaining([
        ['PROJECT_ROLE:MEMBER', 'ALLOW', 0],
        ['PROJECT_ROLE:QUOTA_ADMIN', 'DENY', 1],
      ]),
    );
    // The organization ADMIN may add too.
    expect((await call(who.admin!, 'POST', orgBase(), body('Admins Pick'))).statusCode).toBe(200);
  });

  it('answers a new group as reading it answers, conditions as stored (its answer is not read back)', async () => {
    const conditions = [
      weekdays,
      { attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['09:00', '18:00'] },
    ];
    const roles = [roleOf('PROJECT_ROLE:MEMBER', { conditions }), roleOf('PROJECT_ROLE:QUOTA_ADMIN', { denialSetting: 'DENY' }), roleOf('PROJECT_ROLE:VIEWER')];
    const created = await call(who.owner!, 'POST', orgBase(), body('Read Back', roles, 'as read'), 'ja_JP');
    expect(created.statusCode, created.body).toBe(200);
    const group = created.json().roleGroup;
    const read = await call(who.owner!, 'GET', `${orgBase()}/${group.roleGroupId}`, undefined, 'ja_JP');
    expect(read.statusCode, read.body).toBe(200);
    expect(group).toEqual(read.json().roleGroup);
    expect(group.roles.map((role: { roleId: string }) => role.roleId)).toEqual(['PROJECT_ROLE:MEMBER', 'PROJECT_ROLE:QUOTA_ADMIN', 'PROJECT_ROLE:VIEWER']);
    const inProject = await call(who.pma!, 'POST', projectBase(), body('Read Back Project', roles));
    expect(inProject.statusCode, inProject.body).toBe(200);
    const projectGroup = inProject.json().roleGroup;
    expect(projectGroup).toEqual((await call(who.pma!, 'GET', `${projectBase()}/${projectGroup.roleGroupId}`)).json().roleGroup);
  });

  it('refuses MEMBER and BILLING_VIEWER changes (-6), and other organizations (23005)', async () => {
    const group = await createRoleGroup(t.db, orgId, 'Untouchable', ['PROJECT_ROLE:VIEWER']);
    for (const caller of [who.member!, who.billing!]) {
      await expectRefusal(() => call(caller, 'POST', orgBase(), body('Nope')), 403, -6);
      await expectRefusal(() => call(caller, 'PUT', `${orgBase()}/${group.id}`, body('Renamed')), 403, -6);
      await expectRefusal(() => call(caller, 'DELETE', `${orgBase()}/${group.id}`), 403, -6);
    }
    await expectRefusal(() => call(who.outsider!, 'GET', orgBase()), 404, 23005);
    await expectRefusal(() => call(who.outsider!, 'GET', `${orgBase()}/${group.id}`), 404, 23005);
    // The outsider's own organization does not know the group.
    await expectRefusal(() => call(who.outsider!, 'GET', `${orgBase(otherOrgId)}/${group.id}`), 404, 10404);
    await expectRefusal(() => call(who.outsider!, 'DELETE', `${orgBase(otherOrgId)}/${group.id}`), 404, 10404);
  });

  it('checks the name: required (spec text), pattern, length, duplicates in any letter case (62004)', async () => {
    const required = await expectRefusal(() => call(who.owner!, 'POST', orgBase(), body('   ')), 400, 10001);
    expect(required.fieldErrors).toEqual([{ field: 'body.roleGroupName', message: 'Required input. Enter a group name.' }]);
    await expectRefusal(() => call(who.owner!, 'POST', orgBase(), body('bad<name>')), 400, 10001);
    await expectRefusal(() => call(who.owner!, 'POST', orgBase(), body('x'.repeat(51))), 400, 10001);
    await expectRefusal(() => call(who.owner!, 'POST', orgBase(), body('ok', undefined, 'd'.repeat(201))), 400, 10001);
    await createRoleGroup(t.db, orgId, 'Taken Name', ['PROJECT_ROLE:VIEWER']);
    const dup = await expectRefusal(() => call(who.owner!, 'POST', orgBase(), body('  taken NAME ')), 400, 62004);
    expect(dup.fieldErrors).toEqual([{ field: 'body.roleGroupName', message: 'A role group with this name already exists.' }]);
    // A project's group name is taken for common groups too (common groups show in every project).
    await createRoleGroup(t.db, orgId, 'Alpha Only', ['PROJECT_ROLE:VIEWER'], { projectId: p1 });
    await expectRefusal(() => call(who.owner!, 'POST', orgBase(), body('alpha only')), 400, 62004);
    // Names of another organization do not count.
    await createRoleGroup(t.db, otherOrgId, 'Foreign', ['PROJECT_ROLE:VIEWER']);
    expect((await call(who.owner!, 'POST', orgBase(), body('Foreign'))).statusCode).toBe(200);
  });

  it('checks the roles: at least one, allowed, once, ADMIN alone, role properties (10001 on the field)', async () => {
    const none = await expectRefusal(() => call(who.owner!, 'POST', orgBase(), body('R0', [])), 400, 10001);
    expect(none.fieldErrors).toEqual([{ field: 'body.roles', message: 'Choose at least one role.' }]);
    const cases: [object[], string, string][] = [
      [[roleOf('PROJECT_ROLE:OWNER')], 'body.roles.0.roleId', 'This role cannot be added to a role group.'],
      [[roleOf('ORG_ROLE:ADMIN')], 'body.roles.0.roleId', 'This role cannot be added to a role group.'],
      [[roleOf('PROJECT_ROLE:NONE')], 'body.roles.0.roleId', 'This role cannot be added to a role group.'],
      [[roleOf('PROJECT_ROLE:MEMBER'), roleOf('PROJECT_ROLE:MEMBER')], 'body.roles.1.roleId', 'A role cannot be assigned twice; an admin role already includes the viewer role of its area.'],
      [[roleOf('PROJECT_ROLE:ADMIN'), roleOf('PROJECT_ROLE:VIEWER')], 'body.roles.0.roleId', 'The Admin role cannot be combined with other project roles.'],
      [[roleOf('PROJECT_ROLE:ADMIN', { denialSetting: 'DENY' })], 'body.roles.0.denialSetting', 'This role cannot be set to deny.'],
    ];
    for (const [roles, field, message] of cases) {
      const refused = await expectRefusal(() => call(who.owner!, 'POST', orgBase(), body('Roles Case', roles)), 400, 10001);
      expect(refused.fieldErrors, JSON.stringify(roles)).toEqual([{ field, message }]);
    }
  });

  it('checks condition values against their type (62020) and refuses the same value twice (62021)', async () => {
    const wrongType = await expectRefusal(
      () => call(who.owner!, 'POST', orgBase(), body('Cond', [roleOf('PROJECT_ROLE:MEMBER', { conditions: [{ ...weekdays, attributeValues: ['MONDAY'] }] })])),
      400,
      62020,
    );
    expect(wrongType.fieldErrors).toEqual([{ field: 'body.roles.0.conditions.0.attributeValues', message: 'The condition value does not match its data type.' }]);
    await expectRefusal(
      () =>
        call(who.owner!, 'POST', orgBase(), body('Cond', [
          roleOf('PROJECT_ROLE:VIEWER'),
          roleOf('PROJECT_ROLE:MEMBER', { conditions: [{ attributeId: 'REQUEST_IP', attributeDataTypeCode: 'IPADDRESS', attributeOperatorTypeCode: 'ALLOW', attributeValues: ['10.0.0.999'] }] }),
        ])),
      400,
      62020,
    );
    const twice = await expectRefusal(
      () => call(who.owner!, 'POST', orgBase(), body('Cond', [roleOf('PROJECT_ROLE:MEMBER', { conditions: [{ ...weekdays, attributeValues: ['MON', 'MON'] }] })])),
      400,
      62021,
    );
    expect(twice.fieldErrors?.[0]?.field).toBe('body.roles.0.conditions.0.attributeValues');
  });

  it('lists the common groups only, with counts, name filter, sort and paging', async () => {
    const listed = await createRoleGroup(t.db, orgId, 'Zeta Listed', ['PROJECT_ROLE:VIEWER', 'PROJECT_ROLE:QUOTA_VIEWER']);
    await assignRoleGroup(t.db, orgId, p1, listed.id, [ids.plain!]);
    await assignRoleGroup(t.db, orgId, p2, listed.id, [ids.plain!]);
    const response = await call(who.admin!, 'GET', `${orgBase()}?nameLike=zeta&limit=5`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().roleGroups).toEqual([
      expect.objectContaining({ roleGroupId: listed.id, typeCode: 'COMMON', roleCount: 2, memberCount: 2, editable: true, regDateTime: expect.any(String) }),
    ]);
    // Organization MEMBERs and BILLING_VIEWERs hold no Organization.RoleGroup permission.
    await expectRefusal(() => call(who.member!, 'GET', orgBase()), 403, -6);
    await expectRefusal(() => call(who.billing!, 'GET', `${orgBase()}/${listed.id}`), 403, -6);
    const all = (await call(who.owner!, 'GET', `${orgBase()}?sort=name,asc&limit=100`)).json();
    expect(all.roleGroups.every((group: { typeCode: string }) => group.typeCode === 'COMMON')).toBe(true);
    const names = all.roleGroups.map((group: { roleGroupName: string }) => group.roleGroupName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(all.roleGroups[0].editable).toBe(true);
    const paged = (await call(who.owner!, 'GET', `${orgBase()}?limit=1&page=2`)).json();
    expect(paged.roleGroups).toHaveLength(1);
    expect(paged.paging).toMatchObject({ page: 2, limit: 1, totalCount: all.paging.totalCount });
  });

  it('answers one group with roles and members in every project; a project group is not found here', async () => {
    const group = await createRoleGroup(t.db, orgId, 'Detail Common', [{ roleId: 'PROJECT_ROLE:MEMBER', conditions: [weekdays as never] }]);
    await assignRoleGroup(t.db, orgId, p1, group.id, [ids.plain!]);
    await assignRoleGroup(t.db, orgId, p2, group.id, [ids.plain!]);
    const detail = (await call(who.admin!, 'GET', `${orgBase()}/${group.id}`)).json().roleGroup;
    expect(detail.members.map((member: { projectName: string; email: string }) => [member.projectName, member.email])).toEqual([
      ['Alpha', 'plain@rg.example.com'],
      ['Beta', 'plain@rg.example.com'],
    ]);
    expect(detail.roles[0]).toMatchObject({ roleId: 'PROJECT_ROLE:MEMBER', conditions: [{ ...weekdays, attributeName: 'Day of week' }] });
    // Spec §3 RoleDetail: each condition names its attribute and describes it in the caller's language.
    const named = async (lang: string) =>
      (await call(who.admin!, 'GET', `${orgBase()}/${group.id}`, undefined, lang)).json().roleGroup.roles[0].conditions[0];
    expect(await named('en_US')).toEqual({ ...weekdays, attributeName: 'Day of week', attributeDescription: 'The day of the request in the organization’s time zone.' });
    expect(await named('ko_KR')).toMatchObject({ attributeName: '요일', attributeDescription: '조직 시간대 기준 요청 요일입니다.' });
    expect(await named('ja_JP')).toMatchObject({ attributeName: '曜日', attributeDescription: '組織のタイムゾーンでのリクエストの曜日です。' });
    expect(await named('zh_CN')).toMatchObject({ attributeName: '星期', attributeDescription: '按组织时区计算的请求星期。' });
    const projectGroup = await createRoleGroup(t.db, orgId, 'Alpha Private', ['PROJECT_ROLE:VIEWER'], { projectId: p1 });
    await expectRefusal(() => call(who.owner!, 'GET', `${orgBase()}/${projectGroup.id}`), 404, 10404);
    await expectRefusal(() => call(who.owner!, 'PUT', `${orgBase()}/${projectGroup.id}`, body('x')), 404, 10404);
  });

  it('modifies name, description and roles; keeps the name rules', async () => {
    const group = await createRoleGroup(t.db, orgId, 'Modify Me', ['PROJECT_ROLE:VIEWER']);
    await createRoleGroup(t.db, orgId, 'Other Name', ['PROJECT_ROLE:VIEWER']);
    await expectRefusal(() => call(who.admin!, 'PUT', `${orgBase()}/${group.id}`, body('OTHER name')), 400, 62004);
    const response = await call(who.admin!, 'PUT', `${orgBase()}/${group.id}`, body('modify me', [roleOf('PROJECT_ROLE:SUPPORT_ADMIN')], 'new'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().roleGroup).toMatchObject({ roleGroupName: 'modify me', description: 'new', roleCount: 1 });
    const stored = await t.db.select().from(roleGroupRoles).where(eq(roleGroupRoles.roleGroupId, group.id));
    expect(stored.map((row) => row.roleId)).toEqual(['PROJECT_ROLE:SUPPORT_ADMIN']);
    await expectRefusal(() => call(who.admin!, 'PUT', `${orgBase()}/${randomUUID()}`, body('x')), 404, 10404);
  });

  it('deletes a group; not one the caller holds (62012), not one leaving a member without roles (10010)', async () => {
    const held = await createRoleGroup(t.db, orgId, 'Held By Owner', ['PROJECT_ROLE:VIEWER']);
    await assignRoleGroup(t.db, orgId, p1, held.id, [ids.owner!]);
    const own = await expectRefusal(() => call(who.owner!, 'DELETE', `${orgBase()}/${held.id}`), 400, 62012);
    expect(own.header.resultMessage).toBe('A role group that holds your own account cannot be deleted.');
    const lifeline = await createRoleGroup(t.db, orgId, 'Lifeline', ['PROJECT_ROLE:MEMBER']);
    await assignRoleGroup(t.db, orgId, p2, lifeline.id, [ids.solo!]);
    await expectRefusal(() => call(who.owner!, 'DELETE', `${orgBase()}/${lifeline.id}`), 400, 10010);
    // With another group the member keeps something: then it goes.
    const spare = await createRoleGroup(t.db, orgId, 'Spare', ['PROJECT_ROLE:VIEWER']);
    await assignRoleGroup(t.db, orgId, p2, spare.id, [ids.solo!]);
    const response = await call(who.owner!, 'DELETE', `${orgBase()}/${lifeline.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ roleGroupId: lifeline.id });
    expect(await groupRows(lifeline.id)).toBeUndefined();
    expect(await t.db.select().from(projectMemberRoleGroups).where(eq(projectMemberRoleGroups.roleGroupId, lifeline.id))).toEqual([]);
    // The organization ADMIN deletes the one the OWNER holds.
    expect((await call(who.admin!, 'DELETE', `${orgBase()}/${held.id}`)).statusCode).toBe(200);
  });
});

describe('project role groups', () => {
  it('lists its own groups and the common ones (read-only there), not other projects\u2019', async () => {
    const own = await createRoleGroup(t.db, orgId, 'Alpha Team', ['PROJECT_ROLE:VIEWER'], { projectId: p1 });
    const common = await createRoleGroup(t.db, orgId, 'Alpha Common View', ['PROJECT_ROLE:VIEWER']);
    const betaOnly = await createRoleGroup(t.db, orgId, 'Beta Team', ['PROJECT_ROLE:VIEWER'], { projectId: p2 });
    const listed = (await call(who.pma!, 'GET', `${projectBase()}?limit=100`)).json().roleGroups as { roleGroupId: string; typeCode: string; editable: boolean }[];
    expect(listed).toContainEqual(expect.objectContaining({ roleGroupId: own.id, typeCode: 'PROJECT', editable: true }));
    expect(listed).toContainEqual(expect.objectContaining({ roleGroupId: common.id, typeCode: 'COMMON', editable: false }));
    expect(listed.map((group) => group.roleGroupId)).not.toContain(betaOnly.id);
    // A common group reads in the project; it is changed only in the organization (PERMISSION_DENIED).
    expect((await call(who.pma!, 'GET', `${projectBase()}/${common.id}`)).json().roleGroup).toMatchObject({ typeCode: 'COMMON', editable: false });
    await expectRefusal(() => call(who.pma!, 'PUT', `${projectBase()}/${common.id}`, body('Hijack')), 403, -6);
    await expectRefusal(() => call(who.owner!, 'DELETE', `${projectBase()}/${common.id}`), 403, -6);
    // Another project's group is not found; another organization's project neither.
    await expectRefusal(() => call(who.pma!, 'GET', `${projectBase()}/${betaOnly.id}`), 404, 10404);
    await expectRefusal(() => call(who.outsider!, 'GET', projectBase()), 404, 40017);
    await expectRefusal(() => call(who.outsider!, 'GET', `${projectBase(otherProject)}/${own.id}`), 404, 10404);
    // VIEWER holds no RoleGroup permission.
    await expectRefusal(() => call(who.plain!, 'GET', projectBase()), 403, -6);
  });

  it('adds, modifies and deletes its own groups; names clash with the common groups (62004)', async () => {
    await createRoleGroup(t.db, orgId, 'Shared Name', ['PROJECT_ROLE:VIEWER']);
    await expectRefusal(() => call(who.pma!, 'POST', projectBase(), body('shared name')), 400, 62004);
    const created = await call(who.pma!, 'POST', projectBase(), body('Alpha Builders', [roleOf('PROJECT_ROLE:MEMBER')]));
    expect(created.statusCode, created.body).toBe(200);
    const group = created.json().roleGroup;
    expect(group).toMatchObject({ typeCode: 'PROJECT', projectId: p1, editable: true });
    // The same name in another project is fine.
    expect((await call(who.owner!, 'POST', projectBase(p2), body('Alpha Builders'))).statusCode).toBe(200);
    await expectRefusal(() => call(who.pma!, 'POST', projectBase(), body('ALPHA builders')), 400, 62004);
    const modified = await call(who.pma!, 'PUT', `${projectBase()}/${group.roleGroupId}`, body('Alpha Builders', [roleOf('PROJECT_ROLE:VIEWER')]));
    expect(modified.json().roleGroup.roles.map((role: { roleId: string }) => role.roleId)).toEqual(['PROJECT_ROLE:VIEWER']);
    await expectRefusal(() => call(who.member!, 'POST', projectBase(), body('Member Try')), 403, -6);
    expect((await call(who.pma!, 'DELETE', `${projectBase()}/${group.roleGroupId}`)).statusCode).toBe(200);
    expect(await groupRows(group.roleGroupId)).toBeUndefined();
  });
});

describe('creating groups side by side (issue 8: no organization-wide lock)', () => {
  it('a name being written elsewhere waits for that write, then clashes (62004); other names are created meanwhile', async () => {
    const { roleGroupsRepository } = await import('./role-groups.repository.ts');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const isHolding = new Promise<void>((resolve) => (holding = resolve));
    // Another writer, mid-transaction: it holds the name and has inserted a project group of it (no
    // unique index covers a common name against a project's), with the organization's row key-shared.
    const writer = t.db.transaction(async (tx) => {
      await roleGroupsRepository.lockName(tx, orgId, 'Side By Side');
      await roleGroupsRepository.insert(tx, { orgId, projectId: p2, typeCode: 'PROJECT', name: 'Side By Side', description: '', createdAt: new Date(), updatedAt: new Date() });
      holding();
      await held;
    });
    await isHolding;
    let clashAnswered = false;
    const clash = call(who.owner!, 'POST', orgBase(), body('side by SIDE')).then((response) => {
      clashAnswered = true;
      return response;
    });
    // Another name is created while the writer is still open.
    const other = await call(who.owner!, 'POST', orgBase(), body('Side Other'));
    expect(other.statusCode, other.body).toBe(200);
    expect(clashAnswered).toBe(false);
    release();
    await writer;
    const refused = await clash;
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().header.resultCode).toBe(62004);
  });
});

describe('assigning role groups to project members', () => {
  it('sets the holders all or nothing: non-members refused (12100), nobody left without roles (10010)', async () => {
    const group = await createRoleGroup(t.db, orgId, 'Assign Me', ['PROJECT_ROLE:SUPPORT_VIEWER'], { projectId: p1 });
    const url = `${projectBase()}/${group.id}/members`;
    await expectRefusal(() => call(who.pma!, 'PUT', url, { projectMemberUuids: [ids.plain, ids.solo] }), 400, 12100);
    await expectRefusal(() => call(who.pma!, 'PUT', url, { projectMemberUuids: [ids.plain, randomUUID()] }), 400, 12100);
    await expectRefusal(() => call(who.pma!, 'PUT', url, { projectMemberUuids: [ids.plain, ids.plain] }), 400, 10001);
    await expectRefusal(() => call(who.plain!, 'PUT', url, { projectMemberUuids: [ids.plain] }), 403, -6);
    const response = await call(who.pma!, 'PUT', url, { projectMemberUuids: [ids.plain, ids.member] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().roleGroup.members.map((member: { email: string }) => member.email).sort()).toEqual(['member@rg.example.com', 'plain@rg.example.com']);
    const replaced = (await call(who.pma!, 'PUT', url, { projectMemberUuids: [ids.member] })).json().roleGroup;
    expect(replaced.memberCount).toBe(1);
    // A common group assigned in Beta: loner holds nothing else there, so taking it away is refused.
    const common = await createRoleGroup(t.db, orgId, 'Beta Lifeline', ['PROJECT_ROLE:VIEWER']);
    const betaUrl = `${projectBase(p2)}/${common.id}/members`;
    expect((await call(who.owner!, 'PUT', betaUrl, { projectMemberUuids: [ids.loner] })).statusCode).toBe(200);
    await expectRefusal(() => call(who.owner!, 'PUT', betaUrl, { projectMemberUuids: [] }), 400, 10010);
    // Another project's group is not found.
    await expectRefusal(() => call(who.owner!, 'PUT', `${projectBase(p2)}/${group.id}/members`, { projectMemberUuids: [] }), 404, 10404);
  });

  it('lets project member add and update give role groups, and answers them on the member', async () => {
    const group = await createRoleGroup(t.db, orgId, 'Member Form Group', ['PROJECT_ROLE:DASHBOARD_VIEWER'], { projectId: p1 });
    const common = await createRoleGroup(t.db, orgId, 'Member Form Common', ['PROJECT_ROLE:SUPPORT_VIEWER']);
    const elsewhere = await createRoleGroup(t.db, orgId, 'Beta Form Group', ['PROJECT_ROLE:VIEWER'], { projectId: p2 });
    const membersUrl = `/api/cab/v5/projects/${p1}/members`;
    const unknown = await expectRefusal(
      () => call(who.pma!, 'POST', membersUrl, { projectMemberUuid: ids.solo, projectMemberRoleCodeList: [], projectMemberRoleGroupIdList: [elsewhere.id] }),
      400,
      10001,
    );
    expect(unknown.fieldErrors).toEqual([{ field: 'body.projectMemberRoleGroupIdList.0', message: 'The role group does not exist in this project.' }]);
    const noRoles = await expectRefusal(() => call(who.pma!, 'POST', membersUrl, { projectMemberUuid: ids.solo, projectMemberRoleCodeList: [] }), 400, 10001);
    expect(noRoles.fieldErrors).toEqual([{ field: 'body.projectMemberRoleCodeList', message: 'Choose at least one role.' }]);
    const added = await call(who.pma!, 'POST', membersUrl, { projectMemberUuid: ids.solo, projectMemberRoleCodeList: [], projectMemberRoleGroupIdList: [group.id, common.id] });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().projectMember).toMatchObject({ projectMemberRoleCodeList: [] });
    expect(added.json().projectMember.projectMemberRoleGroups).toEqual(
      expect.arrayContaining([
        { roleGroupId: group.id, roleGroupName: 'Member Form Group', typeCode: 'PROJECT' },
        { roleGroupId: common.id, roleGroupName: 'Member Form Common', typeCode: 'COMMON' },
      ]),
    );
    const updated = await call(who.pma!, 'PUT', `${membersUrl}/${ids.solo}`, { projectMemberRoleCodeList: ['VIEWER'], projectMemberRoleGroupIdList: [common.id] });
    expect(updated.json().projectMember.projectMemberRoleGroups).toEqual([{ roleGroupId: common.id, roleGroupName: 'Member Form Common', typeCode: 'COMMON' }]);
    // The batch change may empty the roles of a member who holds a group, not of one who holds none.
    expect((await call(who.pma!, 'PUT', membersUrl, { projectMembers: [{ projectMemberUuid: ids.solo, projectMemberRoleCodeList: [] }] })).statusCode).toBe(200);
    await expectRefusal(() => call(who.pma!, 'PUT', membersUrl, { projectMembers: [{ projectMemberUuid: ids.pma, projectMemberRoleCodeList: [] }] }), 400, 10010);
    const listed = (await call(who.pma!, 'GET', `${membersUrl}?limit=100`)).json().projectMembers as { projectMemberUuid: string; projectMemberRoleGroups: unknown[] }[];
    expect(listed.find((member) => member.projectMemberUuid === ids.solo)?.projectMemberRoleGroups).toHaveLength(1);
    // Cleaning up: solo leaves Alpha again.
    await call(who.pma!, api.removeProjectMember, { params: { projectId: p1, memberId: ids.solo } });
  });
});

describe('previewing a role group change', () => {
  it('answers what each holder gains and loses, conditions ignored', async () => {
    const group = await createRoleGroup(t.db, orgId, 'Preview Quota', ['PROJECT_ROLE:QUOTA_VIEWER'], { projectId: p1 });
    await assignRoleGroup(t.db, orgId, p1, group.id, [ids.fresh!]);
    const response = await call(who.pma!, 'POST', `${projectBase()}/preview`, {
      ...body('Preview Quota', [roleOf('PROJECT_ROLE:QUOTA_ADMIN', { conditions: [weekdays] })]),
      roleGroupId: group.id,
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(preview.conditionsIgnored).toBe(true);
    expect(preview.members).toEqual([
      {
        projectMemberUuid: ids.fresh,
        name: 'fresh person',
        email: 'fresh@rg.example.com',
        projectId: p1,
        projectName: 'Alpha',
        gained: ['Project.Quota.Create', 'Project.Quota.Delete', 'Project.Quota.Update'],
        lost: [],
      },
    ]);
    expect(preview.warnings).toEqual([]);
    // A DENY takes away every permission of the role, whatever else gave it (Setting.Get comes from LOG_VIEWER too).
    const denied = (
      await call(who.pma!, 'POST', `${projectBase()}/preview`, { ...body('Preview Quota', [roleOf('PROJECT_ROLE:QUOTA_VIEWER', { denialSetting: 'DENY' })]), roleGroupId: group.id })
    ).json();
    expect(denied.members[0].lost).toEqual(['Project.Quota.Get', 'Project.Quota.List', 'Project.Setting.Get']);
    // Nothing is saved by a preview, and a new group affects nobody yet.
    expect((await t.db.select().from(roleGroupRoles).where(eq(roleGroupRoles.roleGroupId, group.id))).map((row) => row.roleId)).toEqual(['PROJECT_ROLE:QUOTA_VIEWER']);
    expect((await call(who.pma!, 'POST', `${projectBase()}/preview`, body('Brand New'))).json()).toEqual({
      header: expect.any(Object),
      conditionsIgnored: true,
      members: [],
      warnings: [],
    });
    await expectRefusal(() => call(who.pma!, 'POST', `${projectBase()}/preview`, { ...body('x'), roleGroupId: randomUUID() }), 404, 10404);
    await expectRefusal(
      () => call(who.pma!, 'POST', `${projectBase()}/preview`, body('x', [roleOf('PROJECT_ROLE:MEMBER', { conditions: [{ ...weekdays, attributeValues: ['SOMEDAY'] }] })])),
      400,
      62020,
    );
  });

  it('warns when a project would be left without an ADMIN (common group, across projects)', async () => {
    const admins = await createRoleGroup(t.db, orgId, 'Beta Admins', ['PROJECT_ROLE:ADMIN']);
    await assignRoleGroup(t.db, orgId, p2, admins.id, [ids.solo!]);
    const preview = (
      await call(who.admin!, 'POST', `${orgBase()}/preview`, { ...body('Beta Admins', [roleOf('PROJECT_ROLE:MEMBER')]), roleGroupId: admins.id })
    ).json();
    expect(preview.warnings).toEqual([{ code: 'PROJECT_WITHOUT_ADMIN', projectId: p2, projectName: 'Beta' }]);
    const solo = preview.members.find((member: { projectMemberUuid: string }) => member.projectMemberUuid === ids.solo);
    expect(solo.lost).toContain('Project.Member.Create');
    expect(solo.gained).toEqual([]);
    // Keeping ADMIN (unconditional, ALLOW) warns of nothing; a conditional ADMIN would not count.
    const kept = (await call(who.admin!, 'POST', `${orgBase()}/preview`, { ...body('Beta Admins', [roleOf('PROJECT_ROLE:ADMIN')]), roleGroupId: admins.id })).json();
    expect(kept.warnings).toEqual([]);
    const conditional = (
      await call(who.admin!, 'POST', `${orgBase()}/preview`, { ...body('Beta Admins', [roleOf('PROJECT_ROLE:ADMIN', { conditions: [weekdays] })]), roleGroupId: admins.id })
    ).json();
    expect(conditional.warnings).toEqual([{ code: 'PROJECT_WITHOUT_ADMIN', projectId: p2, projectName: 'Beta' }]);
    await expectRefusal(() => call(who.billing!, 'POST', `${orgBase()}/preview`, { ...body('Beta Admins'), roleGroupId: admins.id }), 403, -6);
  });
});

type PreviewAnswer = { members: { projectMemberUuid: string; gained: string[]; lost: string[] }[] };
const uuids = (preview: PreviewAnswer) => preview.members.map((member) => member.projectMemberUuid).sort();
const of = (preview: PreviewAnswer, id: string) => preview.members.find((member) => member.projectMemberUuid === id);

describe('previewing a role group with the holders after the save (projectMemberUuids)', () => {
  let gamma: string;
  const previewUrl = () => projectBase(gamma) + '/preview';

  beforeAll(async () => {
    // Gamma: its only ADMIN is solo, through a group.
    gamma = (
      await createProject(t.db, orgId, 'Gamma', ids.owner!, [
        { memberId: ids.pma!, roleCodes: ['PROJECT_MEMBER_ADMIN'] },
        { memberId: ids.plain!, roleCodes: ['VIEWER'] },
        { memberId: ids.fresh!, roleCodes: ['LOG_VIEWER'] },
        { memberId: ids.solo!, roleCodes: [] },
      ])
    ).id;
    const admins = await createRoleGroup(t.db, orgId, 'Gamma Admins', ['PROJECT_ROLE:ADMIN'], { projectId: gamma });
    await assignRoleGroup(t.db, orgId, gamma, admins.id, [ids.solo!]);
    ids.gammaAdmins = admins.id;
    const quota = await createRoleGroup(t.db, orgId, 'Gamma Quota', ['PROJECT_ROLE:QUOTA_ADMIN'], { projectId: gamma });
    await assignRoleGroup(t.db, orgId, gamma, quota.id, [ids.fresh!]);
    ids.gammaQuota = quota.id;
  });

  it('a member added gains what the group gives and they lack; a member removed loses what only the group gave', async () => {
    const before = await snapshot(t.db);
    const response = await call(who.pma!, 'POST', previewUrl(), {
      ...body('Gamma Quota', [roleOf('PROJECT_ROLE:QUOTA_ADMIN')]),
      roleGroupId: ids.gammaQuota,
      projectMemberUuids: [ids.plain],
    });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json();
    expect(uuids(preview)).toEqual([ids.fresh, ids.plain].sort());
    // plain (VIEWER) already reads quotas: only the changes are new.
    expect(of(preview, ids.plain!)).toMatchObject({
      name: 'plain person',
      email: 'plain@rg.example.com',
      projectId: gamma,
      projectName: 'Gamma',
      gained: ['Project.Quota.Create', 'Project.Quota.Delete', 'Project.Quota.Update'],
      lost: [],
    });
    // fresh keeps Project.Setting.Get from LOG_VIEWER.
    expect(of(preview, ids.fresh!)).toMatchObject({
      gained: [],
      lost: ['Project.Quota.Create', 'Project.Quota.Delete', 'Project.Quota.Get', 'Project.Quota.List', 'Project.Quota.Update'],
    });
    expect(preview.warnings).toEqual([]);
    // The roles change for a holder who stays, and the one added gets the new roles.
    const changed = (
      await call(who.pma!, 'POST', previewUrl(), {
        ...body('Gamma Quota', [roleOf('PROJECT_ROLE:QUOTA_VIEWER')]),
        roleGroupId: ids.gammaQuota,
        projectMemberUuids: [ids.fresh, ids.plain],
      })
    ).json();
    expect(of(changed, ids.fresh!)).toMatchObject({ gained: [], lost: ['Project.Quota.Create', 'Project.Quota.Delete', 'Project.Quota.Update'] });
    expect(of(changed, ids.plain!)).toMatchObject({ gained: [], lost: [] });
    // The same holders as now: only the holders answer, as without the field.
    const same = (await call(who.pma!, 'POST', previewUrl(), { ...body('Gamma Quota', [roleOf('PROJECT_ROLE:QUOTA_ADMIN')]), roleGroupId: ids.gammaQuota, projectMemberUuids: [ids.fresh] })).json();
    expect(same.members).toEqual([expect.objectContaining({ projectMemberUuid: ids.fresh, gained: [], lost: [] })]);
    // Nothing is saved.
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('answers for the members a new group is given to', async () => {
    const preview = (await call(who.pma!, 'POST', previewUrl(), { ...body('Gamma New', [roleOf('PROJECT_ROLE:QUOTA_ADMIN')]), projectMemberUuids: [ids.plain, ids.fresh] })).json();
    expect(of(preview, ids.plain!)).toMatchObject({ gained: ['Project.Quota.Create', 'Project.Quota.Delete', 'Project.Quota.Update'], lost: [] });
    // fresh already holds QUOTA_ADMIN through Gamma Quota: nothing new.
    expect(of(preview, ids.fresh!)).toMatchObject({ gained: [], lost: [] });
    expect(preview.warnings).toEqual([]);
    expect(uuids(preview)).toEqual([ids.fresh, ids.plain].sort());
    expect((await call(who.pma!, 'POST', previewUrl(), { ...body('Gamma New'), projectMemberUuids: [] })).json().members).toEqual([]);
  });

  it('warns by the membership after the save: the only ADMIN taken out of the group, unless another member gets it', async () => {
    const adminsBody = { ...body('Gamma Admins', [roleOf('PROJECT_ROLE:ADMIN')]), roleGroupId: ids.gammaAdmins };
    const untouched = (await call(who.pma!, 'POST', previewUrl(), adminsBody)).json();
    expect(untouched.warnings).toEqual([]);
    const emptied = (await call(who.pma!, 'POST', previewUrl(), { ...adminsBody, projectMemberUuids: [] })).json();
    expect(emptied.warnings).toEqual([{ code: 'PROJECT_WITHOUT_ADMIN', projectId: gamma, projectName: 'Gamma' }]);
    expect(of(emptied, ids.solo!)!.lost).toContain('Project.Member.Delete');
    const handedOver = (await call(who.pma!, 'POST', previewUrl(), { ...adminsBody, projectMemberUuids: [ids.plain] })).json();
    expect(handedOver.warnings).toEqual([]);
    expect(of(handedOver, ids.plain!)!.gained).toContain('Project.Member.Delete');
    expect(of(handedOver, ids.solo!)!.lost).toContain('Project.Member.Delete');
  });

  it('refuses ids that are no members of the project (12100, as the members PUT), repeats and malformed ids (10001)', async () => {
    const adminsBody = { ...body('Gamma Admins', [roleOf('PROJECT_ROLE:ADMIN')]), roleGroupId: ids.gammaAdmins };
    await expectRefusal(() => call(who.pma!, 'POST', previewUrl(), { ...adminsBody, projectMemberUuids: [ids.plain, randomUUID()] }), 400, 12100);
    // loner is a member of the organization and of Beta, not of Gamma; the outsider of another organization.
    await expectRefusal(() => call(who.pma!, 'POST', previewUrl(), { ...adminsBody, projectMemberUuids: [ids.loner] }), 400, 12100);
    await expectRefusal(() => call(who.pma!, 'POST', previewUrl(), { ...body('Gamma New'), projectMemberUuids: [ids.outsider] }), 400, 12100);
    await expectRefusal(() => call(who.pma!, 'POST', previewUrl(), { ...adminsBody, projectMemberUuids: [ids.plain, ids.plain] }), 400, 10001);
    await expectRefusal(() => call(who.pma!, 'POST', previewUrl(), { ...adminsBody, projectMemberUuids: ['not-a-uuid'] }), 400, 10001);
    // The members PUT answers the same for the same ids.
    await expectRefusal(() => call(who.pma!, 'PUT', `${projectBase(gamma)}/${ids.gammaAdmins}/members`, { projectMemberUuids: [ids.loner] }), 400, 12100);
  });
});

describe('demo data', () => {
  it('loads one common and one project group, held by the demo member, once', async () => {
    await seedDemoData(t.db);
    const names = [DEMO_ROLE_GROUPS.common.name, DEMO_ROLE_GROUPS.project.name];
    const groups = await t.db.select().from(roleGroups).where(inArray(roleGroups.name, names));
    expect(groups.map((group) => group.typeCode).sort()).toEqual(['COMMON', 'PROJECT']);
    const held = await t.db.select().from(projectMemberRoleGroups).where(
      inArray(
        projectMemberRoleGroups.roleGroupId,
        groups.map((group) => group.id),
      ),
    );
    expect(held).toHaveLength(2);
    expect(new Set(held.map((row) => row.projectMemberId)).size).toBe(1);
    const roles = await t.db.select().from(roleGroupRoles).where(
      inArray(
        roleGroupRoles.roleGroupId,
        groups.map((group) => group.id),
      ),
    );
    expect(roles).toHaveLength(4);
    await seedDemoData(t.db);
    expect(await t.db.select().from(roleGroups).where(inArray(roleGroups.name, names))).toHaveLength(2);
  });
});

describe('service checks through the permission engine (role groups, conditions)', () => {
  // The TestClock reads 09:00 UTC: 18:00 in Seoul, the organization's time zone.
  const evening: RoleCondition = { attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['17:00', '19:00'] };
  const lunch: RoleCondition = { attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['12:00', '14:00'] };
  const engine: Record<string, string> = {};
  let passCaller: Caller;
  let failCaller: Caller;

  beforeAll(async () => {
    for (const name of ['eng-owner', 'eng-pass', 'eng-fail']) engine[name] = (await createMember(t.db, `${name}@rg.example.com`)).id;
    engine.org = (
      await createOrg(t.db, 'RG Engine Org', engine['eng-owner']!, [
        { memberId: engine['eng-pass']!, role: 'MEMBER' },
        { memberId: engine['eng-fail']!, role: 'MEMBER' },
      ])
    ).id;
    const passwordHash = (await t.db.select().from(members).where(eq(members.id, engine['eng-owner']!)))[0]!.passwordHash;
    engine.iam = (await t.db.insert(iamMembers).values({ orgId: engine.org, userCode: 'iam.eng', name: 'IAM eng', email: 'iam.eng@rg.example.com', passwordHash }).returning())[0]!.id;
    engine.project = (
      await createProject(t.db, engine.org, 'Engine', engine['eng-owner']!, [
        { memberId: engine['eng-owner']!, roleCodes: ['ADMIN'] },
        // PROJECT_MEMBER_VIEWER reads role groups; changing them comes from the groups below only.
        { memberId: engine['eng-pass']!, roleCodes: ['PROJECT_MEMBER_VIEWER'] },
        { memberId: engine['eng-fail']!, roleCodes: ['PROJECT_MEMBER_VIEWER'] },
        { iamMemberId: engine.iam, roleCodes: ['VIEWER'] },
      ])
    ).id;
    const pass = await createRoleGroup(t.db, engine.org, 'Evening member admins', [{ roleId: 'PROJECT_ROLE:PROJECT_MEMBER_ADMIN', conditions: [evening] }], {
      projectId: engine.project,
    });
    const fail = await createRoleGroup(t.db, engine.org, 'Lunch member admins', [{ roleId: 'PROJECT_ROLE:PROJECT_MEMBER_ADMIN', conditions: [lunch] }], {
      projectId: engine.project,
    });
    await assignRoleGroup(t.db, engine.org, engine.project, pass.id, [engine['eng-pass']!]);
    await assignRoleGroup(t.db, engine.org, engine.project, fail.id, [engine['eng-fail']!]);
    engine.target = (await createRoleGroup(t.db, engine.org, 'Engine target', ['PROJECT_ROLE:SUPPORT_VIEWER'], { projectId: engine.project })).id;
    engine.common = (await createRoleGroup(t.db, engine.org, 'Engine common', ['PROJECT_ROLE:SUPPORT_VIEWER'])).id;
    passCaller = await t.login('eng-pass@rg.example.com', FIXTURE_PASSWORD);
    failCaller = await t.login('eng-fail@rg.example.com', FIXTURE_PASSWORD);
  });

  const engineBase = () => `/api/cab/v6/projects/${engine.project}/role-groups`;
  const editableOf = async (caller: Caller) =>
    Object.fromEntries(
      ((await call(caller, 'GET', `${engineBase()}?limit=100`)).json().roleGroups as { roleGroupName: string; editable: boolean }[]).map((group) => [
        group.roleGroupName,
        group.editable,
      ]),
    );

  /** The request as the route check leaves it for a service: the caller's real grant in the project, checked or not. */
  const requestOf = (memberId: string, email: string) => t.projectRequest(memberId, email, engine.project!);

  it('editable follows the group whose condition holds, not the one whose condition fails', async () => {
    expect(await editableOf(passCaller)).toMatchObject({ 'Engine target': true, 'Engine common': false });
    expect(await editableOf(failCaller)).toMatchObject({ 'Engine target': false, 'Engine common': false });
    const refused = (await expectRefusal(() => call(failCaller, 'PUT', `${engineBase()}/${engine.target}`, body('Engine target')), 403, -6)) as unknown as PermissionDeniedExtra;
    expect(refused.failedConditions).toEqual([
      expect.objectContaining({ permissionId: 'Project.RoleGroup.Update', roleGroupName: 'Lunch member admins', validFrom: '2026-11-23T03:00:00.000Z' }),
    ]);
  });

  it('assigning a group to an IAM account: allowed through a holding group, refused with the details otherwise (route and service)', async () => {
    const url = `${engineBase()}/${engine.target}/members`;
    const refused = (await expectRefusal(() => call(failCaller, 'PUT', url, { projectMemberUuids: [engine.iam] }), 403, -6)) as unknown as PermissionDeniedExtra;
    expect(refused.failedConditions).toContainEqual(expect.objectContaining({ permissionId: 'Project.Member.Update', roleGroupName: 'Lunch member admins' }));

    // The service's own Project.Member.Iam.Update check, with the request's bound view.
    const service = createRoleGroupsService({ db: t.db, authorizer: t.app.authorizer });
    const failing = await requestOf(engine['eng-fail']!, 'eng-fail@rg.example.com');
    const before = await snapshot(t.db);
    const error = await service.setMembers(failing, engine.target!, [engine.iam!]).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).key).toBe('PERMISSION_DENIED');
    expect((error as AppError).extra).toMatchObject({
      neededPermissions: ['Project.Member.Iam.Update'],
      relatedRoles: [{ permissionId: 'Project.Member.Iam.Update', roleGroupNames: ['Evening member admins', 'Lunch member admins'] }],
      failedConditions: [
        {
          permissionId: 'Project.Member.Iam.Update',
          roleGroupName: 'Lunch member admins',
          roleId: 'PROJECT_ROLE:PROJECT_MEMBER_ADMIN',
          attributeId: 'TIME',
          timeZone: 'Asia/Seoul',
          validFrom: '2026-11-23T03:00:00.000Z',
          reason: 'OUTSIDE_TIME',
        },
      ],
      deniedBy: [],
    });
    expect(await snapshot(t.db)).toEqual(before);

    const allowed = await call(passCaller, 'PUT', url, { projectMemberUuids: [engine.iam] });
    expect(allowed.json().header.resultCode, allowed.body).toBe(0);
    expect(allowed.json().roleGroup.members.map((member: { memberType: string }) => member.memberType)).toEqual(['IAM']);
    const undone = await call(passCaller, 'PUT', url, { projectMemberUuids: [] });
    expect(undone.json().header.resultCode, undone.body).toBe(0);
  });

  it('a common group changed through a project: -6 with the engine\'s details, naming the organization permission', async () => {
    const refused = (await expectRefusal(() => call(passCaller, 'DELETE', `${engineBase()}/${engine.common}`), 403, -6)) as unknown as PermissionDeniedExtra;
    expect(refused).toMatchObject({
      neededPermissions: ['Organization.RoleGroup.Delete'],
      relatedRoles: [{ permissionId: 'Organization.RoleGroup.Delete', roleNames: expect.arrayContaining(['ORG_ROLE:OWNER', 'ORG_ROLE:ADMIN']), roleGroupNames: [] }],
      failedConditions: [],
      deniedBy: [],
    });
  });
});

/** The authorization epoch (migration 0006) as committed. */
const epoch = async () => Number((await t.db.execute<{ epoch: string }>(sql`select epoch from authz_epoch where id = 1`)).rows[0]!.epoch);

describe('the authorization epoch and new groups (issue 8, migration 0024)', () => {
  it('creating a group keeps it; giving a group, changing its roles, renaming or deleting it bumps it', async () => {
    const before = await epoch();
    const created = await call(who.owner!, 'POST', orgBase(), body('Epoch Kept', [roleOf('PROJECT_ROLE:VIEWER')]));
    expect(created.statusCode, created.body).toBe(200);
    expect(await epoch()).toBe(before);
    const groupId = created.json().roleGroup.roleGroupId as string;

    // A role added to an existing group, straight through SQL (its row untouched): every holder's grant may change.
    let last = await epoch();
    await t.db.insert(roleGroupRoles).values({ roleGroupId: groupId, orgId, roleId: 'PROJECT_ROLE:LOG_VIEWER', orderIdx: 5 });
    expect(await epoch()).toBeGreaterThan(last);
    // Its roles changed through the API (the group's row and its roles, one transaction).
    last = await epoch();
    expect((await call(who.owner!, 'PUT', `${orgBase()}/${groupId}`, body('Epoch Kept', [roleOf('PROJECT_ROLE:MEMBER')]))).statusCode).toBe(200);
    expect(await epoch()).toBeGreaterThan(last);
    // Given to a member.
    last = await epoch();
    await assignRoleGroup(t.db, orgId, p2, groupId, [ids.solo!]);
    expect(await epoch()).toBeGreaterThan(last);
    // A group, its roles and a holder in one transaction.
    last = await epoch();
    await t.db.transaction(async (tx) => {
      const [group] = await tx.insert(roleGroups).values({ orgId, projectId: null, typeCode: 'COMMON', name: 'Epoch Held At Once', description: '', createdAt: new Date(), updatedAt: new Date() }).returning();
      await tx.insert(roleGroupRoles).values({ roleGroupId: group!.id, orgId, roleId: 'PROJECT_ROLE:VIEWER' });
      const [membership] = await tx.select({ id: projectMembers.id }).from(projectMembers).where(and(eq(projectMembers.projectId, p2), eq(projectMembers.memberId, ids.loner!)));
      await tx.insert(projectMemberRoleGroups).values({ projectMemberId: membership!.id, roleGroupId: group!.id, orgId, projectId: p2, createdAt: new Date() });
    });
    expect(await epoch()).toBeGreaterThan(last);
    // Deleted (its holders go with it).
    last = await epoch();
    await t.db.delete(roleGroups).where(inArray(roleGroups.id, [groupId]));
    expect(await epoch()).toBeGreaterThan(last);
    await t.db.delete(roleGroups).where(eq(roleGroups.name, 'Epoch Held At Once'));
  });
});
