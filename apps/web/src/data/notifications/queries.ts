import * as contracts from '@console/contracts/refs/notifications';
import type { ReceiverGroupBody } from '@console/contracts/notifications';
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
        ? callApi(contracts.listOrgReceiverGroups, { params: { orgId: scope.orgId }, query, ...fromQuery(context) })
        : callApi(contracts.listProjectReceiverGroups, { params: { projectId: scope.projectId }, query, projectId: scope.projectId, ...fromQuery(context) });
    },
    placeholderData: keepPreviousData,
  });

export const receiverGroupQuery = (scope: NotificationScope, receiverGroupId: string) =>
  queryOptions({
    queryKey: [...keyOf(scope), 'detail', receiverGroupId] as const,
    queryFn: (context) =>
      scope.kind === 'org'
        ? callApi(contracts.getOrgReceiverGroup, { params: { orgId: scope.orgId, receiverGroupId }, ...fromQuery(context) })
        : callApi(contracts.getProjectReceiverGroup, { params: { projectId: scope.projectId, receiverGroupId }, projectId: scope.projectId, ...fromQuery(context) }),
  });

export const deliveriesQuery = (scope: NotificationScope, receiverGroupId: string, webhookId: string, page: number) =>
  queryOptions({
    queryKey: [...keyOf(scope), 'deliveries', webhookId, page] as const,
    queryFn: (context) =>
      scope.kind === 'org'
        ? callApi(contracts.listOrgWebhookDeliveries, { params: { orgId: scope.orgId, receiverGroupId, webhookId }, query: { page, limit: 10 }, ...fromQuery(context) })
        : callApi(contracts.listProjectWebhookDeliveries, { params: { projectId: scope.projectId, receiverGroupId, webhookId }, query: { page, limit: 10 }, projectId: scope.projectId, ...fromQuery(context) }),
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
          ? callApi(contracts.updateOrgReceiverGroup, { params: { orgId: scope.orgId, receiverGroupId }, body })
          : callApi(contracts.createOrgReceiverGroup, { params: { orgId: scope.orgId }, body });
      }
      return receiverGroupId
        ? callApi(contracts.updateProjectReceiverGroup, { params: { projectId: scope.projectId, receiverGroupId }, body, projectId: scope.projectId })
        : callApi(contracts.createProjectReceiverGroup, { params: { projectId: scope.projectId }, body, projectId: scope.projectId });
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (receiverGroupId: string) =>
      scope.kind === 'org'
        ? callApi(contracts.deleteOrgReceiverGroup, { params: { orgId: scope.orgId, receiverGroupId } })
        : callApi(contracts.deleteProjectReceiverGroup, { params: { projectId: scope.projectId, receiverGroupId }, projectId: scope.projectId }),
    onSuccess: refresh,
  });
  const test = useMutation({
    mutationFn: ({ receiverGroupId, webhookId }: { receiverGroupId: string; webhookId: string }) =>
      scope.kind === 'org'
        ? callApi(contracts.testOrgWebhook, { params: { orgId: scope.orgId, receiverGroupId, webhookId } })
        : callApi(contracts.testProjectWebhook, { params: { projectId: scope.projectId, receiverGroupId, webhookId }, projectId: scope.projectId }),
    onSuccess: refresh,
  });
  const redeliver = useMutation({
    mutationFn: ({ receiverGroupId, webhookId, deliveryId }: { receiverGroupId: string; webhookId: string; deliveryId: string }) =>
      scope.kind === 'org'
        ? callApi(contracts.redeliverOrgWebhook, { params: { orgId: scope.orgId, receiverGroupId, webhookId, deliveryId } })
        : callApi(contracts.redeliverProjectWebhook, { params: { projectId: scope.projectId, receiverGroupId, webhookId, deliveryId }, projectId: scope.projectId }),
    onSuccess: refresh,
  });
  return { save, remove, test, redeliver };
}
