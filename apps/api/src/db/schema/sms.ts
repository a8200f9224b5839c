import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, stampedAt } from './columns.ts';
import { organizations } from './organizations.ts';

/**
 * The SMS outbox (platform/sms.ts): with no SMS gateway configured — the console has none yet —
 * every text message is kept here instead of being sent, like mails in `mail_outbox`, and shown in
 * the dev outbox (GET /api/console/v1/dev-outbox/sms): to the recipient, and to the organization's
 * OWNER and ADMINs.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    /** What the message is (`alarm.FIRING`, `alarm.RESOLVED`). */
    kind: text('kind').notNull(),
    toNumber: text('to_number').notNull(),
    /** The recipient's account email: the recipient sees their own messages. */
    toEmail: text('to_email').notNull(),
    text: text('text').notNull(),
    locale: text('locale').notNull(),
    createdAt: stampedAt('created_at'),
  },
  (table) => [index('sms_outbox_org_idx').on(table.orgId, table.createdAt), index('sms_outbox_to_email_idx').on(table.toEmail, table.createdAt)],
);
