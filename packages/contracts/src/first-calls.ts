import { buildUrl } from './endpoint.ts';
import { ORG_LIST_LIMIT } from './limits.ts';
import { getOrganization, getOrgSelfRoles, listOrganizationInfos, listRegions, validateIpAcl } from './refs/organizations.ts';
import { getProject, getProjectSelfRoles } from './refs/projects.ts';

/**
 * The calls an organization's or a project's page makes before its first paint, by the kind of
 * route (issue 16). One list for two readers: the web's route prefetch (apps/web/src/data/prefetch,
 * which asks them through its queries) and the API, which preloads them in the page's HTML
 * (apps/api/src/platform/first-calls.ts) so the browser asks them beside the scripts instead of
 * after them. The URLs are the client's own, byte for byte (`buildUrl`, the query in the queries'
 * order): a preload answers a fetch only for the same URL. `first-calls.test.ts` in the web holds
 * the queries to them.
 *
 * The order of the area is kept: the IP rule's check (`gate`) first, the area's calls only when it
 * lets the caller in; a project's gate is its own GET, then its organization's rule.
 */
export const FIRST_CALL_KINDS = ['org-area', 'org-overview', 'project-area', 'project-overview'] as const;
export type FirstCallKind = (typeof FIRST_CALL_KINDS)[number];

export const isFirstCallKind = (value: unknown): value is FirstCallKind => FIRST_CALL_KINDS.includes(value as FirstCallKind);

export const firstCalls = {
  /** The organization's IP rule, asked before any of its calls (shared/access/IpAccessGate). */
  orgGate: (orgId: string) => buildUrl(validateIpAcl, { orgId }),
  /** A project's page: the project first (it names the organization whose rule applies). */
  project: (projectId: string) => buildUrl(getProject, { projectId }),
  /** Every page of the organization: the caller's roles there. */
  orgArea: (orgId: string) => [buildUrl(getOrgSelfRoles, { orgId })],
  /** The organization's dashboard and settings: the organization, the caller's organizations, its regions. */
  orgOverview: (orgId: string) => [
    buildUrl(getOrganization, { orgId }),
    buildUrl(listOrganizationInfos, undefined, { page: 1, limit: ORG_LIST_LIMIT }),
    buildUrl(listRegions, undefined, { orgId }),
  ],
  /** Every page of the project: the caller's roles there. */
  projectArea: (projectId: string) => [buildUrl(getProjectSelfRoles, { projectId })],
  /** The project's dashboard: its organization (the overview names it). */
  projectOverview: (orgId: string) => [buildUrl(getOrganization, { orgId })],
} as const;
