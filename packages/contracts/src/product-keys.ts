import { z } from 'zod';
import { defineEndpoint, orgPermission, projectPermission, SESSION } from './endpoint.ts';
import { isOneLine } from './text-characters.ts';
import { OrgProductParams, ProjectProductParams } from './product-common.ts';
import { SAAS_ROLES } from './product-enablement.ts';
import {
  APP_KEY_STATUSES,
  ProductInUseSchema,
} from './product-schemas.ts';

/** Services (issue 9): a service's keys, project Appkeys (authentications v4) and what a product reports (spec §7). */

// ---- product in use: keys ----

const ProductInUseAnswer = z.object({ product: ProductInUseSchema, hasUpdateSecretKeyPermission: z.boolean() });
/** An organization service adds the caller's SaaS role in it (null: not a SaaS member, its page is not open to them). */
const OrgProductInUseAnswer = ProductInUseAnswer.extend({ saasRole: z.enum(SAAS_ROLES).nullable() });

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
  response: OrgProductInUseAnswer,
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
