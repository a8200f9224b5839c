import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The tab's table loads on demand (issue 16): Cloudscape's Table, its pagination and preferences are
 * not on the route's first paint, which is the page's header and tabs; the part is requested when
 * this module loads (`onDemand`'s `now`).
 */
const loadOrgRolesTable = () => import('../components/OrgRolesTable.tsx').then((module) => module.OrgRolesTable);
const OrgRolesTable = onDemand(loadOrgRolesTable, { now: true });

/** /roles/organizations: the caller's roles in each organization (GET self/roles of the rows shown). */
export function OrgRolesTab() {
  return <OrgRolesTable />;
}
