// Generated from ../audit.ts by `npm run refs -w @console/contracts` (refs/generate.ts); do not edit.
// The endpoints of audit.ts without their schemas, for the web's calls (no zod at first paint).
import type * as contract from '../audit.ts';
import type { EndpointRef } from '../endpoint.ts';

export const exportAuditEvents: EndpointRef<typeof contract.exportAuditEvents> = {"id":"cab.exportAuditEvents","method":"GET","path":"/api/cab/v1/organizations/:orgId/audit-events/export","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":["Organization.Member.List","Organization.Setting.Update"]}};
export const listAuditEvents: EndpointRef<typeof contract.listAuditEvents> = {"id":"cab.listAuditEvents","method":"GET","path":"/api/cab/v1/organizations/:orgId/audit-events","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":["Organization.Member.List","Organization.Setting.Update"]}};
