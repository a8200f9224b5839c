import * as api from '@console/contracts';
import { BUILT_IN_ORG_ROLES } from '@console/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { iamMembers, members, orgDomains, orgMembers, orgRegions, organizations, projectProducts } from '../../db/schema/index.ts';
import { callOf, type TestApp } from '../../test/helper.ts';
import { createMember, createOrg, createProject, FIXTURE_PASSWORD, whileLocked } from '../../test/fixtures.ts';
import { worldOf } from '../../test/world.ts';

/** Owner of "Acme"; ADMIN, MEMBER and BILLING_VIEWER of it; a member of another tenant. */

const w = worldOf({
  env: { ORG_LIMIT_PER_MEMBER: '3' },
  mailDomain: 'acme.example.com',
  org: { name: 'Acme', domain: 'acme-corp' },
  iam: { iam: { userCode: 'iam.one', name: 'IAM One' } },
  otherOrg: { name: 'Other Tenant', domain: 'other-tenant' },
});

const call = callOf(() => w.t);

const expectRefusal: TestApp['expectRefusal'] = (...args) => w.t.expectRefusal(...args);

describe('creating an organization', () => {
  it('makes the caller OWNER with regions KR1 and GLOBAL, in one go', async () => {
    const creator = await createMember(w.t.db, 'creator@example.com');
    const caller = await w.t.login('creator@example.com', FIXTURE_PASSWORD);
    const response = await call(caller, api.createOrganization, { body: { org: { orgName: '  새 조직 Tokyo 東京 ー 1.0_a-b ' } } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.duplicateNameWarning).toBe(false);
    expect(body.org).toMatchObject({
      orgName: '새 조직 Tokyo 東京 ー 1.0_a-b',
      ownerUuid: creator.id,
      isOrgOwner: true,
      hasRoleInOrg: true,
      orgRoleCodes: ['OWNER'],
      orgDomainList: [],
      regDateTime: w.t.clock.now().toISOString(),
    });
    const orgId = body.org.orgId as string;
    expect(await w.t.db.select().from(orgMembers).where(eq(orgMembers.orgId, orgId))).toEqual([
      expect.objectContaining({ memberId: creator.id, roleCode: 'OWNER' }),
    ]);
    const regions = await w.t.db.select().from(orgRegions).where(eq(orgRegions.orgId, orgId));
    expect(regions.map((row) => row.regionCode).sort()).toEqual(['GLOBAL', 'KR1']);
    const [row] = await w.t.db.select().from(organizations).where(eq(organizations.id, orgId));
    expect(row!.projectLimit).toBe(5);
    // It is the caller's now: listed, readable, with its regions.
    expect((await call(caller, api.listOrganizations)).json().orgs.map((org: { orgId: string }) => org.orgId)).toEqual([orgId]);
    expect((await call(caller, api.listRegions, { query: { orgId } })).json().regionCodeList).toEqual(['GLOBAL', 'KR1']);
  });

  it("warns, without refusing, when another of the caller's organizations has the same name", async () => {
    const caller = await w.t.login((await createMember(w.t.db, 'twins@example.com')).email, FIXTURE_PASSWORD);
    const first = await call(caller, api.createOrganization, { body: { org: { orgName: 'Twin Org' } } });
    expect(first.json().duplicateNameWarning).toBe(false);
    const second = await call(caller, api.createOrganization, { body: { org: { orgName: ' twin org ' } } });
    expect(second.statusCode).toBe(200);
    expect(second.json().duplicateNameWarning).toBe(true);
    // Another tenant's organization of the same name is never compared (it would reveal it).
    const third = await call(caller, api.createOrganization, { body: { org: { orgName: 'Acme' } } });
    expect(third.json().duplicateNameWarning).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['too long', 'a'.repeat(101)],
    ['a symbol', 'Acme <b>'],
    ['an emoji', 'Acme 😀'],
    ['a tab', 'Acme\tCorp'],
    ['a Cyrillic letter', 'Аcme'],
  ])('refuses a name with %s with 10001 on body.org.orgName, changing nothing', async (_label, orgName) => {
    const body = await expectRefusal(() => call(w.as.owner, api.createOrganization, { body: { org: { orgName } } }), 400, 10001);
    expect(body.fieldErrors).toEqual([expect.objectContaining({ field: 'body.org.orgName' })]);
  });

  it("words the name rule in the caller's language", async () => {
    const ko = (await call(w.as.owner, api.createOrganization, { body: { org: { orgName: 'A#' } }, lang: 'ko_KR' })).json();
    const en = (await call(w.as.owner, api.createOrganization, { body: { org: { orgName: 'A#' } }, lang: 'en_US' })).json();
    expect(ko.fieldErrors[0].message).toBe('영문, 한글, 일본어, 한자, 숫자, 공백과 . _ - 만 사용할 수 있습니다.');
    expect(en.fieldErrors[0].message).toBe('Use only Latin, Korean, Japanese or Chinese letters, digits, spaces and . _ -');
    const blank = (await call(w.as.owner, api.createOrganization, { body: { org: { orgName: ' ' } }, lang: 'ja_JP' })).json();
    expect(blank.fieldErrors[0].message).toBe('必須項目です。');
  });

  it('refuses with 22021 past ORG_LIMIT_PER_MEMBER organizations owned', async () => {
    const caller = await w.t.login((await createMember(w.t.db, 'quota@example.com')).email, FIXTURE_PASSWORD);
    for (const name of ['Q1', 'Q2', 'Q3']) {
      expect((await call(caller, api.createOrganization, { body: { org: { orgName: name } } })).statusCode).toBe(200);
    }
    await expectRefusal(() => call(caller, api.createOrganization, { body: { org: { orgName: 'Q4' } } }), 400, 22021);
    const infos = (await call(caller, api.listOrganizationInfos)).json();
    expect(infos.orgCreation).toEqual({ canCreate: false, blockedBy: 'QUOTA_EXCEEDED', ownedOrgCount: 3, orgLimit: 3 });
  });

  it('takes concurrent creations at the quota one at a time', async () => {
    const caller = await w.t.login((await createMember(w.t.db, 'race@example.com')).email, FIXTURE_PASSWORD);
    await call(caller, api.createOrganization, { body: { org: { orgName: 'R1' } } });
    await call(caller, api.createOrganization, { body: { org: { orgName: 'R2' } } });
    const me = (await w.t.db.select().from(members).where(eq(members.email, 'race@example.com')))[0]!;
    // All three are in flight and blocked on the member's row before any may count.
    const answers = await whileLocked(w.t.db, 'select id from members where id = $1 for update', [me.id], 3, () =>
      Promise.all(['R3', 'R4', 'R5'].map((orgName) => call(caller, api.createOrganization, { body: { org: { orgName } } }))),
    );
    expect(answers.map((answer) => answer.json().header.resultCode).sort()).toEqual([0, 22021, 22021]);
    expect(await w.t.db.select().from(organizations).where(eq(organizations.ownerMemberId, me.id))).toHaveLength(3);
  });

  it.each([
    ['PARTNER', {}, 'PARTNER_ACCOUNT'],
    ['INDIVIDUAL_PARTNER', {}, 'PARTNER_ACCOUNT'],
    ['CORPORATION', { restrictTypes: ['ORG_CREATE'] }, 'ORG_CREATE'],
  ] as const)('refuses a %s account %o with 20005 (%s)', async (accountType, extra, restriction) => {
    const email = `${restriction.toLowerCase()}-${accountType.toLowerCase()}@example.com`;
    const caller = await w.t.login((await createMember(w.t.db, email, { accountType, ...extra })).email, FIXTURE_PASSWORD);
    const body = await expectRefusal(() => call(caller, api.createOrganization, { body: { org: { orgName: 'Nope' } } }), 400, 20005);
    expect(body.restriction).toBe(restriction);
    const infos = (await call(caller, api.listOrganizationInfos)).json();
    expect(infos.orgCreation).toMatchObject({ canCreate: false, blockedBy: restriction });
  });

  it('refuses an IAM account with 20005 (IAM_ACCOUNT)', async () => {
    const body = await expectRefusal(() => call(w.as.iam, api.createOrganization, { body: { org: { orgName: 'Nope' } } }), 400, 20005);
    expect(body.restriction).toBe('IAM_ACCOUNT');
  });
});

describe('organization infos (GET v6 infos)', () => {
  it("answers the caller's organizations with their owner, project count and limit, and whether they may create one", async () => {
    await createProject(w.t.db, w.orgId, 'Infos Project', w.ids.owner!);
    const body = (await call(w.as.member, api.listOrganizationInfos)).json();
    expect(body.paging).toEqual({ page: 1, limit: 9999, totalCount: 1 });
    expect(body.orgInfos).toEqual([
      {
        orgId: w.orgId,
        orgName: 'Acme',
        regDateTime: expect.any(String),
        hasRoleInOrg: true,
        isOrgOwner: false,
        orgRoleCodes: ['MEMBER'],
        owner: { uuid: w.ids.owner, name: 'owner name', email: 'owner@acme.example.com', country: 'KR', restrictTypes: [] },
        projectCount: expect.any(Number),
        projectLimit: 5,
        productIdsInUse: [],
      },
    ]);
    expect(body.orgInfos[0].projectCount).toBeGreaterThanOrEqual(1);
    expect(body.orgCreation).toEqual({ canCreate: true, blockedBy: null, ownedOrgCount: 0, orgLimit: 3 });
    const iamInfos = (await call(w.as.iam, api.listOrganizationInfos)).json();
    expect(iamInfos.orgInfos.map((info: { orgId: string }) => info.orgId)).toEqual([w.orgId]);
    expect(iamInfos.orgCreation.blockedBy).toBe('IAM_ACCOUNT');
    expect((await call(w.as.outsider, api.listOrganizationInfos)).body).not.toContain(w.orgId);
  });
});

describe('renaming an organization', () => {
  it('renames it for OWNER and ADMIN, and warns about a duplicate among their own organizations', async () => {
    const org = await createOrg(w.t.db, 'Rename Me', w.ids.owner!, [{ memberId: w.ids.admin!, role: 'ADMIN' }]);
    w.t.clock.advanceMinutes(5);
    const renamed = await call(w.as.admin, api.updateOrganization, { params: { orgId: org.id }, body: { org: { orgName: 'Renamed' } } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ org: { orgId: org.id, orgName: 'Renamed', orgRoleCodes: ['ADMIN'] }, duplicateNameWarning: false });
    const [row] = await w.t.db.select().from(organizations).where(eq(organizations.id, org.id));
    expect(row!.name).toBe('Renamed');
    expect(row!.updatedAt.toISOString()).toBe(w.t.clock.now().toISOString());
    const duplicate = await call(w.as.owner, api.updateOrganization, { params: { orgId: org.id }, body: { org: { orgName: 'ACME' } } });
    expect(duplicate.json().duplicateNameWarning).toBe(true);
    expect((await call(w.as.owner, api.updateOrganization, { params: { orgId: org.id }, body: { org: { orgName: 'Renamed' } } })).json().duplicateNameWarning).toBe(false);
  });

  it('refuses a bad name with 10001 and a MEMBER with -6 naming the permission and the roles that have it', async () => {
    await expectRefusal(() => call(w.as.owner, api.updateOrganization, { params: { orgId: w.orgId }, body: { org: { orgName: 'x'.repeat(101) } } }), 400, 10001);
    const denied = await expectRefusal(() => call(w.as.member, api.updateOrganization, { params: { orgId: w.orgId }, body: { org: { orgName: 'Mine' } } }), 403, -6);
    expect(denied.neededPermissions).toEqual(['Organization.Setting.Update']);
    expect(denied.neededRoles).toEqual([
      { category: 'ORG_ROLE', roleName: 'ADMIN' },
      { category: 'ORG_ROLE', roleName: 'OWNER' },
    ]);
  });
});

describe('deleting an organization', () => {
  it('deletes it for its OWNER when the body repeats its name, with everything that belongs to it', async () => {
    const org = await createOrg(w.t.db, 'Short Lived', w.ids.owner!, [{ memberId: w.ids.member!, role: 'MEMBER' }]);
    await w.t.db.insert(orgDomains).values({ orgId: org.id, domainName: 'short-lived' });
    const response = await call(w.as.owner, api.deleteOrganization, { params: { orgId: org.id }, body: { orgName: 'Short Lived' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().orgId).toBe(org.id);
    expect(await w.t.db.select().from(organizations).where(eq(organizations.id, org.id))).toEqual([]);
    expect(await w.t.db.select().from(orgMembers).where(eq(orgMembers.orgId, org.id))).toEqual([]);
    expect(await w.t.db.select().from(orgDomains).where(eq(orgDomains.orgId, org.id))).toEqual([]);
    expect((await call(w.as.owner, api.getOrganization, { params: { orgId: org.id } })).json().header.resultCode).toBe(23005);
  });

  it('refuses a name that does not match with 10001 on body.orgName, in the caller\'s language', async () => {
    const org = await createOrg(w.t.db, 'Keep Me', w.ids.owner!);
    const body = await expectRefusal(() => call(w.as.owner, api.deleteOrganization, { params: { orgId: org.id }, body: { orgName: 'keep me' }, lang: 'ko_KR' }), 400, 10001);
    expect(body.fieldErrors).toEqual([{ field: 'body.orgName', message: '이름이 일치하지 않습니다. 조직 이름을 정확히 입력해 주세요.' }]);
    await expectRefusal(() => call(w.as.owner, api.deleteOrganization, { params: { orgId: org.id }, body: { orgName: '  ' } }), 400, 10001);
  });

  it('deletes it without a body, as spec §7 writes the call (also with a JSON content type and nothing sent)', async () => {
    const bare = await createOrg(w.t.db, 'No Body', w.ids.owner!);
    const response = await w.t.app.inject(w.as.owner.as({ method: 'DELETE', url: `/api/cab/v5/organizations/${bare.id}` }));
    expect(response.statusCode, response.body).toBe(200);
    expect(await w.t.db.select().from(organizations).where(eq(organizations.id, bare.id))).toEqual([]);
    const typed = await createOrg(w.t.db, 'Empty JSON', w.ids.owner!);
    const empty = await w.t.app.inject(
      w.as.owner.as({ method: 'DELETE', url: `/api/cab/v5/organizations/${typed.id}`, headers: { 'content-type': 'application/json' }, payload: '' }),
    );
    expect(empty.statusCode, empty.body).toBe(200);
    // The rules still hold without the name: OWNER only, no projects left.
    const busy = await createOrg(w.t.db, 'Busy Bare', w.ids.owner!);
    await createProject(w.t.db, busy.id, 'Kept', w.ids.owner!);
    expect((await w.t.app.inject(w.as.owner.as({ method: 'DELETE', url: `/api/cab/v5/organizations/${busy.id}` }))).json().header.isSuccessful).toBe(false);
    expect((await w.t.app.inject(w.as.admin.as({ method: 'DELETE', url: `/api/cab/v5/organizations/${w.orgId}` }))).json().header.resultCode).toBe(-6);
  });

  it('refuses with 21013, naming the projects, while the organization still has projects', async () => {
    const org = await createOrg(w.t.db, 'Busy', w.ids.owner!);
    const project = await createProject(w.t.db, org.id, 'Still Here', w.ids.owner!);
    const body = await expectRefusal(() => call(w.as.owner, api.deleteOrganization, { params: { orgId: org.id }, body: { orgName: 'Busy' } }), 400, 21013);
    expect(body.header.resultMessage).toBe('The organization cannot be deleted while it has projects. Delete its projects first.');
    await w.t.db.insert(projectProducts).values({ orgId: org.id, projectId: project.id, productId: 'compute' });
    await expectRefusal(() => call(w.as.owner, api.deleteOrganization, { params: { orgId: org.id }, body: { orgName: 'Busy' } }), 400, 21013);
  });

  it('refuses an ADMIN with -6: only the OWNER may delete', async () => {
    const body = await expectRefusal(() => call(w.as.admin, api.deleteOrganization, { params: { orgId: w.orgId }, body: { orgName: 'Acme' } }), 403, -6);
    expect(body.neededPermissions).toEqual(['Organization.Setting.Delete']);
    expect(body.neededRoles).toEqual([{ category: 'ORG_ROLE', roleName: 'OWNER' }]);
  });
});

describe('handing an organization over', () => {
  it('makes the new owner OWNER and the old one ADMIN', async () => {
    const from = await createMember(w.t.db, 'from@example.com');
    const to = await createMember(w.t.db, 'to@example.com');
    const org = await createOrg(w.t.db, 'Handover', from.id, [{ memberId: to.id, role: 'MEMBER' }]);
    const caller = await w.t.login(from.email, FIXTURE_PASSWORD);
    const response = await call(caller, api.transferOrganizationOwnership, { params: { orgId: org.id }, body: { ownerUuid: to.id } });
    expect(response.statusCode).toBe(200);
    expect(response.json().org).toMatchObject({ ownerUuid: to.id, isOrgOwner: false, orgRoleCodes: ['ADMIN'] });
    const roles = await w.t.db.select().from(orgMembers).where(eq(orgMembers.orgId, org.id));
    expect(roles.map((row) => [row.memberId, row.roleCode]).sort()).toEqual([[from.id, 'ADMIN'], [to.id, 'OWNER']].sort());
    // The new owner may now delete it; the old one may not.
    expect((await call(caller, api.deleteOrganization, { params: { orgId: org.id }, body: { orgName: 'Handover' } })).json().header.resultCode).toBe(-6);
    const newOwner = await w.t.login(to.email, FIXTURE_PASSWORD);
    expect((await call(newOwner, api.deleteOrganization, { params: { orgId: org.id }, body: { orgName: 'Handover' } })).statusCode).toBe(200);
  });

  it('refuses someone outside the organization (22019), the owner themself (10001) and an ADMIN caller (-6)', async () => {
    await expectRefusal(() => call(w.as.owner, api.transferOrganizationOwnership, { params: { orgId: w.orgId }, body: { ownerUuid: w.ids.outsider } }), 400, 22019);
    await expectRefusal(() => call(w.as.owner, api.transferOrganizationOwnership, { params: { orgId: w.orgId }, body: { ownerUuid: w.ids.owner } }), 400, 10001);
    await expectRefusal(() => call(w.as.owner, api.transferOrganizationOwnership, { params: { orgId: w.orgId }, body: { ownerUuid: 'not-a-uuid' } }), 400, 10001);
    const denied = await expectRefusal(() => call(w.as.admin, api.transferOrganizationOwnership, { params: { orgId: w.orgId }, body: { ownerUuid: w.ids.admin } }), 403, -6);
    expect(denied.neededPermissions).toEqual(['Organization.Owner.Update']);
  });

  it('respects ORG_TRANSFER on the owner and on the new owner, partner accounts and the new owner\'s quota', async () => {
    const restrictedOwner = await createMember(w.t.db, 'restricted-owner@example.com', { restrictTypes: ['ORG_TRANSFER'] });
    const plain = await createMember(w.t.db, 'plain@example.com');
    const restrictedTarget = await createMember(w.t.db, 'restricted-target@example.com', { restrictTypes: ['ORG_TRANSFER'] });
    const partner = await createMember(w.t.db, 'partner-target@example.com', { accountType: 'PARTNER' });
    const busy = await createMember(w.t.db, 'busy@example.com');
    for (const name of ['B1', 'B2', 'B3']) await createOrg(w.t.db, name, busy.id);
    const others = [plain, restrictedTarget, partner, busy].map((who) => ({ memberId: who.id, role: 'MEMBER' as const }));
    const locked = await createOrg(w.t.db, 'Locked', restrictedOwner.id, others);
    const open = await createOrg(w.t.db, 'Open', plain.id, others.filter((other) => other.memberId !== plain.id));

    const lockedCaller = await w.t.login(restrictedOwner.email, FIXTURE_PASSWORD);
    const byOwner = await expectRefusal(() => call(lockedCaller, api.transferOrganizationOwnership, { params: { orgId: locked.id }, body: { ownerUuid: plain.id } }), 400, 20005);
    expect(byOwner.restriction).toBe('ORG_TRANSFER');
    const openCaller = await w.t.login(plain.email, FIXTURE_PASSWORD);
    const toRestricted = await expectRefusal(() => call(openCaller, api.transferOrganizationOwnership, { params: { orgId: open.id }, body: { ownerUuid: restrictedTarget.id } }), 400, 20005);
    expect(toRestricted.restriction).toBe('ORG_TRANSFER');
    const toPartner = await expectRefusal(() => call(openCaller, api.transferOrganizationOwnership, { params: { orgId: open.id }, body: { ownerUuid: partner.id } }), 400, 20005);
    expect(toPartner.restriction).toBe('PARTNER_ACCOUNT');
    await expectRefusal(() => call(openCaller, api.transferOrganizationOwnership, { params: { orgId: open.id }, body: { ownerUuid: busy.id } }), 400, 22021);
  });
});

const regionsUrl = (orgId: string) => `/api/cab/v1/organizations/${orgId}/regions`;

describe('domains', () => {

  it('lists the domain for members who may read it, and refuses the others', async () => {
    for (const who of [w.as.owner, w.as.admin, w.as.member, w.as.billing]) {
      expect((await call(who, api.listOrgDomains, { params: { orgId: w.orgId } })).json().domains).toEqual([{ domainId: expect.any(String), domainName: 'acme-corp' }]);
    }
    expect((await call(w.as.iam, api.listOrgDomains, { params: { orgId: w.orgId } })).json().header.resultCode).toBe(-6);
    expect((await call(w.as.outsider, api.listOrgDomains, { params: { orgId: w.orgId } })).json().header.resultCode).toBe(23005);
  });

  it.each([
    ['ab', 22011],
    ['a'.repeat(41), 22011],
    ['-acme', 22011],
    ['acme_corp', 22011],
    ['acme.corp', 22011],
    ['한글도메인', 22011],
    ['admin', 22010],
    ['ADMIN', 22010],
    ['my-admin', 22010],
    ['support-team', 22010],
    ['w-w-w', 22010],
    ['OTHER-tenant', 22012],
  ])('checks %s: %i', async (domainName, code) => {
    const body = await expectRefusal(() => call(w.as.owner, api.validateOrgDomain, { params: { orgId: w.orgId }, body: { domainName } }), 400, code);
    expect(body.fieldErrors?.[0]?.field).toBe('body.domainName');
  });

  it('accepts a domain that only contains a prohibited word, and its own domain in another case', async () => {
    for (const domainName of ['badminton', 'attest-lab', '9lives', 'ACME-CORP']) {
      expect((await call(w.as.owner, api.validateOrgDomain, { params: { orgId: w.orgId }, body: { domainName } })).json()).toMatchObject({ domainName, available: true });
    }
    expect((await call(w.as.owner, api.validateOrgDomain, { params: { orgId: w.orgId }, body: { domainName: '' } })).json().header.resultCode).toBe(10001);
  });

  it('adds one domain, refuses a second (21014), changes it with PUT, and IAM sign-in follows', async () => {
    const org = await createOrg(w.t.db, 'Domain Org', w.ids.owner!);
    const orgUrl = `/api/cab/v5/organizations/${org.id}/domains`;
    const created = await call(w.as.owner, 'POST', orgUrl, { domainName: 'Domain-Org' });
    expect(created.statusCode).toBe(200);
    const domainId = created.json().domain.domainId as string;
    expect(created.json().domain).toEqual({ domainId, domainName: 'Domain-Org' });
    const second = await expectRefusal(() => call(w.as.owner, 'POST', orgUrl, { domainName: 'second-domain' }), 400, 21014);
    expect(second.header.resultMessage).toBe('An organization has one domain. Change the existing domain instead of adding another.');
    await expectRefusal(() => call(w.as.owner, 'PUT', `${orgUrl}/${domainId}`, { domainName: 'acme-corp' }), 400, 22012);
    await expectRefusal(() => call(w.as.owner, 'PUT', `${orgUrl}/${domainId}`, { domainName: 'root' }), 400, 22010);
    const [acmeDomain] = await w.t.db.select().from(orgDomains).where(eq(orgDomains.orgId, w.orgId));
    await expectRefusal(() => call(w.as.owner, 'PUT', `${orgUrl}/${acmeDomain!.id}`, { domainName: 'stolen' }), 404, 10404);
    const changed = await call(w.as.owner, 'PUT', `${orgUrl}/${domainId}`, { domainName: 'domain-org-2' });
    expect(changed.json().domain).toEqual({ domainId, domainName: 'domain-org-2' });
    await w.t.db.insert(iamMembers).values({
      orgId: org.id,
      userCode: 'iam.two',
      name: 'IAM Two',
      email: 'iam.two@example.com',
      passwordHash: (await w.t.db.select().from(members).where(eq(members.id, w.ids.owner!)))[0]!.passwordHash,
    });
    expect((await w.t.iamLogin('domain-org-2', 'iam.two', FIXTURE_PASSWORD)).cookies).toBeTruthy();
  });

  it('refuses a MEMBER adding or changing a domain with -6', async () => {
    const [domain] = await w.t.db.select().from(orgDomains).where(eq(orgDomains.orgId, w.orgId));
    expect((await expectRefusal(() => call(w.as.member, api.createOrgDomain, { params: { orgId: w.orgId }, body: { domainName: 'member-domain' } }), 403, -6)).neededPermissions).toEqual([
      'Organization.Domain.Create',
    ]);
    await expectRefusal(() => call(w.as.member, api.updateOrgDomain, { params: { orgId: w.orgId, domainId: domain!.id }, body: { domainName: 'member-domain' } }), 403, -6);
    await expectRefusal(() => call(w.as.billing, api.validateOrgDomain, { params: { orgId: w.orgId }, body: { domainName: 'member-domain' } }), 403, -6);
  });
});

describe('choosing regions', () => {

  it('sets the regions, keeps GLOBAL, drops duplicates, and answers them by priority with their names', async () => {
    const org = await createOrg(w.t.db, 'Regions Org', w.ids.owner!);
    const response = await call(w.as.owner, 'PUT', regionsUrl(org.id), { regionCodeList: ['JP1', 'KR2', 'JP1'] });
    expect(response.statusCode).toBe(200);
    expect(response.json().regionCodeList).toEqual(['GLOBAL', 'KR2', 'JP1']);
    expect(response.json().regions[2]).toMatchObject({ regionCode: 'JP1', regionNames: { ko: '일본(도쿄)', ja: '日本(東京)' } });
    const stored = await w.t.db.select().from(orgRegions).where(eq(orgRegions.orgId, org.id));
    expect(stored.map((row) => row.regionCode).sort()).toEqual(['GLOBAL', 'JP1', 'KR2']);
    expect((await call(w.as.owner, api.listRegions, { query: { orgId: org.id } })).json().regionCodeList).toEqual(['GLOBAL', 'KR2', 'JP1']);
  });

  it('refuses GLOBAL alone, nothing, and unknown codes with 10001, changing nothing', async () => {
    const globalOnly = await expectRefusal(() => call(w.as.owner, 'PUT', regionsUrl(w.orgId), { regionCodeList: ['GLOBAL'] }), 400, 10001);
    expect(globalOnly.fieldErrors).toEqual([{ field: 'body.regionCodeList', message: 'Choose at least one region other than GLOBAL.' }]);
    await expectRefusal(() => call(w.as.owner, 'PUT', regionsUrl(w.orgId), { regionCodeList: [] }), 400, 10001);
    await expectRefusal(() => call(w.as.owner, 'PUT', regionsUrl(w.orgId), { regionCodeList: ['KR1', 'MARS1'] }), 400, 10001);
  });

  it('lets OWNER and ADMIN choose, refuses MEMBER with -6 and an outsider with 23005', async () => {
    expect((await call(w.as.admin, 'PUT', regionsUrl(w.orgId), { regionCodeList: ['KR1'] })).statusCode).toBe(200);
    await expectRefusal(() => call(w.as.member, 'PUT', regionsUrl(w.orgId), { regionCodeList: ['KR1', 'KR2'] }), 403, -6);
    await expectRefusal(() => call(w.as.outsider, 'PUT', regionsUrl(w.orgId), { regionCodeList: ['KR1', 'KR2'] }), 404, 23005);
  });
});

describe("the caller's roles (GET self/roles)", () => {

  it('answers the roles and their permissions, which the console uses to enable actions', async () => {
    const ownerRoles = (await call(w.as.owner, api.getOrgSelfRoles, { params: { orgId: w.orgId } })).json();
    expect(ownerRoles.roles).toEqual([{ category: 'ORG_ROLE', roleName: 'OWNER', categoryKey: w.orgId }]);
    expect(ownerRoles.permissions).toContain('Organization.Setting.Delete');
    const memberRoles = (await call(w.as.member, api.getOrgSelfRoles, { params: { orgId: w.orgId } })).json();
    expect(memberRoles.permissions).toEqual([...BUILT_IN_ORG_ROLES.MEMBER].sort());
    const iamRoles = (await call(w.as.iam, api.getOrgSelfRoles, { params: { orgId: w.orgId } })).json();
    expect(iamRoles).toMatchObject({ roles: [], permissions: [] });
    expect((await call(w.as.outsider, api.getOrgSelfRoles, { params: { orgId: w.orgId } })).json().header.resultCode).toBe(23005);
  });

  it('follows a role change at once (nothing is cached)', async () => {
    await w.t.db.update(orgMembers).set({ roleCode: 'ADMIN' }).where(and(eq(orgMembers.orgId, w.orgId), eq(orgMembers.memberId, w.ids.billing!)));
    expect((await call(w.as.billing, api.getOrgSelfRoles, { params: { orgId: w.orgId } })).json().permissions).toContain('Organization.Setting.Update');
    await w.t.db.update(orgMembers).set({ roleCode: 'BILLING_VIEWER' }).where(and(eq(orgMembers.orgId, w.orgId), eq(orgMembers.memberId, w.ids.billing!)));
    expect((await call(w.as.billing, api.getOrgSelfRoles, { params: { orgId: w.orgId } })).json().permissions).not.toContain('Organization.Setting.Update');
  });
});
