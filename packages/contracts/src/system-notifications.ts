/**
 * System notifications (spec §7 "Alarms", v5 organizations and projects): the platform's events
 * (NOTIFICATION_EVENTS with `system: true`) by category, one notification's detail with its
 * parameters and receiver groups, search (in the `lang` header's language), and the receivers of
 * one notification or of several at once. Also the custom-webhook types and an event's parameters
 * (`product-events/{event}/parameters`) a custom webhook's body template may use.
 */
import { z } from 'zod';
import { defineEndpoint, orgPermission, projectPermission, SESSION } from './endpoint.ts';
import { PagingSchema } from './envelope.ts';
import { WEBHOOK_METHODS, WEBHOOK_TYPE_CODES } from './notifications.ts';

export const SystemNotificationSchema = z.object({
  alarmId: z.string(),
  alarmName: z.string(),
  categoryKey: z.string(),
  categoryName: z.string(),
  receiverGroups: z.array(z.object({ receiverGroupId: z.string(), name: z.string(), scope: z.enum(['ORG', 'PROJECT']) })),
});
export type SystemNotification = z.infer<typeof SystemNotificationSchema>;

export const EventParameterSchema = z.object({ name: z.string(), description: z.string() });
const CategorySchema = z.object({ categoryKey: z.string(), categoryName: z.string() });
const HierarchySchema = CategorySchema.extend({ notifications: z.array(z.object({ alarmId: z.string(), alarmName: z.string() })) });

const AlarmIdSchema = z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/);
const OrgParams = z.object({ orgId: z.string().uuid() });
const ProjectParams = z.object({ projectId: z.string().uuid() });
const ReceiverIdsSchema = z.array(z.string().uuid()).max(50);

export const SystemNotificationSearchSchema = z.object({
  categoryKey: z.string().max(40).optional(),
  /** Part of the notification's name in the request's language. */
  keyword: z.string().trim().max(100).optional(),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(100).default(20),
});

const hierarchyResponse = z.object({ hierarchy: z.array(HierarchySchema) });
const categoriesResponse = z.object({ categories: z.array(CategorySchema) });
const detailResponse = z.object({ notification: SystemNotificationSchema.extend({ parameters: z.array(EventParameterSchema) }) });
const searchResponse = z.object({ notifications: z.array(SystemNotificationSchema), paging: PagingSchema });
const bulkResponse = z.object({ notifications: z.array(SystemNotificationSchema) });

const ORG = '/api/alarm/v5/organizations/:orgId/system-notifications';
const PROJECT = '/api/alarm/v5/projects/:projectId/system-notifications';
const TAG = 'notifications';

export const getOrgSystemNotificationHierarchy = defineEndpoint({
  id: 'alarm.getOrgSystemNotificationHierarchy', method: 'GET', path: `${ORG}/hierarchy`, tag: TAG,
  summary: "The organization's system notifications by category",
  access: orgPermission('params.orgId', 'Organization.SystemNotification.List'), params: OrgParams, response: hierarchyResponse,
});
export const getProjectSystemNotificationHierarchy = defineEndpoint({
  id: 'alarm.getProjectSystemNotificationHierarchy', method: 'GET', path: `${PROJECT}/hierarchy`, tag: TAG,
  summary: "The project's system notifications by category",
  access: projectPermission('params.projectId', 'Project.SystemNotification.List'), params: ProjectParams, response: hierarchyResponse,
});
export const getOrgSystemNotificationCategories = defineEndpoint({
  id: 'alarm.getOrgSystemNotificationCategories', method: 'GET', path: `${ORG}/categories`, tag: TAG,
  summary: 'The categories of system notifications',
  access: orgPermission('params.orgId', 'Organization.SystemNotification.List'), params: OrgParams, response: categoriesResponse,
});
export const getProjectSystemNotificationCategories = defineEndpoint({
  id: 'alarm.getProjectSystemNotificationCategories', method: 'GET', path: `${PROJECT}/categories`, tag: TAG,
  summary: 'The categories of system notifications',
  access: projectPermission('params.projectId', 'Project.SystemNotification.List'), params: ProjectParams, response: categoriesResponse,
});
export const getOrgSystemNotification = defineEndpoint({
  id: 'alarm.getOrgSystemNotification', method: 'GET', path: `${ORG}/:alarmId`, tag: TAG,
  summary: 'One system notification: its parameters and the receiver groups it goes to',
  access: orgPermission('params.orgId', 'Organization.SystemNotification.Get'), params: OrgParams.extend({ alarmId: AlarmIdSchema }), response: detailResponse,
});
export const getProjectSystemNotification = defineEndpoint({
  id: 'alarm.getProjectSystemNotification', method: 'GET', path: `${PROJECT}/:alarmId`, tag: TAG,
  summary: 'One system notification of the project',
  access: projectPermission('params.projectId', 'Project.SystemNotification.Get'), params: ProjectParams.extend({ alarmId: AlarmIdSchema }), response: detailResponse,
});
export const searchOrgSystemNotifications = defineEndpoint({
  id: 'alarm.searchOrgSystemNotifications', method: 'POST', path: `${ORG}/search`, tag: TAG,
  summary: 'Search system notifications (names in the lang header\'s language), with their receivers',
  access: orgPermission('params.orgId', 'Organization.SystemNotification.List'), params: OrgParams, body: SystemNotificationSearchSchema, response: searchResponse,
});
export const searchProjectSystemNotifications = defineEndpoint({
  id: 'alarm.searchProjectSystemNotifications', method: 'POST', path: `${PROJECT}/search`, tag: TAG,
  summary: "Search the project's system notifications",
  access: projectPermission('params.projectId', 'Project.SystemNotification.List'), params: ProjectParams, body: SystemNotificationSearchSchema, response: searchResponse,
});
export const setOrgSystemNotificationReceivers = defineEndpoint({
  id: 'alarm.setOrgSystemNotificationReceivers', method: 'PUT', path: `${ORG}/:alarmId/receivers`, tag: TAG,
  summary: 'The receiver groups of one system notification (replaces them)',
  access: orgPermission('params.orgId', 'Organization.SystemNotification.Update'), params: OrgParams.extend({ alarmId: AlarmIdSchema }),
  body: z.object({ receiverGroupIds: ReceiverIdsSchema }), response: bulkResponse,
});
export const setProjectSystemNotificationReceivers = defineEndpoint({
  id: 'alarm.setProjectSystemNotificationReceivers', method: 'PUT', path: `${PROJECT}/:alarmId/receivers`, tag: TAG,
  summary: 'The receiver groups of one system notification of the project',
  access: projectPermission('params.projectId', 'Project.SystemNotification.Update'), params: ProjectParams.extend({ alarmId: AlarmIdSchema }),
  body: z.object({ receiverGroupIds: ReceiverIdsSchema }), response: bulkResponse,
});
export const setOrgSystemNotificationReceiversBulk = defineEndpoint({
  id: 'alarm.setOrgSystemNotificationReceiversBulk', method: 'PUT', path: `${ORG}/receivers`, tag: TAG,
  summary: 'The same receiver groups for several system notifications at once',
  access: orgPermission('params.orgId', 'Organization.SystemNotification.Update'), params: OrgParams,
  body: z.object({ alarmIds: z.array(AlarmIdSchema).min(1).max(50), receiverGroupIds: ReceiverIdsSchema }), response: bulkResponse,
});
export const setProjectSystemNotificationReceiversBulk = defineEndpoint({
  id: 'alarm.setProjectSystemNotificationReceiversBulk', method: 'PUT', path: `${PROJECT}/receivers`, tag: TAG,
  summary: 'The same receiver groups for several system notifications of the project at once',
  access: projectPermission('params.projectId', 'Project.SystemNotification.Update'), params: ProjectParams,
  body: z.object({ alarmIds: z.array(AlarmIdSchema).min(1).max(50), receiverGroupIds: ReceiverIdsSchema }), response: bulkResponse,
});
export const listCustomWebhookTypes = defineEndpoint({
  id: 'alarm.listCustomWebhookTypes', method: 'GET', path: '/api/alarm/v5/custom-webhooks', tag: TAG,
  summary: 'Webhook types and the methods a custom webhook may use',
  access: SESSION, response: z.object({ typeCodes: z.array(z.enum(WEBHOOK_TYPE_CODES)), methods: z.array(z.enum(WEBHOOK_METHODS)), events: z.array(z.object({ eventType: z.string(), eventName: z.string() })) }),
});
export const listProductEventParameters = defineEndpoint({
  id: 'alarm.listProductEventParameters', method: 'GET', path: '/api/alarm/v5/product-events/:event/parameters', tag: TAG,
  summary: "An event's parameters, usable as {{name}} in a custom webhook's body template",
  access: SESSION, params: z.object({ event: AlarmIdSchema }), response: z.object({ parameters: z.array(EventParameterSchema) }),
});
