import { isUuid } from '@console/contracts/ids';
import type { Organization, Project } from '@console/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { useMatches } from 'react-router';
import { organizationsQuery } from '../../data/organizations/queries.ts';
import { projectQuery } from '../../data/projects/queries.ts';

/** Where the user is: an organization, a project in it, or neither (home). */
export interface Scope {
  readonly orgId: string | undefined;
  readonly projectId: string | undefined;
  readonly org: Organization | undefined;
  readonly project: Project | undefined;
  readonly orgs: readonly Organization[] | undefined;
}

/**
 * The organization and project of the current URL. Names come from the caller's organization list
 * and the project itself, so the shell asks nothing of an organization before its IP check.
 */
export function useScope(): Scope {
  const params = useMatches().at(-1)?.params ?? {};
  // Ids that cannot be real are not asked about (their layouts show the not-found page).
  const projectId = isUuid(params.projectId) ? params.projectId : undefined;
  const pathOrgId = isUuid(params.orgId) ? params.orgId : undefined;
  const orgs = useQuery(organizationsQuery());
  const project = useQuery({ ...projectQuery(projectId ?? ''), enabled: projectId !== undefined });
  const orgId = pathOrgId ?? (projectId ? project.data?.projectOrgId : undefined);
  return {
    orgId,
    // A project the caller cannot see gets no menu or breadcrumb of its own (its page says why).
    projectId: project.isError ? undefined : projectId,
    org: orgId ? orgs.data?.find((org) => org.orgId === orgId) : undefined,
    project: projectId ? project.data : undefined,
    orgs: orgs.data,
  };
}
