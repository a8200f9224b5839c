import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { activityEvents, auditEvents } from './schema/index.ts';
import { oneStatement, type Records, recordsQuery } from './change-records.ts';

/**
 * A change's records go as one statement whose text is kept per shape (db/unit-of-work.ts,
 * recordsQuery): its text and values must be drizzle's own for every change of that shape, with
 * other values; a shape drizzle builds otherwise (a value that is SQL) stays drizzle's.
 */
const db = drizzle.mock({ casing: 'snake_case' });
const dialect = (db as unknown as { dialect: { sqlToQuery(statement: unknown): { sql: string; params: unknown[] } } }).dialect;
const textOf = (statement: unknown) => dialect.sqlToQuery(statement);
/** What goes to PostgreSQL: the text and its values. */
const sent = ({ sql: text, params }: { sql: string; params: unknown[] }) => ({ text, params });

let builds = 0;
const recordsOf = (table: PgTable, rows: Record<string, unknown>[]): Records => ({
  table,
  rows,
  build: () => {
    builds++;
    return db.insert(table).values(rows as never).getSQL();
  },
});

const activity = (n: number, extra: Record<string, unknown> = {}) => ({
  orgId: crypto.randomUUID(),
  projectId: n % 2 ? null : crypto.randomUUID(),
  actorType: 'TOAST_CLOUD',
  actorId: crypto.randomUUID(),
  actorName: `Owner ${n} 'quoted' \u4e2d`,
  actionCode: 'PROJECT_UPDATE',
  targetType: 'PROJECT',
  targetId: `target-${n}`,
  targetName: `Project ${n}`,
  createdAt: new Date(Date.UTC(2026, 10, 29, 6, n)),
  ...extra,
});
const audit = (n: number) => ({
  orgId: crypto.randomUUID(),
  projectId: null,
  category: 'CHANGE',
  action: 'cab.updateProject',
  result: 'SUCCESS',
  resultCode: '0',
  actorType: 'TOAST_CLOUD',
  actorId: crypto.randomUUID(),
  actorLogin: `owner${n}@example.com`,
  accessTokenId: null,
  clientIp: '127.0.0.1',
  userAgent: 'vitest',
  method: 'PUT',
  path: `/api/cab/v5/projects/${n}`,
  targetType: 'PROJECT',
  targetId: `target-${n}`,
  before: { projectName: `Before ${n}`, description: null, list: [n, 'x'] },
  after: { projectName: `After ${n}` },
  detail: n % 2 ? null : { note: `n=${n}` },
  createdAt: new Date(Date.UTC(2026, 10, 29, 6, n)),
});

/** A project update's records: its activity row and its audit row. */
const projectChange = (n: number) => [recordsOf(activityEvents, [activity(n)]), recordsOf(auditEvents, [audit(n)])];
/** Records with a value that is SQL. */
const stampedByPostgres = () => [recordsOf(activityEvents, [activity(1, { createdAt: sql`now()` })])];

describe("a change's records' statement", () => {
  it("is drizzle's text and values for every change of a shape, built by drizzle only the first time", () => {
    const first = recordsQuery(projectChange(1), textOf);
    builds = 0;
    for (const n of [2, 3, 4]) {
      const records = projectChange(n);
      const kept = recordsQuery(records, textOf);
      const built = textOf(oneStatement(records));
      expect(sent(kept)).toEqual(sent(built));
      expect(kept.sql).toBe(first.sql);
    }
    // Three changes above and their drizzle builds to compare with: 2 builds (one per table) each, for the comparison only.
    expect(builds).toBe(6);
  });

  it('keeps one text per shape: rows of two, a column left out, another table order', () => {
    const shapes = [
      [recordsOf(activityEvents, [activity(1), activity(2)])],
      [recordsOf(activityEvents, [activity(1, { targetId: undefined })])],
      [recordsOf(auditEvents, [audit(1)]), recordsOf(activityEvents, [activity(1)])],
    ];
    const texts = new Set<string>();
    for (const records of shapes) {
      recordsQuery(records, textOf);
      const again = shapes.indexOf(records) === 0 ? [recordsOf(activityEvents, [activity(5), activity(6)])] : records;
      const kept = recordsQuery(again, textOf);
      expect(sent(kept)).toEqual(sent(textOf(oneStatement(again))));
      texts.add(kept.sql);
    }
    expect(texts.size).toBe(3);
  });

  it('a value that is SQL is built by drizzle every time', () => {
    recordsQuery(stampedByPostgres(), textOf);
    builds = 0;
    const records = stampedByPostgres();
    expect(sent(recordsQuery(records, textOf))).toEqual(sent(textOf(oneStatement(records))));
    expect(builds).toBe(2);
  });
});
