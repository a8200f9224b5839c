import * as api from '@console/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { iamMembers } from '../../db/schema/index.ts';
import { type Caller, type TestApp } from '../../test/helper.ts';
import { world } from '../../test/world.ts';

/**
 * Privacy protection (governance PRIVACY_PROTECTION, USE): from an address not on its list, every
 * answer naming other people masks their email, name, phone and IAM ID, whatever the caller's
 * permissions; one's own data stays plain; from a listed address all is plain again. The audit
 * log is the exception (docs/decisions.md "Privacy protection and the audit log").
 */

let t: TestApp;
let owner: Caller;
let admin: Caller;
let orgId: string;
let projectId: string;
let ids: Record<'owner' | 'admin' | 'member' | 'iam', string>;
let emailOf: (key: 'owner' | 'admin' | 'member') => string;

const from = (who: Caller, remoteAddress: string): Caller => ({ ...who, as: (options) => who.as({ ...options, remoteAddress }) });
const TRUSTED = '10.1.2.3';

beforeAll(async () => {
  const w = await world({
    mailDomain: 'privacy.example.com',
    roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER' },
    iam: { iam: { userCode: 'iam.hidden', name: 'Iris Hidden', email: 'iris@privacy.example.com', password: false } },
    projects: { main: { name: 'Main', members: { admin: ['ADMIN'], member: ['MEMBER'], iam: ['MEMBER'] } } },
  });
  ({ t, orgId } = w);
  ({ owner, admin } = w.as);
  ids = w.ids;
  projectId = w.projects.main;
  emailOf = (key) => w.email(key);
  await t.db.update(iamMembers).set({ mobileNumber: '01012345678' }).where(eq(iamMembers.id, ids.iam));
  const invited = await t.call(admin, api.inviteOrgMembers, { params: { orgId }, body: { emailList: ['guest@privacy.example.com'], orgRoleCodes: ['MEMBER'] } });
  expect(invited.statusCode, invited.body).toBe(200);
  await t.call(admin, api.changePrivacyProtect, { params: { orgId }, body: { changeType: 'REPLACE', ips: ['10.0.0.0/8'] } });
  const on = await t.call(admin, api.saveGovernance, { body: { scopeType: 'ORG', scopeId: orgId, governanceType: 'PRIVACY_PROTECTION', settingType: 'USE' } });
  expect(on.statusCode, on.body).toBe(200);
});

const contacts = async (who: Caller) =>
  (await t.call(who, api.getMemberContacts, { query: { orgId, uuids: [ids.admin, ids.iam].join(',') } })).json().contacts as api.MemberContact[];
const masked = (value: string | null | undefined) => expect(value).toMatch(/\*/);

// Searches, each answering the ids (or rows) found.
const searchOrgMembers = async (who: Caller, query: { emailLike?: string; nameLike?: string }) =>
  ((await t.call(who, api.listOrgMembers, { params: { orgId }, query: { limit: 100, ...query } })).json().members as api.OrgMember[]).map((row) => row.memberUuid);
const searchInvitations = async (who: Caller) =>
  ((await t.call(who, api.listOrgInvitations, { params: { orgId }, query: { emailLike: 'guest' } })).json().invitations as api.OrgInvitation[]).length;
const searchIamAccounts = async (who: Caller, query: Record<string, string>) =>
  ((await t.call(who, api.listIamMembers, { params: { orgId }, query })).json().result as { totalCount: number; contents: api.IamMember[] });
const searchProjectMembers = async (who: Caller, query: { emailLike?: string; nameLike?: string }) =>
  ((await t.call(who, api.listProjectMembers, { params: { projectId }, query })).json().projectMembers as api.ProjectMember[]).map((row) => row.projectMemberUuid);
const searchCandidates = async (who: Caller, keyword: string) =>
  ((await t.call(who, api.listProjectMemberCandidates, { params: { projectId }, query: { keyword } })).json().candidates as { memberUuid: string }[]).map((row) => row.memberUuid);
const searchSupportCandidates = async (who: Caller, keyword: string) =>
  (await t.call(who, api.searchOrgSupportTeamCandidates, { params: { orgId }, query: { keyword } })).json().candidates as api.SupportTeamMember[];

describe('privacy protection masks every member list from an address not on its list', () => {
  it("organization members: others' email, name and phone masked, the caller's own plain; plain from a listed address", async () => {
    const list = async (who: Caller) =>
      (await t.call(who, api.listOrgMembers, { params: { orgId }, query: { limit: 100 } })).json().members as api.OrgMember[];
    const fromHere = await list(owner);
    const adminRow = fromHere.find((row) => row.memberUuid === ids.admin)!;
    masked(adminRow.email);
    expect(adminRow.email).not.toBe(emailOf('admin'));
    masked(adminRow.name);
    const self = fromHere.find((row) => row.memberUuid === ids.owner)!;
    expect(self.email).toBe(emailOf('owner'));
    const trusted = await list(from(owner, TRUSTED));
    expect(trusted.find((row) => row.memberUuid === ids.admin)!.email).toBe(emailOf('admin'));

    const one = (await t.call(owner, api.getOrgMember, { params: { orgId, memberId: ids.member } })).json().member as api.OrgMember;
    masked(one.email);
    expect(one.name).toBe('m***');
  });

  it('invitations: the invitee email and the inviter name are masked', async () => {
    const [invitation] = (await t.call(owner, api.listOrgInvitations, { params: { orgId }, query: {} })).json().invitations as api.OrgInvitation[];
    expect(invitation!.email).toBe('g***@p***.com');
    masked(invitation!.invitedByName);
    const trusted = (await t.call(from(owner, TRUSTED), api.listOrgInvitations, { params: { orgId }, query: {} })).json().invitations as api.OrgInvitation[];
    expect(trusted[0]!.email).toBe('guest@privacy.example.com');
  });

  it('IAM accounts: name, email, phone and IAM ID masked in the list and the detail', async () => {
    const [row] = (await t.call(owner, api.listIamMembers, { params: { orgId }, query: {} })).json().result.contents as api.IamMember[];
    expect(row).toMatchObject({ memberId: ids.iam, name: 'I***', emailAddress: 'i***@p***.com', mobileNumber: '***78', userCode: 'i***' });
    const detail = (await t.call(owner, api.getIamMember, { params: { orgId, memberId: ids.iam } })).json().member as api.IamMember;
    expect(detail.emailAddress).toBe('i***@p***.com');
    const trusted = (await t.call(from(owner, TRUSTED), api.getIamMember, { params: { orgId, memberId: ids.iam } })).json().member as api.IamMember;
    expect(trusted).toMatchObject({ name: 'Iris Hidden', emailAddress: 'iris@privacy.example.com', userCode: 'iam.hidden' });
  });

  it('project members and candidates: masked for the project ADMIN too, own row plain', async () => {
    const members = (await t.call(admin, api.listProjectMembers, { params: { projectId }, query: {} })).json().projectMembers as api.ProjectMember[];
    const byId = new Map(members.map((row) => [row.projectMemberUuid, row]));
    masked(byId.get(ids.member)!.email);
    expect(byId.get(ids.iam)).toMatchObject({ name: 'I***', userCode: 'i***', email: 'i***@p***.com' });
    expect(byId.get(ids.admin)!.email).toBe(emailOf('admin'));
    const candidates = (await t.call(admin, api.listProjectMemberCandidates, { params: { projectId }, query: {} })).json().candidates as { memberUuid: string; email: string }[];
    expect(candidates.length).toBeGreaterThan(0);
    for (const candidate of candidates) masked(candidate.email);
    const trusted = (await t.call(from(admin, TRUSTED), api.listProjectMembers, { params: { projectId }, query: {} })).json().projectMembers as api.ProjectMember[];
    expect(trusted.find((row) => row.projectMemberUuid === ids.member)!.email).toBe(emailOf('member'));
  });

  it('contacts: hidden from an unlisted address, shown from a listed one', async () => {
    expect((await contacts(owner)).map((row) => row.personalDataHidden)).toEqual([true, true]);
    expect((await contacts(from(owner, TRUSTED))).map((row) => [row.personalDataHidden, row.email])).toEqual([
      [false, emailOf('admin')],
      [false, 'iris@privacy.example.com'],
    ]);
  });

  it('the audit log stays plain for those who may read it (decided: it is the security record)', async () => {
    const events = (await t.call(owner, api.listAuditEvents, { params: { orgId }, query: { action: 'saveGovernance' } })).json().auditEvents as api.AuditEvent[];
    expect(events.length).toBeGreaterThan(0);
    expect(events[0]!.actor.login).toBe(emailOf('admin'));
  });

  it("searching by email, name or IAM ID finds no masked row — only one's own — and finds them from a listed address (decided: masked fields are not searchable)", async () => {
    const trusted = from(owner, TRUSTED);
    // A probe by the real address or name answers exactly as a probe by an address nobody has.
    expect(await searchOrgMembers(owner, { emailLike: emailOf('admin') })).toEqual([]);
    expect(await searchOrgMembers(owner, { emailLike: 'admin' })).toEqual([]);
    expect(await searchOrgMembers(owner, { nameLike: 'member' })).toEqual([]);
    expect(await searchOrgMembers(owner, { emailLike: 'privacy.example.com' })).toEqual([ids.owner]);
    expect(await searchOrgMembers(trusted, { emailLike: emailOf('admin') })).toEqual([ids.admin]);

    expect(await searchInvitations(owner)).toBe(0);
    expect(await searchInvitations(trusted)).toBe(1);

    const probes: Record<string, string>[] = [{ userCodeLike: 'hidden' }, { userCode: 'iam.hidden' }, { nameLike: 'Iris' }, { emailLike: 'iris@' }];
    for (const query of probes) {
      expect(await searchIamAccounts(owner, query), JSON.stringify(query)).toEqual({ totalCount: 0, contents: [] });
      expect((await searchIamAccounts(trusted, query)).contents.map((row) => row.memberId), JSON.stringify(query)).toEqual([ids.iam]);
    }

    expect(await searchProjectMembers(admin, { emailLike: 'iris' })).toEqual([]);
    expect(await searchProjectMembers(admin, { nameLike: 'member' })).toEqual([]);
    expect(await searchProjectMembers(admin, { emailLike: 'privacy.example.com' })).toEqual([ids.admin]);
    expect(await searchProjectMembers(from(admin, TRUSTED), { emailLike: 'iris' })).toEqual([ids.iam]);

    expect(await searchCandidates(admin, 'owner')).toEqual([]);
    expect(await searchCandidates(from(admin, TRUSTED), 'owner')).toEqual([ids.owner]);

    expect(await searchSupportCandidates(owner, 'iris')).toEqual([]);
    expect((await searchSupportCandidates(owner, 'owner')).map((row) => [row.memberUuid, row.email])).toEqual([[ids.owner, emailOf('owner')]]);
    // Unsearched, the candidates are masked like the team itself.
    const all = await searchSupportCandidates(owner, '');
    expect(all.find((row) => row.memberUuid === ids.iam)).toMatchObject({ name: 'I***', email: 'i***@p***.com', userCode: 'i***' });
    expect((await searchSupportCandidates(trusted, 'iris')).map((row) => [row.memberUuid, row.email])).toEqual([[ids.iam, 'iris@privacy.example.com']]);
  });

  it('turned off, everything is plain again', async () => {
    await t.call(admin, api.saveGovernance, { body: { scopeType: 'ORG', scopeId: orgId, governanceType: 'PRIVACY_PROTECTION', settingType: 'UNUSE' } });
    const members = (await t.call(owner, api.listOrgMembers, { params: { orgId }, query: { limit: 100 } })).json().members as api.OrgMember[];
    expect(members.find((row) => row.memberUuid === ids.admin)!.email).toBe(emailOf('admin'));
    await t.call(admin, api.saveGovernance, { body: { scopeType: 'ORG', scopeId: orgId, governanceType: 'PRIVACY_PROTECTION', settingType: 'USE' } });
  });
});
