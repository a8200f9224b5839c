import { buildUrl } from './endpoint.ts';
import { ORG_LIST_LIMIT } from './limits.ts';
import { getOrganization, getOrgSelfRoles, listOrganizationInfos, listOrganizations, listRegions, validateIpAcl } from './refs/organizations.ts';
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
export const FIRST_CALL_KINDS = ['signed-in', 'org-area', 'org-overview', 'project-area', 'project-overview'] as const;
export type FirstCallKind = (typeof FIRST_CALL_KINDS)[number];

export const isFirstCallKind = (value: unknown): value is FirstCallKind => FIRST_CALL_KINDS.includes(value as FirstCallKind);

export const firstCalls = {
  /**
   * Every page of the signed-in branch (`signed-in`: the API reads it from the route table's
   * `session`, no route names it): the caller's organizations, which name the shell's switcher and
   * breadcrumb in its first paint (the web's main.tsx asks them as it starts).
   */
  signedIn: () => [buildUrl(listOrganizations, undefined, { page: 1, limit: ORG_LIST_LIMIT })],
  /** The organization's IP rule, asked before any of its calls (shared/access/IpAccessGate). */
  orgGate: (orgId: string) => buildUrl(validateIpAcl, { orgId }),
  /** A project's page: the project first (it names the organization whose rule applies). */
  project: (projectId: string) => buildUrl(getProject, { projectId }),
  /** Every page of the organization: the caller's roles there, and its regions (the shell's region selector). */
  orgArea: (orgId: string) => [buildUrl(getOrgSelfRoles, { orgId }), buildUrl(listRegions, undefined, { orgId })],
  /** The organization's dashboard and settings: the organization, the caller's organizations' infos. */
  orgOverview: (orgId: string) => [
    buildUrl(getOrganization, { orgId }),
    buildUrl(listOrganizationInfos, undefined, { page: 1, limit: ORG_LIST_LIMIT }),
  ],
  /** Every page of the project: the caller's roles there, and its organization's regions (the shell's region selector). */
  projectArea: (projectId: string, orgId: string) => [buildUrl(getProjectSelfRoles, { projectId }), buildUrl(listRegions, undefined, { orgId })],
  /** The project's dashboard: its organization (the overview names it). */
  projectOverview: (orgId: string) => [buildUrl(getOrganization, { orgId })],
} as const;
