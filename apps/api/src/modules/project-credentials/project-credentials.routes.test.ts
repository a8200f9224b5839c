import * as api from '@console/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { credentialReminders, organizations, projectCredentials, userAccessKeys } from '../../db/schema/index.ts';
import { type Caller, type TestApp } from '../../test/helper.ts';
import { world } from '../../test/world.ts';
import { RENEWAL_REMINDER_JOB, reminderSchedule, sendDueReminders } from './renewal-reminders.ts';

let t: TestApp;
let orgId: string;
let projectId: string;
let as: Record<'owner' | 'admin' | 'member' | 'viewer' | 'outsider', Caller>;
let email: (key: 'owner' | 'admin' | 'member' | 'viewer' | 'outsider') => string;

beforeAll(async () => {
  const w = await world({
    mailDomain: 'creds.example.com',
    org: { name: 'Creds Co' },
    roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', viewer: 'MEMBER', outsider: null },
    projects: { main: { name: 'Main', members: { member: ['API_SECURITY_ADMIN'], viewer: ['API_SECURITY_VIEWER'] } } },
  });
  ({ t, orgId } = w);
  projectId = w.projects.main;
  as = w.as as typeof as;
  email = w.email as typeof email;
});

describe('renew periods (v7 authentications/renew-periods)', () => {
  it('answers the defaults, then what was saved', async () => {
    const first = await t.call(as.owner, api.getRenewPeriods, { params: { orgId } });
    expect(first.json().renewPeriods).toEqual({ userAccessKey: 90, iaasApiPassword: 90, s3Credential: 90 });
    const saved = await t.call(as.admin, api.updateRenewPeriods, { params: { orgId }, body: { renewPeriods: { userAccessKey: 180, iaasApiPassword: 1, s3Credential: 90 } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.call(as.owner, api.getRenewPeriods, { params: { orgId } })).json().renewPeriods).toEqual({ userAccessKey: 180, iaasApiPassword: 1, s3Credential: 90 });
  });

  it('refuses out-of-range periods (1-180, 1-90) next to the field, and callers without the permission', async () => {
    const bad = (renewPeriods: object) => () => t.call(as.owner, api.updateRenewPeriods, { params: { orgId }, body: { renewPeriods } });
    const body = await t.expectRefusal(bad({ userAccessKey: 181, iaasApiPassword: 30, s3Credential: 30 }), 400, 10001);
    expect(body.fieldErrors?.[0]?.field).toBe('body.renewPeriods.userAccessKey');
    await t.expectRefusal(bad({ userAccessKey: 90, iaasApiPassword: 91, s3Credential: 30 }), 400, 10001);
    await t.expectRefusal(bad({ userAccessKey: 90, iaasApiPassword: 30, s3Credential: 0 }), 400, 10001);
    await t.expectRefusal(bad({ userAccessKey: 1.5, iaasApiPassword: 30, s3Credential: 30 }), 400, 10001);
    await t.expectRefusal(() => t.call(as.member, api.updateRenewPeriods, { params: { orgId }, body: { renewPeriods: { userAccessKey: 9, iaasApiPassword: 9, s3Credential: 9 } } }), 403, -6);
    await t.expectRefusal(() => t.call(as.outsider, api.getRenewPeriods, { params: { orgId } }), 404, 23005);
  });
});

describe('project credentials', () => {
  it('issues an IaaS API password and S3 credentials once, keeps them hashed or sealed, with their renewal date', async () => {
    await t.call(as.owner, api.updateRenewPeriods, { params: { orgId }, body: { renewPeriods: { userAccessKey: 90, iaasApiPassword: 30, s3Credential: 60 } } });
    const password = await t.call(as.member, api.issueProjectCredential, { params: { projectId }, body: { kind: 'IAAS_API_PASSWORD' } });
    expect(password.statusCode, password.body).toBe(200);
    const { credential, secret } = password.json();
    expect(secret).toMatch(/^.{20}$/);
    expect(credential).toMatchObject({
      kind: 'IAAS_API_PASSWORD',
      accessKey: email('member'),
      renewedAt: t.clock.now().toISOString(),
      renewalDueAt: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString(),
      renewalOverdue: false,
    });
    const s3 = (await t.call(as.member, api.issueProjectCredential, { params: { projectId }, body: { kind: 'S3_CREDENTIAL' } })).json();
    const rows = await t.db.select().from(projectCredentials);
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(JSON.stringify(rows)).not.toContain(s3.secret);
    expect(rows.find((row) => row.kind === 'IAAS_API_PASSWORD')!.secret).toMatch(/^\$argon2id\$/);

    const listed = (await t.call(as.viewer, api.listProjectCredentials, { params: { projectId } })).json();
    expect(listed).toMatchObject({ iaasApiPassword: null, s3Credential: null, renewPeriods: { iaasApiPassword: 30 } });
    const own = (await t.call(as.member, api.listProjectCredentials, { params: { projectId } })).json();
    expect(own.iaasApiPassword.credentialId).toBe(credential.credentialId);
    expect(own.s3Credential).toMatchObject({ kind: 'S3_CREDENTIAL', renewalDueAt: new Date(t.clock.now().getTime() + 60 * 86_400_000).toISOString() });
    expect(JSON.stringify(own)).not.toContain(secret);
  });

  it('renewing replaces the secret and moves the renewal date; delete removes it', async () => {
    t.clock.advanceMinutes(5);
    const renewed = (await t.call(as.member, api.issueProjectCredential, { params: { projectId }, body: { kind: 'IAAS_API_PASSWORD' } })).json();
    expect(renewed.credential.renewedAt).toBe(t.clock.now().toISOString());
    expect(await t.db.select().from(projectCredentials).where(eq(projectCredentials.kind, 'IAAS_API_PASSWORD'))).toHaveLength(1);
    await t.expectRefusal(
      () => t.call(as.admin, api.deleteProjectCredential, { params: { projectId, credentialId: renewed.credential.credentialId } }),
      404,
      23608,
    );
    expect((await t.call(as.member, api.deleteProjectCredential, { params: { projectId, credentialId: renewed.credential.credentialId } })).statusCode).toBe(200);
    expect((await t.call(as.member, api.listProjectCredentials, { params: { projectId } })).json().iaasApiPassword).toBeNull();
  });

  it('needs Project.Authentication.Renew: a viewer cannot issue (-6), bad kinds are 10001', async () => {
    await t.expectRefusal(() => t.call(as.viewer, api.issueProjectCredential, { params: { projectId }, body: { kind: 'S3_CREDENTIAL' } }), 403, -6);
    await t.expectRefusal(() => t.call(as.member, api.issueProjectCredential, { params: { projectId }, body: { kind: 'FTP' } }), 400, 10001);
    await t.expectRefusal(() => t.call(as.outsider, api.listProjectCredentials, { params: { projectId } }), 404, 40017);
  });
});

describe('renewal reminders', () => {
  it('computes the reminder at 12:00 in the time zone, 7 days before the due date', () => {
    const { dueDate, remindAt } = reminderSchedule(new Date('2026-01-01T00:00:00Z'), 30, 'Asia/Seoul');
    expect(dueDate).toBe('2026-01-31');
    expect(remindAt.toISOString()).toBe('2026-01-24T03:00:00.000Z');
    expect(reminderSchedule(new Date('2026-01-01T00:00:00Z'), 30, 'UTC').remindAt.toISOString()).toBe('2026-01-24T12:00:00.000Z');
  });

  it('mails each holder once per credential and due date, whatever the number of runs', async () => {
    await t.db.update(organizations).set({ timeZone: 'UTC' }).where(eq(organizations.id, orgId));
    const s3 = await t.db.select().from(projectCredentials).where(eq(projectCredentials.kind, 'S3_CREDENTIAL'));
    const renewedAt = s3[0]!.renewedAt;
    const due = reminderSchedule(renewedAt, 60, 'UTC');
    const deps = { db: t.db, mail: { enqueue: (tx: never, message: never) => t.app.jobs.enqueue(tx, 'mail.send', message) } as never, publicUrl: 'https://console.example.com' };
    expect(await sendDueReminders(deps, new Date(due.remindAt.getTime() - 60_000))).toBe(0);
    expect(await sendDueReminders(deps, due.remindAt)).toBe(1);
    expect(await sendDueReminders(deps, new Date(due.remindAt.getTime() + 3_600_000))).toBe(0);
    expect(await t.db.select().from(credentialReminders)).toEqual([
      expect.objectContaining({ credentialType: 'S3_CREDENTIAL', credentialId: s3[0]!.id, dueDate: due.dueDate }),
    ]);
    await t.runPendingJobs();
    const mails = (await t.mails()).filter((mail) => mail.kind === 'credentialRenewalReminder');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: email('member'), orgId, locale: 'en_US' });
    expect(mails[0]!.textBody).toContain(due.dueDate);
    expect(mails[0]!.textBody).toContain('S3 credential');
  });

  it('reminds about user access keys too, and the scheduled job runs', async () => {
    const key = (await t.call(as.member, api.createUserAccessKey)).json();
    const [row] = await t.db.select().from(userAccessKeys).where(eq(userAccessKeys.keyId, key.userAccessKey.userAccessKeyId));
    // A cloud member's key: 90 days, UTC.
    const { remindAt } = reminderSchedule(row!.createdAt, 90, 'UTC');
    t.clock.advanceDays(Math.ceil((remindAt.getTime() - t.clock.now().getTime()) / 86_400_000) + 1);
    await t.app.jobs.enqueue(t.db, RENEWAL_REMINDER_JOB, {});
    await t.runPendingJobs();
    const mails = (await t.mails()).filter((mail) => mail.kind === 'credentialRenewalReminder');
    expect(mails.map((mail) => mail.subject)).toContain('[Cloud Console] Your user access key is due for renewal');
  });
});
