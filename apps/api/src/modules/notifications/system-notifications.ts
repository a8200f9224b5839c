import {
  getOrgSystemNotification,
  getOrgSystemNotificationCategories,
  getOrgSystemNotificationHierarchy,
  getProjectSystemNotification,
  getProjectSystemNotificationCategories,
  getProjectSystemNotificationHierarchy,
  isNotificationEventType,
  listCustomWebhookTypes,
  listProductEventParameters,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_EVENT_TYPES,
  NOTIFICATION_EVENTS,
  searchOrgSystemNotifications,
  searchProjectSystemNotifications,
  setOrgSystemNotificationReceivers,
  setOrgSystemNotificationReceiversBulk,
  setProjectSystemNotificationReceivers,
  setProjectSystemNotificationReceiversBulk,
  validationMessage,
  WEBHOOK_METHODS,
  WEBHOOK_TYPE_CODES,
  type Lang,
  type NotificationCategoryKey,
  type NotificationEventType,
  type SystemNotification,
} from '@console/contracts';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../db/client.ts';
import { receiverGroups, systemNotificationReceivers } from '../../db/schema/index.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { AppError, invalidFields } from '../../platform/errors.ts';
import { registerEndpoint } from '../../platform/routes.ts';
import type { NotificationScope } from './receiver-groups.repository.ts';
import { notificationScopeOf } from './receiver-groups.service.ts';

/**
 * System notifications (spec §7): the catalogue's system events per organization / project, with
 * the receiver groups each goes to (system_notification_receivers; dispatch.ts reads it).
 */
const SYSTEM_TYPES = NOTIFICATION_EVENT_TYPES.filter((type) => NOTIFICATION_EVENTS[type].system);
const categoryKeys = [...new Set(SYSTEM_TYPES.map((type) => NOTIFICATION_EVENTS[type].category))];

const scopeWhere = (scope: NotificationScope) =>
  and(eq(systemNotificationReceivers.orgId, scope.orgId), scope.projectId ? eq(systemNotificationReceivers.projectId, scope.projectId) : isNull(systemNotificationReceivers.projectId));

/** Groups that may receive the scope's notifications: the organization's, and in a project its own too. */
const usableGroups = (scope: NotificationScope) =>
  and(eq(receiverGroups.orgId, scope.orgId), scope.projectId ? or(isNull(receiverGroups.projectId), eq(receiverGroups.projectId, scope.projectId)) : isNull(receiverGroups.projectId));

async function receiversOf(db: Executor, scope: NotificationScope, types: readonly string[]) {
  if (types.length === 0) return new Map<string, SystemNotification['receiverGroups']>();
  const rows = await db
    .select({ eventType: systemNotificationReceivers.eventType, receiverGroupId: receiverGroups.id, name: receiverGroups.name, projectId: receiverGroups.projectId })
    .from(systemNotificationReceivers)
    .innerJoin(receiverGroups, eq(receiverGroups.id, systemNotificationReceivers.groupId))
    .where(and(scopeWhere(scope), inArray(systemNotificationReceivers.eventType, [...types])))
    .orderBy(receiverGroups.name);
  const map = new Map<string, SystemNotification['receiverGroups']>();
  for (const row of rows) {
    const list = map.get(row.eventType) ?? [];
    list.push({ receiverGroupId: row.receiverGroupId, name: row.name, scope: row.projectId ? 'PROJECT' : 'ORG' });
    map.set(row.eventType, list);
  }
  return map;
}

const toNotification = (type: NotificationEventType, lang: Lang, receivers: SystemNotification['receiverGroups']): SystemNotification => ({
  alarmId: type,
  alarmName: NOTIFICATION_EVENTS[type].title[lang],
  categoryKey: NOTIFICATION_EVENTS[type].category,
  categoryName: NOTIFICATION_CATEGORIES[NOTIFICATION_EVENTS[type].category][lang],
  receiverGroups: receivers,
});

function systemType(alarmId: string): NotificationEventType {
  if (!isNotificationEventType(alarmId) || !NOTIFICATION_EVENTS[alarmId].system) throw new AppError('NOT_FOUND');
  return alarmId;
}

export function createSystemNotificationsService(deps: { db: Database }) {
  const { db } = deps;

  async function setReceivers(ctx: SignedInContext, alarmIds: readonly string[], groupIds: readonly string[]) {
    const scope = notificationScopeOf(ctx);
    const types = [...new Set(alarmIds.map(systemType))];
    const wanted = [...new Set(groupIds)];
    await db.transaction(async (tx) => {
      const usable = wanted.length === 0 ? [] : await tx.select({ id: receiverGroups.id }).from(receiverGroups).where(and(usableGroups(scope), inArray(receiverGroups.id, wanted)));
      const known = new Set(usable.map((row) => row.id));
      const unknown = wanted.findIndex((id) => !known.has(id));
      if (unknown !== -1) throw invalidFields({ field: `body.receiverGroupIds.${unknown}`, message: validationMessage('validation.receiverGroup.unknown', ctx.lang) });
      await tx.delete(systemNotificationReceivers).where(and(scopeWhere(scope), inArray(systemNotificationReceivers.eventType, types)));
      const rows = types.flatMap((eventType) => wanted.map((groupId) => ({ orgId: scope.orgId, projectId: scope.projectId, eventType, groupId })));
      if (rows.length > 0) await tx.insert(systemNotificationReceivers).values(rows);
    });
    const receivers = await receiversOf(db, scope, types);
    return { notifications: types.map((type) => toNotification(type, ctx.lang, receivers.get(type) ?? [])) };
  }

  return {
    hierarchy(ctx: SignedInContext) {
      return {
        hierarchy: categoryKeys.map((key) => ({
          categoryKey: key,
          categoryName: NOTIFICATION_CATEGORIES[key][ctx.lang],
          notifications: SYSTEM_TYPES.filter((type) => NOTIFICATION_EVENTS[type].category === key).map((type) => ({ alarmId: type, alarmName: NOTIFICATION_EVENTS[type].title[ctx.lang] })),
        })),
      };
    },
    categories(ctx: SignedInContext) {
      return { categories: categoryKeys.map((key) => ({ categoryKey: key, categoryName: NOTIFICATION_CATEGORIES[key][ctx.lang] })) };
    },
    async get(ctx: SignedInContext, alarmId: string) {
      const type = systemType(alarmId);
      const receivers = await receiversOf(db, notificationScopeOf(ctx), [type]);
      return {
        notification: {
          ...toNotification(type, ctx.lang, receivers.get(type) ?? []),
          parameters: NOTIFICATION_EVENTS[type].parameters.map((parameter) => ({ name: parameter.name, description: parameter.description[ctx.lang] })),
        },
      };
    },
    async search(ctx: SignedInContext, body: { categoryKey?: string | undefined; keyword?: string | undefined; page: number; limit: number }) {
      const keyword = body.keyword?.toLowerCase();
      const matching = SYSTEM_TYPES.filter(
        (type) =>
          (!body.categoryKey || NOTIFICATION_EVENTS[type].category === (body.categoryKey as NotificationCategoryKey)) &&
          (!keyword || NOTIFICATION_EVENTS[type].title[ctx.lang].toLowerCase().includes(keyword) || type.toLowerCase().includes(keyword)),
      );
      const page = matching.slice((body.page - 1) * body.limit, body.page * body.limit);
      const receivers = await receiversOf(db, notificationScopeOf(ctx), page);
      return {
        notifications: page.map((type) => toNotification(type, ctx.lang, receivers.get(type) ?? [])),
        paging: { page: body.page, limit: body.limit, totalCount: matching.length },
      };
    },
    setReceivers,
  };
}

export function registerSystemNotificationRoutes(app: FastifyInstance, deps: { systemNotifications: ReturnType<typeof createSystemNotificationsService> }) {
  const service = deps.systemNotifications;
  for (const endpoint of [getOrgSystemNotificationHierarchy, getProjectSystemNotificationHierarchy]) registerEndpoint(app, endpoint, async ({ ctx }) => service.hierarchy(ctx));
  for (const endpoint of [getOrgSystemNotificationCategories, getProjectSystemNotificationCategories]) registerEndpoint(app, endpoint, async ({ ctx }) => service.categories(ctx));
  for (const endpoint of [getOrgSystemNotification, getProjectSystemNotification]) registerEndpoint(app, endpoint, ({ ctx, params }) => service.get(ctx, params.alarmId));
  for (const endpoint of [searchOrgSystemNotifications, searchProjectSystemNotifications]) registerEndpoint(app, endpoint, ({ ctx, body }) => service.search(ctx, body));
  for (const endpoint of [setOrgSystemNotificationReceivers, setProjectSystemNotificationReceivers]) {
    registerEndpoint(app, endpoint, ({ ctx, params, body }) => service.setReceivers(ctx, [params.alarmId], body.receiverGroupIds));
  }
  for (const endpoint of [setOrgSystemNotificationReceiversBulk, setProjectSystemNotificationReceiversBulk]) {
    registerEndpoint(app, endpoint, ({ ctx, body }) => service.setReceivers(ctx, body.alarmIds, body.receiverGroupIds));
  }
  registerEndpoint(app, listCustomWebhookTypes, async ({ ctx }) => ({
    typeCodes: [...WEBHOOK_TYPE_CODES],
    methods: [...WEBHOOK_METHODS],
    events: NOTIFICATION_EVENT_TYPES.map((type) => ({ eventType: type, eventName: NOTIFICATION_EVENTS[type].title[ctx.lang] })),
  }));
  registerEndpoint(app, listProductEventParameters, async ({ ctx, params }) => {
    if (!isNotificationEventType(params.event)) throw new AppError('NOT_FOUND');
    return { parameters: NOTIFICATION_EVENTS[params.event].parameters.map((parameter) => ({ name: parameter.name, description: parameter.description[ctx.lang] })) };
  });
}
