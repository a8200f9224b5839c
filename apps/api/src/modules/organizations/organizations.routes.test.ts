import * as api from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { orgIpAcls } from '../../db/schema/index.ts';
import { DEMO_DOMAIN, DEMO_IAM, DEMO_PASSWORD, seedDemoData } from '../../demo/seed.ts';
import type { Caller } from '../../test/helper.ts';
import { worldOf } from '../../test/world.ts';

/**
 * What the demo seed gives its accounts (this file tests the seed, so they sign in as the demo
 * accounts), beside a second tenant of the world's: its own owner, project and an IAM account
 * with the demo IAM account's user code.
 */
const w = worldOf({
  mailDomain: 'tenant.example.com',
  nameOf: () => 'Other',
  org: { name: 'Other Tenant', domain: 'other-tenant' },
  roles: { other: 'OWNER' },
  iam: { twin: { userCode: DEMO_IAM.userCode, name: 'Twin', email: 'twin@tenant.example.com' } },
  projects: { secret: { name: 'Secret' } },
  signIn: ['other'],
});
let demoOrgId: string;
let owner: Caller;
let member: Caller;
let iam: Caller;

beforeAll(async () => {
  await seedDemoData(w.t.db);
  owner = await w.t.login('owner@demo.example.com', DEMO_PASSWORD);
  member = await w.t.login('member@demo.example.com', DEMO_PASSWORD);
  iam = await w.t.iamLogin(DEMO_DOMAIN, DEMO_IAM.userCode, DEMO_PASSWORD);
  demoOrgId = (await w.t.call(owner, api.listOrganizations)).json().orgs[0].orgId;
});

describe('organizations', () => {
  it("lists only the caller's organizations, with their roles and domains", async () => {
    const body = (await w.t.call(owner, api.listOrganizations)).json();
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
    const memberOrgs = (await w.t.call(member, api.listOrganizations)).json().orgs;
    expect(memberOrgs.map((org: { orgRoleCodes: string[] }) => org.orgRoleCodes)).toEqual([['MEMBER']]);
    expect(memberOrgs[0].isOrgOwner).toBe(false);
  });

  it('answers 23005 for another tenant\'s organization, the same as a missing one', async () => {
    const foreign = await w.t.call(owner, api.getOrganization, { params: { orgId: w.orgId } });
    const missing = await w.t.call(owner, api.getOrganization, { params: { orgId: '00000000-0000-4000-8000-000000000000' } });
    for (const response of [foreign, missing]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().header.resultCode).toBe(23005);
      expect(response.body).not.toContain('Other Tenant');
    }
  });

  it('gives an IAM account its own organization only', async () => {
    const body = (await w.t.call(iam, api.listOrganizations)).json();
    expect(body.orgs.map((org: { orgId: string }) => org.orgId)).toEqual([demoOrgId]);
    expect((await w.t.call(iam, api.getOrganization, { params: { orgId: w.orgId } })).json().header.resultCode).toBe(23005);
  });

  it('answers 10001 with a field error for an org id that is not a UUID', async () => {
    const response = await w.t.call(owner, api.getOrganization, { params: { orgId: 'not-a-uuid' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[0].field).toBe('params.orgId');
  });
});

describe('projects', () => {
  it('shows an OWNER every project of the organization, oldest then by name, paginated on the server', async () => {
    const page1 = (await w.t.call(owner, api.listProjects, { query: { orgId: demoOrgId, page: 1, limit: 1 } })).json();
    const page2 = (await w.t.call(owner, api.listProjects, { query: { orgId: demoOrgId, page: 2, limit: 1 } })).json();
    expect(page1.paging).toEqual({ page: 1, limit: 1, totalCount: 2 });
    expect([page1.projects[0].projectName, page2.projects[0].projectName]).toEqual(['Data Platform', 'Web Service']);
    expect(page1.projects[0].projectMemberRoleCodes).toEqual(['ADMIN']);
  });

  it('shows a MEMBER only the projects they belong to, with their project roles', async () => {
    const body = (await w.t.call(member, api.listProjects, { query: { orgId: demoOrgId } })).json();
    expect(body.projects.map((project: { projectName: string }) => project.projectName)).toEqual(['Web Service']);
    expect(body.projects[0].projectMemberRoleCodes).toEqual(['MEMBER']);
    const dataPlatform = (await w.t.call(owner, api.listProjects, { query: { orgId: demoOrgId } }))
      .json()
      .projects.find((project: { projectName: string }) => project.projectName === 'Data Platform');
    expect((await w.t.call(member, api.getProject, { params: { projectId: dataPlatform.projectId } })).json().header.resultCode).toBe(40017);
  });

  it("answers 40017 for another tenant's project and never lists it", async () => {
    const response = await w.t.call(owner, api.getProject, { params: { projectId: w.projects.secret } });
    expect(response.statusCode).toBe(404);
    expect(response.json().header.resultCode).toBe(40017);
    expect((await w.t.call(w.as.other, api.getProject, { params: { projectId: w.projects.secret } })).json().project.projectName).toBe('Secret');
    expect((await w.t.call(w.as.other, api.listProjects, { query: { orgId: demoOrgId } })).json().header.resultCode).toBe(23005);
  });

  it('shows an IAM account the projects it is a member of', async () => {
    const body = (await w.t.call(iam, api.listProjects, { query: { orgId: demoOrgId } })).json();
    expect(body.projects.map((project: { projectName: string }) => project.projectName)).toEqual(['Data Platform']);
  });
});

describe('regions and the IP access check', () => {
  it("lists the organization's regions by regionPriority, GLOBAL included for the web to hide", async () => {
    const response = await w.t.call(owner, api.listRegions, { query: { orgId: demoOrgId } });
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
    const validate = () => w.t.call(owner, api.validateIpAcl, { params: { orgId: demoOrgId } });
    expect((await validate()).json()).toMatchObject({ allowed: true, clientIp: '127.0.0.1' });
    await w.t.db.insert(orgIpAcls).values({ orgId: demoOrgId, selection: 'SETTING', ips: ['10.0.0.0/8'] });
    expect((await validate()).json()).toMatchObject({ allowed: false, clientIp: '127.0.0.1' });
    await w.t.db.update(orgIpAcls).set({ ips: ['10.0.0.0/8', '127.0.0.0/8'] });
    expect((await validate()).json().allowed).toBe(true);
  });
});
