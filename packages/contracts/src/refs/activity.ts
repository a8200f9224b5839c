// Generated from ../activity.ts by `npm run refs -w @console/contracts` (refs/generate.ts); do not edit.
// The endpoints of activity.ts without their schemas, for the web's calls (no zod at first paint).
import type * as contract from '../activity.ts';
import type { EndpointRef } from '../endpoint.ts';

export const listOrgActivities: EndpointRef<typeof contract.listOrgActivities> = {"id":"cab.listOrgActivities","method":"GET","path":"/api/cab/v6/organizations/:orgId/activities","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":["Organization.Setting.Get"]}};
export const listProjectActivities: EndpointRef<typeof contract.listProjectActivities> = {"id":"cab.listProjectActivities","method":"GET","path":"/api/cab/v6/projects/:projectId/activities","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.Setting.Get"]}};
