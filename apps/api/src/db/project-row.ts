import { and, eq } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { projects } from './schema/index.ts';

/**
 * One project's row, only when it belongs to the organization (another organization's project
 * reads as absent: callers answer PROJECT_NOT_EXIST). `lock` takes the row FOR UPDATE, so changes
 * that must see one project's state unchanged (its members, its products, its owner) take turns.
 */
export async function projectInOrg(db: Executor, orgId: string, projectId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(projects)
    .where(and(eq(projects.orgId, orgId), eq(projects.id, projectId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}
