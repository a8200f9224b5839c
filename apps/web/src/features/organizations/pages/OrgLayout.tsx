import { isUuid } from '@console/contracts/ids';
import { Navigate, Outlet, useParams } from 'react-router';
import { IpAccessGate } from '../../../shared/access/IpAccessGate.tsx';
import { ERROR_PATHS } from '../../../shared/api/error-route.ts';

/** /org/:orgId: its pages render once the organization's IP access rule lets the caller in. */
export function OrgLayout() {
  const { orgId = '' } = useParams();
  // An id that cannot be an organization's is a page that does not exist; no need to ask the API.
  if (!isUuid(orgId)) return <Navigate to={ERROR_PATHS.notFound} replace />;
  return (
    <IpAccessGate key={orgId} orgId={orgId}>
      <Outlet />
    </IpAccessGate>
  );
}
