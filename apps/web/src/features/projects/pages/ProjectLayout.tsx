import { getProject } from '@console/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useParams } from 'react-router';
import { IpAccessGate } from '../../../shared/access/IpAccessGate.tsx';
import { ERROR_PATHS } from '../../../shared/api/error-route.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { projectQuery } from '../api/queries.ts';

/**
 * /project/:projectId: loads the project to learn its organization, then renders its pages once
 * that organization's IP access rule lets the caller in.
 */
export function ProjectLayout() {
  const { projectId = '' } = useParams();
  const isProjectId = getProject.params?.safeParse({ projectId }).success === true;
  const project = useQuery({ ...projectQuery(projectId), enabled: isProjectId });
  // An id that cannot be a project's is a page that does not exist; no need to ask the API.
  if (!isProjectId) return <Navigate to={ERROR_PATHS.notFound} replace />;
  if (project.isPending) return <PageSpinner />;
  if (project.isError) return <ErrorState error={project.error} onRetry={() => void project.refetch()} />;
  return (
    <IpAccessGate key={project.data.projectOrgId} orgId={project.data.projectOrgId}>
      <Outlet />
    </IpAccessGate>
  );
}
