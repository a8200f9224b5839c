import { z } from 'zod';
import { defineEndpoint, orgPermission, projectPermission, SESSION } from './endpoint.ts';
import { OrgProductParams, ProductIdParams, ProductIdSchema, ProjectProductParams } from './product-common.ts';
import {
  ENABLE_RESTRICTION_CODES,
  PRODUCT_UI_TYPES,
  ProductInUseSchema,
} from './product-schemas.ts';

/** Services (issue 9): enabling and disabling in a project or an organization, and SaaS members (spec §7). */

// ---- enable and disable ----


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

export const disableOrgProduct = defineEndpoint({
  id: 'cab.disableOrgProduct',
  method: 'DELETE',
  path: '/api/cab/v5/organizations/:orgId/products/:productId/disable',
  summary: 'Disable an organization service (organization OWNER or ADMIN): its Appkey and SaaS members go, the product is told',
  tag: 'products',
  access: orgPermission('params.orgId', 'Organization.Setting.Update'),
  params: OrgProductParams,
  response: z.object({ productId: z.string() }),
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
