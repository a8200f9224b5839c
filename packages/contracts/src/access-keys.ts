import { z } from 'zod';
import { defineEndpoint, orgPermission, projectPermission, PUBLIC, SESSION } from './endpoint.ts';
import { PagingSchema } from './envelope.ts';
import { TOKEN_EXPIRY_MIN_SECONDS, TOKEN_EXPIRY_MAX_SECONDS, RENEW_PERIOD_BOUNDS, ACCESS_KEY_STATUSES, TOKEN_STATUSES } from './access-keys-constants.ts';

export * from './access-keys-constants.ts';

/** The public key id: 20 upper-case letters and digits. */
export const AccessKeyIdSchema = z.string().regex(/^[A-Z0-9]{20}$/);
const TokenExpirySchema = z.number().int().min(TOKEN_EXPIRY_MIN_SECONDS).max(TOKEN_EXPIRY_MAX_SECONDS);

export const UserAccessKeySchema = z.object({
  userAccessKeyId: z.string(),
  status: z.enum(ACCESS_KEY_STATUSES),
  tokenExpirySeconds: z.number().int(),
  createdAt: z.string(),
  reissuedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** Older than 90 days since created or reissued: rotate it (spec §9). */
  rotationAdvised: z.boolean(),
  activeTokenCount: z.number().int(),
});
export type UserAccessKey = z.infer<typeof UserAccessKeySchema>;

export const AccessTokenSchema = z.object({
  tokenId: z.string(),
  status: z.enum(TOKEN_STATUSES),
  issuedAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type AccessToken = z.infer<typeof AccessTokenSchema>;

const KeyParams = z.object({ userAccessKeyId: AccessKeyIdSchema });

export const listUserAccessKeys = defineEndpoint({
  id: 'iam.listUserAccessKeys',
  method: 'GET',
  path: '/api/iam/v1/user-access-keys',
  summary: "The caller's user access keys",
  tag: 'access-keys',
  access: SESSION,
  response: z.object({ userAccessKeys: z.array(UserAccessKeySchema), limit: z.number().int(), rotationDays: z.number().int() }),
});

export const createUserAccessKey = defineEndpoint({
  id: 'iam.createUserAccessKey',
  method: 'POST',
  path: '/api/iam/v1/user-access-keys',
  summary: 'Create a user access key; the secret access key is answered once',
  tag: 'access-keys',
  access: SESSION,
  body: z.object({ tokenExpirySeconds: TokenExpirySchema.optional() }).nullish(),
  response: z.object({ userAccessKey: UserAccessKeySchema, secretAccessKey: z.string() }),
});

export const updateUserAccessKey = defineEndpoint({
  id: 'iam.updateUserAccessKey',
  method: 'PUT',
  path: '/api/iam/v1/user-access-keys/:userAccessKeyId',
  summary: "Activate or deactivate a key (deactivating expires all its tokens), or change its tokens' default lifetime",
  tag: 'access-keys',
  access: SESSION,
  params: KeyParams,
  body: z.object({ status: z.enum(ACCESS_KEY_STATUSES).optional(), tokenExpirySeconds: TokenExpirySchema.optional() }),
  response: z.object({ userAccessKey: UserAccessKeySchema }),
});

export const reissueUserAccessKeySecret = defineEndpoint({
  id: 'iam.reissueUserAccessKeySecret',
  method: 'POST',
  path: '/api/iam/v1/user-access-keys/:userAccessKeyId/secret',
  summary: 'Reissue the secret access key (answered once); tokens issued before are expired',
  tag: 'access-keys',
  access: SESSION,
  params: KeyParams,
  response: z.object({ userAccessKey: UserAccessKeySchema, secretAccessKey: z.string() }),
});

export const deleteUserAccessKey = defineEndpoint({
  id: 'iam.deleteUserAccessKey',
  method: 'DELETE',
  path: '/api/iam/v1/user-access-keys/:userAccessKeyId',
  summary: 'Delete a deactivated user access key',
  tag: 'access-keys',
  access: SESSION,
  params: KeyParams,
  response: z.object({}),
});

export const listAccessTokens = defineEndpoint({
  id: 'iam.listAccessTokens',
  method: 'GET',
  path: '/api/iam/v1/user-access-keys/:userAccessKeyId/tokens',
  summary: "A key's tokens, newest first",
  tag: 'access-keys',
  access: SESSION,
  params: KeyParams,
  query: z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  response: z.object({ userAccessKey: UserAccessKeySchema, tokens: z.array(AccessTokenSchema), paging: PagingSchema }),
});

export const revokeAccessToken = defineEndpoint({
  id: 'iam.revokeAccessToken',
  method: 'DELETE',
  path: '/api/iam/v1/user-access-keys/:userAccessKeyId/tokens/:tokenId',
  summary: 'Revoke a token',
  tag: 'access-keys',
  access: SESSION,
  params: KeyParams.extend({ tokenId: z.string().uuid() }),
  response: z.object({ token: AccessTokenSchema }),
});

/** Public, like the product's token endpoint: the key id and secret are the credential. */
export const issueAccessToken = defineEndpoint({
  id: 'iam.issueAccessToken',
  method: 'POST',
  path: '/api/iam/v1/tokens',
  summary: 'Issue a bearer token from a user access key id and secret',
  tag: 'access-keys',
  access: PUBLIC,
  body: z.object({
    userAccessKeyId: AccessKeyIdSchema,
    secretAccessKey: z.string().min(1).max(200),
    expiresIn: TokenExpirySchema.optional(),
  }),
  response: z.object({
    accessToken: z.string(),
    tokenType: z.literal('Bearer'),
    expiresIn: z.number().int(),
    expiresAt: z.string(),
    tokenId: z.string(),
  }),
  handlesAuthErrors: true,
});

// ---- credential renewal (spec §7 v7 organizations/{orgId}/authentications/renew-periods) ----

export const RenewPeriodsSchema = z.object({
  userAccessKey: z.number().int().min(RENEW_PERIOD_BOUNDS.userAccessKey.min).max(RENEW_PERIOD_BOUNDS.userAccessKey.max),
  iaasApiPassword: z.number().int().min(RENEW_PERIOD_BOUNDS.iaasApiPassword.min).max(RENEW_PERIOD_BOUNDS.iaasApiPassword.max),
  s3Credential: z.number().int().min(RENEW_PERIOD_BOUNDS.s3Credential.min).max(RENEW_PERIOD_BOUNDS.s3Credential.max),
});
export type RenewPeriods = z.infer<typeof RenewPeriodsSchema>;

export const getRenewPeriods = defineEndpoint({
  id: 'iam.getRenewPeriods',
  method: 'GET',
  path: '/api/iam/v7/organizations/:orgId/authentications/renew-periods',
  summary: "The organization's credential renewal periods (days)",
  tag: 'access-keys',
  access: orgPermission('params.orgId', 'Organization.Governance.AuthRenewPeriod.Get'),
  params: z.object({ orgId: z.string().uuid() }),
  response: z.object({ renewPeriods: RenewPeriodsSchema }),
});

export const updateRenewPeriods = defineEndpoint({
  id: 'iam.updateRenewPeriods',
  method: 'PUT',
  path: '/api/iam/v7/organizations/:orgId/authentications/renew-periods',
  summary: "Change the organization's credential renewal periods (days)",
  tag: 'access-keys',
  access: orgPermission('params.orgId', 'Organization.Governance.AuthRenewPeriod.Update'),
  params: z.object({ orgId: z.string().uuid() }),
  body: z.object({ renewPeriods: RenewPeriodsSchema }),
  response: z.object({ renewPeriods: RenewPeriodsSchema }),
});

// ---- project authentication info (spec §2 auth-information: iass-api-password, s3-credential) ----

export const PROJECT_CREDENTIAL_KINDS = ['IAAS_API_PASSWORD', 'S3_CREDENTIAL'] as const;
export type ProjectCredentialKind = (typeof PROJECT_CREDENTIAL_KINDS)[number];

export const ProjectCredentialSchema = z.object({
  credentialId: z.string(),
  kind: z.enum(PROJECT_CREDENTIAL_KINDS),
  /** IaaS: the API user name; S3: the access key. */
  accessKey: z.string(),
  createdAt: z.string(),
  renewedAt: z.string(),
  /** renewedAt + the organization's renewal period (spec §3 "renewal date"). */
  renewalDueAt: z.string(),
  renewalOverdue: z.boolean(),
});
export type ProjectCredential = z.infer<typeof ProjectCredentialSchema>;

const ProjectParams = z.object({ projectId: z.string().uuid() });

export const listProjectCredentials = defineEndpoint({
  id: 'iam.listProjectCredentials',
  method: 'GET',
  path: '/api/iam/v1/projects/:projectId/credentials',
  summary: "The caller's infrastructure API password and S3 credentials in a project, with renewal dates",
  tag: 'access-keys',
  access: projectPermission('params.projectId', 'Project.Authentication.Renew.Get'),
  params: ProjectParams,
  response: z.object({
    iaasApiPassword: ProjectCredentialSchema.nullable(),
    s3Credential: ProjectCredentialSchema.nullable(),
    renewPeriods: RenewPeriodsSchema,
  }),
});

export const issueProjectCredential = defineEndpoint({
  id: 'iam.issueProjectCredential',
  method: 'POST',
  path: '/api/iam/v1/projects/:projectId/credentials',
  summary: 'Create or renew the caller\'s IaaS API password or S3 credential; the secret is answered once',
  tag: 'access-keys',
  access: projectPermission('params.projectId', 'Project.Authentication.Renew.Create'),
  params: ProjectParams,
  body: z.object({ kind: z.enum(PROJECT_CREDENTIAL_KINDS) }),
  response: z.object({ credential: ProjectCredentialSchema, secret: z.string() }),
});

export const deleteProjectCredential = defineEndpoint({
  id: 'iam.deleteProjectCredential',
  method: 'DELETE',
  path: '/api/iam/v1/projects/:projectId/credentials/:credentialId',
  summary: "Delete one of the caller's project credentials",
  tag: 'access-keys',
  access: projectPermission('params.projectId', 'Project.Authentication.Renew.Delete'),
  params: ProjectParams.extend({ credentialId: z.string().uuid() }),
  response: z.object({}),
});
