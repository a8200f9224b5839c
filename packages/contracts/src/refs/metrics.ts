// Generated from ../metrics.ts by `npm run refs -w @console/contracts` (refs/generate.ts); do not edit.
// The endpoints of metrics.ts without their schemas, for the web's calls (no zod at first paint).
import type * as contract from '../metrics.ts';
import type { EndpointRef } from '../endpoint.ts';

export const ingestSamples: EndpointRef<typeof contract.ingestSamples> = {"id":"metrics.ingestSamples","method":"POST","path":"/api/metrics/v1/ingest/samples","access":{"kind":"public"},"handlesAuthErrors":true};
export const ingestUsage: EndpointRef<typeof contract.ingestUsage> = {"id":"metrics.ingestUsage","method":"POST","path":"/api/metrics/v1/ingest/usage","access":{"kind":"public"},"handlesAuthErrors":true};
export const listUsage: EndpointRef<typeof contract.listUsage> = {"id":"metrics.listUsage","method":"GET","path":"/api/metrics/v1/projects/:projectId/usage","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.Payment.Get"]}};
export const queryMetrics: EndpointRef<typeof contract.queryMetrics> = {"id":"metrics.queryMetrics","method":"POST","path":"/api/metrics/v1/projects/:projectId/metrics/query","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.Dashboard.Get"]}};
