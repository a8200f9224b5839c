import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/passwords.ts';
import { iamMembers, members, orgDomains, orgIpAcls, orgMembers, organizations, orgRegions, projects } from '../../db/schema/index.ts';
import { DEMO_DOMAIN, DEMO_IAM, DEMO_PASSWORD, seedDemoData } from '../../demo/seed.ts';
import { buildTestApp, type Caller, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let demoOrgId: string;
let otherOrgId: string;
let otherProjectId: string;
let owner: Caller;
let member: Caller;
let iam: Caller;
let outsider: Caller;

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  await seedDemoData(t.db);
  // A second tenant with its own owner, project and IAM account.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [other] = await t.db.insert(members).values({ email: 'other@tenant.example.com', name: 'Other', passwordHash }).returning();
  const [org] = await t.db.insert(organizations).values({ name: 'Other Tenant', ownerMemberId: other!.id }).returning();
  otherOrgId = org!.id;
  await t.db.insert(orgMembers).values({ orgId: otherOrgId, memberId: other!.id, roleCode: 'OWNER' });
  await t.db.insert(orgDomains).values({ orgId: otherOrgId, domainName: 'other-tenant' });
  await t.db.insert(orgRegions).values({ orgId: otherOrgId, regionCode: 'KR1' });
  await t.db.insert(iamMembers).values({ orgId: otherOrgId, userCode: DEMO_IAM.userCode, name: 'Twin', email: 'twin@tenant.example.com', passwordHash });
  const [project] = await t.db.insert(projects).values({ orgId: otherOrgId, name: 'Secret', ownerMemberId: other!.id }).returning();
  otherProjectId = project!.id;

  owner = await t.login('owner@demo.example.com', DEMO_PASSWORD);
  member = await t.login('member@demo.example.com', DEMO_PASSWORD);
  iam = await t.iamLogin(DEMO_DOMAIN, DEMO_IAM.userCode, DEMO_PASSWORD);
  outsider = await t.login('other@tenant.example.com', DEMO_PASSWORD);
  const list = await t.app.inject(owner.as({ method: 'GET', url: '/api/cab/v7/organizations' }));
  demoOrgId = list.json().orgs[0].orgId;
});

const get = (caller: Caller, url: string) => t.app.inject(caller.as({ method: 'GET', url }));

describe('organizations', () => {
  it("lists only the caller's organizations, with their roles and domains", async () => {
    const body = (await get(owner, '/api/cab/v7/organizations')).json();
    expect(body.paging.totalCount).toBe(1);
    expect(body.orgs).toEqual([
      expect.objectContaining({
        orgId: demoOrgId,
        orgName: 'Demo Organization',
        isOrgOwner: true,
        hasRoleInOrg: true,
        orgRoleCodes: ['OWNER'],
        orgDomainList: [expect.objectContaining({ domainName: DEMO_DOMAIN })],
      }),
    ]);
    const memberOrgs = (await get(member, '/api/cab/v7/organizations')).json().orgs;
    expect(memberOrgs.map((org: { orgRoleCodes: string[] }) => org.orgRoleCodes)).toEqual([['MEMBER']]);
    expect(memberOrgs[0].isOrgOwner).toBe(false);
  });

  it('answers 23005 for another tenant\'s organization, the same as a missing one', async () => {
    const foreign = await get(owner, `/api/cab/v7/organizations/${otherOrgId}`);
    const missing = await get(owner, '/api/cab/v7/organizations/00000000-0000-4000-8000-000000000000');
    for (const response of [foreign, missing]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().header.resultCode).toBe(23005);
      expect(response.body).not.toContain('Other Tenant');
    }
  });

  it('gives an IAM account its own organization only', async () => {
    const body = (await get(iam, '/api/cab/v7/organizations')).json();
    expect(body.orgs.map((org: { orgId: string }) => org.orgId)).toEqual([demoOrgId]);
    expect((await get(iam, `/api/cab/v7/organizations/${otherOrgId}`)).json().header.resultCode).toBe(23005);
  });

  it('answers 10001 with a field error for an org id that is not a UUID', async () => {
    const response = await get(owner, '/api/cab/v7/organizations/not-a-uuid');
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[0].field).toBe('params.orgId');
  });
});

describe('projects', () => {
  it('shows an OWNER every project of the organization, oldest then by name, paginated on the server', async () => {
    const page1 = (await get(owner, `/api/cab/v5/projects?orgId=${demoOrgId}&page=1&limit=1`)).json();
    const page2 = (await get(owner, `/api/cab/v5/projects?orgId=${demoOrgId}&page=2&limit=1`)).json();
    expect(page1.paging).toEqual({ page: 1, limit: 1, totalCount: 2 });
    expect([page1.projects[0].projectName, page2.projects[0].projectName]).toEqual(['Data Platform', 'Web Service']);
    expect(page1.projects[0].projectMemberRoleCodes).toEqual(['ADMIN']);
  });

  it('shows a MEMBER only the projects they belong to, with their project roles', async () => {
    const body = (await get(member, `/api/cab/v5/projects?orgId=${demoOrgId}`)).json();
    expect(body.projects.map((project: { projectName: string }) => project.projectName)).toEqual(['Web Service']);
    expect(body.projects[0].projectMemberRoleCodes).toEqual(['MEMBER']);
    const dataPlatform = (await get(owner, `/api/cab/v5/projects?orgId=${demoOrgId}`))
      .json()
      .projects.find((project: { projectName: string }) => project.projectName === 'Data Platform');
    expect((await get(member, `/api/cab/v5/projects/${dataPlatform.projectId}`)).json().header.resultCode).toBe(40017);
  });

  it("answers 40017 for another tenant's project and never lists it", async () => {
    const response = await get(owner, `/api/cab/v5/projects/${otherProjectId}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().header.resultCode).toBe(40017);
    expect((await get(outsider, `/api/cab/v5/projects/${otherProjectId}`)).json().project.projectName).toBe('Secret');
    expect((await get(outsider, `/api/cab/v5/projects?orgId=${demoOrgId}`)).json().header.resultCode).toBe(23005);
  });

  it('shows an IAM account the projects it is a member of', async () => {
    const body = (await get(iam, `/api/cab/v5/projects?orgId=${demoOrgId}`)).json();
    expect(body.projects.map((project: { projectName: string }) => project.projectName)).toEqual(['Data Platform']);
  });
});

describe('regions and the IP access check', () => {
  it("lists the organization's regions by regionPriority, GLOBAL included for the web to hide", async () => {
    const response = await get(owner, `/api/cab/v1/regions?orgId=${demoOrgId}`);
    const body = response.json();
    expect(body.regionCodeList).toEqual(['GLOBAL', 'KR1', 'KR2', 'JP1']);
    expect(body.regions[1]).toEqual({
      regionCode: 'KR1',
      regionName: 'Korea (Pangyo)',
      regionIconName: 'kor',
      regionPriority: 1,
      regionNames: { ko: '한국(판교)', en: 'Korea (Pangyo)', ja: '韓国(板橋)', zh: '韩国(板桥)' },
    });
    // Spec §7: cached, per user.
    expect(response.headers['cache-control']).toBe('private, max-age=60');
    expect(response.headers.vary).toContain('cookie');
  });

  it('allows any address when the organization has no IP rules, and applies rules once there are', async () => {
    const url = `/api/cab/v4/organizations/${demoOrgId}/ip-acl/validate`;
    expect((await get(owner, url)).json()).toMatchObject({ allowed: true, clientIp: '127.0.0.1' });
    await t.db.insert(orgIpAcls).values({ orgId: demoOrgId, selection: 'SETTING', ips: ['10.0.0.0/8'] });
    expect((await get(owner, url)).json()).toMatchObject({ allowed: false, clientIp: '127.0.0.1' });
    await t.db.update(orgIpAcls).set({ ips: ['10.0.0.0/8', '127.0.0.0/8'] });
    expect((await get(owner, url)).json().allowed).toBe(true);
  });
});
