import * as api from '@console/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.ts';
import { anonymous, type Caller, type TestApp } from '../../test/helper.ts';
import { FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { world } from '../../test/world.ts';
import { purgeOldAuditEvents } from './audit.service.ts';

let t: TestApp;
let orgId: string;
let otherOrgId: string;
let projectId: string;
let as: Record<'owner' | 'admin' | 'member' | 'outsider' | 'iam', Caller>;
let ids: Record<string, string>;
let email: (key: 'owner' | 'admin' | 'member' | 'outsider') => string;

beforeAll(async () => {
  const w = await world({
    mailDomain: 'audit.example.com',
    org: { name: 'Audit Co', domain: 'audit-co' },
    roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', outsider: null },
    iam: { iam: { userCode: 'audit.iam' } },
    otherOrg: { name: 'Elsewhere' },
    projects: { main: { name: 'Main', members: { member: ['MEMBER'] } } },
  });
  ({ t, orgId, otherOrgId } = w);
  projectId = w.projects.main;
  as = w.as as typeof as;
  ids = w.ids;
  email = w.email as typeof email;
});

async function audit(who: Caller, query: Record<string, unknown> = {}) {
  const response = await t.call(who, api.listAuditEvents, { params: { orgId }, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { auditEvents: api.AuditEvent[]; paging: { page: number; limit: number; totalCount: number } };
}

const rowsOf = (action: string) => t.db.select().from(auditEvents).where(eq(auditEvents.action, action));

describe('recording', () => {
  it('records sign-ins and failures with who, when, where and the result, in each organization of the account', async () => {
    t.clock.advanceMinutes(1);
    await t.app.inject({ method: 'POST', url: '/api/auth/v1/login', payload: { email: email('admin'), password: FIXTURE_PASSWORD }, headers: { 'user-agent': 'audit-test/1.0' } });
    await t.app.inject({ method: 'POST', url: '/api/auth/v1/login', payload: { email: email('admin'), password: 'wrong-password' }, headers: { 'user-agent': 'audit-test/1.0' } });
    await t.app.inject({ method: 'POST', url: '/api/auth/v1/iam/login', payload: { domain: 'audit-co', userCode: 'audit.iam', password: 'wrong-password' } });

    const signIns = (await audit(as.owner, { category: 'SIGN_IN', actor: email('admin') })).auditEvents;
    expect(signIns.slice(0, 2)).toEqual([
      expect.objectContaining({
        action: 'auth.memberLogin',
        result: 'FAILURE',
        resultCode: '20001',
        actor: { actorType: 'TOAST_CLOUD', actorId: ids.admin, login: email('admin'), accessTokenId: null },
        userAgent: 'audit-test/1.0',
        clientIp: '127.0.0.1',
        createdAt: t.clock.now().toISOString(),
        method: 'POST',
        path: '/api/auth/v1/login',
      }),
      expect.objectContaining({ action: 'auth.memberLogin', result: 'SUCCESS', resultCode: '0', actor: expect.objectContaining({ actorId: ids.admin }) }),
    ]);
    const iam = (await audit(as.owner, { category: 'SIGN_IN', actor: 'audit.iam', result: 'FAILURE' })).auditEvents;
    expect(iam[0]).toMatchObject({ action: 'auth.iamLogin', result: 'FAILURE', resultCode: '20002', actor: { actorType: 'IAM', actorId: ids.iam } });
    // Nothing of the password is kept anywhere.
    expect(JSON.stringify(await t.db.select().from(auditEvents))).not.toContain('wrong-password');
  });

  it('records a permission denial with the permissions that were missing', async () => {
    await t.call(as.member, api.updateProject, { params: { projectId }, body: { projectName: 'Nope', description: '' } });
    const [denial] = (await audit(as.owner, { category: 'PERMISSION_DENIED' })).auditEvents;
    expect(denial).toMatchObject({
      action: 'cab.updateProject',
      result: 'FAILURE',
      resultCode: '-6',
      projectId,
      actor: { actorId: ids.member },
      target: { type: 'project', id: projectId },
      detail: { neededPermissions: ['Project.Setting.Update'] },
    });
  });

  it('records a member change with the roles before and after', async () => {
    const changed = await t.call(as.owner, api.updateOrgMemberRoles, { params: { orgId, memberId: ids.member }, body: { orgRoleCodes: ['BILLING_VIEWER'] } });
    expect(changed.statusCode, changed.body).toBe(200);
    const [row] = (await audit(as.owner, { action: 'cab.updateOrgMemberRoles' })).auditEvents;
    expect(row).toMatchObject({
      category: 'CHANGE',
      result: 'SUCCESS',
      actor: { actorId: ids.owner },
      target: { type: 'member', id: ids.member },
      before: { orgRoleCode: 'MEMBER' },
      after: { orgRoleCode: 'BILLING_VIEWER' },
    });
    await t.call(as.owner, api.updateOrgMemberRoles, { params: { orgId, memberId: ids.member }, body: { orgRoleCodes: ['MEMBER'] } });
  });

  it('records a settings change with before and after', async () => {
    await t.call(as.owner, api.updateOrganization, { params: { orgId }, body: { org: { orgName: 'Audit Company', timeZone: 'Asia/Tokyo' } } });
    const [row] = (await audit(as.owner, { action: 'cab.updateOrganization' })).auditEvents;
    expect(row).toMatchObject({
      before: { orgName: 'Audit Co', timeZone: 'Asia/Seoul' },
      after: { orgName: 'Audit Company', timeZone: 'Asia/Tokyo' },
    });
    await t.call(as.owner, api.updateRenewPeriods, { params: { orgId }, body: { renewPeriods: { userAccessKey: 120, iaasApiPassword: 30, s3Credential: 60 } } });
    const [periods] = (await audit(as.owner, { action: 'iam.updateRenewPeriods' })).auditEvents;
    expect(periods).toMatchObject({ before: null, after: { userAccessKey: 120, iaasApiPassword: 30, s3Credential: 60 } });
  });

  it('records governance and sign-in security changes with the rule set before and after', async () => {
    await t.call(as.owner, api.saveGovernance, { body: { scopeType: 'ORG', scopeId: orgId, governanceType: 'UNIQUE_INSTANCE_NAME', settingType: 'USE' } });
    const [governance] = (await audit(as.owner, { action: 'cab.saveGovernance' })).auditEvents;
    expect(governance).toMatchObject({ before: { governances: {}, ipAcls: {} }, after: { governances: { UNIQUE_INSTANCE_NAME: { settingType: 'USE' } } } });
    await t.call(as.owner, api.changePrivacyProtect, { params: { orgId }, body: { changeType: 'REPLACE', ips: ['10.9.0.0/16'] } });
    const [privacy] = (await audit(as.owner, { action: 'cab.changePrivacyProtect' })).auditEvents;
    expect(privacy!.before).toEqual({ governances: { UNIQUE_INSTANCE_NAME: { settingType: 'USE', ips: [], countryCodes: [] } }, ipAcls: {} });
    expect(privacy!.after).toMatchObject({ governances: { PRIVACY_PROTECTION: { ips: ['10.9.0.0/16'] } } });

    const changed = await t.call(as.owner, api.updateLoginFailSetting, { params: { orgId }, body: { enable: true, loginFailCount: 7, blockMinutes: 30 } });
    expect(changed.statusCode, changed.body).toBe(200);
    const [loginFail] = (await audit(as.owner, { action: 'signInSecurity.updateLoginFail' })).auditEvents;
    expect(loginFail).toMatchObject({ before: null, after: { loginFailCount: 7, loginFailBlockMinutes: 30, mfaType: 'NONE' } });
    await t.call(as.owner, api.updateLoginFailSetting, { params: { orgId }, body: { enable: true, loginFailCount: 5, blockMinutes: 2 } });
    const [back] = (await audit(as.owner, { action: 'signInSecurity.updateLoginFail' })).auditEvents;
    expect(back).toMatchObject({ before: { loginFailCount: 7, loginFailBlockMinutes: 30 }, after: { loginFailCount: 5, loginFailBlockMinutes: 2 } });
  });

  it('records key changes and token issuance with secrets redacted; a refused token too', async () => {
    const created = (await t.call(as.admin, api.createUserAccessKey)).json();
    const keyId = created.userAccessKey.userAccessKeyId as string;
    const reissued = (await t.call(as.admin, api.reissueUserAccessKeySecret, { params: { userAccessKeyId: keyId } })).json();
    const issued = (await t.call(anonymous, api.issueAccessToken, { body: { userAccessKeyId: keyId, secretAccessKey: reissued.secretAccessKey } })).json();
    await t.call(anonymous, api.issueAccessToken, { body: { userAccessKeyId: keyId, secretAccessKey: 'guess' } });
    await t.call(as.admin, api.updateUserAccessKey, { params: { userAccessKeyId: keyId }, body: { status: 'STOP' } });
    const refused = await t.app.inject({ method: 'GET', url: `/api/cab/v5/projects/${projectId}`, headers: { authorization: `Bearer ${issued.accessToken}` } });
    expect(refused.json().header.resultCode).toBe(23604);

    const rows = (await audit(as.owner, { category: 'ACCESS_KEY' })).auditEvents;
    expect(rows.map((row) => [row.action, row.result])).toEqual([
      ['cab.getProject', 'FAILURE'],
      ['iam.updateUserAccessKey', 'SUCCESS'],
      ['iam.issueAccessToken', 'FAILURE'],
      ['iam.issueAccessToken', 'SUCCESS'],
      ['iam.reissueUserAccessKeySecret', 'SUCCESS'],
      ['iam.createUserAccessKey', 'SUCCESS'],
    ]);
    expect(rows[0]).toMatchObject({ resultCode: '23604', actor: { actorId: ids.admin, accessTokenId: issued.tokenId } });
    expect(rows[1]).toMatchObject({ before: { status: 'STABLE' }, after: { status: 'STOP' }, target: { type: 'userAccessKey', id: keyId } });
    expect(rows[4]).toMatchObject({ before: { secretHash: '[redacted]' }, after: { secretHash: '[redacted]' } });
    // The admin is in two organizations' logs? Only this one: the admin belongs to one.
    const everything = JSON.stringify(await t.db.select().from(auditEvents));
    for (const secret of [created.secretAccessKey, reissued.secretAccessKey, issued.accessToken]) expect(everything).not.toContain(secret);
  });

  it('goes to every organization of a cloud member, and to no other', async () => {
    await t.login(email('outsider'), FIXTURE_PASSWORD);
    const inOther = await t.db.select().from(auditEvents).where(eq(auditEvents.orgId, otherOrgId));
    expect(inOther.some((row) => row.actorId === ids.outsider && row.category === 'SIGN_IN')).toBe(true);
    expect((await audit(as.owner, { actor: email('outsider') })).auditEvents).toEqual([]);
  });
});

describe('reading', () => {
  it('filters by actor, action, result and date range, and pages on the server', async () => {
    const all = await audit(as.owner, { limit: 2 });
    expect(all.auditEvents).toHaveLength(2);
    expect(all.paging.totalCount).toBeGreaterThan(5);
    const page2 = await audit(as.owner, { limit: 2, page: 2 });
    expect(page2.auditEvents[0]!.auditId).not.toBe(all.auditEvents[0]!.auditId);
    const failures = (await audit(as.owner, { result: 'FAILURE' })).auditEvents;
    expect(failures.every((row) => row.result === 'FAILURE')).toBe(true);
    const future = new Date(t.clock.now().getTime() + 60_000).toISOString();
    expect((await audit(as.owner, { from: future })).paging.totalCount).toBe(0);
    await t.expectRefusal(() => t.call(as.owner, api.listAuditEvents, { params: { orgId }, query: { from: future, to: t.clock.now().toISOString() } }), 400, 10001);
    await t.expectRefusal(() => t.call(as.owner, api.listAuditEvents, { params: { orgId }, query: { result: 'MAYBE' } }), 400, 10001);
  });

  it('is for those who list members and change settings: others get -6, outsiders not-found', async () => {
    await t.expectRefusal(() => t.call(as.member, api.listAuditEvents, { params: { orgId } }), 403, -6);
    await t.expectRefusal(() => t.call(as.outsider, api.listAuditEvents, { params: { orgId } }), 404, 23005);
    expect((await t.call(as.admin, api.listAuditEvents, { params: { orgId } })).statusCode).toBe(200);
  });

  it('exports the filtered log as CSV, streamed, with formulas defused', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/v1/login', payload: { email: '=cmd@audit.example.com', password: 'x' } });
    const response = await t.call(as.owner, api.exportAuditEvents, { params: { orgId }, query: { category: 'SIGN_IN' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('audit-log-');
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(api.AUDIT_CSV_COLUMNS.join(','));
    const count = (await audit(as.owner, { category: 'SIGN_IN' })).paging.totalCount;
    expect(lines).toHaveLength(count + 1);
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'SIGN_IN')).toBe(true);
    await t.expectRefusal(() => t.call(as.member, api.exportAuditEvents, { params: { orgId } }), 403, -6);
  });

  it('keeps 90 days: the maintenance job deletes older rows', async () => {
    const now = t.clock.now();
    await t.db.execute(sql`update ${auditEvents} set created_at = ${new Date(now.getTime() - 91 * 86_400_000)} where action = 'auth.iamLogin'`);
    const before = (await rowsOf('auth.iamLogin')).length;
    expect(before).toBeGreaterThan(0);
    expect(await purgeOldAuditEvents(t.db, now)).toBe(before);
    expect(await rowsOf('auth.iamLogin')).toEqual([]);
    expect((await rowsOf('auth.memberLogin')).length).toBeGreaterThan(0);
  });
});
