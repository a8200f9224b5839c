import { z } from 'zod';
import { MEMBER_TYPES } from './auth.ts';
import { defineEndpoint, orgPermission, projectPermission } from './endpoint.ts';
import { PagingSchema } from './envelope.ts';
import { ACTIVITY_ACTION_CODES, ACTIVITY_TARGET_TYPES } from './activity-constants.ts';

export * from './activity-constants.ts';

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
  /** totalCount is exact up to 1,000 matching events; beyond, it is 1,000 and totalCountCapped is true. */
  paging: PagingSchema,
  /** More events match than paging.totalCount says (the feed's count stops at 1,000). */
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
