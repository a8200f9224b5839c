// Generated from ../projects.ts by `npm run refs -w @console/contracts` (refs/generate.ts); do not edit.
// The endpoints of projects.ts without their schemas, for the web's calls (no zod at first paint).
import type * as contract from '../projects.ts';
import type { EndpointRef } from '../endpoint.ts';

export const createProject: EndpointRef<typeof contract.createProject> = {"id":"cab.createProject","method":"POST","path":"/api/cab/v5/projects","access":{"kind":"permission","scope":"org","from":"body.orgId","permissions":["Organization.Project.Create"]}};
export const deleteProject: EndpointRef<typeof contract.deleteProject> = {"id":"cab.deleteProject","method":"DELETE","path":"/api/cab/v5/projects/:projectId","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.Setting.Delete"]}};
export const getProject: EndpointRef<typeof contract.getProject> = {"id":"cab.getProject","method":"GET","path":"/api/cab/v5/projects/:projectId","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":[]}};
export const getProjectSelfRoles: EndpointRef<typeof contract.getProjectSelfRoles> = {"id":"cab.getProjectSelfRoles","method":"GET","path":"/api/cab/v6/projects/:projectId/self/roles","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":[]}};
export const listMyProjects: EndpointRef<typeof contract.listMyProjects> = {"id":"cab.listMyProjects","method":"GET","path":"/api/cab/v6/projects","access":{"kind":"session"}};
export const listProjects: EndpointRef<typeof contract.listProjects> = {"id":"cab.listProjects","method":"GET","path":"/api/cab/v5/projects","access":{"kind":"permission","scope":"org","from":"query.orgId","permissions":[]}};
export const transferProjectOwnership: EndpointRef<typeof contract.transferProjectOwnership> = {"id":"cab.transferProjectOwnership","method":"PUT","path":"/api/cab/v5/projects/:projectId/owner","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.Owner.Update"]}};
export const updateProject: EndpointRef<typeof contract.updateProject> = {"id":"cab.updateProject","method":"PUT","path":"/api/cab/v5/projects/:projectId","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.Setting.Update"]}};
