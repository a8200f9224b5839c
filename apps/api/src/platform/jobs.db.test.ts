import { eq, sql } from 'drizzle-orm';
import { organizations } from '../db/schema/index.ts';
import { PgBoss } from 'pg-boss';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, createOrg, FIXTURE_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import type { MailMessage, MailTransport } from './mail.ts';
import { MAIL_JOB } from './mail.ts';
import { createJobs } from './jobs.ts';

const message = (to: string): MailMessage => ({
  kind: 'test',
  to,
  subject: 'Subject',
  text: 'Text',
  html: '<p>Text</p>',
  locale: 'en_US',
  orgId: null,
});

/** The one way the tests enqueue by hand: what a service does inside its transaction. */
const enqueueIn = (t: TestApp, run: (enqueue: (to: string) => Promise<void>) => Promise<void>) =>
  t.db.transaction(async (tx) => run((to) => t.app.jobs.enqueue(tx, MAIL_JOB, message(to))));

describe('jobs enqueued in a transaction (the outbox)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });

  it('exist once the transaction commits, and never when it rolls back', async () => {
    await expect(
      enqueueIn(t, async (enqueue) => {
        await enqueue('rolled-back@example.com');
        throw new Error('the change fails after its job was enqueued');
      }),
    ).rejects.toThrow('the change fails');
    expect(await t.pendingJobs()).toEqual([]);

    await enqueueIn(t, (enqueue) => enqueue('committed@example.com'));
    expect((await t.pendingJobs(MAIL_JOB)).map((job) => job.data.to)).toEqual(['committed@example.com']);
  });

  it('are run by runPendingJobs, never by waiting: the mail lands in the dev outbox', async () => {
    expect(await t.mails()).toEqual([]);
    expect(await t.runPendingJobs()).toBe(1);
    expect(await t.runPendingJobs()).toBe(0);
    const [mail] = await t.mails();
    expect(mail).toMatchObject({ toAddress: 'committed@example.com', subject: 'Subject', textBody: 'Text', htmlBody: '<p>Text</p>', locale: 'en_US' });
    const { rows } = await t.db.execute<{ state: string }>(sql`select state from pgboss.job where name = ${MAIL_JOB}`);
    expect(rows.map((row) => row.state)).toEqual(['completed']);
  });

  it('refuse a job name nobody defined', async () => {
    await expect(t.db.transaction((tx) => t.app.jobs.enqueue(tx, 'no.such.job', {}))).rejects.toThrow(/no job named/);
  });
});

describe('waking a worker after a commit', () => {
  it("nudges this process's worker of the queue at once, which runs the job; nothing where no worker of it runs here", async () => {
    const t = await buildTestApp();
    const quiet = { error: () => undefined, warn: () => undefined };
    const jobs = createJobs({ databaseUrl: t.databaseUrl, log: quiet });
    const ran: string[] = [];
    jobs.define<{ id: string }>({ name: 'test.wake', handler: async ({ id }) => void ran.push(id) });
    const notify = vi.spyOn(PgBoss.prototype, 'notifyWorker');
    try {
      jobs.wake('test.wake');
      expect(notify).not.toHaveBeenCalled();
      await jobs.start('worker');
      await jobs.trigger('test.wake', { id: 'first' });
      jobs.wake('test.wake');
      expect(notify).toHaveBeenCalledTimes(1);
      expect(notify.mock.calls[0]![0]).toEqual(expect.any(String));
      await vi.waitFor(() => expect(ran).toEqual(['first']), { timeout: 10_000 });
      // A queue this process does not work, and the test app's manual mode: nobody to wake.
      jobs.wake('no.such.queue');
      t.app.jobs.wake(MAIL_JOB);
      expect(notify).toHaveBeenCalledTimes(1);
    } finally {
      notify.mockRestore();
      await jobs.stop();
    }
  });
});

describe('mail over SMTP', () => {
  let t: TestApp;
  const sent: Parameters<MailTransport['sendMail']>[0][] = [];
  let failing = false;
  const transport: MailTransport = {
    async sendMail(mail) {
      if (failing) throw new Error('SMTP server unavailable');
      sent.push(mail);
      return {};
    },
  };

  beforeAll(async () => {
    t = await buildTestApp(
      { SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'Console <console@example.com>', LOGIN_RATE_LIMIT_PER_MINUTE: '1000' },
      { mailTransport: transport },
    );
  });

  it('sends through the transport, keeps nothing in the dev outbox, and the dev outbox answers 10404', async () => {
    const owner = await createMember(t.db, 'smtp-owner@example.com');
    const org = await createOrg(t.db, 'Smtp Org', owner.id);
    const caller = await t.login('smtp-owner@example.com', FIXTURE_PASSWORD);
    const invited = await t.call(caller, 'POST', `/api/cab/v5/organizations/${org.id}/invitations`, { emailList: ['smtp-invitee@example.com'], orgRoleCodes: ['MEMBER'] }, 'zh_CN');
    expect(invited.statusCode, invited.body).toBe(200);
    expect(sent).toEqual([]);
    await t.runPendingJobs();
    expect(sent).toEqual([
      expect.objectContaining({
        from: 'Console <console@example.com>',
        to: 'smtp-invitee@example.com',
        subject: '[Cloud Console] 您受邀加入组织“Smtp Org”',
        headers: { 'Content-Language': 'zh' },
      }),
    ]);
    expect(sent[0]!.text).toContain('接受邀请: http://localhost:8080/invitation#token=');
    expect(await t.mails()).toEqual([]);
    const outbox = await t.call(caller, 'GET', '/api/console/v1/dev-outbox');
    expect([outbox.statusCode, outbox.json().header.resultCode]).toEqual([404, 10404]);
  });

  it('keeps a mail the server could not send for a retry: nothing is lost', async () => {
    failing = true;
    await enqueueIn(t, (enqueue) => enqueue('retry@example.com'));
    await expect(t.runPendingJobs()).rejects.toThrow(/1 job\(s\) failed/);
    const { rows } = await t.db.execute<{ state: string }>(
      sql`select state from pgboss.job where name = ${MAIL_JOB} and data->>'to' = 'retry@example.com'`,
    );
    // Back in the queue with a delay (retryDelay, backoff), not dropped.
    expect(rows).toEqual([{ state: 'retry' }]);
    expect(await t.runPendingJobs()).toBe(0);
    failing = false;
  });

  it('completes the jobs of one fetch that succeeded, together, and keeps the one that failed for a retry', async () => {
    const failOne = vi.spyOn(transport, 'sendMail').mockImplementation(async (mail) => {
      if (mail.to === 'batch.fails@example.com') throw new Error('SMTP refused this one');
      sent.push(mail);
      return {};
    });
    try {
      await enqueueIn(t, async (enqueue) => {
        for (const to of ['batch.a@example.com', 'batch.fails@example.com', 'batch.b@example.com', 'batch.c@example.com']) await enqueue(to);
      });
      await expect(t.runPendingJobs()).rejects.toThrow(/1 job\(s\) failed/);
      const { rows } = await t.db.execute<{ to: string; state: string }>(
        sql`select data->>'to' as to, state from pgboss.job where name = ${MAIL_JOB} and data->>'to' like 'batch.%' order by 1`,
      );
      expect(rows).toEqual([
        { to: 'batch.a@example.com', state: 'completed' },
        { to: 'batch.b@example.com', state: 'completed' },
        { to: 'batch.c@example.com', state: 'completed' },
        { to: 'batch.fails@example.com', state: 'retry' },
      ]);
    } finally {
      failOne.mockRestore();
    }
  });
});

describe('a mail of an organization deleted before its delivery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });

  it('still reaches the dev outbox, without the organization', async () => {
    const owner = await createMember(t.db, 'gone-org-owner@example.com');
    const org = await createOrg(t.db, 'Short Lived', owner.id);
    await t.db.transaction((tx) => t.app.jobs.enqueue(tx, MAIL_JOB, { ...message('gone-org@example.com'), orgId: org.id }));
    await t.db.delete(organizations).where(eq(organizations.id, org.id));
    expect(await t.runPendingJobs()).toBe(1);
    expect(await t.mails()).toEqual([expect.objectContaining({ toAddress: 'gone-org@example.com', orgId: null })]);
  });
});
