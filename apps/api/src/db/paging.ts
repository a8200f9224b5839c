import { sql } from 'drizzle-orm';

/**
 * The number of rows the page's WHERE matches, counted by the page's own statement (a window over
 * the whole result, evaluated before LIMIT/OFFSET): a list answers in one round trip, not two.
 * Only for lists bounded to a few dozen rows (members of a project, receiver groups): the window
 * reads and sorts every matching row, where LIMIT down an index reads one page. Where the scope
 * runs to thousands (an organization's projects and members, role groups) the total is a count
 * subquery of the same WHERE in the page's statement (`(select count(*) from t where …)`, run
 * once), so the page reads only its rows and the count reads the narrowest way it can; the feed,
 * which grows without bound, counts separately up to a cap (docs/benchmarks.md, fifth and twelfth
 * passes).
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
