import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { FirstCallKind } from '@console/contracts/first-calls';
import { isUuid } from '@console/contracts/ids';
import { orgSelfRolesQuery, projectSelfRolesQuery } from '../../shared/permissions/queries.ts';
import { organizationInfosQuery, organizationQuery, orgRegionsQuery } from '../organizations/queries.ts';
import { orgLetsIn, projectOrgLettingIn } from './area-access.ts';

/**
 * The queries of the organization's and the project's layouts and pages, for the route table's
 * `prefetch` (app/route-types.ts, issue 16): each names the queries its layout or page asks for on
 * its first render, with the same options, so the page finds them in flight or answered. Started
 * only once the area's IP rule lets the caller in (`area-access.ts`), and never awaited.
 *
 * Each carries its kind of `firstCalls` (@console/contracts/first-calls): the build writes it into
 * the route table the API reads (dist/.vite/route-preloads.json), and the API preloads those calls
 * in the page's HTML, so these queries find the answers already on their way (first-calls.test.ts
 * holds the two to the same URLs).
 */
export type Prefetch = ((queryClient: QueryClient, params: Params) => void) & { readonly calls: FirstCallKind };

const prefetchOf = (calls: FirstCallKind, run: (queryClient: QueryClient, params: Params) => void): Prefetch => Object.assign(run, { calls });

const start = (run: () => Promise<unknown>) => void run().catch(() => undefined);

/** /org/:orgId (OrgLayout and every page below it): the caller's roles there (usePermissions), its regions (the shell's region selector). */
export const prefetchOrgArea = prefetchOf('org-area', (queryClient, { orgId = '' }) => {
  if (!isUuid(orgId)) return;
  start(async () => {
    if (!(await orgLetsIn(queryClient, orgId))) return;
    await Promise.all([queryClient.prefetchQuery(orgSelfRolesQuery(orgId)), queryClient.prefetchQuery(orgRegionsQuery(orgId))]);
  });
});

/** The organization's dashboard and settings: the organization, the caller's organizations' infos. */
export const prefetchOrgOverview = prefetchOf('org-overview', (queryClient, { orgId = '' }) => {
  if (!isUuid(orgId)) return;
  start(async () => {
    if (!(await orgLetsIn(queryClient, orgId))) return;
    await Promise.all([queryClient.prefetchQuery(organizationQuery(orgId)), queryClient.prefetchQuery(organizationInfosQuery())]);
  });
});

/** /project/:projectId (ProjectLayout and every page below it): the project, then the caller's roles in it and its organization's regions. */
export const prefetchProjectArea = prefetchOf('project-area', (queryClient, { projectId = '' }) => {
  if (!isUuid(projectId)) return;
  start(async () => {
    const orgId = await projectOrgLettingIn(queryClient, projectId);
    if (orgId) await Promise.all([queryClient.prefetchQuery(projectSelfRolesQuery(projectId)), queryClient.prefetchQuery(orgRegionsQuery(orgId))]);
  });
});

/** The project's dashboard: its organization too (the overview names it). */
export const prefetchProjectOverview = prefetchOf('project-overview', (queryClient, { projectId = '' }) => {
  if (!isUuid(projectId)) return;
  start(async () => {
    const orgId = await projectOrgLettingIn(queryClient, projectId);
    if (orgId) await queryClient.prefetchQuery(organizationQuery(orgId));
  });
});
