import * as api from '@console/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members, orgInvitations, orgMembers } from '../../db/schema/index.ts';
import { createMember, FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { callOf, type Caller, type TestApp } from '../../test/helper.ts';
import { INVITATION_EXPIRY_JOB } from './invitations.service.ts';
import { worldOf } from '../../test/world.ts';

const w = worldOf({
  env: { PUBLIC_URL: 'https://console.example.com/' },
  mailDomain: 'inv.example.com',
  org: { name: 'Invite Org' },
  roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', outsider: null },
  otherOrg: { name: 'Other Tenant' },
});

/** Signs everyone in (again: sessions end when a test moves the clock by days). */
async function signIn() {
  w.as.owner = await w.t.login('owner@inv.example.com', FIXTURE_PASSWORD);
  w.as.admin = await w.t.login('admin@inv.example.com', FIXTURE_PASSWORD);
  w.as.member = await w.t.login('member@inv.example.com', FIXTURE_PASSWORD);
  w.as.outsider = await w.t.login('outsider@inv.example.com', FIXTURE_PASSWORD);
}

const call = callOf(() => w.t);
const expectRefusal: TestApp['expectRefusal'] = (...args) => w.t.expectRefusal(...args);
const invitationsUrl = () => `/api/cab/v5/organizations/${w.orgId}/invitations`;
const invite = (who: Caller, body: object, lang?: string) => call(who, api.inviteOrgMembers, { params: { orgId: w.orgId }, body: body, lang: lang });
const anonymous: Caller = { cookies: {}, headers: {}, as: (options) => options };

/** The token of the invitation link in the last mail to `email` (after the mail job ran). */
async function linkTokenFor(email: string): Promise<string> {
  await w.t.runPendingJobs();
  const mail = (await w.t.mails()).filter((row) => row.toAddress === email).at(-1);
  if (!mail) throw new Error(`no mail to ${email}`);
  const match = /https:\/\/console\.example\.com\/invitation#token=([A-Za-z0-9_-]+)/.exec(mail.textBody);
  if (!match) throw new Error(`no link in ${mail.textBody}`);
  return decodeURIComponent(match[1]!);
}

describe('inviting people to an organization', () => {
  it('creates a WAIT invitation per email, valid 30 days, and enqueues its mail in the same transaction', async () => {
    const response = await invite(w.as.admin, { emailList: [' Fresh.One@Example.com ', 'fresh.two@example.com'], orgRoleCodes: ['MEMBER', 'BILLING_VIEWER'] });
    expect(response.statusCode, response.body).toBe(200);
    const { invitations } = response.json();
    expect(invitations).toHaveLength(2);
    expect(invitations[0]).toMatchObject({
      email: 'fresh.one@example.com',
      orgRoleCodes: ['MEMBER', 'BILLING_VIEWER'],
      invitationStatus: 'WAIT',
      invitedByUuid: w.ids.admin,
      invitedByName: 'admin name',
      sentDateTime: w.t.clock.now().toISOString(),
      expireDateTime: new Date(w.t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
      acceptedDateTime: null,
    });
    // Committed with the invitations, not yet delivered: one mail job per invitation.
    const jobs = await w.t.pendingJobs('mail.send');
    expect(jobs.map((job) => job.data.to).sort()).toEqual(['fresh.one@example.com', 'fresh.two@example.com']);
    expect(await w.t.runPendingJobs()).toBe(2);
    expect(await w.t.pendingJobs()).toEqual([]);
    const mails = (await w.t.mails()).filter((mail) => mail.toAddress.startsWith('fresh.'));
    expect(mails).toHaveLength(2);
    expect(mails.every((mail) => mail.orgId === w.orgId && mail.kind === 'orgInvitation')).toBe(true);
  });

  it('stores only the hash of a 256-bit token; the link carries the token in its fragment', async () => {
    await invite(w.as.owner, { emailList: ['hashed@example.com'], orgRoleCodes: ['MEMBER'] });
    const token = await linkTokenFor('hashed@example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await w.t.db.select().from(orgInvitations).where(eq(orgInvitations.email, 'hashed@example.com'));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('writes the mail in the inviter\'s language, as text and HTML with an absolute link (ko and en)', async () => {
    await invite(w.as.owner, { emailList: ['korean@example.com'], orgRoleCodes: ['ADMIN'] }, 'ko_KR');
    await invite(w.as.owner, { emailList: ['english@example.com'], orgRoleCodes: ['ADMIN'] }, 'en_US');
    await w.t.runPendingJobs();
    const all = await w.t.mails();
    const ko = all.find((mail) => mail.toAddress === 'korean@example.com')!;
    const en = all.find((mail) => mail.toAddress === 'english@example.com')!;
    expect(ko.locale).toBe('ko_KR');
    expect(ko.subject).toBe('[Cloud Console] Invite Org 조직에 초대되었습니다');
    expect(ko.textBody).toContain('owner name (owner@inv.example.com)님이 Cloud Console의 "Invite Org" 조직에 회원님을 초대했습니다. 역할: 관리자');
    expect(ko.textBody).toContain('초대 수락하기: https://console.example.com/invitation#token=');
    expect(ko.textBody).toMatch(/초대는 2026년 12월 22일 .*까지 유효합니다/);
    expect(ko.htmlBody).toContain('<html lang="ko">');
    expect(ko.htmlBody).toMatch(/<a href="https:\/\/console\.example\.com\/invitation#token=[A-Za-z0-9_-]{43}"[^>]*>초대 수락하기<\/a>/);
    expect(en.subject).toBe('[Cloud Console] You are invited to the organization Invite Org');
    expect(en.textBody).toContain('owner name (owner@inv.example.com) invited you to the organization "Invite Org" on Cloud Console with the roles Admin.');
    expect(en.textBody).toMatch(/The invitation is valid until December 22, 2026/);
    expect(en.htmlBody).toContain('>Accept the invitation</a>');
  });

  it.each([
    ['an empty email', [''], 'Enter an email.'],
    ['a malformed email', ['not-an-email'], 'Invalid email format.'],
    ['an email without a domain dot', ['a@b'], 'Invalid email format.'],
  ])('refuses %s with the spec message on body.emailList.0', async (_label, emailList, message) => {
    const body = await expectRefusal(() => invite(w.as.owner, { emailList, orgRoleCodes: ['MEMBER'] }), 400, 10001);
    expect(body.fieldErrors).toEqual([{ field: 'body.emailList.0', message }]);
  });

  it("refuses an email listed twice with 'Already added user' on the repeat", async () => {
    const body = await expectRefusal(
      () => invite(w.as.owner, { emailList: ['twice@example.com', 'other@example.com', 'TWICE@example.com'], orgRoleCodes: ['MEMBER'] }),
      400,
      10001,
    );
    expect(body.fieldErrors).toEqual([{ field: 'body.emailList.2', message: 'Already added user' }]);
  });

  it("refuses a member's email with 'Already added user as an organization member', and an invited one", async () => {
    await invite(w.as.owner, { emailList: ['pending@example.com'], orgRoleCodes: ['MEMBER'] });
    const body = await expectRefusal(
      () => invite(w.as.owner, { emailList: ['ok@example.com', 'Member@Inv.example.com', 'pending@example.com'], orgRoleCodes: ['MEMBER'] }),
      400,
      10001,
    );
    expect(body.fieldErrors).toEqual([
      { field: 'body.emailList.1', message: 'Already added user as an organization member' },
      { field: 'body.emailList.2', message: 'An invitation has already been sent to this user. Resend it from the invitation list.' },
    ]);
    const ko = (await invite(w.as.owner, { emailList: ['member@inv.example.com'], orgRoleCodes: ['MEMBER'] }, 'ko_KR')).json();
    expect(ko.fieldErrors[0].message).toBe('이미 조직 멤버로 추가된 사용자입니다.');
  });

  it('enqueues no mail when the request is refused, not even for its valid emails', async () => {
    await w.t.runPendingJobs();
    await expectRefusal(() => invite(w.as.owner, { emailList: ['valid.one@example.com', 'admin@inv.example.com'], orgRoleCodes: ['MEMBER'] }), 400, 10001);
    expect(await w.t.pendingJobs()).toEqual([]);
    expect(await w.t.db.select().from(orgInvitations).where(eq(orgInvitations.email, 'valid.one@example.com'))).toEqual([]);
  });

  it.each([
    [['OWNER'], 'The Owner role cannot be assigned. Hand over the organization instead.'],
    [['ADMIN', 'OWNER'], 'The Owner role cannot be assigned. Hand over the organization instead.'],
    [[], 'Choose at least one role.'],
    [['MEMBER', 'MEMBER'], 'A role cannot be assigned twice; an admin role already includes the viewer role of its area.'],
    [['BUDGET_ADMIN', 'BUDGET_VIEWER'], 'A role cannot be assigned twice; an admin role already includes the viewer role of its area.'],
    [['NONE', 'MEMBER'], '"No role" cannot be combined with other roles.'],
    [['SUPERUSER'], 'Not an organization role: SUPERUSER'],
  ])('refuses the roles %j with 10001 on body.orgRoleCodes', async (orgRoleCodes, message) => {
    const body = await expectRefusal(() => invite(w.as.owner, { emailList: ['roles@example.com'], orgRoleCodes }), 400, 10001);
    expect(body.fieldErrors).toEqual([{ field: 'body.orgRoleCodes', message }]);
  });

  it('accepts every built-in organization role but OWNER', async () => {
    const roles = ['ADMIN', 'MEMBER', 'BILLING_VIEWER', 'LOG_VIEWER', 'BUDGET_ADMIN', 'DASHBOARD_VIEWER', 'SUPPORT_ADMIN', 'STATION_VIEWER'];
    const response = await invite(w.as.owner, { emailList: ['all-roles@example.com'], orgRoleCodes: roles });
    expect(response.json().invitations[0].orgRoleCodes).toEqual(roles);
  });

  it('is refused to a MEMBER (-6), and another tenant answers 23005', async () => {
    await expectRefusal(() => invite(w.as.member, { emailList: ['x@example.com'], orgRoleCodes: ['MEMBER'] }), 403, -6);
    await expectRefusal(() => invite(w.as.outsider, { emailList: ['x@example.com'], orgRoleCodes: ['MEMBER'] }), 404, 23005);
  });
});

describe('listing invitations', () => {
  it('pages, searches by email and filters by state, newest first', async () => {
    const list = await call(w.as.owner, api.listOrgInvitations, { params: { orgId: w.orgId }, query: { emailLike: 'fresh', limit: '1' } });
    expect(list.json().paging).toEqual({ page: 1, limit: 1, totalCount: 2 });
    expect(list.json().invitations).toHaveLength(1);
    const waiting = await call(w.as.owner, api.listOrgInvitations, { params: { orgId: w.orgId }, query: { invitationStatuses: ['WAIT', 'COMPLETE'], limit: '100' } });
    expect(waiting.json().invitations.every((row: { invitationStatus: string }) => row.invitationStatus === 'WAIT')).toBe(true);
    const none = await call(w.as.owner, api.listOrgInvitations, { params: { orgId: w.orgId }, query: { emailLike: '%' } });
    expect(none.json().paging.totalCount).toBe(0);
  });

  it('refuses an unknown state with 10001', async () => {
    await expectRefusal(() => call(w.as.owner, api.listOrgInvitations, { params: { orgId: w.orgId }, query: { invitationStatuses: 'LOST' } }), 400, 10001);
  });
});

describe('accepting an invitation', () => {
  it('shows who invites to which organization, publicly, by the token', async () => {
    await invite(w.as.admin, { emailList: ['newcomer@example.com'], orgRoleCodes: ['MEMBER'] });
    const token = await linkTokenFor('newcomer@example.com');
    const response = await call(anonymous, api.getInvitation, { params: { token } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().invitation).toEqual({
      orgId: w.orgId,
      orgName: 'Invite Org',
      email: 'newcomer@example.com',
      orgRoleCodes: ['MEMBER'],
      invitationStatus: 'WAIT',
      inviterName: 'admin name',
      inviterEmail: 'admin@inv.example.com',
      expireDateTime: expect.any(String),
      accountExists: false,
    });
    await expectRefusal(() => call(anonymous, api.getInvitation, { params: { token: 'unknown-token' } }), 404, 21002);
  });

  it('signs a person without an account up (name, password) and joins them, in one transaction, once', async () => {
    const token = await linkTokenFor('newcomer@example.com');
    const url = `/api/cab/v5/invitations/${token}/accept`;
    // Name and password are needed; the password follows spec §5.
    const missing = await expectRefusal(() => call(anonymous, 'POST', url, {}), 400, 10001);
    expect(missing.fieldErrors?.map((error) => error.field)).toEqual(['body.name', 'body.password']);
    for (const [password, message] of [
      ['Sh0rt#', 'Use 8 to 15 characters.'],
      ['Much#Too#Long#2468', 'Use 8 to 15 characters.'],
      ['alllowercase#12', 'Combine upper-case and lower-case letters, digits and special characters.'],
      ['Abcdef#2468', 'Do not use three identical or consecutive characters in a row (such as aaa, abc or 321).'],
      ['Has Space#13', 'Use only letters, digits and special characters, without spaces.'],
    ] as const) {
      const body = await expectRefusal(() => call(anonymous, 'POST', url, { name: 'New Comer', password }), 400, 10001);
      expect(body.fieldErrors).toEqual([{ field: 'body.password', message }]);
    }
    const mismatch = await expectRefusal(
      () => call(anonymous, 'POST', url, { name: 'New Comer', password: 'Welcome#2026', passwordConfirm: 'Welcome#2027' }),
      400,
      10001,
    );
    expect(mismatch.fieldErrors).toEqual([{ field: 'body.passwordConfirm', message: 'The passwords do not match.' }]);

    const accepted = await call(anonymous, 'POST', url, { name: 'New Comer', password: 'Welcome#2026', passwordConfirm: 'Welcome#2026' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const answer = accepted.json();
    expect(answer).toMatchObject({ orgId: w.orgId, orgName: 'Invite Org', signedUp: true, nextUrl: `/org/${w.orgId}/dashboard` });
    const [created] = await w.t.db.select().from(members).where(eq(members.email, 'newcomer@example.com'));
    expect(created).toMatchObject({ id: answer.memberUuid, name: 'New Comer', status: 'STABLE' });
    const roles = await w.t.db.select().from(orgMembers).where(and(eq(orgMembers.orgId, w.orgId), eq(orgMembers.memberId, created!.id)));
    expect(roles.map((row) => row.roleCode)).toEqual(['MEMBER']);
    const [invitation] = await w.t.db.select().from(orgInvitations).where(eq(orgInvitations.email, 'newcomer@example.com'));
    expect(invitation).toMatchObject({ status: 'COMPLETE', acceptedMemberId: created!.id });

    // Single use: the same link again is refused and changes nothing; it reads COMPLETE.
    await expectRefusal(() => call(anonymous, 'POST', url, { name: 'Again', password: 'Welcome#2026' }), 400, 21004);
    expect((await call(anonymous, api.getInvitation, { params: { token } })).json().invitation.invitationStatus).toBe('COMPLETE');
    // The new member signs in and sees the organization.
    const newcomer = await w.t.login('newcomer@example.com', 'Welcome#2026');
    const orgs = (await call(newcomer, api.listOrganizations)).json().orgs;
    expect(orgs.map((org: { orgId: string }) => org.orgId)).toEqual([w.orgId]);
  });

  it('joins a signed-in cloud member whose email is the invited one, and refuses another account (21005)', async () => {
    const joiner = await createMember(w.t.db, 'joiner@example.com');
    await invite(w.as.owner, { emailList: ['joiner@example.com'], orgRoleCodes: ['BILLING_VIEWER'] });
    const token = await linkTokenFor('joiner@example.com');
    expect((await call(anonymous, api.getInvitation, { params: { token } })).json().invitation.accountExists).toBe(true);
    // Not signed in while the account exists: sign in first (100, the web goes to login and back).
    await expectRefusal(() => call(anonymous, api.acceptInvitation, { params: { token }, body: {} }), 401, 100);
    await expectRefusal(() => call(w.as.outsider, api.acceptInvitation, { params: { token }, body: {} }), 400, 21005);
    const caller = await w.t.login('joiner@example.com', FIXTURE_PASSWORD);
    const response = await call(caller, api.acceptInvitation, { params: { token }, body: {} });
    expect(response.json()).toMatchObject({ orgId: w.orgId, memberUuid: joiner.id, signedUp: false });
    const list = (await call(w.as.owner, api.listOrgMembers, { params: { orgId: w.orgId }, query: { emailLike: 'joiner' } })).json();
    expect(list.members).toEqual([expect.objectContaining({ memberUuid: joiner.id, orgRoleCodes: ['BILLING_VIEWER'] })]);
  });
});

describe('invitation expiry (spec §9: 30 days)', () => {
  it('reads EXPIRE once past due, refuses acceptance (21003), and the scheduled job marks it', async () => {
    await invite(w.as.owner, { emailList: ['late@example.com'], orgRoleCodes: ['MEMBER'] });
    const token = await linkTokenFor('late@example.com');
    w.t.clock.advanceDays(29);
    expect((await call(anonymous, api.getInvitation, { params: { token } })).json().invitation.invitationStatus).toBe('WAIT');
    w.t.clock.advanceDays(1);
    await signIn();
    expect((await call(anonymous, api.getInvitation, { params: { token } })).json().invitation.invitationStatus).toBe('EXPIRE');
    await expectRefusal(
      () => call(anonymous, api.acceptInvitation, { params: { token }, body: { name: 'Late', password: 'Welcome#2026' } }),
      400,
      21003,
    );
    const expired = (await call(w.as.owner, api.listOrgInvitations, { params: { orgId: w.orgId }, query: { emailLike: 'late@', invitationStatuses: 'EXPIRE' } })).json();
    expect(expired.invitations).toEqual([expect.objectContaining({ email: 'late@example.com', invitationStatus: 'EXPIRE' })]);
    // Stored WAIT until the scheduled sweep runs; then stored EXPIRE.
    const stored = async () => (await w.t.db.select().from(orgInvitations).where(eq(orgInvitations.email, 'late@example.com')))[0]!.status;
    expect(await stored()).toBe('WAIT');
    await w.t.app.jobs.trigger(INVITATION_EXPIRY_JOB);
    await w.t.runPendingJobs();
    expect(await stored()).toBe('EXPIRE');
  });

  it('lets a past-due email be invited again', async () => {
    const response = await invite(w.as.owner, { emailList: ['late@example.com'], orgRoleCodes: ['MEMBER'] });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('resending an invitation', () => {
  it("refuses within a minute of the last send ('invitation already sent', 21001), then sends a new link and expiry", async () => {
    const [first] = (await invite(w.as.owner, { emailList: ['resend@example.com'], orgRoleCodes: ['MEMBER'] })).json().invitations;
    const oldToken = await linkTokenFor('resend@example.com');
    const url = `${invitationsUrl()}/${first.invitationId}/resend`;
    const refused = await expectRefusal(() => call(w.as.owner, 'POST', url), 400, 21001);
    expect(refused.header.resultMessage).toBe('The invitation has already been sent. Try again in a minute.');
    w.t.clock.advanceMinutes(1);
    const response = await call(w.as.admin, 'POST', url, undefined, 'ja_JP');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().invitation).toMatchObject({
      invitationStatus: 'WAIT',
      invitedByUuid: w.ids.admin,
      sentDateTime: w.t.clock.now().toISOString(),
      expireDateTime: new Date(w.t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    });
    const newToken = await linkTokenFor('resend@example.com');
    expect(newToken).not.toBe(oldToken);
    const mail = (await w.t.mails()).filter((row) => row.toAddress === 'resend@example.com').at(-1)!;
    expect(mail.locale).toBe('ja_JP');
    expect(mail.subject).toBe('[Cloud Console] 組織「Invite Org」に招待されました');
    // The old link stopped working; the new one works.
    await expectRefusal(() => call(anonymous, api.getInvitation, { params: { token: oldToken } }), 404, 21002);
    expect((await call(anonymous, api.getInvitation, { params: { token: newToken } })).statusCode).toBe(200);
  });

  it('revives an expired invitation for 30 more days', async () => {
    const [row] = (await invite(w.as.owner, { emailList: ['revive@example.com'], orgRoleCodes: ['MEMBER'] })).json().invitations;
    w.t.clock.advanceDays(31);
    await signIn();
    const response = await call(w.as.owner, api.resendOrgInvitation, { params: { orgId: w.orgId, invitationId: row.invitationId } });
    expect(response.json().invitation.invitationStatus).toBe('WAIT');
  });

  it('refuses an accepted invitation (21004), an unknown one (21002) and another tenant (23005)', async () => {
    const [accepted] = await w.t.db.select().from(orgInvitations).where(eq(orgInvitations.email, 'newcomer@example.com'));
    await expectRefusal(() => call(w.as.owner, api.resendOrgInvitation, { params: { orgId: w.orgId, invitationId: accepted!.id } }), 400, 21004);
    await expectRefusal(() => call(w.as.owner, api.resendOrgInvitation, { params: { orgId: w.orgId, invitationId: crypto.randomUUID() } }), 404, 21002);
    await expectRefusal(() => call(w.as.outsider, api.resendOrgInvitation, { params: { orgId: w.orgId, invitationId: accepted!.id } }), 404, 23005);
    // An invitation of this organization through another organization's path is not found.
    await expectRefusal(
      () => call(w.as.outsider, api.resendOrgInvitation, { params: { orgId: w.otherOrgId, invitationId: accepted!.id } }),
      404,
      21002,
    );
  });
});

describe('withdrawing an invitation', () => {
  it('deletes it and its link stops working', async () => {
    const [row] = (await invite(w.as.owner, { emailList: ['withdrawn@example.com'], orgRoleCodes: ['MEMBER'] })).json().invitations;
    const token = await linkTokenFor('withdrawn@example.com');
    const response = await call(w.as.admin, api.cancelOrgInvitation, { params: { orgId: w.orgId, invitationId: row.invitationId } });
    expect(response.json()).toMatchObject({ invitationId: row.invitationId });
    await expectRefusal(() => call(anonymous, api.getInvitation, { params: { token } }), 404, 21002);
  });
});

describe('the dev outbox (no SMTP configured)', () => {
  it("answers the caller's own mails, and an organization's for its OWNER and ADMIN only", async () => {
    await invite(w.as.owner, { emailList: ['member-outbox@example.com'], orgRoleCodes: ['MEMBER'] });
    await w.t.runPendingJobs();
    const newcomer = await w.t.login('newcomer@example.com', 'Welcome#2026');
    const own = (await call(newcomer, api.listDevOutbox)).json();
    expect(own.mails.length).toBeGreaterThan(0);
    expect(own.mails.every((mail: { to: string }) => mail.to === 'newcomer@example.com')).toBe(true);
    expect(own.mails[0]).toMatchObject({ subject: expect.any(String), text: expect.any(String), html: expect.any(String), orgId: w.orgId });

    const orgMails = (await call(w.as.admin, api.listDevOutbox, { query: { orgId: w.orgId, limit: '100' } })).json();
    expect(orgMails.mails.map((mail: { to: string }) => mail.to)).toContain('member-outbox@example.com');
    const denied = await expectRefusal(() => call(w.as.member, api.listDevOutbox, { query: { orgId: w.orgId } }), 403, -6);
    expect(denied.neededRoles).toEqual([{ category: 'ORG_ROLE', roleName: 'ADMIN' }, { category: 'ORG_ROLE', roleName: 'OWNER' }]);
    // The permission engine's PERMISSION_DENIED, as a route check answers it (organization scope: no role group acts there).
    expect(denied).toMatchObject({
      neededPermissions: ['Organization.Member.Create'],
      relatedRoles: [{ permissionId: 'Organization.Member.Create', roleNames: ['ORG_ROLE:ADMIN', 'ORG_ROLE:OWNER'], roleGroupNames: [] }],
      failedConditions: [],
      deniedBy: [],
    });
    const outside = await expectRefusal(() => call(w.as.outsider, api.listDevOutbox, { query: { orgId: w.orgId } }), 404, 23005);
    expect(JSON.stringify(outside)).not.toContain('member-outbox');
    expect((await call(w.as.outsider, api.listDevOutbox)).json().mails).toEqual([]);
    await expectRefusal(() => call(anonymous, api.listDevOutbox), 401, 100);
  });
});
