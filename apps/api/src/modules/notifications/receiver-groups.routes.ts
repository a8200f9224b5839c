import {
  createOrgReceiverGroup,
  createProjectReceiverGroup,
  deleteOrgReceiverGroup,
  deleteProjectReceiverGroup,
  getOrgReceiverGroup,
  getProjectReceiverGroup,
  listOrgReceiverGroups,
  listOrgWebhookDeliveries,
  listProjectReceiverGroups,
  listProjectWebhookDeliveries,
  redeliverOrgWebhook,
  redeliverProjectWebhook,
  resumeOrgWebhook,
  resumeProjectWebhook,
  testOrgWebhook,
  testProjectWebhook,
  updateOrgReceiverGroup,
  updateProjectReceiverGroup,
} from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { ReceiverGroupsService } from './receiver-groups.service.ts';

/** Notification receiver groups and their webhooks, of the organization and of a project (same service, scope from the grant). */
export function registerReceiverGroupRoutes(app: FastifyInstance, deps: { receiverGroups: ReceiverGroupsService }) {
  const { receiverGroups } = deps;
  for (const endpoint of [listOrgReceiverGroups, listProjectReceiverGroups]) {
    registerEndpoint(app, endpoint, ({ ctx, query }) => receiverGroups.list(ctx, query));
  }
  for (const endpoint of [createOrgReceiverGroup, createProjectReceiverGroup]) {
    registerEndpoint(app, endpoint, ({ ctx, body }) => receiverGroups.create(ctx, body));
  }
  for (const endpoint of [getOrgReceiverGroup, getProjectReceiverGroup]) {
    registerEndpoint(app, endpoint, ({ ctx, params }) => receiverGroups.get(ctx, params.receiverGroupId));
  }
  for (const endpoint of [updateOrgReceiverGroup, updateProjectReceiverGroup]) {
    registerEndpoint(app, endpoint, ({ ctx, params, body }) => receiverGroups.update(ctx, params.receiverGroupId, body));
  }
  for (const endpoint of [deleteOrgReceiverGroup, deleteProjectReceiverGroup]) {
    registerEndpoint(app, endpoint, ({ ctx, params }) => receiverGroups.remove(ctx, params.receiverGroupId));
  }
  for (const endpoint of [listOrgWebhookDeliveries, listProjectWebhookDeliveries]) {
    registerEndpoint(app, endpoint, ({ ctx, params, query }) => receiverGroups.deliveries(ctx, params.receiverGroupId, params.webhookId, query.page, query.limit));
  }
  for (const endpoint of [testOrgWebhook, testProjectWebhook]) {
    registerEndpoint(app, endpoint, ({ ctx, params }) => receiverGroups.test(ctx, params.receiverGroupId, params.webhookId));
  }
  for (const endpoint of [redeliverOrgWebhook, redeliverProjectWebhook]) {
    registerEndpoint(app, endpoint, ({ ctx, params }) => receiverGroups.redeliver(ctx, params.receiverGroupId, params.webhookId, params.deliveryId));
  }
  for (const endpoint of [resumeOrgWebhook, resumeProjectWebhook]) {
    registerEndpoint(app, endpoint, ({ ctx, params }) => receiverGroups.resume(ctx, params.receiverGroupId, params.webhookId));
  }
}
