import { onDemand } from '../../../shared/ui/on-demand.tsx';

/**
 * The tab's table loads on demand (issue 16): Cloudscape's Table, its pagination and preferences are
 * not on the route's first paint, which is the page's header and tabs; the part is requested when
 * this module loads (`onDemand`'s `now`).
 */
const loadProjectRolesTable = () => import('../components/ProjectRolesTable.tsx').then((module) => module.ProjectRolesTable);
const ProjectRolesTable = onDemand(loadProjectRolesTable, { now: true });

/**
 * /roles/projects: the caller's roles in each project, a server page at a time (GET v6 projects
 * by name), with the roles of the rows shown (GET self/roles, organization roles included).
 */
export function ProjectRolesTab() {
  return <ProjectRolesTable />;
}
