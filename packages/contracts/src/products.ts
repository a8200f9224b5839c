import { z } from 'zod';
import { defineEndpoint, orgPermission, projectPermission, SESSION } from './endpoint.ts';
import { isOneLine } from './text-characters.ts';

/**
 * Services (issue 9): the product catalogue and its menus (spec §3 Product, Product menu entry,
 * ProductUiInUse, ProductInUse, ProductRecommendation, ProjectAppKey; §7 "Product menus",
 * "Products", "Product in use", "Authentications v4").
 */

export const PRODUCT_STATUS_CODES = ['BETA', 'BLOCKED', 'CLOSED', 'INTERNAL_BETA', 'NOT_EXIST', 'PAUSE', 'STABLE'] as const;
export const ENABLE_RESTRICTION_CODES = ['BLOCK_UNPAID_MEMBER', 'NO_RESTRICTION', 'ONLY_COOPERATION', 'PROJECT_MEMBER_ROLE', 'ORG_MEMBER_ROLE'] as const;
export type EnableRestrictionCode = (typeof ENABLE_RESTRICTION_CODES)[number];
export const PRODUCT_UI_TYPES = ['ORG', 'PROJECT', 'MARKET_PLACE', 'PROJECT_DASHBOARD'] as const;
export const WIDGET_TYPES = ['BUTTON', 'LABEL', 'SUB_MENU', 'SUB_MENU_LABEL', 'SUB_MENU_WITH_APPKEY'] as const;
export const PRODUCT_BADGES = ['new', 'alpha', 'beta'] as const;
export const RECOMMENDATION_CATEGORIES = ['GOV_BANNER', 'PUBLIC_BANNER', 'IAM_BANNER', 'PUBLIC_PANEL', 'IAM_PANEL'] as const;
export const APP_KEY_STATUSES = ['STABLE', 'STOP', 'BLOCKED'] as const;
/** Spec §9: at most 3 project Appkeys. */
export const PROJECT_APP_KEY_LIMIT = 3;
/** Spec §9: the icon call gives up after 2 s and answers an empty list. */
export const ICON_TIMEOUT_MS = 2000;
/** Spec §9: the recommendation panel shows at most 4. */
export const RECOMMENDATION_LIMIT = 4;

const ProductIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/);
const ProductIdParams = z.object({ productId: ProductIdSchema });
const RegionCodeSchema = z.string().regex(/^[A-Z0-9]{2,10}$/);
/** Arrays arrive as repeated keys (spec §7): one value is a string, several an array. */
const repeated = <T extends z.ZodType>(item: T) => z.preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(item).max(100));

export const ProductSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  statusCode: z.enum(PRODUCT_STATUS_CODES),
  appKeyReuseYn: z.enum(['Y', 'N']),
  secretKey: z.enum(['T', 'F', 'N']),
  enableType: z.enum(['DEPENDENT_ORG', 'DEPENDENT_PROJECT', 'USING_IAM']),
  enableRestrictionCode: z.enum(ENABLE_RESTRICTION_CODES),
  productCategoryCode: z.enum(['ORG', 'PROJECT', 'MARKET_PLACE']),
  enableEmailTemplateId: z.string().nullable(),
  permissionName: z.string(),
  productAppKeyReissueHookApiStatusCode: z.enum(['COMPLETE', 'NONE']),
  /** Personal members may not enable it (spec §6). */
  businessOnly: z.boolean(),
  /** Enabling needs the organization OWNER's payment method (spec §6). */
  requiresPaymentMethod: z.boolean(),
  /** Products that must be enabled in the project first (40054). */
  dependsOn: z.array(z.string()),
  regDateTime: z.string(),
  modDateTime: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductIconSchema = z.object({ cdnUrlPath: z.string(), fileName: z.string(), position: z.number(), iconType: z.string() });

export interface ProductUi {
  productUiId: string;
  productUiName: string;
  productId: string;
  parentProductUiId: string | null;
  productUiType: (typeof PRODUCT_UI_TYPES)[number];
  categoryName: string;
  pathName: string;
  tabName: string | null;
  authTypeCode: 'PERMISSION' | 'MEMBER' | 'NONE';
  enableType: 'DEPENDENT_ORG' | 'DEPENDENT_PROJECT' | 'USING_IAM';
  iamLoginReturnUrl: string | null;
  iframeTypeCode: 'NONE' | 'PROXY';
  isMaintenance: boolean;
  linkTargetCode: 'IFRAME' | 'NEW';
  linkUrl: string | null;
  widgetType: (typeof WIDGET_TYPES)[number] | null;
  marketplaceTypeCode: string | null;
  regionCodeList: string[];
  orderIdx: number;
  badges: string[];
  manualLink: string | null;
  quickGuideLink: string | null;
  productMetaInfoList: { key: string; value: string; startDate?: string | undefined; endDate?: string | undefined }[];
  denyServiceConsole: boolean;
  denyShowAppKeySecretKey: boolean;
  denyDeactivateProductUi: boolean;
  icon: z.infer<typeof ProductIconSchema> | null;
  productStatusCode: (typeof PRODUCT_STATUS_CODES)[number];
  children: ProductUi[];
}

/** A product menu entry (spec §3) with its children. */
export const ProductUiSchema: z.ZodType<ProductUi> = z.lazy(() =>
  z.object({
    productUiId: z.string(),
    productUiName: z.string(),
    productId: z.string(),
    parentProductUiId: z.string().nullable(),
    productUiType: z.enum(PRODUCT_UI_TYPES),
    categoryName: z.string(),
    pathName: z.string(),
    tabName: z.string().nullable(),
    authTypeCode: z.enum(['PERMISSION', 'MEMBER', 'NONE']),
    enableType: z.enum(['DEPENDENT_ORG', 'DEPENDENT_PROJECT', 'USING_IAM']),
    iamLoginReturnUrl: z.string().nullable(),
    iframeTypeCode: z.enum(['NONE', 'PROXY']),
    isMaintenance: z.boolean(),
    linkTargetCode: z.enum(['IFRAME', 'NEW']),
    linkUrl: z.string().nullable(),
    widgetType: z.enum(WIDGET_TYPES).nullable(),
    marketplaceTypeCode: z.string().nullable(),
    regionCodeList: z.array(z.string()),
    orderIdx: z.number(),
    badges: z.array(z.string()),
    manualLink: z.string().nullable(),
    quickGuideLink: z.string().nullable(),
    productMetaInfoList: z.array(z.object({ key: z.string(), value: z.string(), startDate: z.string().optional(), endDate: z.string().optional() })),
    denyServiceConsole: z.boolean(),
    denyShowAppKeySecretKey: z.boolean(),
    denyDeactivateProductUi: z.boolean(),
    icon: ProductIconSchema.nullable(),
    productStatusCode: z.enum(PRODUCT_STATUS_CODES),
    children: z.array(ProductUiSchema),
  }),
);

export interface ProductUiInUse {
  lnbProjectProductRelationId: string;
  productUiId: string;
  productUiName: string;
  productId: string;
  parentProductUiId: string | null;
  orderIdx: number;
  productUiType: 'PROJECT' | 'MARKET_PLACE' | 'PROJECT_DASHBOARD';
  enableType: 'DEPENDENT_ORG' | 'DEPENDENT_PROJECT' | 'USING_IAM';
  /** The console path of the product page: /project/{projectId}/{categoryName}/{pathName}. */
  categoryName: string;
  pathName: string;
  tabName: string | null;
  productUrl: string | null;
  /** Only to callers allowed to see it (Project.Product.Get and not denyShowAppKeySecretKey). */
  appKey: string | null;
  /** Never sent in the menu; the URL & Appkey modal reads it (GET projects/{id}/products/{productId}). */
  secretKey: null;
  denyShowAppKeySecretKey: boolean;
  denyDeactivateProductUi: boolean;
  widgetType: (typeof WIDGET_TYPES)[number] | null;
  regionCodeList: string[];
  badges: string[];
  isMaintenance: boolean;
  children: ProductUiInUse[];
}

/** A service in use in a project's left menu (spec §3 ProductUiInUse), with its sub-menus. */
export const ProductUiInUseSchema: z.ZodType<ProductUiInUse> = z.lazy(() =>
  z.object({
    lnbProjectProductRelationId: z.string(),
    productUiId: z.string(),
    productUiName: z.string(),
    productId: z.string(),
    parentProductUiId: z.string().nullable(),
    orderIdx: z.number(),
    productUiType: z.enum(['PROJECT', 'MARKET_PLACE', 'PROJECT_DASHBOARD']),
    enableType: z.enum(['DEPENDENT_ORG', 'DEPENDENT_PROJECT', 'USING_IAM']),
    categoryName: z.string(),
    pathName: z.string(),
    tabName: z.string().nullable(),
    productUrl: z.string().nullable(),
    appKey: z.string().nullable(),
    secretKey: z.null(),
    denyShowAppKeySecretKey: z.boolean(),
    denyDeactivateProductUi: z.boolean(),
    widgetType: z.enum(WIDGET_TYPES).nullable(),
    regionCodeList: z.array(z.string()),
    badges: z.array(z.string()),
    isMaintenance: z.boolean(),
    children: z.array(ProductUiInUseSchema),
  }),
);

/** A product in use with its keys (spec §3 ProductInUse). */
export const ProductInUseSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  productSecretKeyCode: z.enum(['T', 'F', 'N']),
  /** The product's API address (its public API URL, else its own URL). */
  productUrl: z.string().nullable(),
  appKey: z.string(),
  /** Shown only to callers who may see the keys; null otherwise. */
  secretKey: z.string().nullable(),
  statusCode: z.enum(APP_KEY_STATUSES),
  enabledDateTime: z.string(),
  secretKeyIssuedDateTime: z.string(),
});
export type ProductInUse = z.infer<typeof ProductInUseSchema>;

export const ProductRecommendationSchema = z.object({
  recommendationId: z.string(),
  recommendationCategories: z.array(z.enum(RECOMMENDATION_CATEGORIES)),
  recommendationSortOrder: z.number(),
  productId: z.string(),
  productUiId: z.string(),
  productUiName: z.string(),
  productUiType: z.enum(PRODUCT_UI_TYPES),
  categoryName: z.string(),
  pathName: z.string(),
  imageUrlMap: z.record(z.string(), z.string()),
});

// ---- catalogue and menus ----

export const listProducts = defineEndpoint({
  id: 'cab.listProducts',
  method: 'GET',
  path: '/api/cab/v5/products',
  summary: 'The product catalogue; only STABLE products are listed to customers (spec §4)',
  tag: 'products',
  access: SESSION,
  query: z.object({ uuid: z.string().uuid().optional(), statusCodes: repeated(z.enum(PRODUCT_STATUS_CODES)).optional() }),
  response: z.object({ products: z.array(ProductSchema) }),
});

const HierarchyQuery = z.object({
  regionCode: RegionCodeSchema.optional(),
  productUiType: z.enum(PRODUCT_UI_TYPES).default('PROJECT'),
  orgId: z.string().uuid().optional(),
  projectId: z.string().uuid().optional(),
  serviceCode: ProductIdSchema.optional(),
});

export const getProductUiHierarchy = defineEndpoint({
  id: 'cab.getProductUiHierarchy',
  method: 'GET',
  path: '/api/cab/v5/product-uis/hierarchy',
  summary: 'The product menu of one UI type as a tree, for a region (and one service with serviceCode)',
  tag: 'products',
  access: SESSION,
  query: HierarchyQuery,
  response: z.object({ productUis: z.array(ProductUiSchema) }),
});

export const getProductUiAllHierarchy = defineEndpoint({
  id: 'cab.getProductUiAllHierarchy',
  method: 'GET',
  path: '/api/cab/v5/product-uis/all-hierarchy',
  summary: 'Every product menu of every UI type as trees',
  tag: 'products',
  access: SESSION,
  query: z.object({ regionCode: RegionCodeSchema.optional() }),
  response: z.object({ productUis: z.array(ProductUiSchema) }),
});

export const listProductUiIcons = defineEndpoint({
  id: 'cab.listProductUiIcons',
  method: 'GET',
  path: '/api/cab/v5/product-uis/icons',
  summary: 'Menu icons; an empty list when the icon source fails or takes over 2 s (spec §8, §9)',
  tag: 'products',
  access: SESSION,
  response: z.object({ icons: z.array(ProductIconSchema.extend({ productUiId: z.string(), url: z.string() })) }),
});

export const listProductUis = defineEndpoint({
  id: 'cab.listProductUis',
  method: 'GET',
  path: '/api/cab/v5/product-uis',
  summary: 'Product menu entries by id (flat)',
  tag: 'products',
  access: SESSION,
  query: z.object({ uuid: z.string().uuid().optional(), productUiIdList: repeated(z.string().max(100)).optional() }),
  response: z.object({ productUis: z.array(ProductUiSchema) }),
});

export const listPublicApis = defineEndpoint({
  id: 'cab.listPublicApis',
  method: 'GET',
  path: '/api/cab/v5/public-apis',
  summary: 'Public API addresses of the products',
  tag: 'products',
  access: SESSION,
  query: z.object({ productId: ProductIdSchema.optional() }),
  response: z.object({ publicApis: z.array(z.object({ productUiId: z.string(), productId: z.string(), publicApiUrl: z.string() })) }),
});

export const listProductRecommendations = defineEndpoint({
  id: 'cab.listProductRecommendations',
  method: 'GET',
  path: '/api/cab/v5/product-recommendations',
  summary: "Products recommended on the dashboard for the console's edition (at most 4)",
  tag: 'products',
  access: SESSION,
  query: z.object({ recommendationCategory: z.enum(RECOMMENDATION_CATEGORIES).optional() }),
  response: z.object({ recommendations: z.array(ProductRecommendationSchema) }),
});

export const getOrgEnablePermission = defineEndpoint({
  id: 'cab.getOrgEnablePermission',
  method: 'GET',
  path: '/api/cab/v5/products/:productId/has-enable-permission/organizations',
  summary: 'The organizations of the caller where they may enable the product (organization OWNER or ADMIN)',
  tag: 'products',
  access: SESSION,
  params: ProductIdParams,
  query: z.object({ scopeType: z.enum(['ORG', 'PROJECT']).optional(), uuid: z.string().uuid().optional() }),
  response: z.object({
    organizations: z.array(z.object({ orgId: z.string(), orgName: z.string(), hasEnablePermission: z.boolean(), enabled: z.boolean() })),
  }),
});

export const getProjectEnablePermission = defineEndpoint({
  id: 'cab.getProjectEnablePermission',
  method: 'GET',
  path: '/api/cab/v5/products/:productId/has-enable-permission/projects',
  summary: 'The projects of an organization the caller sees, with whether they may enable the product there',
  tag: 'products',
  access: orgPermission('query.orgId'),
  params: ProductIdParams,
  query: z.object({ orgId: z.string().uuid(), uuid: z.string().uuid().optional() }),
  response: z.object({
    projects: z.array(z.object({ projectId: z.string(), projectName: z.string(), hasEnablePermission: z.boolean(), enabled: z.boolean() })),
  }),
});

export const getProjectServiceHierarchy = defineEndpoint({
  id: 'cab.getProjectServiceHierarchy',
  method: 'GET',
  path: '/api/cab/v5/projects/:projectId/product-uis/service-hierarchy',
  summary: "The services in use in a project, in the order of its left menu (spec §3 ProductUiInUse)",
  tag: 'products',
  access: projectPermission('params.projectId'),
  params: z.object({ projectId: z.string().uuid() }),
  query: z.object({ productUiType: z.enum(['PROJECT', 'MARKET_PLACE', 'PROJECT_DASHBOARD']).default('PROJECT') }),
  response: z.object({ productUis: z.array(ProductUiInUseSchema) }),
});

export const createLnbRelation = defineEndpoint({
  id: 'cab.createLnbRelation',
  method: 'POST',
  path: '/api/cab/v5/lnb-project-product-relations',
  summary: "Put a service in use back in the project's left menu, last",
  tag: 'products',
  access: SESSION,
  body: z.object({ projectId: z.string().uuid(), productId: ProductIdSchema }),
  response: z.object({ lnbProjectProductRelationId: z.string(), orderIdx: z.number() }),
});

export const deleteLnbRelation = defineEndpoint({
  id: 'cab.deleteLnbRelation',
  method: 'DELETE',
  path: '/api/cab/v5/lnb-project-product-relations/:relationId',
  summary: "Take a service out of the project's left menu (it stays enabled)",
  tag: 'products',
  access: SESSION,
  params: z.object({ relationId: z.string().uuid() }),
  response: z.object({ lnbProjectProductRelationId: z.string() }),
});

// ---- enable and disable ----

const ProjectProductParams = z.object({ projectId: z.string().uuid(), productId: ProductIdSchema });
const OrgProductParams = z.object({ orgId: z.string().uuid(), productId: ProductIdSchema });

export const enableProjectProduct = defineEndpoint({
  id: 'cab.enableProjectProduct',
  method: 'POST',
  path: '/api/cab/v5/projects/:projectId/products/:productId/enable',
  summary: "Enable a service in a project: its Appkey and SecretKey, the left menu entry and the activity event in one transaction",
  tag: 'products',
  access: projectPermission('params.projectId', 'Project.Product.Create'),
  params: ProjectProductParams,
  response: z.object({ product: ProductInUseSchema }),
});

export const disableProjectProduct = defineEndpoint({
  id: 'cab.disableProjectProduct',
  method: 'DELETE',
  path: '/api/cab/v5/projects/:projectId/products/:productId/disable',
  summary: 'Disable a service in a project; refused while it reports resources or dependents are enabled',
  tag: 'products',
  access: projectPermission('params.projectId', 'Project.Product.Delete'),
  params: ProjectProductParams,
  response: z.object({ productId: z.string() }),
});

export const enableOrgProduct = defineEndpoint({
  id: 'cab.enableOrgProduct',
  method: 'POST',
  path: '/api/cab/v5/organizations/:orgId/products/:productId/enable',
  summary: 'Enable an organization service (organization OWNER or ADMIN); saasOwnerUuid becomes its SaaS OWNER',
  tag: 'products',
  access: orgPermission('params.orgId', 'Organization.Setting.Update'),
  params: OrgProductParams,
  body: z.object({ saasOwnerUuid: z.string().uuid() }),
  response: z.object({ product: ProductInUseSchema }),
});

export const validateEnableRestriction = defineEndpoint({
  id: 'cab.validateEnableRestriction',
  method: 'POST',
  path: '/api/cab/v5/products/:productId/validate-enable-restriction',
  summary: "Whether the caller may enable the product in a project now, and the result code of the first refusal",
  tag: 'products',
  access: orgPermission('body.orgId'),
  params: ProductIdParams,
  body: z.object({
    orgId: z.string().uuid(),
    projectId: z.string().uuid().optional(),
    restrictionCodes: z.array(z.enum(ENABLE_RESTRICTION_CODES)).max(10).optional(),
  }),
  response: z.object({
    enableable: z.boolean(),
    /** The result code enabling would answer now (0 when it would succeed). */
    resultCode: z.union([z.number(), z.string()]),
    restrictions: z.array(z.object({ restrictionCode: z.enum(ENABLE_RESTRICTION_CODES), passed: z.boolean() })),
  }),
});

export const listProductPreconditions = defineEndpoint({
  id: 'cab.listProductPreconditions',
  method: 'GET',
  path: '/api/cab/v5/products/:productId/preconditions',
  summary: 'What must hold before the product can be enabled in a project (services enabled first, payment method)',
  tag: 'products',
  access: SESSION,
  params: ProductIdParams,
  query: z.object({
    uiType: z.enum(PRODUCT_UI_TYPES).optional(),
    uuid: z.string().uuid(),
    productPreconditionId: z.string().max(100).optional(),
  }),
  response: z.object({
    preconditions: z.array(
      z.object({ productPreconditionId: z.string(), kind: z.enum(['PRODUCT_ENABLED', 'PAYMENT_METHOD']), productId: z.string().nullable(), satisfied: z.boolean() }),
    ),
  }),
});

// ---- SaaS members ----

export const SAAS_ROLES = ['OWNER', 'ADMIN', 'MEMBER', 'VIEWER'] as const;
export const SaasMemberSchema = z.object({
  id: z.string(),
  memberUuid: z.string(),
  name: z.string(),
  email: z.string(),
  productId: z.string(),
  role: z.enum(SAAS_ROLES),
  regDateTime: z.string(),
});

export const listSaasMembers = defineEndpoint({
  id: 'cab.listSaasMembers',
  method: 'GET',
  path: '/api/cab/v5/saas/organizations/:orgId/members',
  summary: "Members of an organization's SaaS product with their product roles",
  tag: 'products',
  access: orgPermission('params.orgId', 'Organization.Member.List'),
  params: z.object({ orgId: z.string().uuid() }),
  query: z.object({
    productId: ProductIdSchema,
    role: z.enum(SAAS_ROLES).optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: z.object({ members: z.array(SaasMemberSchema), paging: z.object({ page: z.number(), limit: z.number(), totalCount: z.number() }) }),
});

export const setSaasMemberRole = defineEndpoint({
  id: 'cab.setSaasMemberRole',
  method: 'POST',
  path: '/api/cab/v5/saas/organizations/:orgId/members/:memberId/set-role',
  summary: "Give an organization member a role in a SaaS product (OWNER changes through set-owner)",
  tag: 'products',
  access: orgPermission('params.orgId', 'Organization.Member.Update'),
  params: z.object({ orgId: z.string().uuid(), memberId: z.string().uuid() }),
  body: z.object({ productId: ProductIdSchema, role: z.enum(['ADMIN', 'MEMBER', 'VIEWER', 'NONE']) }),
  response: z.object({ member: SaasMemberSchema.nullable() }),
});

export const setSaasOwner = defineEndpoint({
  id: 'cab.setSaasOwner',
  method: 'POST',
  path: '/api/cab/v5/saas/organizations/:orgId/members/:memberId/set-owner',
  summary: 'Make an organization member the SaaS OWNER of a product (the former OWNER becomes ADMIN)',
  tag: 'products',
  access: orgPermission('params.orgId', 'Organization.Member.Update'),
  params: z.object({ orgId: z.string().uuid(), memberId: z.string().uuid() }),
  body: z.object({ productId: ProductIdSchema }),
  response: z.object({ member: SaasMemberSchema }),
});

// ---- product in use: keys ----

const ProductInUseAnswer = z.object({ product: ProductInUseSchema, hasUpdateSecretKeyPermission: z.boolean() });

export const getProjectProduct = defineEndpoint({
  id: 'cab.getProjectProduct',
  method: 'GET',
  path: '/api/cab/v5/projects/:projectId/products/:productId',
  summary: 'A service in use in a project with its URL, Appkey and (to those who may see it) SecretKey',
  tag: 'products',
  access: projectPermission('params.projectId', 'Project.Product.Get'),
  params: ProjectProductParams,
  response: ProductInUseAnswer,
});

export const getOrgProduct = defineEndpoint({
  id: 'cab.getOrgProduct',
  method: 'GET',
  path: '/api/cab/v5/organizations/:orgId/products/:productId',
  summary: 'An organization service in use with its URL, Appkey and SecretKey (organization OWNER or ADMIN)',
  tag: 'products',
  access: orgPermission('params.orgId', 'Organization.Setting.Update'),
  params: OrgProductParams,
  response: ProductInUseAnswer,
});

export const AppKeySchema = z.string().regex(/^[A-Za-z0-9]{8,64}$/);

export const regenerateSecretKey = defineEndpoint({
  id: 'cab.regenerateSecretKey',
  method: 'PUT',
  path: '/api/cab/v2.1/appkeys/:appKey/secret-key',
  summary: 'Issue a new SecretKey for a service Appkey; the old one stops working at once',
  tag: 'products',
  access: SESSION,
  params: z.object({ appKey: AppKeySchema }),
  body: z.object({ appKey: AppKeySchema }),
  response: z.object({ secretKey: z.string() }),
});

// ---- project Appkeys (authentications v4) ----

export const AUTH_CATEGORIES = ['NULL', 'BASIC_AUTH', 'ID_PW'] as const;
export const AUTH_TYPES = ['NULL', 'PROJECT_APP_KEY', 'PROJECT_IP_ACL', 'USER_ACCESS_KEY', 'RESELLER_ACCESS_KEY'] as const;

const IPV4_CIDR = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}(\/(3[0-2]|[12]?\d))?$/;
export const IpAclEntrySchema = z.string().trim().regex(IPV4_CIDR, { error: 'validation.ip.cidr' });

export const AuthAliasSchema = z
  .string()
  .normalize('NFC')
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(100)
  .refine(isOneLine, { error: 'validation.text.singleLine' });

export const ProjectAppKeySchema = z.object({
  authId: z.string(),
  projectId: z.string(),
  authAlias: z.string(),
  authCategory: z.enum(AUTH_CATEGORIES),
  authKey: z.string(),
  authStatus: z.enum(APP_KEY_STATUSES),
  authType: z.enum(AUTH_TYPES),
  ipAclList: z.array(z.string()),
  referenceId: z.string().nullable(),
  /** The SecretKey, to callers who may manage project Appkeys (ProjectAppKey.Update); null otherwise. */
  secretKey: z.string().nullable(),
  lastUsedDatetime: z.string().nullable(),
  reIssueDatetime: z.string().nullable(),
  regDatetime: z.string(),
  modDatetime: z.string(),
});
export type ProjectAppKey = z.infer<typeof ProjectAppKeySchema>;

export const listProjectAuthentications = defineEndpoint({
  id: 'cab.listProjectAuthentications',
  method: 'GET',
  path: '/api/cab/v4/authentications/projects/:projectId',
  summary: "A project's Appkeys (answered with Cache-Control: no-cache)",
  tag: 'authentications',
  access: projectPermission('params.projectId', 'Project.ProjectAppKey.List'),
  params: z.object({ projectId: z.string().uuid() }),
  response: z.object({ authenticationList: z.array(ProjectAppKeySchema) }),
});

export const AuthenticationInputSchema = z.object({
  authAlias: AuthAliasSchema,
  authCategory: z.enum(AUTH_CATEGORIES).default('NULL'),
  authType: z.enum(['PROJECT_APP_KEY', 'PROJECT_IP_ACL']).default('PROJECT_APP_KEY'),
  ipAclList: z.array(IpAclEntrySchema).max(50).default([]),
});

export const UpdateAuthenticationInputSchema = z.object({
  authAlias: AuthAliasSchema.optional(),
  ipAclList: z.array(IpAclEntrySchema).max(50).optional(),
  authStatus: z.enum(['STABLE', 'STOP']).optional(),
});

export const createProjectAuthentication = defineEndpoint({
  id: 'cab.createProjectAuthentication',
  method: 'POST',
  path: '/api/cab/v4/authentications',
  summary: 'Create a project Appkey (at most 3 per project)',
  tag: 'authentications',
  access: SESSION,
  body: z.object({ authentication: AuthenticationInputSchema.extend({ projectId: z.string().uuid() }) }),
  response: z.object({ authentication: ProjectAppKeySchema }),
});

export const updateProjectAuthentication = defineEndpoint({
  id: 'cab.updateProjectAuthentication',
  method: 'PUT',
  path: '/api/cab/v4/authentications/:authId',
  summary: "Change a project Appkey's alias, IP ACL or status (STABLE, STOP; BLOCKED is the operator's)",
  tag: 'authentications',
  access: SESSION,
  params: z.object({ authId: z.string().uuid() }),
  body: z.object({ authentication: UpdateAuthenticationInputSchema }),
  response: z.object({ authentication: ProjectAppKeySchema }),
});

export const deleteProjectAuthentication = defineEndpoint({
  id: 'cab.deleteProjectAuthentication',
  method: 'DELETE',
  path: '/api/cab/v4/authentications/:authId',
  summary: 'Delete a project Appkey; the body names its project (uuid)',
  tag: 'authentications',
  access: SESSION,
  params: z.object({ authId: z.string().uuid() }),
  body: z.object({ uuid: z.string().uuid() }),
  response: z.object({ authId: z.string() }),
});

// ---- what a product reports (Appkey authentication, not a session) ----

export const reportProductResources = defineEndpoint({
  id: 'products.reportResources',
  method: 'PUT',
  path: '/api/products/v1/resources',
  summary:
    "A product reports how many resources it keeps in the project of its Appkey (headers X-Appkey, X-Secret-Key); disabling is refused while that is above 0",
  tag: 'products',
  access: { kind: 'public' },
  body: z.object({ resourceCount: z.number().int().min(0).max(1_000_000_000) }),
  response: z.object({ productId: z.string(), projectId: z.string(), resourceCount: z.number() }),
});
