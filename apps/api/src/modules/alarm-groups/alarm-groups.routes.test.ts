import * as api from '@console/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectProducts } from '../../db/schema/index.ts';
import { createSecretBox } from '../../platform/secrets.ts';
import { createRoleGroup } from '../../test/fixtures.ts';
import { callOf, type Caller, type TestApp } from '../../test/helper.ts';
import { world } from '../../test/world.ts';

let t: TestApp;
let orgId: string;
let projectId: string;
let otherProjectId: string;
let ids: Record<string, string>;
let as: Record<'owner' | 'admin' | 'member' | 'outsider' | 'viewer', Caller>;
const call = callOf(() => t);
const P = api.projectAlarmGroups;
const O = api.orgAlarmGroups;

beforeAll(async () => {
  const w = await world({
    mailDomain: 'alarm-groups.example.com',
    roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', outsider: null, viewer: 'MEMBER' },
    otherOrg: { name: 'Other Alarm Org' },
    projects: {
      main: { name: 'Alarm Groups Project', members: { member: ['MEMBER'], viewer: ['NOTICE_GROUP_VIEWER'] } },
      elsewhere: { name: 'Elsewhere', org: 'other' },
    },
  });
  ({ t, orgId } = w);
  ids = w.ids;
  as = w.as;
  projectId = w.projects.main;
  otherProjectId = w.projects.elsewhere;
  await t.db.insert(projectProducts).values({ orgId, projectId, productId: 'email', appKey: 'alarmgroupsappkey001', secretKeyEnc: createSecretBox().seal('s'.repeat(24)), statusCode: 'STABLE' });
});

const ownerTarget = () => ({ targetType: 'MEMBER' as const, targetId: ids.owner! });
const create = (name: string, extra: Record<string, unknown> = {}, who: Caller = as.admin) =>
  call(who, P.create, { params: { projectId }, body: { alarmGroupName: name, targets: [ownerTarget()], ...extra } });

describe('project alarm groups', () => {
  it('adds, reads, modifies and lists a group with its targets named', async () => {
    const created = await create('Ops On Call', { description: 'night', targets: [ownerTarget(), { targetType: 'ROLE', targetId: 'PROJECT_ROLE:ADMIN' }] });
    expect(created.statusCode, created.body).toBe(200);
    const group = created.json().alarmGroup;
    expect(group).toMatchObject({ alarmGroupName: 'Ops On Call', description: 'night', isDefault: false, alarmCount: 0 });
    expect(group.targets).toHaveLength(2);
    expect(group.targets.find((target: { targetType: string }) => target.targetType === 'MEMBER').targetName).toBe('owner name');
    const read = await call(as.viewer, P.get, { params: { projectId, alarmGroupId: group.alarmGroupId } });
    expect(read.json().alarmGroup.alarmGroupId).toBe(group.alarmGroupId);
    const updated = await call(as.admin, P.update, {
      params: { projectId, alarmGroupId: group.alarmGroupId },
      body: { alarmGroupName: 'Ops Day', targets: [{ targetType: 'MEMBER', targetId: ids.member! }] },
    });
    expect(updated.json().alarmGroup).toMatchObject({ alarmGroupName: 'Ops Day', description: '', targets: [{ targetType: 'MEMBER', targetId: ids.member }] });
  });

  it('searches by name, pages and sorts on the server', async () => {
    for (const name of ['Search Alpha', 'Search Beta', 'Search Gamma']) expect((await create(name)).statusCode).toBe(200);
    const page = await call(as.viewer, P.list, { params: { projectId }, query: { alarmGroupNameLike: 'search', limit: 2, page: 1, sort: 'alarmGroupName,desc' } });
    expect(page.json().alarmGroups.map((g: { alarmGroupName: string }) => g.alarmGroupName)).toEqual(['Search Gamma', 'Search Beta']);
    expect(page.json().paging).toEqual({ page: 1, limit: 2, totalCount: 3 });
    const second = await call(as.viewer, P.list, { params: { projectId }, query: { alarmGroupNameLike: 'search', limit: 2, page: 2, sort: 'alarmGroupName,desc' } });
    expect(second.json().alarmGroups.map((g: { alarmGroupName: string }) => g.alarmGroupName)).toEqual(['Search Alpha']);
    // % and _ are searched for as themselves
    expect((await call(as.viewer, P.list, { params: { projectId }, query: { alarmGroupNameLike: '%' } })).json().paging.totalCount).toBe(0);
  });

  it('refuses a name the scope already has (40103, any case), a missing name and an unknown target, changing nothing', async () => {
    await create('Unique Name');
    await t.expectRefusal(() => create('UNIQUE name'), 400, 40103);
    const missing = await t.expectRefusal(() => create('  '), 400, 10001);
    expect(missing.fieldErrors?.[0]?.field).toBe('body.alarmGroupName');
    const stranger = await t.expectRefusal(() => create('Stranger', { targets: [{ targetType: 'MEMBER', targetId: ids.outsider! }] }), 400, 40109);
    expect(stranger.fieldErrors?.[0]?.field).toBe('body.targets.0.targetId');
    await t.expectRefusal(() => create('No Targets', { targets: [] }), 400, 10001);
    await t.expectRefusal(() => create('Org Role In Project', { targets: [{ targetType: 'ROLE', targetId: 'ORG_ROLE:ADMIN' }] }), 400, 40109);
    // The same name in the organization scope is another group.
    const orgGroup = await call(as.admin, O.create, { params: { orgId }, body: { alarmGroupName: 'Unique Name', targets: [ownerTarget()] } });
    expect(orgGroup.statusCode, orgGroup.body).toBe(200);
  });

  it('keeps one default group, refuses deleting it (40105) and a group an alarm uses (40104)', async () => {
    const first = (await create('Default One', { isDefault: true })).json().alarmGroup;
    const second = (await create('Default Two', { isDefault: true })).json().alarmGroup;
    expect((await call(as.viewer, P.get, { params: { projectId, alarmGroupId: first.alarmGroupId } })).json().alarmGroup.isDefault).toBe(false);
    await t.expectRefusal(() => call(as.admin, P.remove, { params: { projectId, alarmGroupId: second.alarmGroupId } }), 400, 40105);

    const used = (await create('Used By Alarm')).json().alarmGroup;
    const alarm = await call(as.admin, api.createAlarm, {
      params: { projectId },
      body: { alarmName: 'Uses group', service: 'email', metricName: 'sent_count', conditionOperator: 'GT', threshold: 1, durationMinutes: 1, methods: ['EMAIL'], alarmGroupIds: [used.alarmGroupId] },
    });
    expect(alarm.statusCode, alarm.body).toBe(200);
    await t.expectRefusal(() => call(as.admin, P.remove, { params: { projectId, alarmGroupId: used.alarmGroupId } }), 400, 40104);
    await call(as.admin, api.deleteAlarm, { params: { projectId, alarmId: alarm.json().alarm.alarmId } });
    expect((await call(as.admin, P.remove, { params: { projectId, alarmGroupId: used.alarmGroupId } })).statusCode).toBe(200);
    await t.expectRefusal(() => call(as.viewer, P.get, { params: { projectId, alarmGroupId: used.alarmGroupId } }), 404, 10404);
  });

  it('refuses deleting a role group an alarm group targets (62011)', async () => {
    const roleGroup = await createRoleGroup(t.db, orgId, 'Alarmed Role Group', ['PROJECT_ROLE:MEMBER'], { projectId });
    const group = (await create('Role Group Target', { targets: [{ targetType: 'ROLE_GROUP', targetId: roleGroup.id }] })).json().alarmGroup;
    expect(group.targets[0].targetName).toBe('Alarmed Role Group');
    await t.expectRefusal(() => call(as.owner, api.deleteProjectRoleGroup, { params: { projectId, roleGroupId: roleGroup.id } }), 400, 62011);
    await call(as.admin, P.update, { params: { projectId, alarmGroupId: group.alarmGroupId }, body: { alarmGroupName: 'Role Group Target', targets: [ownerTarget()] } });
    expect((await call(as.owner, api.deleteProjectRoleGroup, { params: { projectId, roleGroupId: roleGroup.id } })).statusCode).toBe(200);
  });

  it('answers permission denied to a viewer who writes and not-found to another organization', async () => {
    await t.expectRefusal(() => create('Viewer Writes', {}, as.viewer), 403, -6);
    await t.expectRefusal(() => call(as.outsider, P.list, { params: { projectId } }), 404, 40017);
    await t.expectRefusal(() => call(as.admin, P.list, { params: { projectId: otherProjectId } }), 404, 40017);
    await t.expectRefusal(() => call(as.member, O.list, { params: { orgId } }), 403, -6);
  });
});

describe('the members and roles lookups', () => {
  it('lists the project members with filters and paging, masking personal data for those who may not list members', async () => {
    const all = await call(as.admin, api.listProjectAlarmMembers, { params: { projectId }, query: { sort: 'email,asc' } });
    expect(all.json().paging.totalCount).toBeGreaterThanOrEqual(3);
    const filtered = await call(as.admin, api.listProjectAlarmMembers, { params: { projectId }, query: { emailLike: 'viewer@', memberTypeCode: 'TOAST_CLOUD' } });
    expect(filtered.json().members).toEqual([expect.objectContaining({ memberId: ids.viewer, email: 'viewer@alarm-groups.example.com', name: 'viewer name' })]);
    const masked = await call(as.viewer, api.listProjectAlarmMembers, { params: { projectId }, query: { idLike: 'member@' } });
    expect(masked.json().members[0].email).not.toContain('member@alarm-groups');
    const org = await call(as.admin, api.listOrgAlarmMembers, { params: { orgId }, query: { nameLike: 'outsider' } });
    expect(org.json().paging.totalCount).toBe(0);
    const orgPaged = await call(as.admin, api.listOrgAlarmMembers, { params: { orgId }, query: { limit: 2, page: 1 } });
    expect(orgPaged.json().members).toHaveLength(2);
    expect(orgPaged.json().paging.totalCount).toBe(4);
  });

  it('lists roles and role groups by type, category and name', async () => {
    await createRoleGroup(t.db, orgId, 'Lookup Common Group', ['PROJECT_ROLE:MEMBER']);
    const groups = await call(as.admin, api.listProjectAlarmRoles, { params: { projectId }, query: { categoryTypeCode: 'ROLE_GROUP', roleNameLike: 'lookup' } });
    expect(groups.json()).toMatchObject({ totalCount: 1, roles: [{ categoryTypeCode: 'ROLE_GROUP', roleName: 'Lookup Common Group', category: 'ORG_ROLE_GROUP' }] });
    const roles = await call(as.admin, api.listOrgAlarmRoles, { params: { orgId }, query: { categoryTypeCode: 'ROLE', limit: 3 } });
    expect(roles.json().roles).toHaveLength(3);
    expect(roles.json().roles.every((role: { category: string }) => role.category === 'ORG_ROLE')).toBe(true);
    const ko = await t.app.inject(as.admin.as({ method: 'GET', url: `/api/alarm/v6/projects/${projectId}/roles?categoryTypeCode=ROLE&roleNameLike=${encodeURIComponent('관리자')}`, headers: { lang: 'ko_KR' } }));
    expect(ko.json().totalCount).toBeGreaterThan(0);
    const keyed = await call(as.admin, api.listProjectAlarmRoles, { params: { projectId }, query: { categoryKeys: ['NO_SUCH_KEY'] } });
    expect(keyed.json().totalCount).toBe(0);
  });

  it('counts the organization groups apart from the project ones', async () => {
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from alarm_groups where org_id = ${orgId}::uuid and project_id is null`);
    expect((await call(as.admin, O.list, { params: { orgId } })).json().paging.totalCount).toBe(rows[0]!.n);
  });
});
