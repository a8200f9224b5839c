import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row whose `epoch` grows whenever anything a permission decision reads changes (roles,
 * memberships, role groups, projects' owners, organizations' time zones): triggers bump it in the
 * changing statement's transaction (migration 0006). The request's session lookup reads it in the
 * same statement, and the permission check's cache (platform/authz-cache.ts) keeps what it read
 * only while the epoch stays the same — so a cached grant is never older than the request's own
 * view of the database, on any number of instances, whoever changed the rows.
 */
export const authzEpoch = pgTable(
  'authz_epoch',
  {
    id: integer('id').primaryKey(),
    epoch: bigint('epoch', { mode: 'number' }).notNull(),
  },
  (table) => [check('authz_epoch_single_row', sql`${table.id} = 1`)],
);
