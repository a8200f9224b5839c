import { z } from 'zod';
import { MEMBER_TYPES } from './auth.ts';
import { defineEndpoint, orgPermission, projectPermission } from './endpoint.ts';
import { PagingSchema } from './envelope.ts';

/**
 * The activity feed of an organization (and of each project): who did what to which target, when.
 * It is recorded centrally by the API after a successful mutating call, driven by ACTIVITY_RULES
 * (activity-rules.ts) (endpoint → action code and where the target's id and name are). It is a feed for the
 * organization's people, not the security audit log (see docs/decisions.md).
 */

export const ACTIVITY_ACTION_CODES = [
  'ORG_CREATE',
  'ORG_UPDATE',
  'ORG_OWNER_TRANSFER',
  'ORG_DOMAIN_CHANGE',
  'ORG_REGIONS_CHANGE',
  'ORG_SUPPORT_TEAM_CHANGE',
  'PROJECT_CREATE',
  'PROJECT_UPDATE',
  'PROJECT_DELETE',
  'PROJECT_OWNER_TRANSFER',
  'ORG_MEMBER_INVITE',
  'ORG_INVITATION_CANCEL',
  'ORG_INVITATION_ACCEPT',
  'ORG_MEMBER_ROLES_CHANGE',
  'ORG_MEMBER_REMOVE',
  'PROJECT_MEMBER_ADD',
  'PROJECT_MEMBER_ROLES_CHANGE',
  'PROJECT_MEMBER_REMOVE',
  'IAM_ACCOUNT_CREATE',
  'IAM_ACCOUNT_UPDATE',
  'IAM_ACCOUNT_SUSPEND',
  'IAM_ACCOUNT_RESUME',
  'IAM_ACCOUNT_DELETE',
  'ROLE_GROUP_CREATE',
  'ROLE_GROUP_UPDATE',
  'ROLE_GROUP_DELETE',
  'ORG_MEMBER_IMPORT',
  'PROJECT_IMPORT',
  'PROJECT_MEMBER_IMPORT',
  'PRODUCT_ENABLE',
  'PRODUCT_DISABLE',
  'APPKEY_SECRET_REISSUE',
  'PROJECT_APPKEY_CREATE',
  'PROJECT_APPKEY_UPDATE',
  'PROJECT_APPKEY_DELETE',
] as const;
export type ActivityActionCode = (typeof ACTIVITY_ACTION_CODES)[number];

export const ACTIVITY_TARGET_TYPES = [
  'ORGANIZATION',
  'PROJECT',
  'DOMAIN',
  'REGION',
  'MEMBER',
  'IAM_ACCOUNT',
  'INVITATION',
  'ROLE_GROUP',
  'IMPORT_JOB',
  'PRODUCT',
  'APPKEY',
] as const;
export type ActivityTargetType = (typeof ACTIVITY_TARGET_TYPES)[number];

export const ActivityEventSchema = z.object({
  activityId: z.string(),
  orgId: z.string(),
  projectId: z.string().nullable(),
  actor: z.object({
    memberType: z.enum(MEMBER_TYPES),
    /** members.id of a cloud member, iam_members.id of an IAM account. */
    memberUuid: z.string(),
    /** The actor's name when it happened. */
    name: z.string(),
  }),
  actionCode: z.enum(ACTIVITY_ACTION_CODES),
  target: z.object({
    type: z.enum(ACTIVITY_TARGET_TYPES),
    id: z.string().nullable(),
    /** The target's name when it happened. */
    name: z.string().nullable(),
  }),
  occurredDateTime: z.string(),
});
export type ActivityEvent = z.infer<typeof ActivityEventSchema>;

/** Most events one page answers. */
export const ACTIVITY_PAGE_LIMIT = 100;

const ActivityQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_LIMIT).default(20),
  actionCode: z.enum(ACTIVITY_ACTION_CODES).optional(),
});

const ActivityAnswer = z.object({
  activities: z.array(ActivityEventSchema),
  /** totalCount is exact up to 10,000 matching events; beyond, it is 10,000 and totalCountCapped is true. */
  paging: PagingSchema,
  /** More events match than paging.totalCount says (the feed's count stops at 10,000). */
  totalCountCapped: z.boolean().optional(),
});

export const listOrgActivities = defineEndpoint({
  id: 'cab.listOrgActivities',
  method: 'GET',
  path: '/api/cab/v6/organizations/:orgId/activities',
  summary:
    "The organization's recent activity, newest first (events of projects the caller cannot see are left out)",
  tag: 'activity',
  access: orgPermission('params.orgId', 'Organization.Setting.Get'),
  params: z.object({ orgId: z.string().uuid() }),
  query: ActivityQuery.extend({ projectId: z.string().uuid().optional() }),
  response: ActivityAnswer,
});

export const listProjectActivities = defineEndpoint({
  id: 'cab.listProjectActivities',
  method: 'GET',
  path: '/api/cab/v6/projects/:projectId/activities',
  summary: "The project's recent activity, newest first",
  tag: 'activity',
  access: projectPermission('params.projectId', 'Project.Setting.Get'),
  params: z.object({ projectId: z.string().uuid() }),
  query: ActivityQuery,
  response: ActivityAnswer,
});

// ---- what is recorded: endpoint → action and target ----
