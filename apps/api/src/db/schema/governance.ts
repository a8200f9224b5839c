import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, stampedAt, stampedAtDefaultNow } from './columns.ts';
import { GOVERNANCE_TYPES, IP_ACL_SELECTIONS, SETTING_TYPES } from '@console/contracts';
import { members } from './members.ts';
import { organizations } from './organizations.ts';

/**
 * An organization's governance settings (spec §3), one row per type; a type without a row is
 * UNUSE. FOREIGN_ACCESS_BLOCK is the country rule (its allowed countries), PRIVACY_PROTECTION
 * carries its IPs. Changes bump the authorization epoch (migration 0011): the network guard keeps
 * the rules in memory per epoch.
 */
export const orgGovernanceSettings = pgTable(
  'org_governance_settings',
  {
    orgId: cascadeRef('org_id', () => organizations.id),
    governanceType: text('governance_type', { enum: GOVERNANCE_TYPES }).notNull(),
    settingType: text('setting_type', { enum: SETTING_TYPES }).notNull(),
    ips: text('ips').array().notNull().default(sql`'{}'::text[]`),
    countryCodes: text('country_codes').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: stampedAtDefaultNow('updated_at'),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.governanceType] })],
);

/**
 * IP ACLs (spec §4 selection NO_SETTING / SETTING, §5 IPv4 with an optional mask): the console's
 * (product_id '') and, under the INDIVIDUAL type, one per product. Replaces org_ip_acl_rules.
 */
export const orgIpAcls = pgTable(
  'org_ip_acls',
  {
    orgId: cascadeRef('org_id', () => organizations.id),
    productId: text('product_id').notNull().default(''),
    selection: text('selection', { enum: IP_ACL_SELECTIONS }).notNull(),
    ips: text('ips').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: stampedAtDefaultNow('updated_at'),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.productId] })],
);

/**
 * The OWNER's break-glass codes: asked for (by whom, when, from where), and used (when, from
 * where, which rules it turned off). The record stays when the code is spent; it is the audit of
 * the path until the audit log module takes it over.
 */
export const governanceBreakGlass = pgTable(
  'governance_break_glass',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    memberId: cascadeRef('member_id', () => members.id),
    codeHash: text('code_hash').notNull(),
    requestedAt: stampedAt('requested_at'),
    requestedIp: text('requested_ip').notNull(),
    expiresAt: stampedAt('expires_at'),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedIp: text('used_ip'),
    disabled: text('disabled').array().notNull().default(sql`'{}'::text[]`),
  },
  (table) => [
    index('governance_break_glass_org_idx').on(table.orgId, table.requestedAt),
    check('governance_break_glass_attempts', sql`${table.attempts} >= 0`),
  ],
);
