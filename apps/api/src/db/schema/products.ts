import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cascadeRef, stampedAt, stampedAtDefaultNow } from './columns.ts';
import { members } from './members.ts';
import { organizations } from './organizations.ts';
import { projects } from './projects.ts';

/** A text in the console's four languages (ko is the default). */
export type LocalizedText = { ko: string; en: string; ja: string; zh: string };

/**
 * The product catalogue (spec §3 Product). Reference data: seeded from
 * `db/seed/catalogue.ts` at every start (operators may edit rows; a seed run updates only the
 * columns the file names). Only STABLE products are listed to customers (spec §4).
 */
export const products = pgTable('products', {
  productId: text('product_id').primaryKey(),
  productName: text('product_name').notNull(),
  names: jsonb('names').$type<LocalizedText>().notNull(),
  statusCode: text('status_code', { enum: ['BETA', 'BLOCKED', 'CLOSED', 'INTERNAL_BETA', 'NOT_EXIST', 'PAUSE', 'STABLE'] })
    .notNull()
    .default('STABLE'),
  appKeyReuse: boolean('app_key_reuse').notNull().default(false),
  /** Whether the service has a SecretKey: T (yes), F (no), N (not applicable). */
  secretKeyCode: text('secret_key_code', { enum: ['T', 'F', 'N'] }).notNull().default('T'),
  enableType: text('enable_type', { enum: ['DEPENDENT_ORG', 'DEPENDENT_PROJECT', 'USING_IAM'] })
    .notNull()
    .default('DEPENDENT_PROJECT'),
  enableRestrictionCode: text('enable_restriction_code', {
    enum: ['BLOCK_UNPAID_MEMBER', 'NO_RESTRICTION', 'ONLY_COOPERATION', 'PROJECT_MEMBER_ROLE', 'ORG_MEMBER_ROLE'],
  })
    .notNull()
    .default('NO_RESTRICTION'),
  productCategoryCode: text('product_category_code', { enum: ['ORG', 'PROJECT', 'MARKET_PLACE'] })
    .notNull()
    .default('PROJECT'),
  /** The prefix of the product's own permissions (`Email:Project.Product.Get`). */
  permissionName: text('permission_name').notNull(),
  enableEmailTemplateId: text('enable_email_template_id'),
  /** Whether the console calls the product's hook when a SecretKey is reissued. */
  appKeyReissueHookStatusCode: text('app_key_reissue_hook_status_code', { enum: ['COMPLETE', 'NONE'] })
    .notNull()
    .default('NONE'),
  /** Personal (individual) members may not enable it (spec §6; BUSINESS_MEMBER_ONLY). */
  businessOnly: boolean('business_only').notNull().default(false),
  /** Enabling needs the organization OWNER's payment method (PAYMENT_CARD_REQUIRED, OWNER_PAYMENT_METHOD_UNREGISTERED, OWNER_BILLING_KEY_NOT_STABLE). */
  requiresPaymentMethod: boolean('requires_payment_method').notNull().default(false),
  /** Products that must be enabled in the project first (DEFAULT_SERVICE_NOT_ENABLED); disabling them while this one is on is refused (DEPENDENT_SERVICES_ENABLED). */
  dependsOn: text('depends_on').array().notNull().default(sql`'{}'::text[]`),
  /**
   * The code a disable is refused with while the product reports resources left in the project
   * (spec §8: 400, 805, 5014, 5016, 18010 — each service has its own).
   */
  resourcesRemainCode: integer('resources_remain_code').notNull().default(400),
  /** Where the product's own UI and API live (the console proxies iframe pages to it). */
  productUrl: text('product_url'),
  /** The product's hook the console calls at enable, disable and SecretKey reissue (signed); null when it has none. */
  hookUrl: text('hook_url'),
  createdAt: stampedAtDefaultNow('created_at'),
  updatedAt: stampedAtDefaultNow('updated_at'),
});

/** The product menu (spec §3 Product menu entry): a tree per product, per UI type. Reference data too. */
export const productUis = pgTable(
  'product_uis',
  {
    productUiId: text('product_ui_id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.productId, { onDelete: 'cascade' }),
    parentProductUiId: text('parent_product_ui_id'),
    names: jsonb('names').$type<LocalizedText>().notNull(),
    productUiType: text('product_ui_type', { enum: ['ORG', 'PROJECT', 'MARKET_PLACE', 'PROJECT_DASHBOARD'] }).notNull(),
    /** The URL segments of the product page: /project/{projectId}/{categoryName}/{productName}. */
    categoryName: text('category_name').notNull(),
    pathName: text('path_name').notNull(),
    /** A sub-menu's tab (the hash of the product page), null for the product's own entry. */
    tabName: text('tab_name'),
    authTypeCode: text('auth_type_code', { enum: ['PERMISSION', 'MEMBER', 'NONE'] }).notNull().default('PERMISSION'),
    iframeTypeCode: text('iframe_type_code', { enum: ['NONE', 'PROXY'] }).notNull().default('PROXY'),
    linkTargetCode: text('link_target_code', { enum: ['IFRAME', 'NEW'] }).notNull().default('IFRAME'),
    /** Relative to the product's URL for IFRAME entries; absolute for NEW. */
    linkUrl: text('link_url'),
    widgetType: text('widget_type', { enum: ['BUTTON', 'LABEL', 'SUB_MENU', 'SUB_MENU_LABEL', 'SUB_MENU_WITH_APPKEY'] }),
    regionCodeList: text('region_code_list').array().notNull(),
    orderIdx: integer('order_idx').notNull().default(0),
    badges: text('badges').array().notNull().default(sql`'{}'::text[]`),
    /** With {lang} and {locale} placeholders (spec §2). */
    manualLink: text('manual_link'),
    quickGuideLink: text('quick_guide_link'),
    isMaintenance: boolean('is_maintenance').notNull().default(false),
    iamLoginReturnUrl: text('iam_login_return_url'),
    denyServiceConsole: boolean('deny_service_console').notNull().default(false),
    denyShowAppKeySecretKey: boolean('deny_show_app_key_secret_key').notNull().default(false),
    denyDeactivateProductUi: boolean('deny_deactivate_product_ui').notNull().default(false),
    /** Menu icon: { cdnUrlPath, fileName, position, iconType }. */
    icon: jsonb('icon').$type<{ cdnUrlPath: string; fileName: string; position: number; iconType: string } | null>(),
    publicApiUrl: text('public_api_url'),
    productMetaInfoList: jsonb('product_meta_info_list')
      .$type<{ key: string; value: string; startDate?: string; endDate?: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (table) => [index('product_uis_product_idx').on(table.productId, table.orderIdx)],
);

/** Products recommended on the dashboard (spec §3 ProductRecommendation; at most 4 shown). */
export const productRecommendations = pgTable('product_recommendations', {
  recommendationId: text('recommendation_id').primaryKey(),
  recommendationCategories: text('recommendation_categories').array().notNull(),
  recommendationSortOrder: integer('recommendation_sort_order').notNull(),
  productId: text('product_id')
    .notNull()
    .references(() => products.productId, { onDelete: 'cascade' }),
  productUiId: text('product_ui_id')
    .notNull()
    .references(() => productUis.productUiId, { onDelete: 'cascade' }),
  imageUrlMap: jsonb('image_url_map').$type<Partial<LocalizedText>>().notNull(),
});

/**
 * A product in use in an organization (org-scoped products, enableType DEPENDENT_ORG or SaaS):
 * its Appkey and SecretKey (encrypted with platform/secrets.ts) and the SaaS owner.
 */
export const orgProducts = pgTable(
  'org_products',
  {
    orgId: cascadeRef('org_id', () => organizations.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.productId),
    appKey: text('app_key').notNull(),
    secretKeyEnc: text('secret_key_enc'),
    statusCode: text('status_code', { enum: ['STABLE', 'STOP', 'BLOCKED'] }).notNull().default('STABLE'),
    saasOwnerMemberId: uuid('saas_owner_member_id').references(() => members.id),
    enabledByMemberId: uuid('enabled_by_member_id').references(() => members.id),
    enabledAt: stampedAtDefaultNow('enabled_at'),
    secretKeyIssuedAt: stampedAtDefaultNow('secret_key_issued_at'),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.productId] }), uniqueIndex('org_products_app_key').on(table.appKey)],
);

/** SaaS members of an organization's product with their product role; the OWNER cannot be removed. */
export const saasMembers = pgTable(
  'saas_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    productId: text('product_id').notNull(),
    memberId: cascadeRef('member_id', () => members.id),
    role: text('role', { enum: ['OWNER', 'ADMIN', 'MEMBER', 'VIEWER'] }).notNull(),
    createdAt: stampedAtDefaultNow('created_at'),
  },
  (table) => [
    uniqueIndex('saas_members_member_key').on(table.orgId, table.productId, table.memberId),
    uniqueIndex('saas_members_one_owner').on(table.orgId, table.productId).where(sql`${table.role} = 'OWNER'`),
  ],
);

/** The left menu of a project (LNB): the services in use in their order (spec §7 lnb-project-product-relations). */
export const lnbProjectProductRelations = pgTable(
  'lnb_project_product_relations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    projectId: cascadeRef('project_id', () => projects.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.productId),
    orderIdx: integer('order_idx').notNull(),
    createdAt: stampedAtDefaultNow('created_at'),
  },
  (table) => [uniqueIndex('lnb_relations_project_product').on(table.orgId, table.projectId, table.productId)],
);

/**
 * Project Appkeys (spec §3 ProjectAppKey, §7 "Authentications v4"): at most 3 per project (§9).
 * The SecretKey is shown to those who may read the project's Appkeys, so it is encrypted, not hashed.
 */
export const projectAuthentications = pgTable(
  'project_authentications',
  {
    authId: uuid('auth_id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    projectId: cascadeRef('project_id', () => projects.id),
    authAlias: text('auth_alias').notNull(),
    authCategory: text('auth_category', { enum: ['NULL', 'BASIC_AUTH', 'ID_PW'] }).notNull().default('NULL'),
    authType: text('auth_type', { enum: ['NULL', 'PROJECT_APP_KEY', 'PROJECT_IP_ACL', 'USER_ACCESS_KEY', 'RESELLER_ACCESS_KEY'] })
      .notNull()
      .default('PROJECT_APP_KEY'),
    authKey: text('auth_key').notNull(),
    secretKeyEnc: text('secret_key_enc'),
    authStatus: text('auth_status', { enum: ['STABLE', 'STOP', 'BLOCKED'] }).notNull().default('STABLE'),
    ipAclList: text('ip_acl_list').array().notNull().default(sql`'{}'::text[]`),
    referenceId: text('reference_id'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    reIssueAt: timestamp('re_issue_at', { withTimezone: true }),
    createdAt: stampedAtDefaultNow('created_at'),
    updatedAt: stampedAtDefaultNow('updated_at'),
  },
  (table) => [
    uniqueIndex('project_authentications_key').on(table.authKey),
    index('project_authentications_project_idx').on(table.orgId, table.projectId),
    check('project_authentications_alias_length', sql`char_length(${table.authAlias}) between 1 and 100`),
  ],
);

/**
 * What a product reports about its resources in a project (PUT /api/products/v1/resources with the
 * service's Appkey): disabling the service is refused while `resourceCount` > 0.
 */
export const productResourceReports = pgTable(
  'product_resource_reports',
  {
    orgId: cascadeRef('org_id', () => organizations.id),
    projectId: cascadeRef('project_id', () => projects.id),
    productId: text('product_id')
      .notNull()
      .references(() => products.productId),
    resourceCount: integer('resource_count').notNull(),
    reportedAt: stampedAt('reported_at'),
  },
  (table) => [primaryKey({ columns: [table.orgId, table.projectId, table.productId] })],
);

/**
 * The product hook outbox (docs/products.md §5): one row per event a product must be told of — a
 * SecretKey reissued — written in the transaction of the change, with its delivery job. A product
 * that is down keeps the row PENDING: it is retried with backoff (capped) until the product takes
 * it (DELIVERED), refuses it for good with a 4xx (FAILED), or the service is gone (CANCELLED).
 * The SecretKey is never stored here: the delivery reads the service's current one when it sends.
 */
export const productHookEvents = pgTable(
  'product_hook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: cascadeRef('org_id', () => organizations.id),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.productId),
    appKey: text('app_key').notNull(),
    eventType: text('event_type', { enum: ['APPKEY_SECRET_KEY_REISSUED', 'PRODUCT_ENABLED', 'PRODUCT_DISABLED'] }).notNull(),
    statusCode: text('status_code', { enum: ['PENDING', 'DELIVERED', 'FAILED', 'CANCELLED'] }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: stampedAt('next_attempt_at'),
    /** An attempt in progress holds the row until then (a worker killed mid-attempt frees it). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastHttpStatus: integer('last_http_status'),
    lastError: text('last_error'),
    occurredAt: stampedAt('occurred_at'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('product_hook_events_org_idx').on(table.orgId, table.productId, table.occurredAt),
    index('product_hook_events_due_idx').on(table.nextAttemptAt).where(sql`${table.statusCode} = 'PENDING'`),
  ],
);
