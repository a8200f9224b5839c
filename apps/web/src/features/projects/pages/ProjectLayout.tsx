import { isUuid } from '@console/contracts/ids';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useParams } from 'react-router';
import { IpAccessGate } from '../../../shared/access/IpAccessGate.tsx';
import { isApiError } from '../../../shared/api/api-error.ts';
import { ERROR_PATHS } from '../../../shared/api/error-route.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { PROJECT_UNAVAILABLE_CODES, projectQuery } from '../../../data/projects/queries.ts';
import { ProjectNoPermission } from '../components/ProjectNoPermission.tsx';

/**
 * /project/:projectId: loads the project to learn its organization, then renders its pages once
 * that organization's IP access rule lets the caller in. A project the caller cannot see (PROJECT_NOT_EXIST,
 * CANNOT_ACCESS) shows "No permission for this project" in the console's shell.
 */
export function ProjectLayout() {
  const { projectId = '' } = useParams();
  const isProjectId = isUuid(projectId);
  const project = useQuery({ ...projectQuery(projectId), enabled: isProjectId });
  // An id that cannot be a project's is a page that does not exist; no need to ask the API.
  if (!isProjectId) return <Navigate to={ERROR_PATHS.notFound} replace />;
  if (project.isPending) return <PageSpinner />;
  if (project.isError && isApiError(project.error) && PROJECT_UNAVAILABLE_CODES.includes(project.error.code ?? '')) {
    return <ProjectNoPermission />;
  }
  if (project.isError) return <ErrorState error={project.error} onRetry={() => void project.refetch()} />;
  return (
    <IpAccessGate key={project.data.projectOrgId} orgId={project.data.projectOrgId}>
      <Outlet />
    </IpAccessGate>
  );
}
