import * as api from '@console/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orgSupportTeamMembers, organizations, projectProducts } from '../../db/schema/index.ts';
import { createProject } from '../../test/fixtures.ts';
import { worldOf } from '../../test/world.ts';

const w = worldOf({
  mailDomain: 'team.example.com',
  org: { name: 'Team Co', domain: 'team-co' },
  roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', outsider: null },
  otherOrg: { name: 'Else Co' },
  iam: {
    iam: { userCode: 'support.iam', password: false },
    left: { userCode: 'left.iam', password: false, extra: { status: 'LEAVED' } },
    foreignIam: { userCode: 'foreign.iam', password: false, org: 'other' },
  },
});

const search = async (keyword: string) =>
  ((await w.t.call(w.as.owner, api.searchOrgSupportTeamCandidates, { params: { orgId: w.orgId }, query: { keyword } })).json().candidates as { memberUuid: string }[]).map(
    (candidate) => candidate.memberUuid,
  );
const team = () => w.t.db.select().from(orgSupportTeamMembers).where(eq(orgSupportTeamMembers.orgId, w.orgId));

describe('technical support team', () => {
  it('starts empty, then keeps cloud members and IAM accounts in the order given', async () => {
    expect((await w.t.call(w.as.owner, api.getOrgSupportTeam, { params: { orgId: w.orgId } })).json().supportTeam).toEqual({ members: [], limit: 10 });
    const put = await w.t.call(w.as.admin, api.updateOrgSupportTeam, { params: { orgId: w.orgId }, body: {
      members: [
        { memberType: 'IAM', memberUuid: w.ids.iam },
        { memberType: 'TOAST_CLOUD', memberUuid: w.ids.member },
      ],
    } });
    expect(put.statusCode, put.body).toBe(200);
    const expected = [
      { memberType: 'IAM', memberUuid: w.ids.iam, name: 'IAM support.iam', email: 'support.iam@team.example.com', userCode: 'support.iam' },
      { memberType: 'TOAST_CLOUD', memberUuid: w.ids.member, name: 'member name', email: 'member@team.example.com', userCode: null },
    ];
    expect(put.json().supportTeam.members).toEqual(expected);
    expect((await w.t.call(w.as.owner, api.getOrgSupportTeam, { params: { orgId: w.orgId } })).json().supportTeam.members).toEqual(expected);
    const feed = (await w.t.call(w.as.owner, api.listOrgActivities, { params: { orgId: w.orgId }, query: { limit: '1' } })).json().activities;
    expect(feed[0]).toMatchObject({ actionCode: 'ORG_SUPPORT_TEAM_CHANGE', target: { name: 'IAM support.iam, member name' } });
  });

  it('refuses someone outside the organization, or a left account, with 22019 and a field error, changing nothing', async () => {
    const before = await team();
    for (const outsiderRef of [
      { memberType: 'TOAST_CLOUD', memberUuid: w.ids.outsider },
      { memberType: 'IAM', memberUuid: w.ids.foreignIam },
      { memberType: 'IAM', memberUuid: w.ids.left },
      // A cloud member's id given as an IAM account is not an IAM account of the organization.
      { memberType: 'IAM', memberUuid: w.ids.member },
    ]) {
      const body = await w.t.expectRefusal(
        () => w.t.call(w.as.owner, api.updateOrgSupportTeam, { params: { orgId: w.orgId }, body: { members: [{ memberType: 'TOAST_CLOUD', memberUuid: w.ids.owner }, outsiderRef] } }),
        400,
        22019,
      );
      expect(body.fieldErrors).toEqual([{ field: 'body.members.1.memberUuid', message: expect.any(String) }]);
    }
    expect(await team()).toEqual(before);
  });

  it('refuses more than 10, duplicates and malformed ids with 10001', async () => {
    const before = await team();
    const eleven = Array.from({ length: 11 }, () => ({ memberType: 'TOAST_CLOUD', memberUuid: w.ids.owner }));
    await w.t.expectRefusal(() => w.t.call(w.as.owner, api.updateOrgSupportTeam, { params: { orgId: w.orgId }, body: { members: eleven } }), 400, 10001);
    const duplicate = await w.t.expectRefusal(
      () => w.t.call(w.as.owner, api.updateOrgSupportTeam, { params: { orgId: w.orgId }, body: { members: [{ memberType: 'TOAST_CLOUD', memberUuid: w.ids.owner }, { memberType: 'TOAST_CLOUD', memberUuid: w.ids.owner }] } }),
      400,
      10001,
    );
    expect(duplicate.fieldErrors?.[0]?.field).toBe('body.members.1.memberUuid');
    await w.t.expectRefusal(() => w.t.call(w.as.owner, api.updateOrgSupportTeam, { params: { orgId: w.orgId }, body: { members: [{ memberType: 'TOAST_CLOUD', memberUuid: 'nope' }] } }), 400, 10001);
    expect(await team()).toEqual(before);
  });

  it('needs Organization.Support.Get / Update, and answers not-found outside the organization', async () => {
    await w.t.expectRefusal(() => w.t.call(w.as.member, api.getOrgSupportTeam, { params: { orgId: w.orgId } }), 403, -6);
    await w.t.expectRefusal(() => w.t.call(w.as.member, api.updateOrgSupportTeam, { params: { orgId: w.orgId }, body: { members: [] } }), 403, -6);
    await w.t.expectRefusal(() => w.t.call(w.as.outsider, api.getOrgSupportTeam, { params: { orgId: w.orgId } }), 404, 23005);
    await w.t.expectRefusal(() => w.t.call(w.as.outsider, api.updateOrgSupportTeam, { params: { orgId: w.orgId }, body: { members: [] } }), 404, 23005);
  });

  it('searches the organization\'s members by name, email or IAM ID, never outsiders or left accounts', async () => {
    expect(await search('member@')).toEqual([w.ids.member]);
    expect(await search('support.iam')).toEqual([w.ids.iam]);
    expect(await search('outsider')).toEqual([]);
    expect(await search('foreign')).toEqual([]);
    expect(await search('left')).toEqual([]);
    expect((await search('')).length).toBe(4);
  });

  it('empties the team with an empty list', async () => {
    const put = await w.t.call(w.as.owner, api.updateOrgSupportTeam, { params: { orgId: w.orgId }, body: { members: [] } });
    expect(put.statusCode, put.body).toBe(200);
    expect(await team()).toEqual([]);
  });
});

describe('organization time zone', () => {
  it('answers the time zone (Asia/Seoul by default) and changes it with the name', async () => {
    expect((await w.t.call(w.as.owner, api.getOrganization, { params: { orgId: w.orgId } })).json().org.timeZone).toBe('Asia/Seoul');
    const put = await w.t.call(w.as.admin, api.updateOrganization, { params: { orgId: w.orgId }, body: { org: { orgName: 'Team Co', timeZone: 'Asia/Tokyo' } } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().org.timeZone).toBe('Asia/Tokyo');
    // Absent: kept.
    expect((await w.t.call(w.as.admin, api.updateOrganization, { params: { orgId: w.orgId }, body: { org: { orgName: 'Team Co' } } })).json().org.timeZone).toBe('Asia/Tokyo');
    const [row] = await w.t.db.select().from(organizations).where(eq(organizations.id, w.orgId));
    expect(row!.timeZone).toBe('Asia/Tokyo');
  });

  it('refuses a zone the runtime does not know, with a field error in the caller\'s language', async () => {
    const body = await w.t.expectRefusal(() => w.t.call(w.as.owner, api.updateOrganization, { params: { orgId: w.orgId }, body: { org: { orgName: 'Renamed', timeZone: 'Asia/Atlantis' } }, lang: 'ko_KR' }), 400, 10001);
    expect(body.fieldErrors).toEqual([{ field: 'body.org.timeZone', message: '지원하지 않는 시간대입니다.' }]);
    await w.t.expectRefusal(() => w.t.call(w.as.member, api.updateOrganization, { params: { orgId: w.orgId }, body: { org: { orgName: 'Team Co', timeZone: 'UTC' } } }), 403, -6);
    const [row] = await w.t.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, w.orgId));
    expect(row!.name).toBe('Team Co');
    expect((await w.t.call(w.as.owner, api.updateOrganization, { params: { orgId: w.orgId }, body: { org: { orgName: 'Team Co', timeZone: 'UTC' } } })).statusCode).toBe(200);
  });
});

describe('members summary', () => {
  it('counts cloud members by role and IAM accounts that have not left, and lists the newest', async () => {
    const response = await w.t.call(w.as.admin, api.getOrgMembersSummary, { params: { orgId: w.orgId } });
    expect(response.statusCode, response.body).toBe(200);
    const { summary } = response.json();
    expect(summary.cloudMemberCount).toBe(3);
    expect(summary.roleCounts).toEqual([
      { roleCode: 'ADMIN', count: 1 },
      { roleCode: 'MEMBER', count: 1 },
      { roleCode: 'OWNER', count: 1 },
    ]);
    expect(summary.iamAccountCount).toBe(1);
    expect(summary.newest).toHaveLength(4);
    expect(summary.newest.map((item: { memberUuid: string }) => item.memberUuid)).not.toContain(w.ids.left);
  });

  it('needs Organization.Member.List, and answers not-found outside the organization', async () => {
    await w.t.expectRefusal(() => w.t.call(w.as.member, api.getOrgMembersSummary, { params: { orgId: w.orgId } }), 403, -6);
    await w.t.expectRefusal(() => w.t.call(w.as.outsider, api.getOrgMembersSummary, { params: { orgId: w.orgId } }), 404, 23005);
  });
});

describe('services in use', () => {
  it('lists the product ids in use in the organization\'s projects with its info, none at first', async () => {
    const infoOf = async () =>
      ((await w.t.call(w.as.owner, api.listOrganizationInfos)).json().orgInfos as { orgId: string; productIdsInUse: string[] }[]).find(
        (info) => info.orgId === w.orgId,
      )!;
    expect((await infoOf()).productIdsInUse).toEqual([]);
    const project = await createProject(w.t.db, w.orgId, 'With services', w.ids.owner!);
    await w.t.db.insert(projectProducts).values([
      { orgId: w.orgId, projectId: project.id, productId: 'dns' },
      { orgId: w.orgId, projectId: project.id, productId: 'cdn' },
    ]);
    expect((await infoOf()).productIdsInUse).toEqual(['cdn', 'dns']);
  });
});
