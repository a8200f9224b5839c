import type { QueryClient } from '@tanstack/react-query';
import { ipAccessQuery } from '../../shared/access/ip-access.ts';
import { projectQuery } from '../projects/queries.ts';

/**
 * Whether the organization's IP access rule lets the caller in, asked once for the loaders of
 * one address (the layout's and the page's ask together and share the request). A route's
 * prefetch (issue 16) starts the area's queries only after this, as the area's gate renders its
 * pages only after it (shared/access/IpAccessGate.tsx): no organization call leaves before the rule
 * is known. Any failure answers false (the gate, when it renders, asks and reports on its own).
 */
export async function orgLetsIn(queryClient: QueryClient, orgId: string): Promise<boolean> {
  try {
    return (await queryClient.fetchQuery(ipAccessQuery(orgId))).allowed;
  } catch {
    return false;
  }
}

/**
 * The organization of a project, once the project is known and its organization's IP rule lets
 * the caller in (the order of `ProjectLayout`); undefined otherwise.
 */
export async function projectOrgLettingIn(queryClient: QueryClient, projectId: string): Promise<string | undefined> {
  try {
    const { project } = await queryClient.fetchQuery(projectQuery(projectId));
    return (await orgLetsIn(queryClient, project.projectOrgId)) ? project.projectOrgId : undefined;
  } catch {
    return undefined;
  }
}
