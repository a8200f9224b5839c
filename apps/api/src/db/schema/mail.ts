import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { stampedAt } from './columns.ts';
import { organizations } from './organizations.ts';

/**
 * The dev outbox: with no SMTP configured, every mail is kept here instead of being sent, so a
 * new user can follow its links (GET /api/console/v1/dev-outbox).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The organization the mail is about, when any (invitations, IAM password setup). */
    orgId: uuid('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    locale: text('locale').notNull(),
    createdAt: stampedAt('created_at'),
  },
  (table) => [
    index('mail_outbox_to_idx').on(sql`lower(${table.toAddress})`, table.createdAt),
    index('mail_outbox_org_idx').on(table.orgId, table.createdAt),
  ],
);
