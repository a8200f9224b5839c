import * as api from '@console/contracts';
import { CSRF_COOKIE, CSRF_HEADER } from '@console/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orgDomains, orgMembers } from '../../db/schema/index.ts';
import { FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { fromAddress, type Caller } from '../../test/helper.ts';
import { worldOf } from '../../test/world.ts';
import { CLIENT_FAILURE_FACTOR } from '../../platform/throttle.ts';

/**
 * Sign-in throttling per account and client IP (docs/decisions.md "Sign-in throttling"): with a
 * limit of 3 failures a minute, one person's wrong passwords never stop another person signing in
 * from the same IP, while the same account guessed at from one IP, or one IP guessing at many
 * accounts, is refused for the rest of the minute.
 */
const LIMIT = 3;
const w = worldOf({
  env: { LOGIN_RATE_LIMIT_PER_MINUTE: String(LIMIT), PUBLIC_URL: 'https://console.example.com/' },
  mailDomain: 'thr.example.com',
  org: { name: 'Throttle Org' },
  roles: { host: { role: 'OWNER', name: 'host' }, x: null, y: null, z: null, colleague: null, guest: null },
  signIn: ['host'],
});

/** A browser at `ip` holding `cookies` (the session or CSRF cookies it was given) and no CSRF header. */
const browser = (ip: string, cookies: Record<string, string> = {}): Caller => fromAddress(ip, { cookies, headers: {}, as: (options) => ({ ...options, cookies }) });
const signIn = (email: string, password: string, ip: string, cookies: Record<string, string> = {}) =>
  w.t.call(browser(ip, cookies), api.memberLogin, { body: { email, password } });
const accept = (token: string, ip: string, body: object, who?: Caller) =>
  w.t.call(fromAddress(ip, who), api.acceptInvitation, { params: { token }, body });
const codeOf = (response: { json(): { header: { resultCode: number } } }) => response.json().header.resultCode;

async function invitationToken(email: string) {
  const invited = await w.t.call(w.as.host, api.inviteOrgMembers, { params: { orgId: w.orgId }, body: { emailList: [email], orgRoleCodes: ['MEMBER'] } });
  expect(invited.statusCode, invited.body).toBe(200);
  await w.t.runPendingJobs();
  const mail = (await w.t.mails()).filter((row) => row.toAddress === email).at(-1)!;
  return decodeURIComponent(/invitation#token=([A-Za-z0-9_-]+)/.exec(mail.textBody)![1]!);
}

describe('sign-in throttling', () => {
  it("a wrong password for one account does not stop another account's correct sign-in from the same IP", async () => {
    for (let attempt = 0; attempt < LIMIT; attempt++) expect(codeOf(await signIn('x@thr.example.com', 'wrong', '10.1.0.1'))).toBe(20001);
    const other = await signIn('y@thr.example.com', FIXTURE_PASSWORD, '10.1.0.1');
    expect(other.statusCode, other.body).toBe(200);
  });

  it('throttles repeated failures for one account from one IP — the right password too — until the minute is over; other IPs are not affected', async () => {
    for (let attempt = 0; attempt < LIMIT; attempt++) expect(codeOf(await signIn('z@thr.example.com', 'wrong', '10.1.0.2'))).toBe(20001);
    const throttled = await signIn('Z@thr.example.com', FIXTURE_PASSWORD, '10.1.0.2');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().header).toMatchObject({ resultCode: 10429, resultMessage: 'Too many requests. Try again in 60 seconds.' });
    expect((await signIn('z@thr.example.com', FIXTURE_PASSWORD, '10.1.0.3')).statusCode).toBe(200);
    w.t.clock.advanceMinutes(0.5);
    expect(codeOf(await signIn('z@thr.example.com', FIXTURE_PASSWORD, '10.1.0.2'))).toBe(10429);
    w.t.clock.advanceMinutes(0.5);
    expect((await signIn('z@thr.example.com', FIXTURE_PASSWORD, '10.1.0.2')).statusCode).toBe(200);
    // A success starts the count afresh: LIMIT - 1 more typos do not throttle.
    for (let attempt = 0; attempt < LIMIT - 1; attempt++) expect(codeOf(await signIn('z@thr.example.com', 'wrong', '10.1.0.2'))).toBe(20001);
    expect((await signIn('z@thr.example.com', FIXTURE_PASSWORD, '10.1.0.2')).statusCode).toBe(200);
  });

  it('throttles one IP failing across many accounts (an unknown IAM domain is not a wrong password)', async () => {
    const ip = '10.1.0.4';
    const failures = LIMIT * CLIENT_FAILURE_FACTOR;
    for (let attempt = 0; attempt < failures - 1; attempt++) {
      expect(codeOf(await signIn(`nobody${attempt}@thr.example.com`, 'guess', ip))).toBe(20001);
    }
    const iam = await w.t.call(fromAddress(ip), api.iamLogin, { body: { domain: 'nowhere', userCode: 'x', password: 'y' } });
    expect(codeOf(iam)).toBe(20003); // an unknown domain is not a wrong password
    const lastGuess = await w.t.call(fromAddress(ip), api.memberLogin, { body: { email: 'last@thr.example.com', password: 'guess' } });
    expect(codeOf(lastGuess)).toBe(20001);
    expect(codeOf(await signIn('y@thr.example.com', FIXTURE_PASSWORD, ip))).toBe(10429);
    expect((await signIn('y@thr.example.com', FIXTURE_PASSWORD, '10.1.0.5')).statusCode).toBe(200);
  });
});

describe('the invitation page', () => {
  it('does not lock a person out after a typo — in signing in or in signing up — nor after a colleague on the same IP mistyped', async () => {
    const ip = '10.2.0.1';
    // A colleague behind the same IP mistypes until their account is throttled.
    for (let attempt = 0; attempt < LIMIT; attempt++) expect(codeOf(await signIn('colleague@thr.example.com', 'wrong', ip))).toBe(20001);
    expect(codeOf(await signIn('colleague@thr.example.com', FIXTURE_PASSWORD, ip))).toBe(10429);

    // An invited person with an account: accept (sign in first), a typo, the right password, accept.
    const token = await invitationToken('guest@thr.example.com');
    expect(codeOf(await accept(token, ip, {}))).toBe(100);
    expect(codeOf(await signIn('guest@thr.example.com', 'Fixture#2025', ip))).toBe(20001);
    const signedIn = await signIn('guest@thr.example.com', FIXTURE_PASSWORD, ip);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const cookies = Object.fromEntries(signedIn.cookies.map((cookie) => [cookie.name, cookie.value]));
    const headers = { [CSRF_HEADER]: signedIn.cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value ?? '' };
    const guest: Caller = { cookies, headers, as: (options) => ({ ...options, cookies, headers: { ...options.headers, ...headers } }) };
    const joined = await accept(token, ip, {}, guest);
    expect(joined.statusCode, joined.body).toBe(200);

    // A new person signs up on the page and mistypes the confirmation, more than LIMIT times.
    const fresh = await invitationToken('fresh@thr.example.com');
    for (let attempt = 0; attempt <= LIMIT; attempt++) {
      const typo = await accept(fresh, ip, { name: 'Fresh Person', password: 'Welcome#2026', passwordConfirm: 'Welcome#2062' });
      expect(codeOf(typo), typo.body).toBe(10001);
    }
    const signedUp = await accept(fresh, ip, { name: 'Fresh Person', password: 'Welcome#2026', passwordConfirm: 'Welcome#2026' });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    expect((await signIn('fresh@thr.example.com', 'Welcome#2026', ip)).statusCode).toBe(200);
    expect(await w.t.db.select().from(orgMembers).where(eq(orgMembers.orgId, w.orgId))).toHaveLength(3);
  });

  it('counts unknown links per IP: after 5 × the limit, 10429 — even for a real link from that IP', async () => {
    const ip = '10.2.0.2';
    const real = await invitationToken('late.comer@thr.example.com');
    for (let attempt = 0; attempt < LIMIT * CLIENT_FAILURE_FACTOR; attempt++) {
      expect(codeOf(await accept(`guess-${attempt}`, ip, { name: 'Guess', password: 'Welcome#2026' }))).toBe(21002);
    }
    expect(codeOf(await accept(real, ip, { name: 'Late Comer', password: 'Welcome#2026', passwordConfirm: 'Welcome#2026' }))).toBe(10429);
    const elsewhere = await accept(real, '10.2.0.3', { name: 'Late Comer', password: 'Welcome#2026', passwordConfirm: 'Welcome#2026' });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});

describe('the IAM password-setup page and IAM sign-in', () => {
  it('lets a typo in the new password pass, then throttles wrong passwords of the IAM account from that IP only', async () => {
    const ip = '10.3.0.1';
    await w.t.db.insert(orgDomains).values({ orgId: w.orgId, domainName: 'throttle-org' });
    const created = await w.t.call(w.as.host, api.createIamMembers, { params: { orgId: w.orgId }, body: {
      members: [{ userCode: 'setup.me', name: 'Setup.Me', emailAddress: 'setup.me@thr.example.com' }],
    } });
    expect(created.statusCode, created.body).toBe(200);
    const accountId = created.json().result.contents[0].memberId as string;
    expect((await w.t.call(w.as.host, api.sendPasswordSetupMail, { params: { orgId: w.orgId, memberId: accountId }, body: { locale: 'en_US' } })).statusCode).toBe(200);
    await w.t.runPendingJobs();
    const mail = (await w.t.mails()).filter((row) => row.toAddress === 'setup.me@thr.example.com').at(-1)!;
    const token = decodeURIComponent(/\/iam\/password-setup#token=([A-Za-z0-9_-]+)/.exec(mail.textBody)![1]!);
    const setUp = (body: object) => w.t.call(fromAddress(ip), api.completePasswordSetup, { params: { token }, body });
    for (let attempt = 0; attempt <= LIMIT; attempt++) expect(codeOf(await setUp({ password: 'Setup#2468', passwordConfirm: 'Setup#2486' }))).toBe(10001);
    expect((await setUp({ password: 'Setup#2468', passwordConfirm: 'Setup#2468' })).statusCode).toBe(200);

    const iamSignIn = (password: string, from = ip) =>
      w.t.call(fromAddress(from), api.iamLogin, { body: { domain: 'throttle-org', userCode: 'setup.me', password } });
    for (let attempt = 0; attempt < LIMIT; attempt++) expect(codeOf(await iamSignIn('Setup#0000'))).toBe(20002);
    expect(codeOf(await iamSignIn('Setup#2468'))).toBe(10429);
    expect((await iamSignIn('Setup#2468', '10.3.0.2')).statusCode).toBe(200);
    expect((await signIn('y@thr.example.com', FIXTURE_PASSWORD, ip)).statusCode).toBe(200);
  });
});

