import { sql } from 'drizzle-orm';

/**
 * The number of rows the page's WHERE matches, counted by the page's own statement (a window over
 * the whole result, evaluated before LIMIT/OFFSET): a list answers in one round trip, not two.
 * For lists bounded by a scope (projects of an organization, members of a project, role groups).
 * Not for lists that grow without bound (the activity feed): the window reads and sorts every
 * matching row, where LIMIT down an index reads one page; count those separately, in parallel.
 * Nor where the page can walk an index and the scope runs to thousands of rows (the organization
 * members over `org_member_keys`, role groups): there the total is a count subquery of the same
 * WHERE in the page's statement (`(select count(*) from t where …)`, run once), so the page still
 * reads only its rows and the count reads the narrowest way it can (docs/benchmarks-request-path.md,
 * fifth pass).
 */
export const totalCountColumn = () => sql<number>`(count(*) over ())::int`.mapWith(Number);

/**
 * The total of a page read with `totalCountColumn`: from its first row; 0 for an empty first page;
 * for an empty page past the end (no row carries the count) the caller's own count query.
 */
export async function totalOf(rows: readonly { totalCount: number }[], offset: number, countPastTheEnd: () => Promise<number>): Promise<number> {
  if (rows.length > 0) return rows[0]!.totalCount;
  return offset === 0 ? 0 : countPastTheEnd();
}
