import { eq, sql } from 'drizzle-orm';
import { organizations } from '../db/schema/index.ts';
import { PgBoss } from 'pg-boss';
import { beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createMember, createOrg, FIXTURE_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type TestApp } from '../test/helper.ts';
import type { MailMessage, MailTransport } from './mail.ts';
import { MAIL_JOB } from './mail.ts';
import { createJobs, POLL_INTERVAL_SECONDS } from './jobs.ts';

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
      // trigger sends outside any transaction, and wakes the worker itself.
      await jobs.trigger('test.wake', { id: 'first' });
      expect(notify).toHaveBeenCalledTimes(1);
      jobs.wake('test.wake');
      expect(notify).toHaveBeenCalledTimes(2);
      expect(notify.mock.calls[0]![0]).toEqual(expect.any(String));
      await vi.waitFor(() => expect(ran).toEqual(['first']), { timeout: 10_000 });
      // (The worker that ran a job wakes itself to look for more.) A queue this process does not
      // work, and the test app's manual mode: nobody to wake.
      const calls = notify.mock.calls.length;
      jobs.wake('no.such.queue');
      t.app.jobs.wake(MAIL_JOB);
      expect(notify).toHaveBeenCalledTimes(calls);
    } finally {
      notify.mockRestore();
      await jobs.stop();
    }
  });
});

describe('a job enqueued in a transaction, in worker mode', () => {
  // Well under the poll: only a wake after the commit starts the job this soon.
  const PROMPTLY_MS = (POLL_INTERVAL_SECONDS * 1000) / 4;
  let t: TestApp;
  let jobs: ReturnType<typeof createJobs>;
  const ran: string[] = [];
  let notify: MockInstance<PgBoss['notifyWorker']>;

  beforeAll(async () => {
    notify = vi.spyOn(PgBoss.prototype, 'notifyWorker');
    t = await buildTestApp();
    jobs = createJobs({ databaseUrl: t.databaseUrl, log: { error: () => undefined, warn: () => undefined } });
    jobs.define<{ id: string }>({ name: 'test.prompt', handler: async ({ id }) => void ran.push(id) });
    await jobs.start('worker');
    // The worker's first fetch (at start) is behind it: from now on it fetches at its poll or when woken.
    await new Promise((resolve) => setTimeout(resolve, 200));
    notify.mockClear();
    return async () => {
      notify.mockRestore();
      await jobs.stop();
    };
  });

  const states = async (id: string) =>
    (await t.db.execute<{ state: string }>(sql`select state from pgboss.job where name = 'test.prompt' and data->>'id' = ${id}`)).rows.map((row) => row.state);

  it('in a plain db.transaction: the worker is woken once drizzle has committed, not before, and runs it at once', async () => {
    let inside = -1;
    await t.db.transaction(async (tx) => {
      await jobs.enqueue(tx, 'test.prompt', { id: 'plain' });
      await jobs.enqueueMany(tx, 'test.prompt', [{ id: 'plain-many' }]);
      // Enqueued, not committed: nothing may fetch it yet, so nothing is woken.
      inside = notify.mock.calls.length;
    });
    const committedAt = Date.now();
    expect(inside).toBe(0);
    expect(notify).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(ran).toEqual(expect.arrayContaining(['plain', 'plain-many'])), { timeout: PROMPTLY_MS, interval: 20 });
    expect(Date.now() - committedAt).toBeLessThan(PROMPTLY_MS);
  });

  it('in a unit of work: woken by the unit’s COMMIT, for a transaction handle and for the database handle that joins the unit', async () => {
    notify.mockClear();
    const unit = t.app.unitOfWork.open();
    await t.app.unitOfWork.within(unit, async () => {
      await t.db.transaction((tx) => jobs.enqueue(tx, 'test.prompt', { id: 'unit-tx' }));
      await jobs.enqueue(t.db, 'test.prompt', { id: 'unit-db' });
    });
    // The callbacks are over but the unit has not committed: the jobs are invisible, nobody is woken.
    expect(notify).not.toHaveBeenCalled();
    expect(await states('unit-tx')).toEqual([]);
    await unit.commit();
    const committedAt = Date.now();
    expect(notify).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(ran).toEqual(expect.arrayContaining(['unit-tx', 'unit-db'])), { timeout: PROMPTLY_MS, interval: 20 });
    expect(Date.now() - committedAt).toBeLessThan(PROMPTLY_MS);
  });

  it('rolled back (a plain transaction, a unit): never runs, and nothing is woken', async () => {
    notify.mockClear();
    await expect(
      t.db.transaction(async (tx) => {
        await jobs.enqueue(tx, 'test.prompt', { id: 'plain-rolled-back' });
        throw new Error('the change fails after its job was enqueued');
      }),
    ).rejects.toThrow('the change fails');
    const unit = t.app.unitOfWork.open();
    await t.app.unitOfWork.within(unit, () => t.db.transaction((tx) => jobs.enqueue(tx, 'test.prompt', { id: 'unit-rolled-back' })));
    await unit.end(false);
    // A job committed after them is run at once: the worker had nothing of theirs to take before it.
    await jobs.enqueue(t.db, 'test.prompt', { id: 'after' });
    expect(notify).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(ran).toContain('after'), { timeout: PROMPTLY_MS, interval: 20 });
    expect(ran).not.toContain('plain-rolled-back');
    expect(ran).not.toContain('unit-rolled-back');
    expect([...(await states('plain-rolled-back')), ...(await states('unit-rolled-back'))]).toEqual([]);
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
