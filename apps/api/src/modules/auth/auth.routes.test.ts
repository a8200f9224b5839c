import * as api from '@console/contracts';
import { CSRF_COOKIE, SESSION_COOKIE } from '@console/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { iamMembers, members, sessions } from '../../db/schema/index.ts';
import { DEMO_DOMAIN, DEMO_IAM, DEMO_PASSWORD, seedDemoData } from '../../demo/seed.ts';
import { anonymous, buildTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ SESSION_IDLE_MINUTES: '30', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
  await seedDemoData(t.db);
});

const OWNER = 'owner@demo.example.com';
const memberId = async (email: string) => (await t.db.select().from(members).where(eq(members.email, email)))[0]!.id;

describe('cloud member sign-in', () => {
  it('signs in with email and password and sets an httpOnly session cookie and a CSRF cookie', async () => {
    const response = await t.call(anonymous, api.memberLogin, { body: { email: 'Owner@Demo.example.com', password: DEMO_PASSWORD, nextUrl: '/org/x/dashboard?a=1' } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.header).toEqual({ isSuccessful: true, resultCode: 0, resultMessage: 'SUCCESS' });
    expect(body.nextUrl).toBe('/org/x/dashboard?a=1');
    expect(body.session).toMatchObject({ email: OWNER, userName: 'Kim Owner', memberType: 'TOAST_CLOUD', bizMember: true });
    const sid = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!;
    expect(sid.httpOnly).toBe(true);
    expect(sid.sameSite).toBe('Lax');
    expect(sid.value.length).toBeGreaterThanOrEqual(43); // 256 bits, base64url
    expect(response.cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.httpOnly).toBeFalsy();
    // Only the token's hash is stored.
    const stored = await t.db.select().from(sessions);
    expect(stored.some((row) => row.tokenHash === sid.value)).toBe(false);
  });

  it('answers 20001 with the same message for a wrong password and an unknown email', async () => {
    const wrong = await t.call(anonymous, api.memberLogin, { body: { email: OWNER, password: 'nope' } });
    const unknown = await t.call(anonymous, api.memberLogin, { body: { email: 'ghost@demo.example.com', password: 'nope' } });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().header).toMatchObject({ isSuccessful: false, resultCode: 20001 });
      expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
    }
    expect(wrong.json().header.resultMessage).toBe(unknown.json().header.resultMessage);
  });

  it('refuses a nextUrl that leaves the console, with a field error', async () => {
    const response = await t.call(anonymous, api.memberLogin, { body: { email: OWNER, password: DEMO_PASSWORD, nextUrl: '//evil.example.com/' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().header.resultCode).toBe(10001);
    expect(response.json().fieldErrors).toEqual([expect.objectContaining({ field: 'body.nextUrl' })]);
  });

  it('refuses a suspended member with 20004', async () => {
    await t.db.update(members).set({ status: 'BLOCKED' }).where(eq(members.email, 'billing@demo.example.com'));
    const response = await t.call(anonymous, api.memberLogin, { body: { email: 'billing@demo.example.com', password: DEMO_PASSWORD } });
    expect(response.json().header.resultCode).toBe(20004);
    await t.db.update(members).set({ status: 'STABLE' }).where(eq(members.email, 'billing@demo.example.com'));
  });

  it('refuses a member restricted by CONSOLE_BLOCK with 20006 saying the console is blocked, and lets them in once it is lifted', async () => {
    const login = () =>
      t.call(anonymous, api.memberLogin, { body: { email: 'billing@demo.example.com', password: DEMO_PASSWORD } });
    await t.db.update(members).set({ restrictTypes: ['ORG_CREATE', 'CONSOLE_BLOCK'] }).where(eq(members.email, 'billing@demo.example.com'));
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().header).toMatchObject({ resultCode: 20006, resultMessage: 'The console is blocked for this account. Contact the customer center.' });
    expect(refused.cookies.find((cookie) => cookie.name === SESSION_COOKIE)).toBeUndefined();
    await t.db.update(members).set({ restrictTypes: ['ORG_CREATE'] }).where(eq(members.email, 'billing@demo.example.com'));
    expect((await login()).statusCode).toBe(200);
    await t.db.update(members).set({ restrictTypes: [] }).where(eq(members.email, 'billing@demo.example.com'));
  });
});

describe('session', () => {
  it('answers 100 without a session cookie', async () => {
    const response = await t.call(anonymous, api.getSession);
    expect(response.statusCode).toBe(401);
    expect(response.json().header.resultCode).toBe(100);
  });

  it("returns the spec's Session fields for the caller", async () => {
    const owner = await t.login(OWNER, DEMO_PASSWORD);
    const response = await t.call(owner, api.getSession);
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().session)).toEqual(
      expect.arrayContaining(['id', 'userName', 'email', 'mobileNumber', 'bizMember', 'uuid', 'country', 'partnerOwner']),
    );
  });

  it('ends after the idle timeout, and activity keeps it alive', async () => {
    const owner = await t.login(OWNER, DEMO_PASSWORD);
    t.clock.advanceMinutes(20);
    expect((await t.call(owner, api.getSession)).statusCode).toBe(200);
    t.clock.advanceMinutes(20); // 40 minutes since sign-in, 20 since last use
    expect((await t.call(owner, api.getSession)).statusCode).toBe(200);
    t.clock.advanceMinutes(31);
    const expired = await t.call(owner, api.getSession);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().header.resultCode).toBe(100);
  });

  it('signs out a session whose member was suspended meanwhile (4000)', async () => {
    const admin = await t.login('admin@demo.example.com', DEMO_PASSWORD);
    await t.db.update(members).set({ status: 'BLOCKED' }).where(eq(members.email, 'admin@demo.example.com'));
    const response = await t.call(admin, api.getSession);
    expect(response.json().header.resultCode).toBe(4000);
    await t.db.update(members).set({ status: 'STABLE' }).where(eq(members.email, 'admin@demo.example.com'));
  });

  it('signs out a session whose member was put under CONSOLE_BLOCK meanwhile (4000)', async () => {
    const admin = await t.login('admin@demo.example.com', DEMO_PASSWORD);
    await t.db.update(members).set({ restrictTypes: ['CONSOLE_BLOCK'] }).where(eq(members.email, 'admin@demo.example.com'));
    const response = await t.call(admin, api.listOrganizations);
    expect(response.statusCode).toBe(401);
    expect(response.json().header.resultCode).toBe(4000);
    expect(await t.db.select().from(sessions).where(eq(sessions.memberId, (await memberId('admin@demo.example.com'))))).toEqual([]);
    await t.db.update(members).set({ restrictTypes: [] }).where(eq(members.email, 'admin@demo.example.com'));
  });
});

describe('sign-out and CSRF', () => {
  it('refuses a state-changing call without the CSRF header and keeps the session', async () => {
    const owner = await t.login(OWNER, DEMO_PASSWORD);
    const response = await t.app.inject({ method: 'POST', url: api.logout.path, cookies: owner.cookies, payload: {} });
    expect(response.statusCode).toBe(403);
    expect(response.json().header.resultCode).toBe(10403);
    expect((await t.call(owner, api.getSession)).statusCode).toBe(200);
  });

  it('refuses a cross-site Origin', async () => {
    const response = await t.call(anonymous, api.memberLogin, { body: { email: OWNER, password: DEMO_PASSWORD }, headers: { origin: 'https://evil.example.com', host: 'console.example.com' } });
    expect(response.json().header.resultCode).toBe(10403);
  });

  it('signs out: the session is deleted, the cookies cleared, returnUrl answered', async () => {
    const owner = await t.login(OWNER, DEMO_PASSWORD);
    const response = await t.call(owner, api.logout, { body: { returnUrl: '/login?x=1' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().returnUrl).toBe('/login?x=1');
    expect(response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value).toBe('');
    expect((await t.call(owner, api.getSession)).statusCode).toBe(401);
  });
});

describe('IAM sign-in at an organization domain', () => {
  it('signs in with domain, ID and password and returns an IAM session of that organization', async () => {
    const response = await t.call(anonymous, api.iamLogin, { body: { domain: DEMO_DOMAIN, userCode: DEMO_IAM.userCode, password: DEMO_PASSWORD, returnUrl: '/', serviceId: 'console' } });
    expect(response.statusCode).toBe(200);
    const [account] = await t.db.select().from(iamMembers).where(eq(iamMembers.userCode, DEMO_IAM.userCode));
    expect(response.json().session).toMatchObject({ id: DEMO_IAM.userCode, memberType: 'IAM', orgId: account!.orgId, domain: DEMO_DOMAIN });
    expect(account!.lastLoginAt).not.toBeNull();
  });

  it('answers 20003 for an unknown domain and 20002 for a wrong password', async () => {
    const unknown = await t.call(anonymous, api.iamLogin, { body: { domain: 'nobody-here', userCode: 'iam.user', password: 'x' } });
    expect(unknown.json().header.resultCode).toBe(20003);
    const wrong = await t.call(anonymous, api.iamLogin, { body: { domain: DEMO_DOMAIN, userCode: 'iam.user', password: 'x' } });
    expect(wrong.json().header.resultCode).toBe(20002);
  });

  it('signs out to the login page of its domain', async () => {
    const iam = await t.iamLogin(DEMO_DOMAIN, DEMO_IAM.userCode, DEMO_PASSWORD);
    const response = await t.call(iam, api.logout, { body: {} });
    expect(response.json().returnUrl).toBe(`/login?domain=${DEMO_DOMAIN}`);
  });
});

describe('sign-in rate limit', () => {
  it('answers 10429 once a client exceeds the limit', async () => {
    const limited = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '2' });
    const attempt = () =>
      limited.call(anonymous, api.memberLogin, { body: { email: OWNER, password: 'wrong' } });
    await attempt();
    await attempt();
    const third = await attempt();
    expect(third.statusCode).toBe(429);
    expect(third.json().header.resultCode).toBe(10429);
  });
});
