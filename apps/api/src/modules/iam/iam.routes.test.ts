import * as api from '@console/contracts';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { iamMembers, members, orgIdentityProviders, projectMembers } from '../../db/schema/index.ts';
import { FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { anonymous, callOf, type Caller, type TestApp } from '../../test/helper.ts';
import { worldOf } from '../../test/world.ts';

const w = worldOf({
  env: { PUBLIC_URL: 'https://console.example.com' },
  mailDomain: 'iam.example.com',
  nameOf: null,
  org: { name: 'IAM Org', domain: 'iam-org' },
  roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', outsider: null },
  otherOrg: { name: 'Other IAM Org', domain: 'other-iam' },
  iam: {
    existing: { userCode: 'existing.user', name: 'Name existing.user', extra: { mobileNumber: '010-1111-2222' } },
    blocked: { userCode: 'blocked.user', name: 'Name blocked.user', extra: { status: 'BLOCKED' } },
    gone: { userCode: 'gone.user', name: 'Name gone.user', password: false, extra: { status: 'LEAVED' } },
    sso: { userCode: 'sso.user', name: 'Name sso.user', password: false, extra: { creationType: 'SSO' } },
    solo: { userCode: 'solo.admin', name: 'Name solo.admin' },
    elsewhere: { userCode: 'existing.user', name: 'Name existing.user', org: 'other' },
  },
  projects: {
    main: { name: 'IAM Project', members: { owner: ['ADMIN'], existing: ['MEMBER'] } },
    solo: { name: 'Solo Project', members: { solo: ['ADMIN'] } },
  },
  signIn: ['owner', 'admin', 'member', 'outsider'],
});

async function signIn() {
  w.as.owner = await w.t.login('owner@iam.example.com', FIXTURE_PASSWORD);
  w.as.admin = await w.t.login('admin@iam.example.com', FIXTURE_PASSWORD);
  w.as.member = await w.t.login('member@iam.example.com', FIXTURE_PASSWORD);
  w.as.outsider = await w.t.login('outsider@iam.example.com', FIXTURE_PASSWORD);
}

const call = callOf(() => w.t);
const expectRefusal: TestApp['expectRefusal'] = (...args) => w.t.expectRefusal(...args);
const membersUrl = (suffix = '') => `${api.buildUrl(api.listIamMembers, { orgId: w.orgId })}${suffix}`;
const create = (who: Caller, items: object[], lang?: string) => call(who, api.createIamMembers, { params: { orgId: w.orgId }, body: { members: items }, lang: lang });
const account = (userCode: string, extra: object = {}) => ({ userCode, name: `Person_${userCode}`, emailAddress: `${userCode}@people.example.com`, ...extra });
const codes = (body: { result: { contents: { userCode: string }[] } }) => body.result.contents.map((row) => row.userCode);

const page = (query: string) => call(w.as.admin, 'GET', membersUrl(query)).then((response) => response.json());
const withProject = (project: string) =>
  w.t.app.inject(w.as.admin.as({ method: 'GET', url: membersUrl(), headers: { 'x-project-id': project, lang: 'en_US' } }));

const withHeaders = (headers: Record<string, string>) =>
  w.t.app.inject(w.as.admin.as({ method: 'GET', url: membersUrl(), headers: { ...headers, lang: 'en_US' } }));

describe('listing IAM accounts (GET v4 members)', () => {
  it('answers result {totalCount, contents}, the accounts in use by default, sorted by ID', async () => {
    const response = await call(w.as.admin, api.listIamMembers, { params: { orgId: w.orgId } });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(codes(body)).toEqual(['blocked.user', 'existing.user', 'solo.admin', 'sso.user']);
    expect(body.result.totalCount).toBe(4);
    expect(body.result.contents[1]).toEqual({
      memberId: w.ids.existing,
      orgId: w.orgId,
      userCode: 'existing.user',
      name: 'Name existing.user',
      emailAddress: 'existing.user@iam.example.com',
      mobileNumber: '010-1111-2222',
      countryCode: 'KR',
      status: 'STABLE',
      creationType: 'CONSOLE',
      accountType: 'IAM',
      hasPassword: true,
      lastAccessedDateTime: null,
      regDateTime: expect.any(String),
      modDateTime: expect.any(String),
    });
    expect(body.result.contents[3]).toMatchObject({ creationType: 'SSO', accountType: 'SSO', hasPassword: false });
  });

  it('pages from 0 (spec: page-1) with size, and filters by status, ID, name and email', async () => {
    expect(codes(await page('?page=1&size=2'))).toEqual(['solo.admin', 'sso.user']);
    expect((await page('?page=1&size=2')).result.totalCount).toBe(4);
    expect(codes(await page('?statuses=LEAVED'))).toEqual(['gone.user']);
    expect(codes(await page('?statuses=STABLE&statuses=LEAVED&userCodeLike=USER'))).toEqual(['existing.user', 'gone.user', 'sso.user']);
    expect(codes(await page('?statuses=BLOCKED,STABLE&userCode=blocked.user'))).toEqual(['blocked.user']);
    expect(codes(await page('?userCode=blocked'))).toEqual([]);
    expect(codes(await page('?nameLike=name%20solo'))).toEqual(['solo.admin']);
    expect(codes(await page('?emailLike=existing.user@'))).toEqual(['existing.user']);
    await expectRefusal(() => call(w.as.admin, api.listIamMembers, { params: { orgId: w.orgId }, query: { statuses: 'GONE' } }), 400, 10001);
    await expectRefusal(() => call(w.as.admin, api.listIamMembers, { params: { orgId: w.orgId }, query: { size: '0' } }), 400, 10001);
  });

  it('sorts on the server by ID, name, email, registration and last access, either way', async () => {
    expect(codes(await page('?sort=userCode,desc'))).toEqual(['sso.user', 'solo.admin', 'existing.user', 'blocked.user']);
    expect(codes(await page('?sort=email,asc'))).toEqual(['blocked.user', 'existing.user', 'solo.admin', 'sso.user']);
    await w.t.db.update(iamMembers).set({ lastLoginAt: new Date('2026-01-02T00:00:00Z') }).where(eq(iamMembers.id, w.ids.solo!));
    await w.t.db.update(iamMembers).set({ lastLoginAt: new Date('2026-01-01T00:00:00Z') }).where(eq(iamMembers.id, w.ids.blocked!));
    // Never signed in comes last, whichever way.
    expect(codes(await page('?sort=lastAccessedDateTime,desc')).slice(0, 2)).toEqual(['solo.admin', 'blocked.user']);
    expect(codes(await page('?sort=lastAccessedDateTime,asc')).slice(0, 2)).toEqual(['blocked.user', 'solo.admin']);
    expect(codes(await page('?sort=regDateTime,desc&page=0&size=2'))).toEqual(['solo.admin', 'sso.user']);
    await expectRefusal(() => call(w.as.admin, api.listIamMembers, { params: { orgId: w.orgId }, query: { sort: 'passwordHash,asc' } }), 400, 10001);
  });

  it('with x-project-id answers only that project\'s accounts with their project roles', async () => {
    const body = (await withProject(w.projects.main)).json();
    expect(body.result).toMatchObject({ totalCount: 1, contents: [{ userCode: 'existing.user', projectMemberRoleCodes: ['MEMBER'] }] });
    expect((await withProject(randomUUID())).json().header.resultCode).toBe(40017);
    expect((await withProject('not-a-project')).json().header.resultCode).toBe(40017);
  });

  it("reads the spec's own header name project-id as well, and refuses the two names disagreeing", async () => {
    const spec = (await withHeaders({ 'project-id': w.projects.main })).json();
    expect(spec.result).toMatchObject({ totalCount: 1, contents: [{ userCode: 'existing.user' }] });
    expect((await withHeaders({ 'project-id': randomUUID() })).json().header.resultCode).toBe(40017);
    // Both names with the same value are one header; with different values, neither is guessed.
    expect((await withHeaders({ 'project-id': w.projects.main, 'x-project-id': w.projects.main })).json().result.totalCount).toBe(1);
    const refused = await expectRefusal(() => withHeaders({ 'project-id': w.projects.main, 'x-project-id': randomUUID() }), 400, 10001);
    expect(refused.fieldErrors).toEqual([{ field: 'header.project-id', message: expect.stringContaining('both of its names') }]);
  });

  it('is for OWNER and ADMIN: a MEMBER gets -6, another tenant 23005 and never sees an account', async () => {
    await expectRefusal(() => call(w.as.member, api.listIamMembers, { params: { orgId: w.orgId } }), 403, -6);
    const body = await expectRefusal(() => call(w.as.outsider, api.listIamMembers, { params: { orgId: w.orgId } }), 404, 23005);
    expect(JSON.stringify(body)).not.toContain('existing.user');
    // The outsider's own organization has an account with the same ID, and only it.
    const own = (await call(w.as.outsider, api.listIamMembers, { params: { orgId: w.otherOrgId } })).json();
    expect(own.result.contents.map((row: { memberId: string }) => row.memberId)).toEqual([w.ids.elsewhere]);
  });
});

describe('creating IAM accounts (POST v4 members)', () => {
  it('creates accounts, with or without a password; one with a password signs in at the domain', async () => {
    const response = await create(w.as.admin, [
      account('new.one', { mobileNumber: '+82-10-1234-5678', password: 'Start#2468' }),
      account('new_two', { countryCode: 'jp', mobileNumber: '090-1234-5678', status: 'BLOCKED' }),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const [one, two] = response.json().result.contents;
    expect(one).toMatchObject({ userCode: 'new.one', status: 'STABLE', creationType: 'CONSOLE', hasPassword: true, mobileNumber: '+82-10-1234-5678' });
    expect(two).toMatchObject({ userCode: 'new_two', status: 'BLOCKED', countryCode: 'JP', hasPassword: false });
    const session = await w.t.iamLogin('iam-org', 'new.one', 'Start#2468');
    expect((await call(session, api.getSession)).json().session).toMatchObject({ id: 'new.one', memberType: 'IAM', orgId: w.orgId });
  });

  it.each(['Upper.Case', '.dot.first', 'dash-last-', 'under_', 'space in', 'kor한글', 'a'.repeat(101)])(
    'refuses the ID %s with -200202 on its field',
    async (userCode) => {
      const body = await expectRefusal(() => create(w.as.admin, [account('fine.one'), account('x', { userCode })]), 400, '-200202');
      expect(body.fieldErrors).toEqual([
        { field: 'body.members.1.userCode', message: 'The ID is invalid. Use lowercase letters, digits and - . _, with no special character at the start or end.' },
      ]);
    },
  );

  it('requires the ID, a name and a valid email (10001 with the spec texts)', async () => {
    const missing = await expectRefusal(() => create(w.as.admin, [account('x', { userCode: ' ' })]), 400, 10001);
    expect(missing.fieldErrors).toEqual([{ field: 'body.members.0.userCode', message: 'This field is required.' }]);
    const email = await expectRefusal(() => create(w.as.admin, [account('mail.less', { emailAddress: '' })]), 400, 10001);
    expect(email.fieldErrors).toEqual([{ field: 'body.members.0.emailAddress', message: 'Enter an email.' }]);
    const format = await expectRefusal(() => create(w.as.admin, [account('mail.bad', { emailAddress: 'nope' })]), 400, 10001);
    expect(format.fieldErrors).toEqual([{ field: 'body.members.0.emailAddress', message: 'Invalid email format.' }]);
    const name = await expectRefusal(() => create(w.as.admin, [account('name.bad', { name: 'Kim!' })]), 400, 10001);
    const iamName = 'Use only letters, digits and . - _ in an IAM account name, without spaces.';
    expect(name.fieldErrors).toEqual([{ field: 'body.members.0.name', message: iamName }]);
    // Spec §5: an IAM name is letters, digits and . - _ only; no spaces.
    const spaced = await expectRefusal(() => create(w.as.admin, [account('name.spaced', { name: 'Kim Lee' })]), 400, 10001);
    expect(spaced.fieldErrors).toEqual([{ field: 'body.members.0.name', message: iamName }]);
    const long = await expectRefusal(() => create(w.as.admin, [account('name.long', { name: 'n'.repeat(41) })]), 400, 10001);
    expect(long.fieldErrors).toEqual([{ field: 'body.members.0.name', message: 'Enter at most 40 characters.' }]);
    const weak = await expectRefusal(() => create(w.as.admin, [account('weak.pw', { password: 'password' })]), 400, 10001);
    expect(weak.fieldErrors?.[0]?.field).toBe('body.members.0.password');
  });

  it.each([
    ['KR', '010-123-456'],
    ['KR', '02-123-4567'],
    ['JP', '010-1234-5678'],
    ['US', '12'],
  ])('refuses the %s phone number %s (10001)', async (countryCode, mobileNumber) => {
    const body = await expectRefusal(() => create(w.as.admin, [account('phone.bad', { countryCode, mobileNumber })]), 400, 10001);
    expect(body.fieldErrors).toEqual([{ field: 'body.members.0.mobileNumber', message: 'Invalid phone number format for the country.' }]);
  });

  it('refuses an ID in use in the organization or the request (-200204), an email likewise (-200205)', async () => {
    const inOrg = await expectRefusal(() => create(w.as.admin, [account('existing.user')]), 400, '-200204');
    expect(inOrg.fieldErrors).toEqual([{ field: 'body.members.0.userCode', message: 'This ID is already in use.' }]);
    const inRequest = await expectRefusal(() => create(w.as.admin, [account('twin.id'), account('twin.id', { emailAddress: 'other@people.example.com' })]), 400, '-200204');
    expect(inRequest.fieldErrors).toEqual([{ field: 'body.members.1.userCode', message: 'This ID is already in use.' }]);
    const emailInOrg = await expectRefusal(
      () => create(w.as.admin, [account('fresh.id', { emailAddress: 'EXISTING.user@iam.example.com' })], 'ko_KR'),
      400,
      '-200205',
    );
    expect(emailInOrg.fieldErrors).toEqual([{ field: 'body.members.0.emailAddress', message: '이미 사용 중인 이메일입니다.' }]);
    await expectRefusal(() => create(w.as.admin, [account('a.one', { emailAddress: 'same@x.example.com' }), account('a.two', { emailAddress: 'same@x.example.com' })]), 400, '-200205');
    // IDs and emails are unique per organization: another one may use them.
    const elsewhere = await call(w.as.outsider, api.createIamMembers, { params: { orgId: w.otherOrgId }, body: {
      members: [account('solo.admin', { emailAddress: 'solo.admin@iam.example.com' })],
    } });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('re-adds a left account by its ID, as STABLE with the new details', async () => {
    const response = await create(w.as.admin, [account('gone.user', { name: 'Back.Again', emailAddress: 'back@people.example.com' })]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.contents[0]).toMatchObject({ memberId: w.ids.gone, userCode: 'gone.user', name: 'Back.Again', status: 'STABLE', hasPassword: false });
  });

  it('creates SSO accounts only once the organization has an identity provider, and without a password', async () => {
    const noProvider = await expectRefusal(() => create(w.as.admin, [account('sso.two', { creationType: 'SSO' })]), 400, 10001);
    expect(noProvider.fieldErrors).toEqual([{ field: 'body.members.0.creationType', message: 'Register an identity provider before creating SSO accounts.' }]);
    await w.t.db.insert(orgIdentityProviders).values({ orgId: w.orgId, name: 'Corporate IdP', protocol: 'SAML' });
    await expectRefusal(() => create(w.as.admin, [account('sso.two', { creationType: 'SSO', password: 'Start#2468' })]), 400, 10001);
    const response = await create(w.as.admin, [account('sso.two', { creationType: 'SSO' })]);
    expect(response.json().result.contents[0]).toMatchObject({ creationType: 'SSO', accountType: 'SSO' });
  });

  it('is refused to a MEMBER (-6) and to another tenant (23005)', async () => {
    await expectRefusal(() => create(w.as.member, [account('nope.one')]), 403, -6);
    await expectRefusal(() => create(w.as.outsider, [account('nope.one')]), 404, 23005);
  });
});

const memberUrl = (memberId: string) => api.buildUrl(api.getIamMember, { orgId: w.orgId, memberId });

describe('one IAM account: read, edit, suspend, re-allow, delete', () => {
  it('reads one account; unknown and other tenants\' accounts are 21008', async () => {
    expect((await call(w.as.admin, 'GET', memberUrl(w.ids.existing!))).json().member.userCode).toBe('existing.user');
    await expectRefusal(() => call(w.as.admin, 'GET', memberUrl(w.ids.elsewhere!)), 404, 21008);
    await expectRefusal(() => call(w.as.admin, 'GET', memberUrl(randomUUID())), 404, 21008);
  });

  it('edits name, email and phone (checked by country)', async () => {
    const response = await call(w.as.admin, 'PUT', memberUrl(w.ids.existing!), { name: '김_IAM', emailAddress: 'Renamed@iam.example.com', mobileNumber: '070-1234-5678', countryCode: 'JP' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().member).toMatchObject({ name: '김_IAM', emailAddress: 'renamed@iam.example.com', mobileNumber: '070-1234-5678', countryCode: 'JP' });
    await expectRefusal(() => call(w.as.admin, 'PUT', memberUrl(w.ids.existing!), { name: 'x', emailAddress: 'renamed@iam.example.com', mobileNumber: '010-1234-5678' }), 400, 10001);
    await expectRefusal(() => call(w.as.admin, 'PUT', memberUrl(w.ids.existing!), { name: 'x', emailAddress: 'solo.admin@iam.example.com' }), 400, '-200205');
    // A blank phone clears it.
    expect((await call(w.as.admin, 'PUT', memberUrl(w.ids.existing!), { name: 'x', emailAddress: 'renamed@iam.example.com', mobileNumber: '' })).json().member.mobileNumber).toBeNull();
  });

  it('refuses to edit, suspend, delete or mail an SSO account (21007)', async () => {
    await expectRefusal(() => call(w.as.admin, 'PUT', memberUrl(w.ids.sso!), { name: 'x', emailAddress: 'x@example.com' }), 400, 21007);
    await expectRefusal(() => call(w.as.admin, 'PUT', `${memberUrl(w.ids.sso!)}/status`, { status: 'BLOCKED' }), 400, 21007);
    await expectRefusal(() => call(w.as.admin, 'DELETE', memberUrl(w.ids.sso!)), 400, 21007);
    await expectRefusal(() => call(w.as.admin, api.sendPasswordSetupMail, { params: { orgId: w.orgId, memberId: w.ids.sso }, body: {} }), 400, 21007);
  });

  it('suspends an account: its session ends at once (4000) and it cannot sign in; re-allowed, it can', async () => {
    const session = await w.t.iamLogin('iam-org', 'solo.admin', FIXTURE_PASSWORD);
    const blocked = await call(w.as.admin, 'PUT', `${memberUrl(w.ids.solo!)}/status`, { status: 'BLOCKED' });
    expect(blocked.json().member.status).toBe('BLOCKED');
    await expectRefusal(() => call(session, api.getSession), 401, 4000);
    const login = await call(anonymous, api.iamLogin, { body: { domain: 'iam-org', userCode: 'solo.admin', password: FIXTURE_PASSWORD } });
    expect(login.json().header.resultCode).toBe(20004);
    expect((await call(w.as.admin, 'PUT', `${memberUrl(w.ids.solo!)}/status`, { status: 'STABLE' })).json().member.status).toBe('STABLE');
    // The old session stays ended; signing in again works.
    await expectRefusal(() => call(session, api.getSession), 401, 100);
    const again = await w.t.iamLogin('iam-org', 'solo.admin', FIXTURE_PASSWORD);
    expect((await call(again, api.getSession)).statusCode).toBe(200);
    await expectRefusal(() => call(w.as.admin, 'PUT', `${memberUrl(w.ids.solo!)}/status`, { status: 'LEAVED' }), 400, 10001);
  });

  it('refuses to delete the sole ADMIN of a project (10012)', async () => {
    await expectRefusal(() => call(w.as.admin, 'DELETE', memberUrl(w.ids.solo!)), 400, 10012);
  });

  it('deletes an account: LEAVED, out of its projects, its session ended; then not found, and re-addable', async () => {
    const session = await w.t.iamLogin('iam-org', 'existing.user', FIXTURE_PASSWORD);
    const response = await call(w.as.owner, 'DELETE', memberUrl(w.ids.existing!));
    expect(response.json()).toMatchObject({ memberId: w.ids.existing });
    const [row] = await w.t.db.select().from(iamMembers).where(eq(iamMembers.id, w.ids.existing!));
    expect(row).toMatchObject({ status: 'LEAVED', passwordHash: null });
    expect(await w.t.db.select().from(projectMembers).where(eq(projectMembers.iamMemberId, w.ids.existing!))).toEqual([]);
    await expectRefusal(() => call(session, api.getSession), 401, 4000);
    await expectRefusal(() => call(w.as.owner, 'DELETE', memberUrl(w.ids.existing!)), 404, 21008);
    await expectRefusal(() => call(w.as.owner, 'PUT', `${memberUrl(w.ids.existing!)}/status`, { status: 'STABLE' }), 404, 21008);
    expect((await call(w.as.owner, 'GET', memberUrl(w.ids.existing!))).json().member.status).toBe('LEAVED');
    const readded = await create(w.as.owner, [account('existing.user')]);
    expect(readded.json().result.contents[0]).toMatchObject({ memberId: w.ids.existing, status: 'STABLE' });
  });

  it('is refused to a MEMBER (-6) and to another tenant (23005)', async () => {
    await expectRefusal(() => call(w.as.member, 'PUT', `${memberUrl(w.ids.blocked!)}/status`, { status: 'STABLE' }), 403, -6);
    await expectRefusal(() => call(w.as.outsider, 'DELETE', memberUrl(w.ids.blocked!)), 404, 23005);
    // The outsider's own organization path with this organization's account: not found there.
    await expectRefusal(() => call(w.as.outsider, api.deleteIamMember, { params: { orgId: w.otherOrgId, memberId: w.ids.blocked } }), 404, 21008);
  });
});

const sendUrl = (memberId: string) => api.buildUrl(api.sendPasswordSetupMail, { orgId: w.orgId, memberId });

async function lastLinkToken(email: string) {
  await w.t.runPendingJobs();
  const mail = (await w.t.mails()).filter((row) => row.toAddress === email).at(-1)!;
  return { mail, token: decodeURIComponent(/\/iam\/password-setup#token=([A-Za-z0-9_-]+)/.exec(mail.textBody)![1]!) };
}

describe('password setup by mail (v7 send-password-setup-mail)', () => {
  it('mails a single-use link in the requested language; the account sets its password and signs in', async () => {
    const [created] = (await create(w.as.admin, [account('setup.me', { name: 'Setup.Me' })])).json().result.contents;
    const response = await call(w.as.admin, 'POST', sendUrl(created.memberId), { locale: 'en_US', returnUrl: '/project/abc/dashboard' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().expireDateTime).toBe(new Date(w.t.clock.now().getTime() + 24 * 3_600_000).toISOString());
    const { mail, token } = await lastLinkToken('setup.me@people.example.com');
    expect(mail.orgId).toBe(w.orgId);
    expect(mail.subject).toBe('[Cloud Console] Set the password of your IAM account setup.me');
    expect(mail.textBody).toContain('Hello Setup.Me,');
    expect(mail.textBody).toContain('Then sign in at https://console.example.com/login?domain=iam-org with the ID setup.me.');
    expect(mail.htmlBody).toContain('href="https://console.example.com/iam/password-setup#token=');

    const info = await call(anonymous, api.getPasswordSetup, { params: { token } });
    expect(info.json().passwordSetup).toEqual({ orgName: 'IAM Org', domain: 'iam-org', userCode: 'setup.me', name: 'Setup.Me', expireDateTime: expect.any(String) });

    const url = api.buildUrl(api.completePasswordSetup, { token });
    const weak = await expectRefusal(() => call(anonymous, 'POST', url, { password: 'abc12345' }), 400, 10001);
    expect(weak.fieldErrors).toEqual([{ field: 'body.password', message: 'Combine upper-case and lower-case letters, digits and special characters.' }]);
    await expectRefusal(() => call(anonymous, 'POST', url, { password: 'Setup#2468', passwordConfirm: 'Setup#2469' }), 400, 10001);
    const done = await call(anonymous, 'POST', url, { password: 'Setup#2468', passwordConfirm: 'Setup#2468' });
    expect(done.json()).toMatchObject({ domain: 'iam-org', userCode: 'setup.me', returnUrl: '/project/abc/dashboard' });
    const session = await w.t.iamLogin('iam-org', 'setup.me', 'Setup#2468');
    expect((await call(session, api.getSession)).json().session.id).toBe('setup.me');

    // Single use.
    await expectRefusal(() => call(anonymous, 'POST', url, { password: 'Other#2468' }), 400, 21006);
    await expectRefusal(() => call(anonymous, 'GET', url), 400, 21006);
  });

  it('writes the mail in Japanese when asked, and sends at most one a minute (22006)', async () => {
    await w.t.db.update(iamMembers).set({ email: 'blocked.user@iam.example.com' }).where(eq(iamMembers.id, w.ids.blocked!));
    await call(w.as.admin, 'POST', sendUrl(w.ids.blocked!), { locale: 'ja_JP' });
    await expectRefusal(() => call(w.as.admin, 'POST', sendUrl(w.ids.blocked!), {}), 400, 22006);
    const { mail } = await lastLinkToken('blocked.user@iam.example.com');
    expect(mail.locale).toBe('ja_JP');
    expect(mail.subject).toBe('[Cloud Console] IAMアカウント blocked.user のパスワードを設定してください');
    expect(mail.textBody).toContain('組織「IAM Org」のIAMアカウント「blocked.user」のパスワードを設定してください。');
  });

  it('expires after 24 hours; a newer link replaces the older one; the current password is refused', async () => {
    w.t.clock.advanceMinutes(2);
    await signIn();
    const { token: older } = await lastLinkToken('blocked.user@iam.example.com');
    await call(w.as.admin, 'POST', sendUrl(w.ids.blocked!), {});
    const { token: newer } = await lastLinkToken('blocked.user@iam.example.com');
    expect(newer).not.toBe(older);
    await expectRefusal(() => call(anonymous, api.getPasswordSetup, { params: { token: older } }), 400, 21006);
    const reused = await expectRefusal(() => call(anonymous, api.completePasswordSetup, { params: { token: newer }, body: { password: FIXTURE_PASSWORD } }), 400, 10001);
    expect(reused.fieldErrors).toEqual([{ field: 'body.password', message: 'Use a password different from the current one.' }]);
    w.t.clock.advanceMinutes(24 * 60);
    await expectRefusal(() => call(anonymous, api.completePasswordSetup, { params: { token: newer }, body: { password: 'Late#24680' } }), 400, 21006);
    await expectRefusal(() => call(anonymous, api.getPasswordSetup, { params: { token: 'not-a-token' } }), 400, 21006);
    await signIn();
  });

  it('refuses unknown accounts (21008), a bad locale or returnUrl (10001), and a MEMBER (-6)', async () => {
    await expectRefusal(() => call(w.as.admin, 'POST', sendUrl(randomUUID()), {}), 404, 21008);
    await expectRefusal(() => call(w.as.admin, 'POST', sendUrl(w.ids.solo!), { locale: 'fr_FR' }), 400, 10001);
    await expectRefusal(() => call(w.as.admin, 'POST', sendUrl(w.ids.solo!), { returnUrl: 'https://evil.example.com' }), 400, 10001);
    await expectRefusal(() => call(w.as.member, 'POST', sendUrl(w.ids.solo!), {}), 403, -6);
  });

  it("ends the account's sessions when the password is set", async () => {
    const session = await w.t.iamLogin('iam-org', 'solo.admin', FIXTURE_PASSWORD);
    await call(w.as.admin, 'POST', sendUrl(w.ids.solo!), {});
    const { token } = await lastLinkToken('solo.admin@iam.example.com');
    await call(anonymous, api.completePasswordSetup, { params: { token }, body: { password: 'Fresh#13579' } });
    await expectRefusal(() => call(session, api.getSession), 401, 4000);
  });
});

describe('identity providers (v6 id-providers)', () => {
  it('lists the organization\'s providers (none by default) to OWNER and ADMIN', async () => {
    const other = await call(w.as.outsider, api.listIdProviders, { params: { orgId: w.otherOrgId } });
    expect(other.json().idProviders).toEqual([]);
    const mine = (await call(w.as.admin, api.listIdProviders, { params: { orgId: w.orgId } })).json();
    expect(mine.idProviders).toEqual([{ idProviderId: expect.any(String), name: 'Corporate IdP', protocol: 'SAML', enabled: true, regDateTime: expect.any(String) }]);
    await expectRefusal(() => call(w.as.member, api.listIdProviders, { params: { orgId: w.orgId } }), 403, -6);
    await expectRefusal(() => call(w.as.outsider, api.listIdProviders, { params: { orgId: w.orgId } }), 404, 23005);
  });
});

describe('project membership of IAM accounts', () => {
  it('leaves a re-added account in no project until it is added again', async () => {
    const rows = await w.t.db.select().from(projectMembers).where(and(eq(projectMembers.projectId, w.projects.main), eq(projectMembers.iamMemberId, w.ids.existing!)));
    expect(rows).toEqual([]);
  });
});

describe('the IAM account’s own information (GET v4 members/self)', () => {
  it('answers the signed-in IAM account and its organization, with the sign-in it was just given', async () => {
    const passwordHash = (await w.t.db.select().from(members).where(eq(members.id, w.ids.owner!)))[0]!.passwordHash;
    const [row] = await w.t.db
      .insert(iamMembers)
      .values({ orgId: w.orgId, userCode: 'self.viewer', name: 'Self Viewer', email: 'self.viewer@iam.example.com', mobileNumber: '01012345678', passwordHash })
      .returning();
    const me = await w.t.iamLogin('iam-org', 'self.viewer', FIXTURE_PASSWORD);
    const response = await call(me, api.getIamSelf);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.organization).toEqual({ orgId: w.orgId, orgName: 'IAM Org', domain: 'iam-org' });
    expect(body.member).toMatchObject({
      memberId: row!.id,
      orgId: w.orgId,
      userCode: 'self.viewer',
      name: 'Self Viewer',
      emailAddress: 'self.viewer@iam.example.com',
      mobileNumber: '01012345678',
      status: 'STABLE',
      accountType: 'IAM',
      hasPassword: true,
    });
    expect(body.member.lastAccessedDateTime).toBe(w.t.clock.now().toISOString());
  });

  it('answers 21008 to a cloud member, who has no IAM account, and 100 without a session', async () => {
    await expectRefusal(() => call(w.as.owner, api.getIamSelf), 404, 21008);
    await expectRefusal(() => call(anonymous, api.getIamSelf), 401, 100);
  });
});
