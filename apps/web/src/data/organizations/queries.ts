import type { ProjectSort } from '@console/contracts/organizations';
import {
  getOrganization,
  getOrgMembersSummary,
  listOrganizationInfos,
  listOrganizations,
  listRegions,
  validateOrgDomain,
} from '@console/contracts/refs/organizations';
import { listProjects } from '@console/contracts/refs/projects';
import { CACHE_MAX_AGE_SECONDS, ORG_LIST_LIMIT, ORG_PROJECT_LIST_LIMIT } from '@console/contracts/limits';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callApi, fromQuery } from '../../shared/api/client.ts';
import { orgKeys } from './keys.ts';

/** Organizations the caller belongs to (spec §9: asked with limit 9999). */
export const organizationsQuery = () =>
  queryOptions({
    queryKey: orgKeys.list(),
    queryFn: (context) => callApi(listOrganizations, { query: { page: 1, limit: ORG_LIST_LIMIT }, ...fromQuery(context) }),
    select: (data) => data.orgs,
  });

/** The caller's organizations with owner and project quota, and whether they may create one. */
export const organizationInfosQuery = () =>
  queryOptions({
    queryKey: orgKeys.infos(),
    queryFn: (context) =>
      callApi(listOrganizationInfos, { query: { page: 1, limit: ORG_LIST_LIMIT }, ...fromQuery(context) }),
  });

export const organizationQuery = (orgId: string) =>
  queryOptions({
    queryKey: orgKeys.detail(orgId),
    queryFn: (context) => callApi(getOrganization, { params: { orgId }, ...fromQuery(context) }),
    select: (data) => data.org,
  });

/** Every project of an organization the caller can see (spec §9: limit 1000), for switchers and cards. */
export const orgProjectsQuery = (orgId: string) =>
  queryOptions({
    queryKey: orgKeys.projects(orgId),
    queryFn: (context) =>
      callApi(listProjects, { query: { orgId, page: 1, limit: ORG_PROJECT_LIST_LIMIT }, ...fromQuery(context) }),
    select: (data) => data.projects,
  });

/**
 * The projects of one organization on a card of a page that lists several (home): a refusal of
 * that organization's network rules (IP_NOT_ALLOWED, COUNTRY_NOT_PERMITTED) is shown on its card, not by leaving the page for
 * the error page as a call of the organization's own pages does.
 */
export const orgProjectsCardQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...orgKeys.projects(orgId), 'card'] as const,
    queryFn: (context) =>
      callApi(listProjects, { query: { orgId, page: 1, limit: ORG_PROJECT_LIST_LIMIT }, routeErrors: false, ...fromQuery(context) }),
    select: (data) => data.projects,
    retry: false,
  });

/** One page of an organization's projects, paged by the server; the last page stays while the next loads. */
export const orgProjectsPageQuery = (orgId: string, page: number, limit: number, sort: ProjectSort = 'regDateTime,asc') =>
  queryOptions({
    queryKey: orgKeys.projectsPage(orgId, page, limit, sort),
    queryFn: (context) => callApi(listProjects, { query: { orgId, page, limit, sort }, ...fromQuery(context) }),
    placeholderData: keepPreviousData,
  });

/**
 * When this tab last changed an organization's regions: the API lets browsers keep its region
 * list for 60 s, so for that long the list is asked for with `cache-control: no-cache`.
 */
const regionsChangedAt = new Map<string, number>();

export function markRegionsChanged(orgId: string): void {
  regionsChangedAt.set(orgId, Date.now());
}

const regionsRecentlyChanged = (orgId: string) =>
  Date.now() - (regionsChangedAt.get(orgId) ?? Number.NEGATIVE_INFINITY) < CACHE_MAX_AGE_SECONDS * 1000;

/** Regions of an organization as the API lists them (GLOBAL included; the selector hides it). */
export const orgRegionsQuery = (orgId: string) =>
  queryOptions({
    queryKey: orgKeys.regions(orgId),
    queryFn: (context) =>
      callApi(listRegions, { query: { orgId }, noCache: regionsRecentlyChanged(orgId), ...fromQuery(context) }),
    select: (data) => data.regions,
    staleTime: 5 * 60_000,
  });

/**
 * The server's check of a domain (spec §5 rule DOMAIN_RULE_VIOLATION, prohibited word DOMAIN_PROHIBITED_WORD, in use DUPLICATE_DOMAIN). A
 * refusal is an answer, not a failure to retry: the error carries the code and the field message.
 */
export const domainCheckQuery = (orgId: string, domainName: string) =>
  queryOptions({
    queryKey: orgKeys.domainCheck(orgId, domainName),
    queryFn: (context) =>
      callApi(validateOrgDomain, { params: { orgId }, body: { domainName }, ...fromQuery(context) }),
    retry: false,
    staleTime: 30_000,
  });

/** The organization's members counted per role (the dashboard's members widget). */
export const orgMembersSummaryQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...orgKeys.detail(orgId), 'members-summary'] as const,
    queryFn: (context) => callApi(getOrgMembersSummary, { params: { orgId }, ...fromQuery(context) }),
    select: (data) => data.summary,
    staleTime: 0,
  });
