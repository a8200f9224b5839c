import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Column builders the tables share, spread or called in place so each table says only what is its
 * own. They build exactly the columns written out before (`npm run db:generate` finds no change).
 */

/** A required reference whose row goes with the row it points at: `uuid NOT NULL REFERENCES … ON DELETE CASCADE`. */
export const cascadeRef = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' });

/** A required reference that keeps the row it points at from being deleted (no ON DELETE clause, or RESTRICT). */
export const requiredRef = (name: string, target: () => AnyPgColumn, onDelete?: 'restrict') =>
  uuid(name).notNull().references(target, onDelete ? { onDelete } : {});

/** `timestamp with time zone NOT NULL`, set by the service (`now` of its transaction). */
export const stampedAt = (name: string) => timestamp(name, { withTimezone: true }).notNull();

/** `timestamp with time zone NOT NULL DEFAULT now()`. */
export const stampedAtDefaultNow = (name: string) => stampedAt(name).defaultNow();
