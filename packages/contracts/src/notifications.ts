/**
 * Notification receiver groups and their webhooks (issue 11; spec §3 "Notification receiver
 * group", "Webhook"; §5 rules; §6 receiver groups need organization or project ADMIN — the
 * AlarmGroup permissions; §8 ALARM_GROUP_NAME_EXISTS; §9 5 webhooks per type, name 40).
 */
import { z } from 'zod';
import { defineEndpoint, orgPermission, projectPermission } from './endpoint.ts';
import { PagingSchema } from './envelope.ts';
import { isNameText, multilineTextSchema } from './validation.ts';

export const RECEIVER_GROUP_NAME_MAX_LENGTH = 40;
export const RECEIVER_GROUP_DESCRIPTION_MAX_LENGTH = 200;
/** Spec §9: name 40. */
export const WEBHOOK_NAME_MAX_LENGTH = 40;
/** Spec §9: at most 5 webhooks per type in a group. */
export const WEBHOOKS_PER_TYPE = 5;
export const RECEIVER_GROUP_MAX_MEMBERS = 100;
export const RECEIVER_GROUP_MAX_ROLE_GROUPS = 50;
export const WEBHOOK_TYPE_CODES = ['DEFAULT', 'CUSTOM'] as const;
export type WebhookTypeCode = (typeof WEBHOOK_TYPE_CODES)[number];
export const WEBHOOK_METHODS = ['POST', 'PUT', 'PATCH'] as const;
export const WEBHOOK_OUTCOMES = ['SUCCESS', 'HTTP_ERROR', 'TIMEOUT', 'NETWORK_ERROR', 'REFUSED'] as const;
export const DELIVERY_STATUS_CODES = ['PENDING', 'SENDING', 'RETRYING', 'SUCCEEDED', 'FAILED'] as const;

/** Spec §5: http:// or https:// and a valid URL (host required, no credentials). */
export function isWebhookTarget(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

const nameOf = (max: number, requiredKey: string) =>
  z
    .string({ error: requiredKey })
    .normalize('NFC')
    .trim()
    .min(1, { error: requiredKey })
    .max(max)
    .refine(isNameText, { error: 'validation.name.pattern' });

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/;
/** Headers the console sets itself: a custom webhook may not replace them. */
export const RESERVED_WEBHOOK_HEADERS = ['host', 'content-length', 'connection', 'transfer-encoding', 'webhook-id', 'webhook-timestamp', 'webhook-signature'];

export const WebhookHeaderSchema = z.object({
  name: z
    .string()
    .trim()
    .regex(HEADER_NAME, { error: 'validation.webhook.headerName' })
    .refine((name) => !RESERVED_WEBHOOK_HEADERS.includes(name.toLowerCase()), { error: 'validation.webhook.headerReserved' }),
  value: z
    .string()
    .max(1000)
    .refine((value) => !/[\r\n\0]/.test(value), { error: 'validation.text.control' }),
});

export const WebhookInputSchema = z.object({
  /** An existing webhook of the group (kept with its secret and delivery log); absent for a new one. */
  webhookId: z.string().uuid().optional(),
  name: nameOf(WEBHOOK_NAME_MAX_LENGTH, 'validation.webhook.nameRequired'),
  targetUrl: z
    .string({ error: 'validation.webhook.targetRequired' })
    .trim()
    .min(1, { error: 'validation.webhook.targetRequired' })
    .max(2000)
    .refine(isWebhookTarget, { error: 'validation.webhook.target' }),
  /** Optional: absent keeps the current one (or generates one for a new webhook); every delivery is signed with it. */
  secret: z.string().trim().min(8, { error: 'validation.webhook.secretLength' }).max(200).optional(),
  typeCode: z.enum(WEBHOOK_TYPE_CODES).default('DEFAULT'),
  method: z.enum(WEBHOOK_METHODS).default('POST'),
  headers: z.array(WebhookHeaderSchema).max(20).default([]),
  bodyTemplate: z.string().max(10_000).optional(),
  sender: z.string().trim().max(100).default(''),
});
export type WebhookInput = z.infer<typeof WebhookInputSchema>;

/** How a person is in a receiver group (spec §4 "invited vs added"). */
export const RECEIVER_MEMBERSHIPS = ['ADDED', 'INVITED'] as const;
export type ReceiverMembership = (typeof RECEIVER_MEMBERSHIPS)[number];

export const ReceiverGroupBodySchema = z.object({
  name: nameOf(RECEIVER_GROUP_NAME_MAX_LENGTH, 'validation.receiverGroup.nameRequired'),
  description: multilineTextSchema(RECEIVER_GROUP_DESCRIPTION_MAX_LENGTH).default(''),
  /** Cloud members of the organization (members.id). */
  memberIds: z.array(z.string().uuid()).max(RECEIVER_GROUP_MAX_MEMBERS).default([]),
  /**
   * Pending invitations of the organization (org_invitations.id), organization groups only: the
   * person is listed as invited and receives nothing until they accept (spec §4).
   */
  invitationIds: z.array(z.string().uuid()).max(RECEIVER_GROUP_MAX_MEMBERS).default([]),
  /** Role groups of the organization (common) or of the project. */
  roleGroupIds: z.array(z.string().uuid()).max(RECEIVER_GROUP_MAX_ROLE_GROUPS).default([]),
  webhooks: z.array(WebhookInputSchema).max(WEBHOOKS_PER_TYPE * WEBHOOK_TYPE_CODES.length + 1).default([]),
});
export type ReceiverGroupBody = z.infer<typeof ReceiverGroupBodySchema>;

export const WebhookSchema = z.object({
  webhookId: z.string(),
  name: z.string(),
  targetUrl: z.string(),
  hasSecret: z.boolean(),
  typeCode: z.enum(WEBHOOK_TYPE_CODES),
  method: z.enum(WEBHOOK_METHODS),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  bodyTemplate: z.string().nullable(),
  sender: z.string(),
  paused: z.boolean(),
  pauseReason: z.string().nullable(),
  /** The last attempt's outcome (WEBHOOK_OUTCOMES), HTTP status and time. */
  lastStatusCode: z.string().nullable(),
  lastHttpStatus: z.number().nullable(),
  lastAttemptDateTime: z.string().nullable(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

export const ReceiverGroupSummarySchema = z.object({
  receiverGroupId: z.string(),
  name: z.string(),
  description: z.string(),
  scope: z.enum(['ORG', 'PROJECT']),
  memberCount: z.number().int(),
  roleGroupCount: z.number().int(),
  webhookCount: z.number().int(),
  regDateTime: z.string(),
  modDateTime: z.string(),
});
export type ReceiverGroupSummary = z.infer<typeof ReceiverGroupSummarySchema>;

export const ReceiverGroupDetailSchema = ReceiverGroupSummarySchema.extend({
  /**
   * Members: name and email plain to callers who may list members, masked otherwise. `membership`
   * ADDED is a member (memberId set) who receives; INVITED is a pending invitation (invitationId set,
   * name empty, the invited email) that receives nothing until accepted (spec §4).
   */
  members: z.array(
    z.object({
      membership: z.enum(RECEIVER_MEMBERSHIPS),
      memberId: z.string().nullable(),
      invitationId: z.string().nullable(),
      name: z.string(),
      email: z.string(),
    }),
  ),
  roleGroups: z.array(z.object({ roleGroupId: z.string(), name: z.string(), typeCode: z.enum(['PROJECT', 'COMMON']) })),
  webhooks: z.array(WebhookSchema),
});
export type ReceiverGroupDetail = z.infer<typeof ReceiverGroupDetailSchema>;

export const ReceiverGroupListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  nameLike: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((value) => (value ? value : undefined)),
});

export const DeliveryAttemptSchema = z.object({
  attemptNo: z.number().int(),
  attemptedDateTime: z.string(),
  outcomeCode: z.enum(WEBHOOK_OUTCOMES),
  httpStatus: z.number().nullable(),
  latencyMs: z.number().int(),
  responseExcerpt: z.string(),
  errorMessage: z.string().nullable(),
});
export const DeliverySchema = z.object({
  deliveryId: z.string(),
  eventId: z.string().nullable(),
  eventType: z.string(),
  redeliveryOf: z.string().nullable(),
  statusCode: z.enum(DELIVERY_STATUS_CODES),
  attemptCount: z.number().int(),
  nextAttemptDateTime: z.string().nullable(),
  regDateTime: z.string(),
  attempts: z.array(DeliveryAttemptSchema),
});
export type Delivery = z.infer<typeof DeliverySchema>;

const OrgParams = z.object({ orgId: z.string().uuid() });
const ProjectParams = z.object({ projectId: z.string().uuid() });
const OrgGroupParams = OrgParams.extend({ receiverGroupId: z.string().uuid() });
const ProjectGroupParams = ProjectParams.extend({ receiverGroupId: z.string().uuid() });
const OrgHookParams = OrgGroupParams.extend({ webhookId: z.string().uuid() });
const ProjectHookParams = ProjectGroupParams.extend({ webhookId: z.string().uuid() });
const OrgDeliveryParams = OrgHookParams.extend({ deliveryId: z.string().uuid() });
const ProjectDeliveryParams = ProjectHookParams.extend({ deliveryId: z.string().uuid() });
const DeliveryListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const listResponse = z.object({ receiverGroups: z.array(ReceiverGroupSummarySchema), paging: PagingSchema });
const detailResponse = z.object({ receiverGroup: ReceiverGroupDetailSchema });
const deliveriesResponse = z.object({ deliveries: z.array(DeliverySchema), paging: PagingSchema });
const deliveryResponse = z.object({ delivery: DeliverySchema });

const ORG = '/api/alarm/v6/organizations/:orgId/receiver-groups';
const PROJECT = '/api/alarm/v6/projects/:projectId/receiver-groups';
const TAG = 'notifications';

export const listOrgReceiverGroups = defineEndpoint({
  id: 'alarm.listOrgReceiverGroups',
  method: 'GET',
  path: ORG,
  summary: "The organization's notification receiver groups (paged, name search)",
  tag: TAG,
  access: orgPermission('params.orgId', 'Organization.AlarmGroup.List'),
  params: OrgParams,
  query: ReceiverGroupListQuerySchema,
  response: listResponse,
});
export const listProjectReceiverGroups = defineEndpoint({
  id: 'alarm.listProjectReceiverGroups',
  method: 'GET',
  path: PROJECT,
  summary: "The project's notification receiver groups (paged, name search)",
  tag: TAG,
  access: projectPermission('params.projectId', 'Project.AlarmGroup.List'),
  params: ProjectParams,
  query: ReceiverGroupListQuerySchema,
  response: listResponse,
});
export const createOrgReceiverGroup = defineEndpoint({
  id: 'alarm.createOrgReceiverGroup',
  method: 'POST',
  path: ORG,
  summary: 'Add a receiver group (name unique: 40103; at least one receiver or webhook; at most 5 webhooks per type)',
  tag: TAG,
  access: orgPermission('params.orgId', 'Organization.AlarmGroup.Create'),
  params: OrgParams,
  body: ReceiverGroupBodySchema,
  response: detailResponse,
});
export const createProjectReceiverGroup = defineEndpoint({
  id: 'alarm.createProjectReceiverGroup',
  method: 'POST',
  path: PROJECT,
  summary: 'Add a project receiver group (name unique in the project: 40103)',
  tag: TAG,
  access: projectPermission('params.projectId', 'Project.AlarmGroup.Create'),
  params: ProjectParams,
  body: ReceiverGroupBodySchema,
  response: detailResponse,
});
export const getOrgReceiverGroup = defineEndpoint({
  id: 'alarm.getOrgReceiverGroup',
  method: 'GET',
  path: `${ORG}/:receiverGroupId`,
  summary: 'A receiver group with its members, role groups and webhooks (secrets never answered)',
  tag: TAG,
  access: orgPermission('params.orgId', 'Organization.AlarmGroup.Get'),
  params: OrgGroupParams,
  response: detailResponse,
});
export const getProjectReceiverGroup = defineEndpoint({
  id: 'alarm.getProjectReceiverGroup',
  method: 'GET',
  path: `${PROJECT}/:receiverGroupId`,
  summary: 'A project receiver group with its members, role groups and webhooks',
  tag: TAG,
  access: projectPermission('params.projectId', 'Project.AlarmGroup.Get'),
  params: ProjectGroupParams,
  response: detailResponse,
});
export const updateOrgReceiverGroup = defineEndpoint({
  id: 'alarm.updateOrgReceiverGroup',
  method: 'PUT',
  path: `${ORG}/:receiverGroupId`,
  summary: 'Change a receiver group (the same rules as adding; webhooks not sent are removed)',
  tag: TAG,
  access: orgPermission('params.orgId', 'Organization.AlarmGroup.Update'),
  params: OrgGroupParams,
  body: ReceiverGroupBodySchema,
  response: detailResponse,
});
export const updateProjectReceiverGroup = defineEndpoint({
  id: 'alarm.updateProjectReceiverGroup',
  method: 'PUT',
  path: `${PROJECT}/:receiverGroupId`,
  summary: 'Change a project receiver group',
  tag: TAG,
  access: projectPermission('params.projectId', 'Project.AlarmGroup.Update'),
  params: ProjectGroupParams,
  body: ReceiverGroupBodySchema,
  response: detailResponse,
});
export const deleteOrgReceiverGroup = defineEndpoint({
  id: 'alarm.deleteOrgReceiverGroup',
  method: 'DELETE',
  path: `${ORG}/:receiverGroupId`,
  summary: 'Delete a receiver group (its webhooks and delivery log go with it)',
  tag: TAG,
  access: orgPermission('params.orgId', 'Organization.AlarmGroup.Delete'),
  params: OrgGroupParams,
  response: z.object({ receiverGroupId: z.string() }),
});
export const deleteProjectReceiverGroup = defineEndpoint({
  id: 'alarm.deleteProjectReceiverGroup',
  method: 'DELETE',
  path: `${PROJECT}/:receiverGroupId`,
  summary: 'Delete a project receiver group',
  tag: TAG,
  access: projectPermission('params.projectId', 'Project.AlarmGroup.Delete'),
  params: ProjectGroupParams,
  response: z.object({ receiverGroupId: z.string() }),
});
export const listOrgWebhookDeliveries = defineEndpoint({
  id: 'alarm.listOrgWebhookDeliveries',
  method: 'GET',
  path: `${ORG}/:receiverGroupId/webhooks/:webhookId/deliveries`,
  summary: "A webhook's delivery log, newest first, with every attempt (time, outcome, status, latency, response excerpt)",
  tag: TAG,
  access: orgPermission('params.orgId', 'Organization.AlarmGroup.Get'),
  params: OrgHookParams,
  query: DeliveryListQuerySchema,
  response: deliveriesResponse,
});
export const listProjectWebhookDeliveries = defineEndpoint({
  id: 'alarm.listProjectWebhookDeliveries',
  method: 'GET',
  path: `${PROJECT}/:receiverGroupId/webhooks/:webhookId/deliveries`,
  summary: "A project webhook's delivery log",
  tag: TAG,
  access: projectPermission('params.projectId', 'Project.AlarmGroup.Get'),
  params: ProjectHookParams,
  query: DeliveryListQuerySchema,
  response: deliveriesResponse,
});
export const testOrgWebhook = defineEndpoint({
  id: 'alarm.testOrgWebhook',
  method: 'POST',
  path: `${ORG}/:receiverGroupId/webhooks/:webhookId/test`,
  summary: 'Send a test event to the webhook (a delivery of its own, in the log)',
  tag: TAG,
  access: orgPermission('params.orgId', 'Organization.AlarmGroup.Update'),
  params: OrgHookParams,
  response: deliveryResponse,
});
export const testProjectWebhook = defineEndpoint({
  id: 'alarm.testProjectWebhook',
  method: 'POST',
  path: `${PROJECT}/:receiverGroupId/webhooks/:webhookId/test`,
  summary: 'Send a test event to a project webhook',
  tag: TAG,
  access: projectPermission('params.projectId', 'Project.AlarmGroup.Update'),
  params: ProjectHookParams,
  response: deliveryResponse,
});
export const redeliverOrgWebhook = defineEndpoint({
  id: 'alarm.redeliverOrgWebhook',
  method: 'POST',
  path: `${ORG}/:receiverGroupId/webhooks/:webhookId/deliveries/:deliveryId/redeliver`,
  summary: 'Send a delivered (or failed) event again: a new delivery with the same event id',
  tag: TAG,
  access: orgPermission('params.orgId', 'Organization.AlarmGroup.Update'),
  params: OrgDeliveryParams,
  response: deliveryResponse,
});
export const redeliverProjectWebhook = defineEndpoint({
  id: 'alarm.redeliverProjectWebhook',
  method: 'POST',
  path: `${PROJECT}/:receiverGroupId/webhooks/:webhookId/deliveries/:deliveryId/redeliver`,
  summary: 'Send a project webhook delivery again',
  tag: TAG,
  access: projectPermission('params.projectId', 'Project.AlarmGroup.Update'),
  params: ProjectDeliveryParams,
  response: deliveryResponse,
});
export const resumeOrgWebhook = defineEndpoint({
  id: 'alarm.resumeOrgWebhook',
  method: 'POST',
  path: `${ORG}/:receiverGroupId/webhooks/:webhookId/resume`,
  summary: 'Resume a paused webhook: the deliveries it holds are attempted again',
  tag: TAG,
  access: orgPermission('params.orgId', 'Organization.AlarmGroup.Update'),
  params: OrgHookParams,
  response: z.object({ webhook: WebhookSchema }),
});
export const resumeProjectWebhook = defineEndpoint({
  id: 'alarm.resumeProjectWebhook',
  method: 'POST',
  path: `${PROJECT}/:receiverGroupId/webhooks/:webhookId/resume`,
  summary: 'Resume a paused project webhook',
  tag: TAG,
  access: projectPermission('params.projectId', 'Project.AlarmGroup.Update'),
  params: ProjectHookParams,
  response: z.object({ webhook: WebhookSchema }),
});
