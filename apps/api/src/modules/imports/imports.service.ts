import { type ImportTemplateType, type OrgMemberImportRow } from '@console/contracts';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { grantOf, type Clock, type SignedInContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { Mail } from '../../platform/mail.ts';
import { isUniqueViolation } from '../../platform/pg-errors.ts';
import { inviterOf, type Inviter } from '../members/invitations.service.ts';
import { membersRepository } from '../members/members.repository.ts';
import { batchResultOf, classify, IMPORT_KINDS, rowsFromJson, toRowResult, type ImportType } from './import-classify.ts';
import { SUCCESSFUL, type AcceptedRow, type ClassifiedRow, type Entry, type Scope } from './import-rows.ts';
import { importsRepository as repo, type ImportJobRow } from './imports.repository.ts';
import { buildReport, buildTemplate, checkFileName, inspectZip, parseTemplate } from './spreadsheet.ts';

export type { ImportType } from './import-classify.ts';

/** The job that commits an import's accepted rows, all or nothing. */
export const IMPORT_COMMIT_JOB = 'imports.commit';
/** Rows written between two progress updates of a running import: at least this many… */
export const IMPORT_COMMIT_CHUNK = 20;
/** …and at most this many updates in all, so a large import does not pay a round trip per 20 rows. */
export const IMPORT_PROGRESS_STEPS = 20;
/**
 * The longest an import may stay WAIT, from the moment it is recorded (queued and committing): a
 * 1,000-row import commits in about half a second (docs/benchmarks.md). Past it the import is FAIL
 * and no longer holds its organization's import slot (ASYNC_JOB_IN_PROGRESS), whatever became of its job.
 */
export const IMPORT_TIME_LIMIT_SECONDS = 600;

/** When an import recorded at `createdAt` runs out of time. */
export const importDeadlineOf = (job: Pick<ImportJobRow, 'createdAt'>) => new Date(job.createdAt.getTime() + IMPORT_TIME_LIMIT_SECONDS * 1000);

interface StoredResult {
  rows: ClassifiedRow[];
}

/** An uploaded file's rows: name, then the zip inspection, then the parse (each may refuse). */
async function fileRows(type: ImportType, fileName: string, file: unknown) {
  checkFileName(fileName);
  if (!Buffer.isBuffer(file) || file.length === 0) throw new AppError('IMPORT_FILE_UNREADABLE');
  inspectZip(file);
  return parseTemplate(file, type);
}

const scopeOf = (ctx: SignedInContext): Scope => {
  const grant = grantOf(ctx);
  return { orgId: grant.orgId, projectId: grant.projectId ?? null };
};

/** The .xlsx report of rows: those that are not a plain SUCCESS, reasons in the caller's language. */
const reportOf = (ctx: SignedInContext, type: ImportType, rows: readonly ClassifiedRow[]) =>
  buildReport(
    type,
    ctx.lang,
    rows.filter((row) => row.resultCode !== 'SUCCESS').map((row) => ({ ...toRowResult(row, ctx.lang), cells: row.cells })),
  );

const isAccepted = (row: ClassifiedRow): row is AcceptedRow<Entry> => row.resultCode === 'SUCCESS' && row.entry !== undefined;

export function createImportsService(deps: { db: Database; config: AppConfig; clock: Clock; mail: Mail; jobs: Jobs }) {
  const { db, config, mail, jobs } = deps;

  function checkBatchLimit(type: ImportType, rows: readonly ClassifiedRow[]) {
    const limit = IMPORT_KINDS[type].batchLimit(config);
    if (limit === undefined) return;
    if (rows.filter((row) => row.resultCode === 'SUCCESS').length > limit) throw new AppError('MEMBER_LIMIT_EXCEEDED', { params: { max: limit } });
  }

  async function validate(ctx: SignedInContext, type: ImportType, input: readonly { rowNumber: number; cells: Record<string, string> }[]) {
    const rows = await classify(type, db, scopeOf(ctx), input, ctx.now());
    checkBatchLimit(type, rows);
    return { result: batchResultOf(rows, ctx.lang) };
  }

  /**
   * Records the batch (WAIT) and enqueues its commit job in the same transaction. Refused when
   * every row is erroneous (IMPORT_ALL_DATA_INVALID), when more rows would be registered than a batch may hold
   * (MEMBER_LIMIT_EXCEEDED), and while another import of the same type is in progress in the organization (ASYNC_JOB_IN_PROGRESS,
   * the partial unique index decides between two at once).
   */
  async function start(ctx: SignedInContext, type: ImportType, input: readonly { rowNumber: number; cells: Record<string, string> }[], fileName: string | null) {
    const scope = scopeOf(ctx);
    const now = ctx.now();
    const rows = await classify(type, db, scope, input, now);
    if (rows.every((row) => !SUCCESSFUL.includes(row.resultCode))) throw new AppError('IMPORT_ALL_DATA_INVALID');
    checkBatchLimit(type, rows);
    const requestedBy: Inviter = inviterOf(ctx);
    const record = () =>
      db.transaction(async (tx) => {
        const row = await repo.insert(tx, {
          orgId: scope.orgId,
          projectId: scope.projectId,
          type,
          state: 'WAIT',
          requestedBy,
          locale: ctx.locale,
          fileName,
          rows: { rows } satisfies StoredResult,
          total: rows.length,
          processed: 0,
          createdAt: now,
        });
        await jobs.enqueue(tx, IMPORT_COMMIT_JOB, { importId: row.id, orgId: scope.orgId });
        return { asyncJobId: row.id };
      });
    let answer: { asyncJobId: string };
    try {
      answer = await record();
    } catch (error) {
      if (!isUniqueViolation(error, 'import_jobs_one_waiting_key')) throw error;
      // The import in progress may be one that can no longer finish (interrupted, past its time limit): it fails and frees the slot.
      const waiting = await repo.findWaiting(db, scope.orgId, type);
      if (!waiting || !(await settleIfStuck(waiting))) throw new AppError('ASYNC_JOB_IN_PROGRESS');
      answer = await record().catch((again: unknown) => {
        throw isUniqueViolation(again, 'import_jobs_one_waiting_key') ? new AppError('ASYNC_JOB_IN_PROGRESS') : again;
      });
    }
    return answer;
  }

  /**
   * An import that can no longer finish is set FAIL, so it stops holding its organization's slot:
   * one past its time limit, and one whose run was interrupted (begun, and no commit holds its
   * lock: the worker died, its transaction was rolled back). Answers whether it was set FAIL.
   */
  async function settleIfStuck(job: Pick<ImportJobRow, 'id' | 'orgId' | 'state' | 'createdAt' | 'startedAt'>): Promise<boolean> {
    if (job.state !== 'WAIT') return false;
    const now = deps.clock();
    const overdue = now.getTime() >= importDeadlineOf(job).getTime();
    if (!overdue && !job.startedAt) return false;
    return repo.failUnlessRunning(db, job.orgId, job.id, now, overdue);
  }

  /**
   * Finds the imports a crash interrupted (or that ran out of time) and sets them FAIL: run by a
   * worker when it starts, before it takes jobs, so a restarted server frees its organizations at
   * once. Imports another live worker is committing hold their lock and are left alone.
   */
  async function recoverInterrupted() {
    const now = deps.clock();
    let failed = 0;
    for (const job of await repo.possiblyStuck(db, new Date(now.getTime() - IMPORT_TIME_LIMIT_SECONDS * 1000))) {
      if (await settleIfStuck(job)) failed++;
    }
    return failed;
  }

  /**
   * The commit, all or nothing, once: one transaction locks the import (a second run of the job
   * waits for the first, then finds it no longer WAIT and stops), locks the organization (and the
   * project), re-checks the accepted rows against what is there now, writes them — invitations
   * with their mails enqueued in the same transaction and IAM accounts, or project memberships —
   * and sets COMPLETE with the report. Any failure rolls all of it back; the import is then marked
   * FAIL (MEMBER_BATCH_REGISTRATION_FAILED 'Fail to member batch registration') so it no longer holds the import slot.
   *
   * An import runs once: a delivery that finds it begun by an earlier run (whose worker died mid-
   * commit, so nothing of it stayed) or past its time limit sets it FAIL instead, as the recovery
   * at a worker's start does. The transaction's statements and lock waits are bounded by the
   * time left, and the time is checked between chunks.
   */
  async function commit(importId: string, orgId: string) {
    const startedAt = deps.clock();
    try {
      await db.transaction(async (tx) => {
        const job = await repo.lock(tx, orgId, importId);
        if (!job || job.state !== 'WAIT') return;
        const deadline = importDeadlineOf(job).getTime();
        if (job.startedAt || startedAt.getTime() >= deadline) {
          await repo.finish(tx, orgId, importId, { state: 'FAIL', processed: 0, result: null, startedAt: job.startedAt, completedAt: startedAt });
          return;
        }
        await repo.limitTransaction(tx, deadline - startedAt.getTime());
        await repo.markStarted(db, orgId, importId, startedAt);
        const kind = IMPORT_KINDS[job.type as ImportType];
        const org = await membersRepository.lockOrg(tx, orgId);
        if (!org) return;
        await kind.lockTarget?.(tx, job);
        const now = startedAt;
        const { rows } = job.rows as StoredResult;
        await kind.markRegistered(tx, { orgId, projectId: job.projectId }, rows, now);
        const accepted = rows.filter(isAccepted);
        // Written a chunk at a time; after each, the rows handled so far go on the import row from
        // outside the transaction (the progress bar moves), while what is written stays invisible
        // until the whole commit succeeds.
        let processed = rows.length - accepted.length;
        await repo.setProgress(db, orgId, importId, processed);
        const chunkSize = Math.max(IMPORT_COMMIT_CHUNK, Math.ceil(accepted.length / IMPORT_PROGRESS_STEPS));
        for (let offset = 0; offset < accepted.length; offset += chunkSize) {
          if (deps.clock().getTime() >= deadline) throw new Error(`imports: ${importId} ran out of its ${IMPORT_TIME_LIMIT_SECONDS} s`);
          const chunk = accepted.slice(offset, offset + chunkSize);
          await kind.write(tx, { job, orgName: org.name, now, config, mail }, chunk);
          processed += chunk.length;
          await repo.setProgress(db, orgId, importId, processed);
        }
        const finished = await repo.finish(tx, orgId, importId, {
          state: 'COMPLETE',
          processed: rows.length,
          result: { rows } satisfies StoredResult,
          startedAt,
          completedAt: deps.clock(),
        });
        // Set FAIL meanwhile (past its time limit): nothing of it may stay.
        if (!finished) throw new Error(`imports: ${importId} was set FAIL while it committed`);
      });
    } catch (error) {
      await repo.finish(db, orgId, importId, { state: 'FAIL', processed: 0, result: null, startedAt, completedAt: deps.clock() });
      throw error;
    }
  }

  jobs.define<{ importId: string; orgId: string }>({
    name: IMPORT_COMMIT_JOB,
    // pg-boss's own time limit agrees with the import's. Retries are for a delivery whose worker
    // died before the commit began (pg-boss re-delivers it once it expires); a begun or failed
    // import is not run again, so its retries find nothing to do.
    queue: { retryLimit: 3, expireInSeconds: IMPORT_TIME_LIMIT_SECONDS },
    handler: ({ importId, orgId }) => commit(importId, orgId),
    recover: async () => {
      await recoverInterrupted();
    },
  });

  /** The caller's import; one that can no longer finish reads FAIL (it is set so now). */
  async function found(ctx: SignedInContext, type: ImportType, importId: string): Promise<ImportJobRow> {
    const scope = scopeOf(ctx);
    const job = await repo.find(db, scope.orgId, importId);
    if (!job || job.type !== type || (type === 'PROJECT_MEMBER' && job.projectId !== scope.projectId)) throw new AppError('IMPORT_JOB_NOT_FOUND');
    if (await settleIfStuck(job)) return (await repo.find(db, scope.orgId, importId)) ?? job;
    return job;
  }

  return {
    commit,
    recoverInterrupted,
    template: (ctx: SignedInContext, type: ImportTemplateType) => buildTemplate(type, ctx.lang),

    async validateFile(ctx: SignedInContext, type: ImportType, fileName: string, file: unknown) {
      return validate(ctx, type, await fileRows(type, fileName, file));
    },
    validateRows: (ctx: SignedInContext, type: ImportType, rows: readonly OrgMemberImportRow[]) => validate(ctx, type, rowsFromJson(type, rows)),
    async startFile(ctx: SignedInContext, type: ImportType, fileName: string, file: unknown) {
      return start(ctx, type, await fileRows(type, fileName, file), fileName.trim());
    },
    startRows: (ctx: SignedInContext, type: ImportType, rows: readonly OrgMemberImportRow[]) => start(ctx, type, rowsFromJson(type, rows), null),

    async get(ctx: SignedInContext, type: ImportType, importId: string) {
      const job = await found(ctx, type, importId);
      const done = job.state === 'COMPLETE';
      return {
        asyncJobId: job.id,
        state: job.state,
        progress: { processed: job.processed, total: job.total },
        result: done ? batchResultOf((job.result as StoredResult).rows, ctx.lang) : null,
        regDateTime: job.createdAt.toISOString(),
        startedDateTime: job.startedAt?.toISOString() ?? null,
        completedDateTime: job.completedAt?.toISOString() ?? null,
      };
    },

    /** The report of a dry run of `rows`: its rows that are not a plain SUCCESS, reasons in the caller's language. */
    async validationReport(ctx: SignedInContext, type: ImportType, input: readonly OrgMemberImportRow[]) {
      return reportOf(ctx, type, await classify(type, db, scopeOf(ctx), rowsFromJson(type, input), ctx.now()));
    },

    /** The report of a finished import: its rows that are not a plain SUCCESS, reasons in the caller's language. */
    async report(ctx: SignedInContext, type: ImportType, importId: string) {
      const job = await found(ctx, type, importId);
      if (job.state === 'WAIT') throw new AppError('ASYNC_JOB_IN_PROGRESS');
      if (job.state === 'FAIL') throw new AppError('MEMBER_BATCH_REGISTRATION_FAILED');
      return reportOf(ctx, type, (job.result as StoredResult).rows);
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
