import * as api from '@console/contracts';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members, orgMembers, projectMembers } from '../../db/schema/index.ts';
import { assignRoleGroup, createProject, createRoleGroup, FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { callOf, type Caller, type TestApp } from '../../test/helper.ts';
import { world } from '../../test/world.ts';

let t: TestApp;
let owner: Caller;
let admin: Caller;
let member: Caller;
let outsider: Caller;
let iam: Caller;
let orgId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const w = await world({
    mailDomain: 'mem.example.com',
    org: { name: 'Members Org', domain: 'members-org' },
    roles: {
      owner: { role: 'OWNER', name: 'Kim Owner' },
      admin: { role: 'ADMIN', name: 'Lee Admin' },
      member: { role: 'MEMBER', name: 'Park Member' },
      billing: { role: 'BILLING_VIEWER', name: 'Choi Billing' },
      leaver: { role: 'MEMBER', name: 'Jung Leaver' },
      projadmin: { role: 'MEMBER', name: 'Han Project' },
      outsider: { role: null, name: 'Outside Person' },
    },
    otherOrg: { name: 'Outside Org', roles: { member: 'ADMIN' } },
    iam: { iam: { userCode: 'iam.mem', name: 'IAM Mem' } },
    projects: {
      // The project admin is the sole ADMIN of a project owned by the OWNER; the leaver is a MEMBER of it.
      soleAdmin: { name: 'Sole Admin Project', members: { projadmin: ['ADMIN'], leaver: ['MEMBER'] } },
      ownedByMember: { name: 'Owned By Member', owner: 'member', members: { member: ['ADMIN'], owner: ['ADMIN'] } },
    },
    signIn: ['owner', 'admin', 'member', 'outsider', 'iam'],
  });
  ({ t, orgId } = w);
  Object.assign(ids, w.ids);
  await t.db.update(members).set({ accountType: 'CORPORATION', corporationName: 'Acme Corp.', mobileNumber: '010-1234-5678' }).where(eq(members.id, ids.billing!));
  ({ owner, admin, member, outsider, iam } = w.as);
});

const call = callOf(() => t);
const expectRefusal: TestApp['expectRefusal'] = (...args) => t.expectRefusal(...args);
const membersUrl = (query = '') => `/api/cab/v5/organizations/${orgId}/members${query}`;

describe('listing the cloud members of an organization', () => {
  it('answers each member once with all their roles, oldest first, with paging', async () => {
    const response = await call(admin, api.listOrgMembers, { params: { orgId } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.paging).toEqual({ page: 1, limit: 20, totalCount: 6 });
    const owners = body.members.filter((row: { isOrgOwner: boolean }) => row.isOrgOwner);
    expect(owners).toEqual([
      {
        memberUuid: ids.owner,
        memberType: 'TOAST_CLOUD',
        email: 'owner@mem.example.com',
        name: 'Kim Owner',
        mobileNumber: null,
        orgRoleCodes: ['OWNER'],
        isOrgOwner: true,
        memberStatusCode: 'STABLE',
        regDateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    const page2 = (await call(admin, api.listOrgMembers, { params: { orgId }, query: { page: '2', limit: '4' } })).json();
    expect(page2.members).toHaveLength(2);
    expect(page2.paging).toEqual({ page: 2, limit: 4, totalCount: 6 });
  });

  it('searches by email and name, without letter case, taking % and _ literally', async () => {
    const byEmail = (await call(admin, api.listOrgMembers, { params: { orgId }, query: { emailLike: 'BILLING@' } })).json();
    expect(byEmail.members.map((row: { email: string }) => row.email)).toEqual(['billing@mem.example.com']);
    expect(byEmail.members[0]).toMatchObject({ orgRoleCodes: ['BILLING_VIEWER'], mobileNumber: '010-1234-5678' });
    const byName = (await call(admin, api.listOrgMembers, { params: { orgId }, query: { nameLike: 'park' } })).json();
    expect(byName.members.map((row: { memberUuid: string }) => row.memberUuid)).toEqual([ids.member]);
    expect((await call(admin, api.listOrgMembers, { params: { orgId }, query: { emailLike: '%' } })).json().paging.totalCount).toBe(0);
    expect((await call(admin, api.listOrgMembers, { params: { orgId }, query: { nameLike: '_' } })).json().paging.totalCount).toBe(0);
  });

  it('is for OWNER and ADMIN: a MEMBER and an IAM account get -6, another tenant 23005', async () => {
    const denied = await expectRefusal(() => call(member, api.listOrgMembers, { params: { orgId } }), 403, -6);
    expect(denied.neededPermissions).toEqual(['Organization.Member.List']);
    await expectRefusal(() => call(iam, api.listOrgMembers, { params: { orgId } }), 403, -6);
    await expectRefusal(() => call(outsider, api.listOrgMembers, { params: { orgId } }), 404, 23005);
  });

  it('refuses bad paging and unknown sorts with 10001', async () => {
    await expectRefusal(() => call(admin, api.listOrgMembers, { params: { orgId }, query: { limit: '0' } }), 400, 10001);
    await expectRefusal(() => call(admin, api.listOrgMembers, { params: { orgId }, query: { page: 'abc' } }), 400, 10001);
    await expectRefusal(() => call(admin, api.listOrgMembers, { params: { orgId }, query: { sort: 'password,asc' } }), 400, 10001);
  });

  it('sorts on the server by name and email, either way, and pages stay in that order', async () => {
    const names = async (query: string) =>
      (await call(admin, 'GET', membersUrl(query))).json().members.map((row: { name: string }) => row.name) as string[];
    const byName = ['Choi Billing', 'Han Project', 'Jung Leaver', 'Kim Owner', 'Lee Admin', 'Park Member'];
    expect(await names('?sort=name,asc')).toEqual(byName);
    expect(await names('?sort=name,desc')).toEqual(byName.toReversed());
    expect([...(await names('?sort=name,desc&limit=4&page=1')), ...(await names('?sort=name,desc&limit=4&page=2'))]).toEqual(byName.toReversed());
    const emails = (await call(admin, api.listOrgMembers, { params: { orgId }, query: { sort: 'email,desc' } })).json().members.map((row: { email: string }) => row.email);
    expect(emails).toEqual(emails.toSorted().toReversed());
  });
});

describe('one cloud member of an organization', () => {
  it('answers the member with their roles, as the list does', async () => {
    const response = await call(admin, api.getOrgMember, { params: { orgId, memberId: ids.billing } });
    expect(response.statusCode, response.body).toBe(200);
    const listed = (await call(admin, api.listOrgMembers, { params: { orgId }, query: { emailLike: 'billing@' } })).json().members[0];
    expect(response.json().member).toEqual(listed);
  });

  it('answers 22019 for a stranger, a member of another organization and an IAM account; -6 without Member.Get; 23005 to an outsider', async () => {
    await expectRefusal(() => call(admin, api.getOrgMember, { params: { orgId, memberId: randomUUID() } }), 400, 22019);
    await expectRefusal(() => call(admin, api.getOrgMember, { params: { orgId, memberId: ids.outsider } }), 400, 22019);
    await expectRefusal(() => call(admin, api.getOrgMember, { params: { orgId, memberId: ids.iam } }), 400, 22019);
    await expectRefusal(() => call(member, api.getOrgMember, { params: { orgId, memberId: ids.admin } }), 403, -6);
    await expectRefusal(() => call(outsider, api.getOrgMember, { params: { orgId, memberId: ids.admin } }), 404, 23005);
  });
});

const memberUrl = (memberId: string) => membersUrl(`/${memberId}`);

describe("changing a member's organization roles", () => {
  it('replaces the roles and answers the member', async () => {
    const response = await call(admin, 'PUT', memberUrl(ids.billing!), { orgRoleCodes: ['BILLING_VIEWER', 'BUDGET_ADMIN'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().member).toMatchObject({ memberUuid: ids.billing, orgRoleCodes: ['BILLING_VIEWER', 'BUDGET_ADMIN'].sort() });
    const stored = await t.db.select().from(orgMembers).where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.memberId, ids.billing!)));
    expect(stored.map((row) => row.roleCode).sort()).toEqual(['BILLING_VIEWER', 'BUDGET_ADMIN']);
    // The new role takes effect at once: the budget permissions are the member's now.
    const billing = await t.login('billing@mem.example.com', FIXTURE_PASSWORD);
    const roles = (await call(billing, api.getOrgSelfRoles, { params: { orgId } })).json();
    expect(roles.permissions).toContain('Organization.Budget.Create');
  });

  it("refuses to change the OWNER's roles with 12101 'Failed to modify the role.'", async () => {
    const body = await expectRefusal(() => call(admin, 'PUT', memberUrl(ids.owner!), { orgRoleCodes: ['MEMBER'] }), 400, 12101);
    expect(body.header.resultMessage).toBe('Failed to modify the role.');
  });

  it('refuses OWNER and broken role lists with 10001, unknown members with 22019', async () => {
    const owned = await expectRefusal(() => call(admin, 'PUT', memberUrl(ids.member!), { orgRoleCodes: ['OWNER'] }), 400, 10001);
    expect(owned.fieldErrors).toEqual([{ field: 'body.orgRoleCodes', message: 'The Owner role cannot be assigned. Hand over the organization instead.' }]);
    await expectRefusal(() => call(admin, 'PUT', memberUrl(ids.member!), { orgRoleCodes: [] }), 400, 10001);
    await expectRefusal(() => call(admin, 'PUT', memberUrl(randomUUID()), { orgRoleCodes: ['MEMBER'] }), 400, 22019);
    // A member of another organization is not a member here.
    await expectRefusal(() => call(admin, 'PUT', memberUrl(ids.outsider!), { orgRoleCodes: ['MEMBER'] }), 400, 22019);
    await expectRefusal(() => call(admin, 'PUT', memberUrl(ids.iam!), { orgRoleCodes: ['MEMBER'] }), 400, 22019);
    await expectRefusal(() => call(admin, 'PUT', memberUrl('not-a-uuid'), { orgRoleCodes: ['MEMBER'] }), 400, 10001);
  });

  it('is refused to a MEMBER (-6)', async () => {
    await expectRefusal(() => call(member, 'PUT', memberUrl(ids.billing!), { orgRoleCodes: ['MEMBER'] }), 403, -6);
  });
});

describe('removing a member from the organization', () => {
  it('refuses the OWNER (21010), an owner of projects (21011) and the sole ADMIN of a project (10012)', async () => {
    await expectRefusal(() => call(admin, 'DELETE', memberUrl(ids.owner!)), 400, 21010);
    await expectRefusal(() => call(admin, 'DELETE', memberUrl(ids.member!)), 400, 21011);
    await expectRefusal(() => call(admin, 'DELETE', memberUrl(ids.projadmin!)), 400, 10012);
    await expectRefusal(() => call(admin, 'DELETE', memberUrl(randomUUID())), 400, 22019);
    await expectRefusal(() => call(member, 'DELETE', memberUrl(ids.leaver!)), 403, -6);
  });

  it("takes the member out of the organization and of its projects; the account stays", async () => {
    const response = await call(owner, 'DELETE', memberUrl(ids.leaver!));
    expect(response.json()).toMatchObject({ memberUuid: ids.leaver });
    expect(await t.db.select().from(orgMembers).where(eq(orgMembers.memberId, ids.leaver!))).toEqual([]);
    expect(await t.db.select().from(projectMembers).where(eq(projectMembers.memberId, ids.leaver!))).toEqual([]);
    expect(await t.db.select().from(members).where(eq(members.id, ids.leaver!))).toHaveLength(1);
    // Gone from the list, and from the organization for the former member.
    expect((await call(owner, api.listOrgMembers, { params: { orgId }, query: { emailLike: 'leaver' } })).json().members).toEqual([]);
    const leaver = await t.login('leaver@mem.example.com', FIXTURE_PASSWORD);
    await expectRefusal(() => call(leaver, api.getOrganization, { params: { orgId } }), 404, 23005);
  });
});

const profileUrl = (memberId: string) => `/api/cab/v5/members/${memberId}/profiles`;
const exist = (who: Caller, memberId: string) => call(who, api.getMemberExist, { params: { memberId } });

const withFilter = (who: Caller, memberId: string, filter: string) =>
  t.app.inject(who.as({ method: 'GET', url: profileUrl(memberId), headers: { 'x-field-filter': filter, lang: 'en_US' } }));

describe('member profiles (x-field-filter), existence and corporation profiles', () => {

  it("answers the caller's own profile, every field without a filter", async () => {
    const response = await call(member, 'GET', profileUrl(ids.member!));
    expect(response.json().memberProfile).toEqual({
      uuid: ids.member,
      memberType: 'TOAST_CLOUD',
      accountType: 'INDIVIDUAL',
      name: 'Park Member',
      email: 'member@mem.example.com',
      mobileNumber: null,
      country: 'KR',
      corporationName: null,
      restrictTypes: [],
    });
  });

  it('answers only the fields the filter names, and refuses an unknown field (10001)', async () => {
    const response = await withFilter(admin, ids.billing!, 'name, corporationName,accountType');
    expect(response.json().memberProfile).toEqual({ name: 'Choi Billing', corporationName: 'Acme Corp.', accountType: 'CORPORATION' });
    const refused = await expectRefusal(() => withFilter(admin, ids.billing!, 'name,password'), 400, 10001);
    expect(refused.fieldErrors).toEqual([{ field: 'header.x-field-filter', message: 'The filter names an unknown field.' }]);
  });

  it("reads the spec's own header name field-filter as well", async () => {
    const response = await t.app.inject(
      admin.as({ method: 'GET', url: profileUrl(ids.billing!), headers: { 'field-filter': 'name,accountType', lang: 'en_US' } }),
    );
    expect(response.json().memberProfile).toEqual({ name: 'Choi Billing', accountType: 'CORPORATION' });
    await expectRefusal(
      () => t.app.inject(admin.as({ method: 'GET', url: profileUrl(ids.billing!), headers: { 'field-filter': 'name', 'x-field-filter': 'email' } })),
      400,
      10001,
    );
  });

  it("shows an administrator their members and IAM accounts, and nobody else's", async () => {
    expect((await call(owner, 'GET', profileUrl(ids.iam!))).json().memberProfile).toMatchObject({ memberType: 'IAM', accountType: 'NONE', email: 'iam.mem@mem.example.com' });
    expect((await call(iam, 'GET', profileUrl(ids.iam!))).json().memberProfile.uuid).toBe(ids.iam);
    // A MEMBER does not administer the organization: its members are not found, like unknown ids.
    await expectRefusal(() => call(member, 'GET', profileUrl(ids.billing!)), 404, 10404);
    await expectRefusal(() => call(member, 'GET', profileUrl(ids.iam!)), 404, 10404);
    await expectRefusal(() => call(iam, 'GET', profileUrl(ids.owner!)), 404, 10404);
    // Another tenant's OWNER sees none of this organization's members.
    const other = await expectRefusal(() => call(outsider, 'GET', profileUrl(ids.billing!)), 404, 10404);
    expect(JSON.stringify(other)).not.toContain('Choi');
    await expectRefusal(() => call(outsider, 'GET', profileUrl(ids.iam!)), 404, 10404);
    await expectRefusal(() => call(outsider, 'GET', profileUrl(randomUUID())), 404, 10404);
    // The member is ADMIN of the outsider's organization: the outsider is visible to them there.
    expect((await call(member, 'GET', profileUrl(ids.outsider!))).json().memberProfile.name).toBe('Outside Person');
  });

  it('decides visibility with the permission engine in the organization: a project role group grants nothing there', async () => {
    // A group holding ORG_ROLE:ADMIN, with a condition that holds (18:00 in Seoul by the TestClock),
    // gives its holder every project permission in that project, and no organization permission.
    const project = await createProject(t.db, orgId, 'Group Admins', ids.owner!, [{ memberId: ids.member!, roleCodes: ['NONE'] }]);
    const group = await createRoleGroup(
      t.db,
      orgId,
      'Evening org admins',
      [{ roleId: 'ORG_ROLE:ADMIN', conditions: [{ attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['17:00', '19:00'] }] }],
      { projectId: project.id },
    );
    await assignRoleGroup(t.db, orgId, project.id, group.id, [ids.member!]);
    const roles = (await call(member, api.getProjectSelfRoles, { params: { projectId: project.id } })).json();
    expect(roles.permissions).toContain('Project.Member.Iam.List');
    expect(roles.permissions).not.toContain('Organization.Member.List');
    await expectRefusal(() => call(member, 'GET', profileUrl(ids.billing!)), 404, 10404);
    await expectRefusal(() => call(member, 'GET', profileUrl(ids.iam!)), 404, 10404);
    expect((await exist(member, ids.iam!)).json()).toMatchObject({ exist: false });
  });

  it('answers exist true for a visible active account, false alike for unknown ids and other tenants', async () => {
    expect((await exist(admin, ids.billing!)).json()).toMatchObject({ exist: true, memberType: 'TOAST_CLOUD' });
    expect((await exist(admin, ids.iam!)).json()).toMatchObject({ exist: true, memberType: 'IAM' });
    const unknown = (await exist(outsider, randomUUID())).json();
    const otherTenant = (await exist(outsider, ids.billing!)).json();
    expect(otherTenant).toEqual(unknown);
    expect(otherTenant).toMatchObject({ exist: false, memberType: null });
  });

  it('answers the corporation profile of a cloud member; IAM accounts and strangers are not found', async () => {
    const response = await call(admin, api.getCorporationProfile, { params: { memberId: ids.billing } });
    expect(response.json().corporationProfile).toEqual({
      uuid: ids.billing,
      accountType: 'CORPORATION',
      corporationName: 'Acme Corp.',
      country: 'KR',
      bizMember: false,
    });
    await expectRefusal(() => call(admin, api.getCorporationProfile, { params: { memberId: ids.iam } }), 404, 10404);
    await expectRefusal(() => call(outsider, api.getCorporationProfile, { params: { memberId: ids.billing } }), 404, 10404);
  });

  it('needs a session (100)', async () => {
    const anonymous: Caller = { cookies: {}, headers: {}, as: (options) => options };
    await expectRefusal(() => call(anonymous, 'GET', profileUrl(ids.member!)), 401, 100);
  });
});

const contactsUrl = (...uuids: string[]) => `/api/cab/v5/members/contacts?orgId=${orgId}${uuids.map((id) => `&uuids=${id}`).join('')}`;

describe('member contacts (spec §7 "Members: contacts")', () => {

  it('answers the contacts of the asked members, in that order, to a caller who may list members', async () => {
    const response = await call(admin, 'GET', contactsUrl(ids.billing!, ids.iam!, ids.owner!));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().contacts).toEqual([
      {
        uuid: ids.billing,
        memberType: 'TOAST_CLOUD',
        name: 'Choi Billing',
        userCode: null,
        email: 'billing@mem.example.com',
        mobileNumber: '010-1234-5678',
        countryCode: 'KR',
        personalDataHidden: false,
      },
      {
        uuid: ids.iam,
        memberType: 'IAM',
        name: 'IAM Mem',
        userCode: 'iam.mem',
        email: 'iam.mem@mem.example.com',
        mobileNumber: null,
        countryCode: 'KR',
        personalDataHidden: false,
      },
      expect.objectContaining({ uuid: ids.owner, email: 'owner@mem.example.com', personalDataHidden: false }),
    ]);
    // Comma-joined works too; an id that is no member of this organization is left out, as if unknown.
    const joined = (await call(admin, 'GET', `/api/cab/v5/members/contacts?orgId=${orgId}&uuids=${ids.outsider},${randomUUID()},${ids.billing}`)).json();
    expect(joined.contacts.map((contact: { uuid: string }) => contact.uuid)).toEqual([ids.billing]);
    expect(JSON.stringify(joined)).not.toContain('outsider@');
  });

  it("hides others' email and phone (and an IAM account's name and ID) from a member who may not list members, but not their own", async () => {
    const body = (await call(member, 'GET', contactsUrl(ids.billing!, ids.iam!, ids.member!))).json();
    expect(body.contacts).toEqual([
      { uuid: ids.billing, memberType: 'TOAST_CLOUD', name: 'Choi Billing', userCode: null, email: null, mobileNumber: null, countryCode: null, personalDataHidden: true },
      { uuid: ids.iam, memberType: 'IAM', name: null, userCode: null, email: null, mobileNumber: null, countryCode: null, personalDataHidden: true },
      expect.objectContaining({ uuid: ids.member, email: 'member@mem.example.com', personalDataHidden: false }),
    ]);
    expect(JSON.stringify(body)).not.toContain('billing@mem.example.com');
    expect(JSON.stringify(body)).not.toContain('010-1234-5678');
    // An IAM account sees its own contact, and only a cloud member's name.
    const own = (await call(iam, 'GET', contactsUrl(ids.iam!, ids.billing!))).json().contacts;
    expect(own).toEqual([
      expect.objectContaining({ uuid: ids.iam, userCode: 'iam.mem', email: 'iam.mem@mem.example.com', personalDataHidden: false }),
      expect.objectContaining({ uuid: ids.billing, email: null, personalDataHidden: true }),
    ]);
  });

  it('is for members of the organization (23005 otherwise) and needs 1 to 100 member ids (10001)', async () => {
    const other = await expectRefusal(() => call(outsider, 'GET', contactsUrl(ids.billing!)), 404, 23005);
    expect(JSON.stringify(other)).not.toContain('Choi');
    await expectRefusal(() => call(admin, api.getMemberContacts, { query: { orgId } }), 400, 10001);
    await expectRefusal(() => call(admin, 'GET', contactsUrl('not-a-uuid')), 400, 10001);
    await expectRefusal(() => call(admin, 'GET', contactsUrl(...Array.from({ length: 101 }, () => randomUUID()))), 400, 10001);
  });
});
