import { useQuery } from '@tanstack/react-query';
import { organizationQuery } from '../../../data/organizations/queries.ts';
import { projectQuery } from '../../../data/projects/queries.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';

/**
 * What a project's own page reads first: the project, its organization (asked once the project
 * names it), the caller's permissions in the project, and the tab title "<project> - <page>".
 */
export function useProjectPage(projectId: string, pageTitle: string) {
  const project = useQuery(projectQuery(projectId));
  const orgId = project.data?.projectOrgId;
  const org = useQuery({ ...organizationQuery(orgId ?? ''), enabled: orgId !== undefined });
  const permissions = usePermissions({ projectId });
  useDocumentTitle(project.data ? `${project.data.projectName} - ${pageTitle}` : pageTitle);
  return { project, org, permissions };
}
