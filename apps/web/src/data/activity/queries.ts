import type { ActivityActionCode } from '@console/contracts/activity';
import { listOrgActivities, listProjectActivities } from '@console/contracts/refs/activity';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../shared/api/client.ts';

/** Where a feed is read: an organization's (optionally one project's events) or a project's. */
export type ActivityScope = { readonly orgId: string } | { readonly projectId: string };

export interface ActivityPageRequest {
  readonly page: number;
  readonly limit: number;
  readonly actionCode?: ActivityActionCode | undefined;
}

/**
 * Query keys of the feeds. They begin with ['org', orgId] / ['project', projectId], so the
 * invalidations of organization and project data refresh them too.
 */
export const activityKeys = {
  org: (orgId: string) => ['org', orgId, 'activities'] as const,
  project: (projectId: string) => ['project', projectId, 'activities'] as const,
};

/** One page of a feed, newest first. Always asked again when a page shows it (the feed moves). */
export const activityPageQuery = (scope: ActivityScope, request: ActivityPageRequest) =>
  queryOptions({
    queryKey: [...('orgId' in scope ? activityKeys.org(scope.orgId) : activityKeys.project(scope.projectId)), request] as const,
    queryFn: (context) => {
      const query = { page: request.page, limit: request.limit, ...(request.actionCode ? { actionCode: request.actionCode } : {}) };
      return 'orgId' in scope
        ? callApi(listOrgActivities, { params: { orgId: scope.orgId }, query, ...fromQuery(context) })
        : callApi(listProjectActivities, { params: { projectId: scope.projectId }, query, ...fromQuery(context) });
    },
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
