import type { ReceiverGroupBody } from '@console/contracts/notifications';
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
  testOrgWebhook,
  testProjectWebhook,
  updateOrgReceiverGroup,
  updateProjectReceiverGroup,
} from '@console/contracts/refs/notifications';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../shared/api/client.ts';

/** Where receiver groups are managed: an organization or a project. */
export type NotificationScope = { kind: 'org'; orgId: string } | { kind: 'project'; projectId: string };
const keyOf = (scope: NotificationScope) => (scope.kind === 'org' ? ['org', scope.orgId, 'receiver-groups'] : ['project', scope.projectId, 'receiver-groups']);

export const receiverGroupsQuery = (scope: NotificationScope, filters: { page: number; limit: number; nameLike?: string | undefined }) =>
  queryOptions({
    queryKey: [...keyOf(scope), 'list', filters] as const,
    queryFn: (context) => {
      const query = { page: filters.page, limit: filters.limit, ...(filters.nameLike ? { nameLike: filters.nameLike } : {}) };
      return scope.kind === 'org'
        ? callApi(listOrgReceiverGroups, { params: { orgId: scope.orgId }, query, ...fromQuery(context) })
        : callApi(listProjectReceiverGroups, { params: { projectId: scope.projectId }, query, projectId: scope.projectId, ...fromQuery(context) });
    },
    placeholderData: keepPreviousData,
  });

export const receiverGroupQuery = (scope: NotificationScope, receiverGroupId: string) =>
  queryOptions({
    queryKey: [...keyOf(scope), 'detail', receiverGroupId] as const,
    queryFn: (context) =>
      scope.kind === 'org'
        ? callApi(getOrgReceiverGroup, { params: { orgId: scope.orgId, receiverGroupId }, ...fromQuery(context) })
        : callApi(getProjectReceiverGroup, { params: { projectId: scope.projectId, receiverGroupId }, projectId: scope.projectId, ...fromQuery(context) }),
  });

export const deliveriesQuery = (scope: NotificationScope, receiverGroupId: string, webhookId: string, page: number) =>
  queryOptions({
    queryKey: [...keyOf(scope), 'deliveries', webhookId, page] as const,
    queryFn: (context) =>
      scope.kind === 'org'
        ? callApi(listOrgWebhookDeliveries, { params: { orgId: scope.orgId, receiverGroupId, webhookId }, query: { page, limit: 10 }, ...fromQuery(context) })
        : callApi(listProjectWebhookDeliveries, { params: { projectId: scope.projectId, receiverGroupId, webhookId }, query: { page, limit: 10 }, projectId: scope.projectId, ...fromQuery(context) }),
    // The log fills in as the delivery job works: poll while the page is open.
    refetchInterval: 3000,
    placeholderData: keepPreviousData,
  });

export function useReceiverGroupMutations(scope: NotificationScope) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keyOf(scope) });
  const save = useMutation({
    mutationFn: ({ receiverGroupId, body }: { receiverGroupId?: string | undefined; body: ReceiverGroupBody }) => {
      if (scope.kind === 'org') {
        return receiverGroupId
          ? callApi(updateOrgReceiverGroup, { params: { orgId: scope.orgId, receiverGroupId }, body })
          : callApi(createOrgReceiverGroup, { params: { orgId: scope.orgId }, body });
      }
      return receiverGroupId
        ? callApi(updateProjectReceiverGroup, { params: { projectId: scope.projectId, receiverGroupId }, body, projectId: scope.projectId })
        : callApi(createProjectReceiverGroup, { params: { projectId: scope.projectId }, body, projectId: scope.projectId });
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (receiverGroupId: string) =>
      scope.kind === 'org'
        ? callApi(deleteOrgReceiverGroup, { params: { orgId: scope.orgId, receiverGroupId } })
        : callApi(deleteProjectReceiverGroup, { params: { projectId: scope.projectId, receiverGroupId }, projectId: scope.projectId }),
    onSuccess: refresh,
  });
  const test = useMutation({
    mutationFn: ({ receiverGroupId, webhookId }: { receiverGroupId: string; webhookId: string }) =>
      scope.kind === 'org'
        ? callApi(testOrgWebhook, { params: { orgId: scope.orgId, receiverGroupId, webhookId } })
        : callApi(testProjectWebhook, { params: { projectId: scope.projectId, receiverGroupId, webhookId }, projectId: scope.projectId }),
    onSuccess: refresh,
  });
  const redeliver = useMutation({
    mutationFn: ({ receiverGroupId, webhookId, deliveryId }: { receiverGroupId: string; webhookId: string; deliveryId: string }) =>
      scope.kind === 'org'
        ? callApi(redeliverOrgWebhook, { params: { orgId: scope.orgId, receiverGroupId, webhookId, deliveryId } })
        : callApi(redeliverProjectWebhook, { params: { projectId: scope.projectId, receiverGroupId, webhookId, deliveryId }, projectId: scope.projectId }),
    onSuccess: refresh,
  });
  return { save, remove, test, redeliver };
}
