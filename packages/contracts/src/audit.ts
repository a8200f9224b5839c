import { z } from 'zod';
import { defineEndpoint, orgPermission } from './endpoint.ts';
import { PagingSchema } from './envelope.ts';
import { AUDIT_PAGE_LIMIT, AUDIT_CATEGORIES, AUDIT_RESULTS, AUDIT_ACTOR_TYPES } from './audit-constants.ts';

export * from './audit-constants.ts';

export const AuditEventSchema = z.object({
  auditId: z.string(),
  createdAt: z.string(),
  category: z.enum(AUDIT_CATEGORIES),
  action: z.string(),
  result: z.enum(AUDIT_RESULTS),
  resultCode: z.string(),
  actor: z.object({
    actorType: z.enum(AUDIT_ACTOR_TYPES),
    actorId: z.string().nullable(),
    login: z.string(),
    /** The call was made with an access token (its id), not a console session. */
    accessTokenId: z.string().nullable(),
  }),
  clientIp: z.string(),
  userAgent: z.string(),
  method: z.string(),
  path: z.string(),
  projectId: z.string().nullable(),
  target: z.object({ type: z.string().nullable(), id: z.string().nullable() }),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  detail: z.unknown().nullable(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

const isoDate = z.iso.datetime({ offset: true });

export const AuditFilterSchema = z.object({
  /** Login id (email or IAM ID) contains this. */
  actor: z.string().trim().max(100).optional(),
  /** Action (endpoint id) contains this. */
  action: z.string().trim().max(100).optional(),
  category: z.enum(AUDIT_CATEGORIES).optional(),
  result: z.enum(AUDIT_RESULTS).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

const OrgParams = z.object({ orgId: z.string().uuid() });

export const listAuditEvents = defineEndpoint({
  id: 'cab.listAuditEvents',
  method: 'GET',
  path: '/api/cab/v1/organizations/:orgId/audit-events',
  summary: "The organization's audit log, newest first, filtered and paged",
  tag: 'audit',
  access: orgPermission('params.orgId', 'Organization.Member.List', 'Organization.Setting.Update'),
  params: OrgParams,
  query: AuditFilterSchema.extend({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_LIMIT).default(20),
  }),
  response: z.object({ auditEvents: z.array(AuditEventSchema), paging: PagingSchema }),
});

/** Answers text/csv (streamed), not the envelope; refusals are the envelope as usual. */
export const exportAuditEvents = defineEndpoint({
  id: 'cab.exportAuditEvents',
  method: 'GET',
  path: '/api/cab/v1/organizations/:orgId/audit-events/export',
  summary: "The organization's audit log as CSV (same filters), newest first",
  tag: 'audit',
  access: orgPermission('params.orgId', 'Organization.Member.List', 'Organization.Setting.Update'),
  params: OrgParams,
  query: AuditFilterSchema,
  response: z.object({}),
});

export const AUDIT_CSV_COLUMNS = [
  'createdAt',
  'category',
  'action',
  'result',
  'resultCode',
  'actorType',
  'actorLogin',
  'accessTokenId',
  'clientIp',
  'userAgent',
  'method',
  'path',
  'projectId',
  'targetType',
  'targetId',
  'before',
  'after',
] as const;
