import * as api from '@console/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { iamLoginFailures, iamMembers } from '../../db/schema/index.ts';
import { FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { callOf, type Caller, type TestApp } from '../../test/helper.ts';
import { worldOf } from '../../test/world.ts';
import { totpCode, totpStepOf } from './totp.ts';

/**
 * Keycloak-style sign-in security tests (issue 10): every time step is the injected clock's, never
 * a sleep. Settings and their permissions, the login-fail lock (50 parallel wrong passwords), the
 * password policy (weak, reuse, expiry), TOTP (enrolment, reuse, ±1 step), emailed codes (10
 * minutes), session limit and timeout, ending sessions.
 */
const DOMAIN = 'sec-org';

const w = worldOf({
  mailDomain: 'sec.example.com',
  org: { name: 'Security Org', domain: DOMAIN },
  roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', outsider: null },
  otherOrg: { name: 'Other Security Org', owner: 'outsider' },
  iam: {
    locky: { userCode: 'locky' },
    resetty: { userCode: 'resetty' },
    pw: { userCode: 'pw.user' },
    totp: { userCode: 'totp.user' },
    mail: { userCode: 'mail.user' },
    multi: { userCode: 'multi.user' },
    idle: { userCode: 'idle.user' },
    expiry: { userCode: 'expiry.user' },
    many: { userCode: 'many.user' },
    reenrol: { userCode: 'reenrol.user' },
  },
  signIn: ['owner', 'admin', 'member', 'outsider'],
});

const call = callOf(() => w.t);
const expectRefusal: TestApp['expectRefusal'] = (...args) => w.t.expectRefusal(...args);
const params = () => ({ orgId: w.orgId });

const iamSignIn = (userCode: string, password = FIXTURE_PASSWORD, ip = '127.0.0.1') =>
  w.t.app.inject({ method: 'POST', url: '/api/auth/v1/iam/login', remoteAddress: ip, headers: { lang: 'en_US' }, payload: { domain: DOMAIN, userCode, password } });
const step = (url: string, payload: object) => w.t.app.inject({ method: 'POST', url, headers: { lang: 'en_US' }, payload });
const callerOf = (response: Awaited<ReturnType<typeof iamSignIn>>): Caller => {
  const cookies: Record<string, string> = {};
  for (const cookie of response.cookies) cookies[cookie.name] = cookie.value;
  if (!cookies[api.SESSION_COOKIE]) throw new Error(`no session: ${response.body}`);
  const headers = { [api.CSRF_HEADER]: cookies[api.CSRF_COOKIE] ?? '' };
  return { cookies, headers, as: (options) => ({ ...options, cookies: { ...cookies, ...options.cookies }, headers: { ...headers, ...(options.headers as Record<string, string>) } }) };
};
const header = (response: { json(): { header: { resultCode: number; resultMessage: string } } }) => response.json().header;

async function setSettings() {
  return {
    loginFail: (body: object) => call(w.as.admin, api.updateLoginFailSetting, { params: params(), body: body as never }),
    mfa: (body: object) => call(w.as.admin, api.updateMfaSetting, { params: params(), body: body as never }),
    session: (body: object) => call(w.as.admin, api.updateSessionSetting, { params: params(), body: body as never }),
    policy: (value: object) => call(w.as.admin, api.updatePasswordRule, { params: params(), body: { schemaVersion: 1, value } as never }),
  };
}

const CUSTOM = {
  passwordPolicyType: 'custom',
  passwordConstraints: { minLength: 10, alphabet: true, number: true, special: true, noIllegalSequence: true },
  passwordExpiry: { enable: true, days: 30 },
  limitPasswordReuse: { enable: true, count: 2 },
  applicationRuleType: 'onChangePassword',
};

describe('settings and who may change them (spec §6 Organization.Setting.Iam)', () => {
  it('answers the spec defaults before anything is saved', async () => {
    const loginFail = await call(w.as.member === w.as.owner ? w.as.owner : w.as.admin, api.getLoginFailSetting, { params: params() });
    expect(loginFail.json().securityLoginFail).toEqual({ enable: true, loginFailCount: 5, blockMinutes: 2 });
    // Without a saved setting, the console's idle timeout (SESSION_IDLE_MINUTES, 60 by default).
    expect((await call(w.as.owner, api.getSessionSetting, { params: params() })).json().session).toEqual({ multiSessionsLimit: 100, sessionTimeoutMinutes: 60 });
    expect((await call(w.as.owner, api.getMfaSetting, { params: params() })).json().securityMfa).toEqual({ type: 'NONE', bypassByIp: { enable: false, ipList: [] } });
    expect((await call(w.as.owner, api.getPasswordRule, { params: params() })).json().passwordRule).toEqual({ schemaVersion: 1, value: api.DEFAULT_PASSWORD_POLICY });
  });

  it('refuses a MEMBER (-6) and another organization (23005), and changes nothing', async () => {
    await expectRefusal(() => call(w.as.member, api.updateLoginFailSetting, { params: params(), body: { enable: true, loginFailCount: 3, blockMinutes: 5 } }), 403, -6);
    await expectRefusal(() => call(w.as.member, api.getLoginFailSetting, { params: params() }), 403, -6);
    await expectRefusal(() => call(w.as.outsider, api.updateMfaSetting, { params: params(), body: { type: 'TOTP', bypassByIp: { enable: false, ipList: [] } } }), 404, 23005);
    await expectRefusal(() => call(w.as.admin, api.getSessionSetting, { params: { orgId: w.otherOrgId } }), 404, 23005);
    expect((await call(w.as.owner, api.getLoginFailSetting, { params: params() })).json().securityLoginFail.loginFailCount).toBe(5);
  });

  it("answers the spec's texts for the login-fail limits", async () => {
    const s = await setSettings();
    const over = await s.loginFail({ enable: true, loginFailCount: 21, blockMinutes: 2 });
    expect(over.statusCode).toBe(400);
    expect(over.json().header).toMatchObject({ resultCode: 20010, resultMessage: 'Invalid login fail limit range. max: 20,min: 1' });
    expect(over.json().fieldErrors).toEqual([{ field: 'body.loginFailCount', message: 'Number of failed logins can be set between 1 and 20.' }]);
    const missing = await s.loginFail({ enable: true, loginFailCount: null, blockMinutes: 61 });
    expect(missing.json().header.resultCode).toBe(10001);
    expect(missing.json().fieldErrors).toEqual([
      { field: 'body.loginFailCount', message: 'Number of Failed Logins is required.' },
      { field: 'body.blockMinutes', message: 'Time for login locks can be set between 1 and 60 minutes.' },
    ]);
    expect((await s.loginFail({ enable: true, loginFailCount: 5, blockMinutes: null })).json().fieldErrors).toEqual([{ field: 'body.blockMinutes', message: 'Lock Time is required.' }]);
    expect((await call(w.as.owner, api.getLoginFailSetting, { params: params() })).json().securityLoginFail.loginFailCount).toBe(5);
  });

  it("refuses a bad password policy with 'Fail to save Iam Password Policy' and the fields", async () => {
    const s = await setSettings();
    const refused = await s.policy({ ...CUSTOM, passwordConstraints: { ...CUSTOM.passwordConstraints, minLength: 16 }, passwordExpiry: { enable: true, days: 91 }, limitPasswordReuse: { enable: true, count: 4 } });
    expect(refused.json().header).toMatchObject({ resultCode: 20011, resultMessage: 'Fail to save Iam Password Policy' });
    expect(refused.json().fieldErrors.map((error: { field: string }) => error.field)).toEqual([
      'body.value.passwordConstraints.minLength',
      'body.value.passwordExpiry.days',
      'body.value.limitPasswordReuse.count',
    ]);
  });

  it('refuses bad bypass IPs and session values next to their fields', async () => {
    const s = await setSettings();
    const ips = await s.mfa({ type: 'TOTP', bypassByIp: { enable: true, ipList: ['10.0.0.1', '10.0.0.999', '10.0.0.1'] } });
    expect(ips.json().fieldErrors).toEqual([
      { field: 'body.bypassByIp.ipList.1', message: 'The IP format is incorrect.' },
      { field: 'body.bypassByIp.ipList.2', message: 'IP address is redundant.' },
    ]);
    const session = await s.session({ multiSessionsLimit: 0, sessionTimeoutMinutes: 35_791_395 });
    expect(session.json().fieldErrors.map((error: { field: string }) => error.field)).toEqual(['body.multiSessionsLimit', 'body.sessionTimeoutMinutes']);
    expect((await call(w.as.owner, api.getMfaSetting, { params: params() })).json().securityMfa.type).toBe('NONE');
  });
});

describe('login failure lock', () => {
  it('locks after exactly the configured count, even with 50 wrong passwords at once; the lock answers like a wrong password', async () => {
    const s = await setSettings();
    expect((await s.loginFail({ enable: true, loginFailCount: 3, blockMinutes: 2 })).statusCode).toBe(200);
    const attempts = await Promise.all(Array.from({ length: 50 }, () => iamSignIn('locky', 'Wrong-pass1!')));
    expect(attempts.every((response) => header(response).resultCode === 20002)).toBe(true);
    const [row] = await w.t.db.select().from(iamLoginFailures).where(eq(iamLoginFailures.iamMemberId, w.ids.locky!));
    expect(row!.failureCount).toBe(3);
    expect(row!.lockedUntil).toEqual(new Date(w.t.clock.now().getTime() + 2 * 60_000));

    const wrong = await iamSignIn('locky', 'Wrong-pass1!');
    const locked = await iamSignIn('locky');
    expect(locked.statusCode).toBe(wrong.statusCode);
    expect(header(locked)).toEqual(header(wrong));
    expect(locked.cookies.find((cookie) => cookie.name === api.SESSION_COOKIE)).toBeUndefined();

    w.t.clock.advanceMinutes(1.9);
    expect(header(await iamSignIn('locky')).resultCode).toBe(20002);
    w.t.clock.advanceMinutes(0.1);
    const after = await iamSignIn('locky');
    expect(after.statusCode, after.body).toBe(200);
    expect(await w.t.db.select().from(iamLoginFailures).where(eq(iamLoginFailures.iamMemberId, w.ids.locky!))).toEqual([]);
  });

  it('a successful sign-in resets the count', async () => {
    for (let round = 0; round < 3; round++) {
      expect(header(await iamSignIn('resetty', 'Wrong-pass1!')).resultCode).toBe(20002);
      expect(header(await iamSignIn('resetty', 'Wrong-pass1!')).resultCode).toBe(20002);
      expect((await iamSignIn('resetty')).statusCode).toBe(200);
    }
  });
});

describe('password policy', () => {
  it("refuses a weak password, a mismatch, the current password and (limit 2) the one before; shows the policy to the account", async () => {
    const s = await setSettings();
    expect((await s.policy(CUSTOM)).json().passwordRule.value).toEqual(CUSTOM);
    const pw = callerOf(await iamSignIn('pw.user'));
    const rule = await call(pw, api.getOwnPasswordRule);
    expect(rule.json().policy).toEqual(CUSTOM);
    const change = (body: object) => call(pw, api.changeOwnPassword, { body: body as never });

    const weak = await change({ currentPassword: FIXTURE_PASSWORD, password: 'Short1!x', passwordConfirm: 'Short1!x' });
    expect(weak.json().header.resultCode).toBe(10001);
    expect(weak.json().fieldErrors).toEqual([{ field: 'body.password', message: 'Use 10 to 15 characters.' }]);
    // The refusal is in the audit log under the account, its passwords redacted.
    const [refused] = (await call(w.as.owner, api.listAuditEvents, { params: params(), query: { action: 'signInSecurity.changeOwnPassword', actor: 'pw.user' } })).json()
      .auditEvents as api.AuditEvent[];
    expect(refused).toMatchObject({ category: 'CHANGE', result: 'FAILURE', resultCode: '10001', detail: { body: { currentPassword: '[redacted]', password: '[redacted]' } } });
    expect(JSON.stringify(refused)).not.toContain('Short1!x');
    const plain = await change({ currentPassword: FIXTURE_PASSWORD, password: 'abcdefghijk', passwordConfirm: 'x' });
    expect(plain.json().fieldErrors.map((error: { message: string }) => error.message)).toEqual([
      'Include upper-case and lower-case letters.',
      'Include a digit.',
      'Include a special character.',
      expect.stringContaining('three identical or consecutive'),
      'The passwords do not match.',
    ]);
    const wrongCurrent = await change({ currentPassword: 'Nope-123!x', password: 'Fresh-Pass92!', passwordConfirm: 'Fresh-Pass92!' });
    expect(wrongCurrent.json().fieldErrors).toEqual([{ field: 'body.currentPassword', message: 'The current password is incorrect.' }]);
    const same = await change({ currentPassword: FIXTURE_PASSWORD, password: FIXTURE_PASSWORD, passwordConfirm: FIXTURE_PASSWORD });
    expect(same.json().header.resultCode).toBe(10001);

    expect((await change({ currentPassword: FIXTURE_PASSWORD, password: 'Fresh-Pass92!', passwordConfirm: 'Fresh-Pass92!' })).statusCode).toBe(200);
    const back = await change({ currentPassword: 'Fresh-Pass92!', password: FIXTURE_PASSWORD, passwordConfirm: FIXTURE_PASSWORD });
    expect(back.json().fieldErrors).toEqual([{ field: 'body.password', message: 'Use a password different from your last 2 passwords.' }]);
    expect((await change({ currentPassword: 'Fresh-Pass92!', password: 'Other-Pass93!', passwordConfirm: 'Other-Pass93!' })).statusCode).toBe(200);
    expect((await iamSignIn('pw.user', 'Other-Pass93!')).statusCode).toBe(200);
  });

  it('with onLogin, a password that breaks the policy must be changed before the session', async () => {
    const s = await setSettings();
    await s.policy({ ...CUSTOM, passwordConstraints: { ...CUSTOM.passwordConstraints, minLength: 15 }, applicationRuleType: 'onLogin' });
    const first = await iamSignIn('expiry.user');
    expect(first.json().session).toBeNull();
    expect(first.json().nextStep).toMatchObject({ type: 'PASSWORD_CHANGE', passwordChange: { reason: 'POLICY' } });
    expect(first.cookies.find((cookie) => cookie.name === api.SESSION_COOKIE)).toBeUndefined();
    const token = first.json().nextStep.challengeToken;
    const weak = await step('/api/auth/v1/iam/login/password', { challengeToken: token, password: 'Fresh-Pass92!', passwordConfirm: 'Fresh-Pass92!' });
    expect(weak.json().fieldErrors).toEqual([{ field: 'body.password', message: 'Use 15 to 15 characters.' }]);
    const done = await step('/api/auth/v1/iam/login/password', { challengeToken: token, password: 'Long-Fresh-P92!', passwordConfirm: 'Long-Fresh-P92!' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().session.id).toBe('expiry.user');
    // Used up.
    expect(header(await step('/api/auth/v1/iam/login/password', { challengeToken: token, password: 'Long-Fresh-P93!', passwordConfirm: 'Long-Fresh-P93!' })).resultCode).toBe(20012);
    await s.policy({ ...CUSTOM, passwordPolicyType: 'default' });
  });

  it('an expired password forces a change at sign-in', async () => {
    const s = await setSettings();
    await s.policy({ ...CUSTOM, passwordExpiry: { enable: true, days: 1 }, applicationRuleType: 'onLogin' });
    expect((await iamSignIn('idle.user')).json().nextStep).toBeNull();
    w.t.clock.advanceDays(5);
    const expired = await iamSignIn('idle.user');
    expect(expired.json().nextStep).toMatchObject({ type: 'PASSWORD_CHANGE', passwordChange: { reason: 'EXPIRED' } });
    const done = await step('/api/auth/v1/iam/login/password', { challengeToken: expired.json().nextStep.challengeToken, password: 'Fresh-Pass92!', passwordConfirm: 'Fresh-Pass92!' });
    expect(done.json().session.id).toBe('idle.user');
    expect((await iamSignIn('idle.user', 'Fresh-Pass92!')).json().nextStep).toBeNull();
    // The people of the other tests sign in again after the days moved.
    w.as.admin = await w.t.login('admin@sec.example.com', FIXTURE_PASSWORD);
    w.as.owner = await w.t.login('owner@sec.example.com', FIXTURE_PASSWORD);
    w.as.member = await w.t.login('member@sec.example.com', FIXTURE_PASSWORD);
    w.as.outsider = await w.t.login('outsider@sec.example.com', FIXTURE_PASSWORD);
    expect((await (await setSettings()).policy({ ...CUSTOM, passwordPolicyType: 'default' })).statusCode).toBe(200);
  });
});

const verify = (challengeToken: string, code: string) => step('/api/auth/v1/iam/login/verify', { challengeToken, code });

describe('two-step verification', () => {
  it('TOTP: enrols at the first sign-in, then takes a code once, one step either side, not a wrong one', async () => {
    const s = await setSettings();
    expect((await s.mfa({ type: 'TOTP', bypassByIp: { enable: false, ipList: [] } })).statusCode).toBe(200);
    const enrol = await iamSignIn('totp.user');
    const next = enrol.json().nextStep;
    expect(next).toMatchObject({ type: 'TOTP_ENROL', totp: { secret: expect.stringMatching(/^[A-Z2-7]{32}$/) } });
    expect(next.totp.otpauthUri).toContain(`secret=${next.totp.secret}`);
    const secret: string = next.totp.secret;
    expect(header(await verify(next.challengeToken, '000000')).resultCode).toBe(20013);
    const now = totpStepOf(w.t.clock.now());
    const enrolled = await verify(next.challengeToken, totpCode(secret, now));
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json().session.id).toBe('totp.user');

    // Next sign-in: TOTP; the code already used is refused, the next step's is taken (+1), two steps away is not.
    const again = (await iamSignIn('totp.user')).json().nextStep;
    expect(again.type).toBe('TOTP');
    expect(header(await verify(again.challengeToken, totpCode(secret, now))).resultCode).toBe(20013);
    expect(header(await verify(again.challengeToken, totpCode(secret, now + 2))).resultCode).toBe(20013);
    expect((await verify(again.challengeToken, totpCode(secret, now + 1))).json().session.id).toBe('totp.user');
    w.t.clock.advanceMinutes(1.5);
    const later = (await iamSignIn('totp.user')).json().nextStep;
    const current = totpStepOf(w.t.clock.now());
    expect((await verify(later.challengeToken, totpCode(secret, current - 1))).json().session.id).toBe('totp.user');
    // The challenge is used up.
    expect(header(await verify(later.challengeToken, totpCode(secret, current))).resultCode).toBe(20012);

    // The audit log has each code's outcome under the account: the sign-ins by code, and the wrong codes.
    const audited = (await call(w.as.owner, api.listAuditEvents, { params: params(), query: { action: 'auth.verifySignInCode', actor: 'totp.user', limit: 100 } })).json()
      .auditEvents as api.AuditEvent[];
    const outcomes = audited.map((row) => `${row.category} ${row.result} ${row.resultCode}`);
    expect(outcomes.filter((outcome) => outcome === 'SIGN_IN SUCCESS 0')).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === 'SIGN_IN FAILURE 20013')).toHaveLength(3);
  });

  it('wrong codes count against the same lock as wrong passwords', async () => {
    const s = await setSettings();
    await s.loginFail({ enable: true, loginFailCount: 2, blockMinutes: 5 });
    const challenge = (await iamSignIn('totp.user')).json().nextStep.challengeToken;
    expect(header(await verify(challenge, '111111')).resultCode).toBe(20013);
    expect(header(await verify(challenge, '222222')).resultCode).toBe(20013);
    expect(header(await iamSignIn('totp.user')).resultCode).toBe(20002);
    w.t.clock.advanceMinutes(5);
    expect((await iamSignIn('totp.user')).json().nextStep.type).toBe('TOTP');
    await s.loginFail({ enable: true, loginFailCount: 5, blockMinutes: 2 });
  });

  it('skips the second step from a bypass IP', async () => {
    const s = await setSettings();
    await s.mfa({ type: 'TOTP', bypassByIp: { enable: true, ipList: ['203.0.113.0/24'] } });
    expect((await iamSignIn('totp.user', FIXTURE_PASSWORD, '203.0.113.9')).json().nextStep).toBeNull();
    expect((await iamSignIn('totp.user', FIXTURE_PASSWORD, '198.51.100.1')).json().nextStep.type).toBe('TOTP');
  });

  it('EMAIL: the mailed code works once within 10 minutes; a new one can be asked for', async () => {
    const s = await setSettings();
    await s.mfa({ type: 'EMAIL', bypassByIp: { enable: false, ipList: [] } });
    const codeOfLastMail = async () => {
      await w.t.runPendingJobs();
      const mail = (await w.t.mails()).filter((row) => row.toAddress === 'mail.user@sec.example.com').at(-1)!;
      return /\b(\d{6})\b/.exec(mail.textBody)![1]!;
    };
    const first = (await iamSignIn('mail.user')).json().nextStep;
    expect(first).toMatchObject({ type: 'EMAIL', maskedEmail: expect.stringContaining('*') });
    const code = await codeOfLastMail();
    w.t.clock.advanceMinutes(10);
    expect(header(await verify(first.challengeToken, code)).resultCode).toBe(20013);
    const resent = await step('/api/auth/v1/iam/login/email-code', { challengeToken: first.challengeToken });
    expect(resent.statusCode).toBe(200);
    const fresh = await codeOfLastMail();
    w.t.clock.advanceMinutes(9);
    const done = await verify(first.challengeToken, fresh);
    expect(done.json().session.id, done.body).toBe('mail.user');
    await s.mfa({ type: 'NONE', bypassByIp: { enable: false, ipList: [] } });
  });
});

describe('sessions', () => {
  it('keeps at most multiSessionsLimit sessions (the oldest ends) and ends idle ones after the timeout', async () => {
    const s = await setSettings();
    expect((await s.session({ multiSessionsLimit: 2, sessionTimeoutMinutes: 15 })).statusCode).toBe(200);
    const first = callerOf(await iamSignIn('multi.user'));
    w.t.clock.advanceMinutes(1);
    const second = callerOf(await iamSignIn('multi.user'));
    w.t.clock.advanceMinutes(1);
    const third = callerOf(await iamSignIn('multi.user'));
    await expectRefusal(() => call(first, api.listOwnSessions), 401, 4000);
    const listed = await call(third, api.listOwnSessions);
    expect(listed.json().totalCount).toBe(2);
    expect(listed.json().sessions.map((row: { current: boolean }) => row.current)).toEqual([true, false]);
    expect((await call(second, api.getSession)).statusCode).toBe(200);

    w.t.clock.advanceMinutes(14);
    expect((await call(third, api.getSession)).statusCode).toBe(200);
    w.t.clock.advanceMinutes(16);
    expect((await call(third, api.getSession)).statusCode).toBe(401);
    await s.session({ multiSessionsLimit: 100, sessionTimeoutMinutes: 10 });
  });

  it('a person ends one of their own sessions; not someone else’s', async () => {
    const a = callerOf(await iamSignIn('multi.user'));
    const b = callerOf(await iamSignIn('multi.user'));
    const other = (await call(b, api.listOwnSessions)).json().sessions.find((row: { current: boolean }) => !row.current).sessionId;
    await expectRefusal(() => call(w.as.admin, api.endOwnSession, { params: { sessionId: other } }), 404, 10404);
    expect((await call(b, api.endOwnSession, { params: { sessionId: other } })).json().ended).toBe(true);
    expect((await call(a, api.getSession)).statusCode).toBe(401);
    expect((await call(b, api.getSession)).statusCode).toBe(200);
  });

  it('an ADMIN lists and ends an IAM account’s sessions; a MEMBER and another organization cannot', async () => {
    const s1 = callerOf(await iamSignIn('multi.user'));
    const listed = await call(w.as.admin, api.listIamMemberSessions, { params: { orgId: w.orgId, memberId: w.ids.multi! } });
    expect(listed.json().totalCount).toBeGreaterThanOrEqual(1);
    await expectRefusal(() => call(w.as.member, api.endIamMemberSessions, { params: { orgId: w.orgId, memberId: w.ids.multi! } }), 403, -6);
    await expectRefusal(() => call(w.as.outsider, api.endIamMemberSessions, { params: { orgId: w.otherOrgId, memberId: w.ids.multi! } }), 404, 21008);
    expect((await call(s1, api.getSession)).statusCode).toBe(200);
    const ended = await call(w.as.admin, api.endIamMemberSessions, { params: { orgId: w.orgId, memberId: w.ids.multi! } });
    expect(ended.json().endedCount).toBeGreaterThanOrEqual(1);
    await expectRefusal(() => call(s1, api.getSession), 401, 4000);
  });

  it('suspending an account ends its sessions at once', async () => {
    const s1 = callerOf(await iamSignIn('multi.user'));
    expect((await call(w.as.admin, api.updateIamMemberStatus, { params: { orgId: w.orgId, memberId: w.ids.multi! }, body: { status: 'BLOCKED' } })).statusCode).toBe(200);
    await expectRefusal(() => call(s1, api.getSession), 401, 4000);
  });
});

type Preview = { self: { applies: boolean; impact: string | null; lockedOut: boolean }; members: { userCode: string; impact: string; sessionsEnding: number; email: string }[]; checkedMembers: number; lockedOutMembers: number; confirmationText: string };
const preview = async (who: Caller, body: object): Promise<Preview> => {
  const response = await call(who, api.previewSignInLockout, { params: params(), body: body as never });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('lockout-safe editor for two-step and session rules', () => {
  it('lists the sessions a lower limit or a shorter timeout ends; saving ends exactly those, the newest stays', async () => {
    const s = await setSettings();
    await s.session({ multiSessionsLimit: 100, sessionTimeoutMinutes: 60 });
    const oldest = callerOf(await iamSignIn('many.user'));
    w.t.clock.advanceMinutes(1);
    const middle = callerOf(await iamSignIn('many.user'));
    w.t.clock.advanceMinutes(1);
    const newest = callerOf(await iamSignIn('many.user'));

    const before = await w.t.call(w.as.admin, api.getSessionSetting, { params: params() });
    const limited = await preview(w.as.admin, { rule: 'SESSION', multiSessionsLimit: 1, sessionTimeoutMinutes: 60 });
    // The admin is a cloud member: the rule does not reach their own session.
    expect(limited.self).toEqual({ applies: false, impact: null, lockedOut: false });
    expect(limited.members.find((row) => row.userCode === 'many.user')).toMatchObject({ impact: 'SESSIONS_END', sessionsEnding: 2 });
    expect(limited.confirmationText).toBe('Security Org');
    // Nothing is saved by asking.
    expect((await w.t.call(w.as.admin, api.getSessionSetting, { params: params() })).json().session).toEqual(before.json().session);
    expect((await call(oldest, api.getSession)).statusCode).toBe(200);

    // A timeout shorter than the idle time ends the idle sessions too.
    w.t.clock.advanceMinutes(20);
    await call(newest, api.getSession);
    const shorter = await preview(w.as.admin, { rule: 'SESSION', multiSessionsLimit: 100, sessionTimeoutMinutes: 15 });
    expect(shorter.members.find((row) => row.userCode === 'many.user')).toMatchObject({ sessionsEnding: 2 });

    expect((await s.session({ multiSessionsLimit: 1, sessionTimeoutMinutes: 60 })).statusCode).toBe(200);
    await expectRefusal(() => call(oldest, api.getSession), 401, 4000);
    await expectRefusal(() => call(middle, api.getSession), 401, 4000);
    expect((await call(newest, api.getSession)).statusCode).toBe(200);
    expect((await preview(w.as.admin, { rule: 'SESSION', multiSessionsLimit: 1, sessionTimeoutMinutes: 60 })).members.find((row) => row.userCode === 'many.user')).toBeUndefined();
    await s.session({ multiSessionsLimit: 100, sessionTimeoutMinutes: 10 });
  });

  it('lists who must set up an authenticator (not those enrolled or signing in from a bypass IP), or gets mailed codes', async () => {
    const totp = await preview(w.as.admin, { rule: 'MFA', type: 'TOTP', bypassByIp: { enable: false, ipList: [] } });
    const codes = totp.members.map((row) => row.userCode);
    expect(codes).toContain('many.user');
    expect(codes).not.toContain('totp.user');
    expect(totp.members.every((row) => row.impact === 'MUST_ENROL_TOTP')).toBe(true);
    expect(totp.checkedMembers).toBeGreaterThanOrEqual(totp.members.length);
    // many.user last signed in from 127.0.0.1: a bypass list holding it spares them.
    const bypassed = await preview(w.as.admin, { rule: 'MFA', type: 'TOTP', bypassByIp: { enable: true, ipList: ['127.0.0.0/8'] } });
    expect(bypassed.members.map((row) => row.userCode)).not.toContain('many.user');
    const email = await preview(w.as.admin, { rule: 'MFA', type: 'EMAIL', bypassByIp: { enable: false, ipList: [] } });
    expect(email.members.find((row) => row.userCode === 'totp.user')).toMatchObject({ impact: 'EMAIL_CODE' });
    expect(email.lockedOutMembers).toBe(0);
    expect((await preview(w.as.admin, { rule: 'MFA', type: 'NONE', bypassByIp: { enable: false, ipList: [] } })).members).toEqual([]);
  });

  it('says who a mailed-code rule locks out because they have no email address (an authenticator needs none)', async () => {
    const stored = (await w.t.db.select({ email: iamMembers.email }).from(iamMembers).where(eq(iamMembers.id, w.ids.idle!)))[0]!.email;
    await w.t.db.update(iamMembers).set({ email: '' }).where(eq(iamMembers.id, w.ids.idle!));
    try {
      const email = await preview(w.as.admin, { rule: 'MFA', type: 'EMAIL', bypassByIp: { enable: false, ipList: [] } });
      expect(email.members.find((row) => row.userCode === 'idle.user')).toMatchObject({ impact: 'NO_EMAIL_ADDRESS', email: '' });
      expect(email.members.find((row) => row.userCode === 'totp.user')).toMatchObject({ impact: 'EMAIL_CODE' });
      expect(email.lockedOutMembers).toBe(1);
      // An authenticator needs no address.
      const totp = await preview(w.as.admin, { rule: 'MFA', type: 'TOTP', bypassByIp: { enable: false, ipList: [] } });
      expect(totp.lockedOutMembers).toBe(0);
      expect(totp.members.find((row) => row.userCode === 'idle.user')?.impact).not.toBe('NO_EMAIL_ADDRESS');
    } finally {
      await w.t.db.update(iamMembers).set({ email: stored }).where(eq(iamMembers.id, w.ids.idle!));
    }
  });

  it('needs Setting.Iam.Get: a MEMBER gets -6, another organization not-found; bad values answer 10001', async () => {
    const body = { rule: 'SESSION', multiSessionsLimit: 1, sessionTimeoutMinutes: 60 };
    await expectRefusal(() => call(w.as.member, api.previewSignInLockout, { params: params(), body: body as never }), 403, -6);
    await expectRefusal(() => call(w.as.outsider, api.previewSignInLockout, { params: params(), body: body as never }), 404, 23005);
    await expectRefusal(() => call(w.as.admin, api.previewSignInLockout, { params: params(), body: { ...body, sessionTimeoutMinutes: 5 } as never }), 400, 10001);
  });
});

describe('authenticator: one\'s own re-enrolment and an admin\'s reset', () => {
  it('enrols from /login-security, re-enrols only with the current code, and the old authenticator stops working', async () => {
    const s = await setSettings();
    await s.mfa({ type: 'NONE', bypassByIp: { enable: false, ipList: [] } });
    await s.session({ multiSessionsLimit: 100, sessionTimeoutMinutes: 60 });
    const self = callerOf(await iamSignIn('reenrol.user'));
    expect((await call(self, api.getOwnTotp)).json().totp).toEqual({ enrolled: false, enrolledAt: null });

    const first = (await call(self, api.startOwnTotpEnrolment, { body: {} })).json();
    expect(first.otpauthUri).toContain(`secret=${first.secret}`);
    expect(header(await call(self, api.confirmOwnTotpEnrolment, { body: { code: totpCode(first.secret, totpStepOf(w.t.clock.now()) + 5) } })).resultCode).toBe(20013);
    const enrolled = await call(self, api.confirmOwnTotpEnrolment, { body: { code: totpCode(first.secret, totpStepOf(w.t.clock.now())) } });
    expect(enrolled.json().totp).toEqual({ enrolled: true, enrolledAt: w.t.clock.now().toISOString() });

    // Re-enrolment needs the current authenticator's code: missing, wrong, or already used is refused.
    const missing = await expectRefusal(() => call(self, api.startOwnTotpEnrolment, { body: {} }), 400, 10001);
    expect(missing.fieldErrors![0]!.field).toBe('body.currentCode');
    await expectRefusal(() => call(self, api.startOwnTotpEnrolment, { body: { currentCode: totpCode(first.secret, totpStepOf(w.t.clock.now())) } }), 400, 20013);
    w.t.clock.advanceMinutes(1);
    const second = (await call(self, api.startOwnTotpEnrolment, { body: { currentCode: totpCode(first.secret, totpStepOf(w.t.clock.now())) } })).json();
    expect(second.secret).not.toBe(first.secret);
    // Until confirmed, the old one stays; a new one not confirmed within 10 minutes lapses.
    w.t.clock.advanceMinutes(11);
    expect(header(await call(self, api.confirmOwnTotpEnrolment, { body: { code: totpCode(second.secret, totpStepOf(w.t.clock.now())) } })).resultCode).toBe(20013);
    const third = (await call(self, api.startOwnTotpEnrolment, { body: { currentCode: totpCode(first.secret, totpStepOf(w.t.clock.now())) } })).json();
    expect((await call(self, api.confirmOwnTotpEnrolment, { body: { code: totpCode(third.secret, totpStepOf(w.t.clock.now())) } })).statusCode).toBe(200);

    // Signing in with two-step by TOTP: the old authenticator's code is refused, the new one's taken.
    await s.mfa({ type: 'TOTP', bypassByIp: { enable: false, ipList: [] } });
    w.t.clock.advanceMinutes(1);
    const challenge = (await iamSignIn('reenrol.user')).json().nextStep;
    expect(challenge.type).toBe('TOTP');
    expect(header(await verify(challenge.challengeToken, totpCode(first.secret, totpStepOf(w.t.clock.now())))).resultCode).toBe(20013);
    expect((await verify(challenge.challengeToken, totpCode(third.secret, totpStepOf(w.t.clock.now())))).json().session.id).toBe('reenrol.user');
    await s.mfa({ type: 'NONE', bypassByIp: { enable: false, ipList: [] } });
  });

  it('an ADMIN resets an IAM account\'s authenticator (recorded with before and after); a MEMBER and another organization cannot', async () => {
    const s = await setSettings();
    const memberParams = { orgId: w.orgId, memberId: w.ids.reenrol! };
    expect((await call(w.as.admin, api.getIamMemberTotp, { params: memberParams })).json().totp.enrolled).toBe(true);
    await expectRefusal(() => call(w.as.member, api.resetIamMemberTotp, { params: memberParams }), 403, -6);
    await expectRefusal(() => call(w.as.outsider, api.resetIamMemberTotp, { params: { orgId: w.otherOrgId, memberId: w.ids.reenrol! } }), 404, 21008);
    await expectRefusal(() => call(w.as.admin, api.resetIamMemberTotp, { params: { orgId: w.orgId, memberId: w.ids.admin! } }), 404, 21008);
    expect((await call(w.as.admin, api.resetIamMemberTotp, { params: memberParams })).json().totp).toEqual({ enrolled: false, enrolledAt: null });

    // The next two-step sign-in sets up a new authenticator.
    await s.mfa({ type: 'TOTP', bypassByIp: { enable: false, ipList: [] } });
    expect((await iamSignIn('reenrol.user')).json().nextStep.type).toBe('TOTP_ENROL');
    await s.mfa({ type: 'NONE', bypassByIp: { enable: false, ipList: [] } });

    await s.session({ multiSessionsLimit: 100, sessionTimeoutMinutes: 10 });
    const audit = (await call(w.as.admin, api.listAuditEvents, { params: { orgId: w.orgId }, query: { action: 'Totp', limit: 20 } })).json().auditEvents as api.AuditEvent[];
    const reset = audit.find((event) => event.action === 'signInSecurity.resetIamMemberTotp')!;
    expect(reset).toMatchObject({ result: 'SUCCESS', target: { type: 'member', id: w.ids.reenrol }, after: { totpEnrolled: false, totpEnrolledAt: null } });
    expect(reset.before).toMatchObject({ totpEnrolled: true });
    // The account's own re-enrolment is in its organization's log too, without the secret.
    const own = audit.filter((event) => event.action === 'signInSecurity.confirmOwnTotpEnrolment');
    expect(own.length).toBeGreaterThanOrEqual(2);
    expect(own[0]!.actor.login).toBe('reenrol.user');
    expect(JSON.stringify(audit)).not.toMatch(/secret=|"secret"/);
  });
});
