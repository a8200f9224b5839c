import * as api from '@console/contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { governanceBreakGlass, orgIpAcls } from '../../db/schema/index.ts';
import { FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { type Caller } from '../../test/helper.ts';
import { worldOf } from '../../test/world.ts';

/** Addresses the offline database places in a country (checked in geo-country.test.ts). */
const KR_IP = '211.234.100.1';
const US_IP = '8.8.8.8';
const JP_IP = '133.242.0.1';

const w = worldOf({
  mailDomain: 'gov.example.com',
  org: { name: 'Gov Co' },
  roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', outsider: null },
  otherOrg: { name: 'Other Co' },
  projects: { main: { name: 'Main', members: { member: ['MEMBER'] } } },
});

/** The same caller, calling from another address (the socket's: no proxy is trusted here). */
const from = (who: Caller, remoteAddress: string): Caller => ({ ...who, as: (options) => who.as({ ...options, remoteAddress }) });

const saveIpAcl = (who: Caller, body: object) => w.t.call(who, api.saveIpAcl, { params: { orgId: w.orgId }, body });
const saveCountry = (who: Caller, body: object) => w.t.call(who, api.saveCountryIpAcl, { params: { orgId: w.orgId }, body });
const orgCall = (who: Caller) => w.t.call(who, api.getOrganization, { params: { orgId: w.orgId } });
const projectCall = (who: Caller) => w.t.call(who, api.getProject, { params: { projectId: w.projects.main } });
const off = async () => {
  await w.t.db.update(orgIpAcls).set({ selection: 'NO_SETTING' });
  await saveCountry(w.as.owner, { settingType: 'UNUSE', countryCodeList: [] });
};

describe('IP ACL (v4 products/ip-acl)', () => {
  it('answers NO_SETTING and the COMMON type before anything is saved', async () => {
    const response = await w.t.call(w.as.admin, api.getIpAcl, { params: { orgId: w.orgId } });
    expect(response.json().ipAcl).toEqual({ ipAclTypeCode: 'COMMON', productId: null, ipAclSelection: 'NO_SETTING', ips: [], modDatetime: null });
  });

  it('refuses a malformed IP, a redundant one and SETTING without IPs, next to the field, changing nothing', async () => {
    const bad = await w.t.expectRefusal(() => saveIpAcl(w.as.admin, { ipAclTypeCode: 'COMMON', ipAclSelection: 'SETTING', ips: ['10.0.0.1', '300.1.1.1'] }), 400, 10001);
    expect(bad.fieldErrors).toContainEqual({ field: 'body.ips.1', message: 'The IP format is incorrect.' });
    const masked = await w.t.expectRefusal(() => saveIpAcl(w.as.admin, { ipAclTypeCode: 'COMMON', ipAclSelection: 'SETTING', ips: ['10.0.0.0/33'] }), 400, 10001);
    expect(masked.fieldErrors![0]!.message).toBe('The IP format is incorrect.');
    const twice = await w.t.expectRefusal(() => saveIpAcl(w.as.admin, { ipAclTypeCode: 'COMMON', ipAclSelection: 'SETTING', ips: ['10.0.0.1', '10.0.0.1/32'] }), 400, 10001);
    expect(twice.fieldErrors).toContainEqual({ field: 'body.ips.1', message: 'IP address is redundant.' });
    const none = await w.t.expectRefusal(() => saveIpAcl(w.as.admin, { ipAclTypeCode: 'COMMON', ipAclSelection: 'SETTING', ips: [] }), 400, 10001);
    expect(none.fieldErrors![0]!.field).toBe('body.ips');
    const tooMany = Array.from({ length: 101 }, (_, index) => `10.0.${index}.1`);
    await w.t.expectRefusal(() => saveIpAcl(w.as.admin, { ipAclTypeCode: 'COMMON', ipAclSelection: 'SETTING', ips: tooMany }), 400, 10001);
    await w.t.expectRefusal(() => saveIpAcl(w.as.admin, { ipAclTypeCode: 'COMMON', productId: 'x', ipAclSelection: 'SETTING', ips: ['10.0.0.1'] }), 400, 10001);
  });

  it('needs Governance.IpAcl Create and List: a MEMBER gets -6, another organization not-found', async () => {
    const body = { ipAclTypeCode: 'COMMON', ipAclSelection: 'SETTING', ips: ['127.0.0.1'] };
    const denied = await w.t.expectRefusal(() => saveIpAcl(w.as.member, body), 403, -6);
    expect(denied.neededPermissions).toEqual(['Organization.Governance.IpAcl.Create', 'Organization.Governance.IpAcl.List']);
    await w.t.expectRefusal(() => w.t.call(w.as.member, api.getIpAcl, { params: { orgId: w.orgId } }), 403, -6);
    await w.t.expectRefusal(() => saveIpAcl(w.as.outsider, body), 404, 23005);
    await w.t.expectRefusal(() => w.t.call(w.as.owner, api.getIpAcl, { params: { orgId: w.otherOrgId } }), 404, 23005);
  });

  it('refuses, unconfirmed, a rule that locks the caller out; with the organization name typed it saves and is enforced on org and project calls', async () => {
    const body = { ipAclTypeCode: 'COMMON', ipAclSelection: 'SETTING', ips: ['10.1.0.0/16'] };
    const refused = await w.t.expectRefusal(() => saveIpAcl(w.as.admin, body), 400, 23101);
    expect(refused).toMatchObject({ clientIp: '127.0.0.1', confirmationText: 'Gov Co' });
    await w.t.expectRefusal(() => saveIpAcl(w.as.admin, { ...body, confirmLockout: 'gov co' }), 400, 23101);
    const saved = await saveIpAcl(w.as.admin, { ...body, confirmLockout: 'Gov Co' });
    expect(saved.json().ipAcl).toMatchObject({ ipAclSelection: 'SETTING', ips: ['10.1.0.0/16'] });

    for (const call of [orgCall, projectCall]) {
      const blocked = await call(w.as.member);
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ header: { resultCode: -8 }, clientIp: '127.0.0.1' });
      expect((await call(from(w.as.member, '10.1.2.3'))).statusCode).toBe(200);
    }
    // The rules themselves are locked too (only break-glass lifts them); validate answers instead of refusing.
    expect((await w.t.call(w.as.admin, api.getIpAcl, { params: { orgId: w.orgId } })).json().header.resultCode).toBe(-8);
    expect((await w.t.call(w.as.admin, api.validateIpAcl, { params: { orgId: w.orgId } })).json()).toMatchObject({ allowed: false, clientIp: '127.0.0.1' });
    // Another organization is not affected.
    expect((await w.t.call(w.as.outsider, api.getOrganization, { params: { orgId: w.otherOrgId } })).statusCode).toBe(200);
    // From inside, the admin sets NO_SETTING again.
    const inside = from(w.as.admin, '10.1.0.9');
    expect((await saveIpAcl(inside, { ipAclTypeCode: 'COMMON', ipAclSelection: 'NO_SETTING', ips: ['10.1.0.0/16'] })).statusCode).toBe(200);
    expect((await orgCall(w.as.member)).statusCode).toBe(200);
    const kept = await w.t.call(w.as.admin, api.getIpAcl, { params: { orgId: w.orgId } });
    expect(kept.json().ipAcl).toMatchObject({ ipAclSelection: 'NO_SETTING', ips: ['10.1.0.0/16'] });
  });

  it('keeps a per-product list under the INDIVIDUAL type (an unknown product is refused)', async () => {
    await w.t.expectRefusal(() => saveIpAcl(w.as.admin, { ipAclTypeCode: 'INDIVIDUAL', productId: 'no-such-product', ipAclSelection: 'SETTING', ips: ['10.0.0.1'] }), 400, 10001);
  });
});

describe('country rule (governances/country-ip-acl) and v4 governances', () => {
  it('needs at least one allowed country and known codes', async () => {
    const none = await w.t.expectRefusal(() => saveCountry(w.as.admin, { settingType: 'USE', countryCodeList: [] }), 400, 10001);
    expect(none.fieldErrors![0]!).toEqual({ field: 'body.countryCodeList', message: 'Select at least one allowed country.' });
    await w.t.expectRefusal(() => saveCountry(w.as.admin, { settingType: 'USE', countryCodeList: ['QQ'] }), 400, 10001);
    await w.t.expectRefusal(() => saveCountry(w.as.member, { settingType: 'USE', countryCodeList: ['KR'] }), 403, -6);
    await w.t.expectRefusal(() => w.t.call(w.as.owner, api.getCountryIpAcl, { params: { orgId: w.otherOrgId } }), 404, 23005);
  });

  it('blocks a caller from a country not allowed with -14 on org and project calls; unknown (private) addresses pass', async () => {
    // The admin calls from Korea: allowing KR and JP does not lock them out.
    const fromKr = from(w.as.admin, KR_IP);
    const saved = await saveCountry(fromKr, { settingType: 'USE', countryCodeList: ['kr', 'JP', 'KR'] });
    expect(saved.json().countryIpAcl).toMatchObject({ settingType: 'USE', countryCodeList: ['KR', 'JP'] });
    for (const call of [orgCall, projectCall]) {
      const blocked = await call(from(w.as.member, US_IP));
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ header: { resultCode: -14 }, clientIp: US_IP, countryCode: 'US' });
      expect((await call(from(w.as.member, JP_IP))).statusCode).toBe(200);
      expect((await call(w.as.member)).statusCode).toBe(200);
      // IPv6 too: Google Public DNS's address is in the US, a Korean block in KR.
      const blocked6 = await call(from(w.as.member, '2001:4860:4860::8888'));
      expect(blocked6.json()).toMatchObject({ header: { resultCode: -14 }, clientIp: '2001:4860:4860::8888', countryCode: 'US' });
      expect((await call(from(w.as.member, '2001:230::1'))).statusCode).toBe(200);
      expect((await call(from(w.as.member, 'fd00::1'))).statusCode).toBe(200);
    }
    // Saving from the US would lock the admin out: confirmation needed.
    await w.t.expectRefusal(() => saveCountry(from(w.as.admin, JP_IP), { settingType: 'USE', countryCodeList: ['KR'] }), 400, 23101);
    // The same rule through v4 governances (FOREIGN_ACCESS_BLOCK).
    const list = await w.t.call(w.as.admin, api.listGovernances, { query: { scopeType: 'ORG', scopeId: w.orgId } });
    expect(list.json().governances).toContainEqual(expect.objectContaining({ governanceType: 'FOREIGN_ACCESS_BLOCK', settingType: 'USE', countryCodeList: ['KR', 'JP'] }));
    const viaV4 = await w.t.call(w.as.admin, api.saveGovernance, { body: { scopeType: 'ORG', scopeId: w.orgId, governanceType: 'FOREIGN_ACCESS_BLOCK', settingType: 'UNUSE' } });
    expect(viaV4.json().governance).toMatchObject({ settingType: 'UNUSE', countryCodeList: ['KR', 'JP'] });
    expect((await orgCall(from(w.as.member, US_IP))).statusCode).toBe(200);
  });

  it('v4 governances: each type UNUSE until set; USE and UNUSE saved; a MEMBER and another organization refused', async () => {
    const list = await w.t.call(w.as.owner, api.listGovernances, { query: { scopeType: 'ORG', scopeId: w.orgId } });
    expect(list.json().governances.map((g: { governanceType: string }) => g.governanceType)).toEqual([...api.GOVERNANCE_TYPES]);
    for (const governanceType of ['APPROVE_PROCESS', 'IAAS_RESOURCE_PROTECTION', 'UNIQUE_INSTANCE_NAME']) {
      const saved = await w.t.call(w.as.admin, api.saveGovernance, { body: { scopeType: 'ORG', scopeId: w.orgId, governanceType, settingType: 'USE' } });
      expect(saved.json().governance).toMatchObject({ governanceType, settingType: 'USE' });
    }
    const fb = await w.t.expectRefusal(
      () => w.t.call(w.as.admin, api.saveGovernance, { body: { scopeType: 'ORG', scopeId: w.orgId, governanceType: 'FOREIGN_ACCESS_BLOCK', settingType: 'USE', countryCodeList: [] } }),
      400,
      10001,
    );
    expect(fb.fieldErrors![0]!.field).toBe('body.countryCodeList');
    await w.t.expectRefusal(() => w.t.call(w.as.member, api.saveGovernance, { body: { scopeType: 'ORG', scopeId: w.orgId, governanceType: 'APPROVE_PROCESS', settingType: 'UNUSE' } }), 403, -6);
    await w.t.expectRefusal(() => w.t.call(w.as.admin, api.listGovernances, { query: { scopeType: 'ORG', scopeId: w.otherOrgId } }), 404, 23005);
    await w.t.expectRefusal(() => w.t.call(w.as.admin, api.listGovernances, { query: { scopeType: 'ORG', scopeId: w.orgId, uuid: 'someone-else' } }), 400, 10001);
  });

  it('privacy protection: IPs added, redundant refused, deleted; is-allow-ip answers by the setting', async () => {
    const change = (body: object) => w.t.call(w.as.admin, api.changePrivacyProtect, { params: { orgId: w.orgId }, body });
    expect((await change({ changeType: 'ADD', ips: ['192.168.0.0/24'] })).json().privacyProtect).toEqual({ settingType: 'UNUSE', ips: ['192.168.0.0/24'] });
    const twice = await w.t.expectRefusal(() => change({ changeType: 'ADD', ips: ['192.168.0.0/24'] }), 400, 10001);
    expect(twice.fieldErrors![0]!.message).toBe('IP address is redundant.');
    const ask = async (clientIp?: string) => (await w.t.call(w.as.member, api.isPrivacyAllowedIp, { params: { orgId: w.orgId }, body: clientIp ? { clientIp } : {} })).json();
    expect(await ask('10.0.0.1')).toEqual(expect.objectContaining({ isAllowed: true }));
    await w.t.call(w.as.admin, api.saveGovernance, { body: { scopeType: 'ORG', scopeId: w.orgId, governanceType: 'PRIVACY_PROTECTION', settingType: 'USE' } });
    expect(await ask('10.0.0.1')).toEqual(expect.objectContaining({ clientIp: '10.0.0.1', isAllowed: false }));
    expect(await ask('192.168.0.7')).toEqual(expect.objectContaining({ isAllowed: true }));
    expect((await ask()).clientIp).toBe('127.0.0.1');
    expect((await change({ changeType: 'DELETE', ips: ['192.168.0.0/24'] })).json().privacyProtect.ips).toEqual([]);
    await w.t.expectRefusal(() => w.t.call(w.as.member, api.changePrivacyProtect, { params: { orgId: w.orgId }, body: { changeType: 'ADD', ips: ['10.0.0.1'] } }), 403, -6);
    await w.t.call(w.as.admin, api.saveGovernance, { body: { scopeType: 'ORG', scopeId: w.orgId, governanceType: 'PRIVACY_PROTECTION', settingType: 'UNUSE' } });
  });

  it("privacy protection in use: others' personal data is masked from an address not on its list, plain from one on it", async () => {
    await off();
    expect((await w.t.call(w.as.admin, api.updateProject, { params: { projectId: w.projects.main }, body: { projectName: 'Main', description: 'privacy' } })).statusCode).toBe(200);
    const actorNames = async (who: Caller) => {
      const answer = (await w.t.call(who, api.listOrgActivities, { params: { orgId: w.orgId }, query: { actionCode: 'PROJECT_UPDATE' } })).json();
      return answer.activities.map((row: { actor: { name: string } }) => row.actor.name) as string[];
    };
    const [plainName] = await actorNames(w.as.owner);
    expect(plainName).toBeTruthy();
    expect(plainName).not.toContain('*');

    await w.t.call(w.as.admin, api.changePrivacyProtect, { params: { orgId: w.orgId }, body: { changeType: 'REPLACE', ips: ['10.0.0.0/8'] } });
    await w.t.call(w.as.admin, api.saveGovernance, { body: { scopeType: 'ORG', scopeId: w.orgId, governanceType: 'PRIVACY_PROTECTION', settingType: 'USE' } });
    // From 127.0.0.1 (not on the list) the OWNER sees the ADMIN's name masked; from 10.1.1.1, plain.
    const [masked] = await actorNames(w.as.owner);
    expect(masked).not.toBe(plainName);
    expect(masked).toContain('*');
    expect((await actorNames(from(w.as.owner, '10.1.1.1')))[0]).toBe(plainName);
    // One's own data stays plain: the ADMIN sees their own name.
    expect((await actorNames(w.as.admin))[0]).toBe(plainName);

    await w.t.call(w.as.admin, api.saveGovernance, { body: { scopeType: 'ORG', scopeId: w.orgId, governanceType: 'PRIVACY_PROTECTION', settingType: 'UNUSE' } });
    expect((await actorNames(w.as.owner))[0]).toBe(plainName);
  });
});

const unique = (settingType: 'USE' | 'UNUSE') =>
  w.t.call(w.as.admin, api.saveGovernance, { body: { scopeType: 'ORG', scopeId: w.orgId, governanceType: 'UNIQUE_INSTANCE_NAME', settingType } });
const create = (projectName: string) => w.t.call(w.as.admin, api.createProject, { body: { orgId: w.orgId, projectName } });

describe('unique instance name (UNIQUE_INSTANCE_NAME) on the console\'s own named resources: projects', () => {

  it('in use, a name another project of the organization has is refused (60004 next to the field), creating and renaming; off, only warned', async () => {
    await off();
    expect((await unique('UNUSE')).statusCode).toBe(200);
    const side = await create('Side');
    expect(side.statusCode, side.body).toBe(200);
    const sideId = side.json().project.projectId as string;
    expect((await create('Side')).json().duplicateNameWarning).toBe(true);
    const before = (await w.t.call(w.as.admin, api.listProjects, { query: { orgId: w.orgId } })).json().paging.totalCount;

    expect((await unique('USE')).statusCode).toBe(200);
    const refused = await w.t.expectRefusal(() => create(' side '), 400, 60004);
    expect(refused.fieldErrors).toEqual([{ field: 'body.projectName', message: "Another project of this organization already has this name. The organization's governance requires unique names." }]);
    await w.t.expectRefusal(() => w.t.call(w.as.admin, api.updateProject, { params: { projectId: sideId }, body: { projectName: 'MAIN' } }), 400, 60004);
    // Nothing changed; its own name and a free one pass.
    expect((await w.t.call(w.as.admin, api.listProjects, { query: { orgId: w.orgId } })).json().paging.totalCount).toBe(before);
    expect((await w.t.call(w.as.admin, api.getProject, { params: { projectId: sideId } })).json().project.projectName).toBe('Side');
    expect((await w.t.call(w.as.admin, api.updateProject, { params: { projectId: w.projects.main }, body: { projectName: 'Main' } })).statusCode).toBe(200);
    expect((await create('Side Two')).statusCode).toBe(200);

    expect((await unique('UNUSE')).statusCode).toBe(200);
    expect((await create('Side Two')).json().duplicateNameWarning).toBe(true);
  });
});

describe('lockout preview', () => {
  it("lists the members whose recent sign-ins a proposed rule would refuse, and the caller's own verdict", async () => {
    await off();
    // The MEMBER signs in from the US.
    const login = await w.t.app.inject({ method: 'POST', url: '/api/auth/v1/login', payload: { email: w.email('member'), password: FIXTURE_PASSWORD }, remoteAddress: US_IP });
    expect(login.statusCode).toBe(200);
    const preview = async (body: object, who = w.as.admin) => (await w.t.call(who, api.previewLockout, { params: { orgId: w.orgId }, body })).json();
    const ipPreview = await preview({ rule: 'IP_ACL', ipAclSelection: 'SETTING', ips: ['127.0.0.0/8'] });
    expect(ipPreview.self).toEqual({ clientIp: '127.0.0.1', countryCode: null, lockedOut: false });
    expect(ipPreview.lockedOut).toEqual([expect.objectContaining({ memberType: 'TOAST_CLOUD', email: w.email('member'), clientIp: US_IP, countryCode: 'US' })]);
    expect(ipPreview.confirmationText).toBe('Gov Co');
    const selfOut = await preview({ rule: 'IP_ACL', ipAclSelection: 'SETTING', ips: ['10.9.9.9'] });
    expect(selfOut.self.lockedOut).toBe(true);
    expect(selfOut.lockedOut.length).toBeGreaterThanOrEqual(4);
    const countryPreview = await preview({ rule: 'COUNTRY', settingType: 'USE', countryCodeList: ['KR'] });
    expect(countryPreview.lockedOut.map((row: { clientIp: string }) => row.clientIp)).toEqual([US_IP]);
    expect((await preview({ rule: 'COUNTRY', settingType: 'USE', countryCodeList: ['US'] })).lockedOut).toEqual([]);
    await w.t.expectRefusal(() => w.t.call(w.as.member, api.previewLockout, { params: { orgId: w.orgId }, body: { rule: 'IP_ACL', ips: ['10.0.0.1'] } }), 403, -6);
    await w.t.expectRefusal(() => w.t.call(w.as.owner, api.previewLockout, { params: { orgId: w.otherOrgId }, body: { rule: 'IP_ACL', ips: ['10.0.0.1'] } }), 404, 23005);
  });
});

describe('break-glass (OWNER, one-time code by mail)', () => {
  it('the locked-out OWNER gets a code by mail; a wrong code is counted; the right one turns both rules off once, and it is recorded', async () => {
    await saveIpAcl(from(w.as.admin, '10.2.0.1'), { ipAclTypeCode: 'COMMON', ipAclSelection: 'SETTING', ips: ['10.2.0.0/16'] });
    await saveCountry(from(w.as.admin, '10.2.0.1'), { settingType: 'USE', countryCodeList: ['KR'] });
    expect((await orgCall(w.as.owner)).json().header.resultCode).toBe(-8);
    // Only the OWNER: an ADMIN is refused, an outsider does not find the organization.
    await w.t.expectRefusal(() => w.t.call(w.as.admin, api.requestBreakGlass, { params: { orgId: w.orgId } }), 403, -6);
    await w.t.expectRefusal(() => w.t.call(w.as.outsider, api.requestBreakGlass, { params: { orgId: w.orgId } }), 404, 23005);

    const asked = await w.t.call(w.as.owner, api.requestBreakGlass, { params: { orgId: w.orgId } });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().maskedEmail).not.toContain('owner@');
    await w.t.runPendingJobs();
    const mail = (await w.t.mails()).findLast((row) => row.kind === 'governanceBreakGlass');
    const code = /: (\d{8})/.exec(mail!.textBody)![1]!;
    const wrong = code === '00000000' ? '11111111' : '00000000';
    await w.t.expectRefusal(() => w.t.call(w.as.admin, api.confirmBreakGlass, { params: { orgId: w.orgId }, body: { code } }), 403, -6);
    expect((await w.t.call(w.as.owner, api.confirmBreakGlass, { params: { orgId: w.orgId }, body: { code: wrong } })).json().header.resultCode).toBe(23102);
    const [row] = await w.t.db.select().from(governanceBreakGlass).where(eq(governanceBreakGlass.orgId, w.orgId));
    expect(row!.attempts).toBe(1);
    const used = await w.t.call(w.as.owner, api.confirmBreakGlass, { params: { orgId: w.orgId }, body: { code } });
    expect(used.json()).toMatchObject({ disabled: ['IP_ACL', 'COUNTRY'] });
    expect((await orgCall(w.as.owner)).statusCode).toBe(200);
    // Single use.
    expect((await w.t.call(w.as.owner, api.confirmBreakGlass, { params: { orgId: w.orgId }, body: { code } })).json().header.resultCode).toBe(23102);
    const events = (await w.t.call(w.as.admin, api.listBreakGlassEvents, { params: { orgId: w.orgId } })).json().events;
    expect(events[0]).toMatchObject({ requestedIp: '127.0.0.1', usedIp: '127.0.0.1', disabled: ['IP_ACL', 'COUNTRY'] });
    expect((await w.t.db.select({ value: count() }).from(governanceBreakGlass))[0]!.value).toBe(1);

    // The audit log holds each step under the organization: who, from where, what the code lifted.
    const audit = (await w.t.call(w.as.admin, api.listAuditEvents, { params: { orgId: w.orgId }, query: { category: 'BREAK_GLASS', limit: 20 } })).json();
    const steps = audit.auditEvents.map((event: api.AuditEvent) => [event.action, event.result, event.resultCode, event.actor.login, event.clientIp]);
    const ownerLogin = w.email('owner');
    const adminLogin = w.email('admin');
    expect(steps).toEqual([
      ['cab.confirmGovernanceBreakGlass', 'FAILURE', '23102', ownerLogin, '127.0.0.1'],
      ['cab.confirmGovernanceBreakGlass', 'SUCCESS', '0', ownerLogin, '127.0.0.1'],
      ['cab.confirmGovernanceBreakGlass', 'FAILURE', '23102', ownerLogin, '127.0.0.1'],
      ['cab.confirmGovernanceBreakGlass', 'FAILURE', '-6', adminLogin, '127.0.0.1'],
      ['cab.requestGovernanceBreakGlass', 'SUCCESS', '0', ownerLogin, '127.0.0.1'],
      ['cab.requestGovernanceBreakGlass', 'FAILURE', '-6', adminLogin, '127.0.0.1'],
    ]);
    const [, use, , , request] = audit.auditEvents as api.AuditEvent[];
    expect(request!.detail).toMatchObject({ rulesInForce: ['IP_ACL', 'COUNTRY'], maskedEmail: asked.json().maskedEmail });
    expect(use!.detail).toEqual({ disabled: ['IP_ACL', 'COUNTRY'] });
    expect(use!.before).toEqual({ ipAcl: { ipAclSelection: 'SETTING', ips: ['10.2.0.0/16'] }, countryRule: { settingType: 'USE', countryCodeList: ['KR'] } });
    expect(use!.after).toEqual({ ipAcl: { ipAclSelection: 'NO_SETTING', ips: ['10.2.0.0/16'] }, countryRule: { settingType: 'UNUSE', countryCodeList: ['KR'] } });
    // The code itself never reaches the log; the outsider's try concerns no organization of theirs.
    expect(JSON.stringify(audit)).not.toContain(code);
    expect(audit.auditEvents.some((event: api.AuditEvent) => event.actor.login === w.email('outsider'))).toBe(false);
  });

  it('a code expires after 10 minutes and stops after 5 wrong tries', async () => {
    await w.t.call(w.as.owner, api.requestBreakGlass, { params: { orgId: w.orgId } });
    await w.t.runPendingJobs();
    const code = /: (\d{8})/.exec((await w.t.mails()).findLast((row) => row.kind === 'governanceBreakGlass')!.textBody)![1]!;
    const wrong = code === '00000000' ? '11111111' : '00000000';
    for (let attempt = 0; attempt < 5; attempt++) await w.t.call(w.as.owner, api.confirmBreakGlass, { params: { orgId: w.orgId }, body: { code: wrong } });
    expect((await w.t.call(w.as.owner, api.confirmBreakGlass, { params: { orgId: w.orgId }, body: { code } })).json().header.resultCode).toBe(23102);
    await w.t.call(w.as.owner, api.requestBreakGlass, { params: { orgId: w.orgId } });
    await w.t.runPendingJobs();
    const fresh = /: (\d{8})/.exec((await w.t.mails()).findLast((row) => row.kind === 'governanceBreakGlass')!.textBody)![1]!;
    w.t.clock.advanceMinutes(11);
    expect((await w.t.call(w.as.owner, api.confirmBreakGlass, { params: { orgId: w.orgId }, body: { code: fresh } })).json().header.resultCode).toBe(23102);
  });
});
