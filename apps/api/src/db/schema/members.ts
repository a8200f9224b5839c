import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { stampedAtDefaultNow } from './columns.ts';

/** Member statuses (spec §4): normal, being invited, suspended, left. */
export const MEMBER_STATUSES = ['STABLE', 'INVITED', 'BLOCKED', 'LEAVED'] as const;

/** Cloud members: people with their own console account (memberType TOAST_CLOUD). */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    mobileNumber: text('mobile_number'),
    country: text('country').notNull().default('KR'),
    accountType: text('account_type').notNull().default('INDIVIDUAL'),
    bizMember: boolean('biz_member').notNull().default(false),
    partnerOwner: boolean('partner_owner').notNull().default(false),
    status: text('status', { enum: MEMBER_STATUSES }).notNull().default('STABLE'),
    /** Platform restrictions on the account (spec §3 restrictTypes: ORG_CREATE, CONSOLE_BLOCK…). */
    restrictTypes: text('restrict_types').array().notNull().default(sql`'{}'::text[]`),
    /** Spec §3 MemberProfile.corporationName: the company of a corporate account. */
    corporationName: text('corporation_name'),
    /**
     * The account's payment method as billing will own it (spec §6 "Org OWNER's payment method must
     * be registered to use services"): NONE, REGISTERED (a billing key exists but is not usable yet)
     * or STABLE. There is no billing module yet; this column is the one fact it will keep up to date.
     */
    paymentMethodStatus: text('payment_method_status', { enum: ['NONE', 'REGISTERED', 'STABLE'] }).notNull().default('NONE'),
    /** Blocked for unpaid charges (spec §8 BLOCKED_FOR_UNPAID); billing sets and clears it. */
    unpaidBlocked: boolean('unpaid_blocked').notNull().default(false),
    createdAt: stampedAtDefaultNow('created_at'),
    updatedAt: stampedAtDefaultNow('updated_at'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('members_email_key').on(sql`lower(${table.email})`)],
);
