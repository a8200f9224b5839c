// Generated from ../silences.ts by `npm run refs -w @console/contracts` (refs/generate.ts); do not edit.
// The endpoints of silences.ts without their schemas, for the web's calls (no zod at first paint).
import type * as contract from '../silences.ts';
import type { EndpointRef } from '../endpoint.ts';

export const createOrgSilence: EndpointRef<typeof contract.createOrgSilence> = {"id":"alarms.createOrgSilence","method":"POST","path":"/api/alarm/v6/organizations/:orgId/silences","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":["Organization.SystemNotification.Update"]}};
export const createSilence: EndpointRef<typeof contract.createSilence> = {"id":"alarms.createSilence","method":"POST","path":"/api/alarm/v6/projects/:projectId/silences","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.SystemNotification.Update"]}};
export const deleteOrgSilence: EndpointRef<typeof contract.deleteOrgSilence> = {"id":"alarms.deleteOrgSilence","method":"DELETE","path":"/api/alarm/v6/organizations/:orgId/silences/:silenceId","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":["Organization.SystemNotification.Update"]}};
export const deleteSilence: EndpointRef<typeof contract.deleteSilence> = {"id":"alarms.deleteSilence","method":"DELETE","path":"/api/alarm/v6/projects/:projectId/silences/:silenceId","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.SystemNotification.Update"]}};
export const listOrgSilences: EndpointRef<typeof contract.listOrgSilences> = {"id":"alarms.listOrgSilences","method":"GET","path":"/api/alarm/v6/organizations/:orgId/silences","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":["Organization.SystemNotification.List"]}};
export const listSilences: EndpointRef<typeof contract.listSilences> = {"id":"alarms.listSilences","method":"GET","path":"/api/alarm/v6/projects/:projectId/silences","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.SystemNotification.List"]}};
