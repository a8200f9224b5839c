import { Readable } from 'node:stream';
import { AUDIT_CSV_COLUMNS, AUDIT_EXPORT_MAX_ROWS, AUDIT_RETENTION_DAYS, validationMessage, type AuditEvent, type AuditFilter, type Lang } from '@console/contracts';
import type { Database } from '../../db/client.ts';
import { invalidFields } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { auditRepository as repo, type AuditRow } from './audit.repository.ts';

export const AUDIT_RETENTION_JOB = 'audit.retention';
const EXPORT_BATCH = 1_000;

function view(row: AuditRow): AuditEvent {
  return {
    auditId: row.id,
    createdAt: row.createdAt.toISOString(),
    category: row.category,
    action: row.action,
    result: row.result,
    resultCode: row.resultCode,
    actor: { actorType: row.actorType, actorId: row.actorId, login: row.actorLogin, accessTokenId: row.accessTokenId },
    clientIp: row.clientIp,
    userAgent: row.userAgent,
    method: row.method,
    path: row.path,
    projectId: row.projectId,
    target: { type: row.targetType, id: row.targetId },
    before: row.before ?? null,
    after: row.after ?? null,
    detail: row.detail ?? null,
  };
}

/** A CSV field: quoted when needed; a leading =, +, - or @ is defused (no formula injection in spreadsheets). */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(row: AuditRow): string {
  const values: Record<(typeof AUDIT_CSV_COLUMNS)[number], unknown> = {
    createdAt: row.createdAt.toISOString(),
    category: row.category,
    action: row.action,
    result: row.result,
    resultCode: row.resultCode,
    actorType: row.actorType,
    actorLogin: row.actorLogin,
    accessTokenId: row.accessTokenId,
    clientIp: row.clientIp,
    userAgent: row.userAgent,
    method: row.method,
    path: row.path,
    projectId: row.projectId,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before,
    after: row.after,
  };
  return `${AUDIT_CSV_COLUMNS.map((column) => csvField(values[column])).join(',')}\r\n`;
}

function checkRange(filter: AuditFilter, lang: Lang) {
  if (filter.from && filter.to && Date.parse(filter.from) > Date.parse(filter.to)) {
    throw invalidFields({ field: 'query.to', message: validationMessage('validation.metrics.rangeOrder', lang) });
  }
}

export function createAuditService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async list(lang: Lang, orgId: string, filter: AuditFilter, page: number, limit: number) {
      checkRange(filter, lang);
      const { events, total } = await repo.page(db, orgId, filter, page, limit);
      return { auditEvents: events.map(view), paging: { page, limit, totalCount: total } };
    },

    /** The CSV, streamed a batch at a time (keyset paging): memory stays flat whatever the size. */
    exportCsv(lang: Lang, orgId: string, filter: AuditFilter): Readable {
      checkRange(filter, lang);
      async function* lines() {
        yield `\uFEFF${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
        let after: { createdAt: Date; seq: number } | undefined;
        let sent = 0;
        while (sent < AUDIT_EXPORT_MAX_ROWS) {
          const rows = await repo.batch(db, orgId, filter, after, Math.min(EXPORT_BATCH, AUDIT_EXPORT_MAX_ROWS - sent));
          if (rows.length === 0) return;
          yield rows.map(csvLine).join('');
          sent += rows.length;
          const last = rows.at(-1)!;
          after = { createdAt: last.createdAt, seq: last.seq };
        }
      }
      return Readable.from(lines());
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

/** Deletes audit rows older than 90 days; daily. */
export async function purgeOldAuditEvents(db: Database, now: Date) {
  return repo.deleteOlderThan(db, new Date(now.getTime() - AUDIT_RETENTION_DAYS * 86_400_000));
}

export function defineAuditJobs(jobs: Jobs, deps: { db: Database; clock: () => Date }) {
  jobs.define<Record<string, never>>({
    name: AUDIT_RETENTION_JOB,
    schedule: '17 3 * * *',
    handler: async () => {
      await purgeOldAuditEvents(deps.db, deps.clock());
    },
  });
}
