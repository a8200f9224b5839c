import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type Queue } from 'pg-boss';
import type { Executor } from '../db/client.ts';
import { afterCommit, afterCommitOf } from '../db/unit-of-work.ts';

/** pg-boss keeps its tables in a schema of its own, on the application's database. */
export const JOB_SCHEMA = 'pgboss';

/**
 * A kind of background work: its queue settings, the handler that does one job, and optionally a
 * cron schedule (UTC) on which the scheduler sends one.
 */
export interface JobDefinition<T extends object> {
  readonly name: string;
  readonly queue?: Omit<Queue, 'name'>;
  readonly schedule?: string;
  readonly handler: (data: T) => Promise<void>;
  /**
   * Finds the work of this kind that a crash interrupted (a worker killed mid-job) and settles it:
   * run once when a worker starts, before it takes jobs, so a restarted server does not leave it
   * waiting for pg-boss's expiry.
   */
  readonly recover?: () => Promise<void>;
  /**
   * Worker mode: fetch up to `size` jobs at once and run them `concurrency` at a time, fetching again
   * at once while fetches come back full (pg-boss's burst), instead of one job per poll (a poll
   * apart when not woken). A job that fails fails its batch, which pg-boss retries: handlers of a
   * batched kind must be idempotent.
   */
  readonly batch?: { readonly size: number; readonly concurrency: number };
}

/**
 * `worker`: the server — workers poll every queue, the scheduler sends scheduled jobs, pg-boss
 * maintains its tables. `manual`: tests (and tools) — nothing runs by itself; `runPendingJobs()`
 * does the waiting work when asked, so a test never sleeps.
 */
export type JobsMode = 'worker' | 'manual';

interface JobsLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * Installs (or migrates) pg-boss's schema on a database and leaves: tests do it once on the
 * template every test database is cloned from.
 */
export async function installJobSchema(databaseUrl: string) {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: JOB_SCHEMA,
    max: 1,
    supervise: false,
    schedule: false,
    registerInstance: false,
    openTelemetry: { enabled: false },
  });
  await boss.start();
  await boss.stop({ graceful: false });
}

/**
 * How often an idle worker looks for jobs (worker mode, every queue): what a job waits at most when
 * nothing woke its worker — a scheduled (cron) job, a retry, one another process enqueued. A job
 * this process enqueues wakes its worker once its transaction has committed (`enqueue`), so it
 * starts at once whatever this is. Each poll is a fetch statement per queue: 16 queues at 1 s kept
 * an idle server and its PostgreSQL busy (docs/benchmarks-test-loop.md, "Idle polls").
 */
export const POLL_INTERVAL_SECONDS = 10;

const DEFAULT_QUEUE: Omit<Queue, 'name'> = { retryLimit: 5, retryDelay: 15, retryBackoff: true, retryDelayMax: 900 };

/**
 * The job queue (pg-boss 12 on the same PostgreSQL, schema `pgboss`). Work that must follow a
 * change is enqueued with `enqueue(tx, …)` inside the change's own transaction: pg-boss writes the
 * job through that transaction, so it commits with the change and disappears with a rollback —
 * an outbox without a table of our own, and a crash between the two loses nothing.
 */
export function createJobs(deps: { databaseUrl: string; log: JobsLog }) {
  const definitions = new Map<string, JobDefinition<object>>();
  let boss: PgBoss | undefined;
  /** This process's worker of each queue (worker mode only), to wake it when a job it waits for is committed. */
  const workers = new Map<string, string>();

  const started = (): PgBoss => {
    if (!boss) throw new Error('jobs: start() has not run (server.ts starts the queue; buildTestApp in tests)');
    return boss;
  };

  /** Every kind's recovery (see JobDefinition.recover); one that fails is logged, not fatal. */
  async function recoverAll() {
    for (const definition of definitions.values()) {
      try {
        await definition.recover?.();
      } catch (error) {
        deps.log.error({ err: error, job: definition.name }, 'job recovery failed');
      }
    }
  }

  async function runOne(definition: JobDefinition<object>, data: object, id: string) {
    try {
      await definition.handler(data);
    } catch (error) {
      deps.log.error({ err: error, job: definition.name, jobId: id }, 'job failed; pg-boss retries it');
      throw error;
    }
  }

  async function runBatch(definition: JobDefinition<object>, jobs: readonly { id: string; data: object }[], concurrency: number) {
    const queue = [...jobs];
    const errors: unknown[] = [];
    await Promise.all(
      Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) {
          await runOne(definition, job.data, job.id).catch((error: unknown) => errors.push(error));
        }
      }),
    );
    if (errors.length > 0) throw new AggregateError(errors, `${errors.length} of ${jobs.length} ${definition.name} job(s) failed`);
  }

  /** Nudges this process's worker of a queue (worker mode), if it runs one. */
  function notify(name: string) {
    const workerId = workers.get(name);
    if (boss && workerId) boss.notifyWorker(workerId);
  }

  return {
    /** Declares a kind of job; every definition is made before start(). */
    define<T extends object>(definition: JobDefinition<T>) {
      if (boss) throw new Error(`jobs: ${definition.name} defined after start()`);
      if (definitions.has(definition.name)) throw new Error(`jobs: ${definition.name} defined twice`);
      definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    },

    /** Installs or migrates pg-boss's schema when needed, creates the queues, and in `worker` mode starts working. */
    async start(mode: JobsMode) {
      if (boss) return;
      const worker = mode === 'worker';
      const instance = new PgBoss({
        connectionString: deps.databaseUrl,
        schema: JOB_SCHEMA,
        application_name: 'console-jobs',
        max: worker ? 4 : 2,
        supervise: worker,
        schedule: worker,
        registerInstance: worker,
        openTelemetry: { enabled: false },
      });
      instance.on('error', (error) => deps.log.error({ err: error }, 'job queue error'));
      instance.on('warning', (warning) => deps.log.warn({ warning }, 'job queue warning'));
      await instance.start();
      for (const definition of definitions.values()) {
        const { policy: _policy, partition: _partition, ...settings } = { ...DEFAULT_QUEUE, ...definition.queue };
        await instance.createQueue(definition.name, { ...DEFAULT_QUEUE, ...definition.queue });
        // createQueue leaves an existing queue as it was: settings changed since apply now.
        await instance.updateQueue(definition.name, settings);
      }
      // Set before the recovery, which may enqueue the work it finds.
      boss = instance;
      if (worker) {
        await recoverAll();
        for (const definition of definitions.values()) {
          const batch = definition.batch;
          const workerId = batch
            ? await instance.work<object>(definition.name, { batchSize: batch.size, burstWhenBatchFull: true, pollingIntervalSeconds: POLL_INTERVAL_SECONDS }, (jobs) => runBatch(definition, jobs, batch.concurrency))
            : await instance.work<object>(definition.name, { batchSize: 1, pollingIntervalSeconds: POLL_INTERVAL_SECONDS }, async ([job]) => {
                if (!job) return;
                try {
                  await runOne(definition, job.data, job.id);
                } finally {
                  // A fetch that found a job may have left more (several woken at once): look again at
                  // once, not a poll later — the burst pg-boss does only for batches over one job.
                  notify(definition.name);
                }
              });
          workers.set(definition.name, workerId);
          if (definition.schedule) await instance.schedule(definition.name, definition.schedule, {}, { tz: 'UTC' });
        }
      }
    },

    /** Runs every kind's recovery now (a worker's start does it; tests call it as a restarted server would). */
    recoverInterrupted: () => recoverAll(),

    /**
     * Wakes this process's worker of a queue once the transaction the calling code runs in has
     * committed (now when there is none) instead of at its next poll (POLL_INTERVAL_SECONDS away).
     * `enqueue` does it for its own job; this is for work committed otherwise. A no-op where this
     * process does not work the queue (another process polls as usual).
     */
    wake(name: string) {
      // Within a change (db/unit-of-work.ts) or a plain transaction, once it has committed: the worker must see the job.
      afterCommit(() => notify(name));
    },

    /** Stops working: jobs in progress may finish (10 s), the rest wait for the next start. */
    async stop() {
      const instance = boss;
      boss = undefined;
      workers.clear();
      await instance?.stop({ graceful: true, timeout: 10_000 });
    },

    /**
     * Enqueues a job in the transaction `executor` belongs to: it exists once the transaction
     * commits, and never if it rolls back. Once it has committed, this process's worker of the
     * queue is woken (afterCommitOf: the unit's COMMIT, a plain `db.transaction`'s, or at once for
     * the database handle outside both), so the job starts then, not at the next poll.
     */
    async enqueue<T extends object>(executor: Executor, name: string, data: T) {
      if (!definitions.has(name)) throw new Error(`jobs: no job named ${name}`);
      await started().send(name, data, { db: fromDrizzle(executor, sql) });
      afterCommitOf(executor, () => notify(name));
    },

    /** Like enqueue, for many jobs of one queue in one statement (a batch import's mails). */
    async enqueueMany<T extends object>(executor: Executor, name: string, data: readonly T[]) {
      if (!definitions.has(name)) throw new Error(`jobs: no job named ${name}`);
      if (data.length === 0) return;
      await started().insert(name, data.map((item) => ({ data: item })), { db: fromDrizzle(executor, sql) });
      afterCommitOf(executor, () => notify(name));
    },

    /** Sends a job now, outside any transaction, and wakes this process's worker: tests use it to fire a scheduled job. */
    async trigger(name: string, data: object = {}) {
      if (!definitions.has(name)) throw new Error(`jobs: no job named ${name}`);
      await started().send(name, data);
      notify(name);
    },

    /**
     * Runs every job that is ready, and the ones they enqueue, until none is left; answers how many
     * ran. For tests (`manual` mode): the queue is drained explicitly instead of waited for. A job
     * that fails is marked failed and the error is thrown after the round.
     */
    async runPendingJobs(): Promise<number> {
      const instance = started();
      let ran = 0;
      for (let round = 0; round < 100; round++) {
        let fetched = 0;
        const errors: unknown[] = [];
        for (const definition of definitions.values()) {
          const jobs = await instance.fetch<object>(definition.name, { batchSize: 50 });
          fetched += jobs.length;
          const succeeded: string[] = [];
          for (const job of jobs) {
            try {
              await runOne(definition, job.data, job.id);
              succeeded.push(job.id);
              ran++;
            } catch (error) {
              errors.push(error);
              await instance.fail(definition.name, job.id, { message: String(error) });
            }
          }
          // The fetch's jobs that succeeded are completed together, in one statement (as pg-boss's own
          // worker completes a batch): one round trip a fetch instead of one a job. A handler does not
          // read its own job's state; the next fetch comes after this.
          if (succeeded.length > 0) await instance.complete(definition.name, succeeded);
        }
        if (errors.length > 0) throw new AggregateError(errors, `${errors.length} job(s) failed`);
        if (fetched === 0) return ran;
      }
      throw new Error('jobs: still enqueuing after 100 rounds');
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
