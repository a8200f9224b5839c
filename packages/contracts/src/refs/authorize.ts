// Generated from ../authorize.ts by `npm run refs -w @console/contracts` (refs/generate.ts); do not edit.
// The endpoints of authorize.ts without their schemas, for the web's calls (no zod at first paint).
import type * as contract from '../authorize.ts';
import type { EndpointRef } from '../endpoint.ts';

export const authorizeOrganization: EndpointRef<typeof contract.authorizeOrganization> = {"id":"console.authorizeOrganization","method":"POST","path":"/api/console/v1/organizations/:orgId/authorize","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":[]}};
export const authorizeProject: EndpointRef<typeof contract.authorizeProject> = {"id":"console.authorizeProject","method":"POST","path":"/api/console/v1/projects/:projectId/authorize","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":[]}};
