// Generated from ../auth.ts by `npm run refs -w @console/contracts` (refs/generate.ts); do not edit.
// The endpoints of auth.ts without their schemas, for the web's calls (no zod at first paint).
import type * as contract from '../auth.ts';
import type { EndpointRef } from '../endpoint.ts';

export const getSession: EndpointRef<typeof contract.getSession> = {"id":"console.getSession","method":"GET","path":"/api/console/v1/session","access":{"kind":"session"}};
export const iamLogin: EndpointRef<typeof contract.iamLogin> = {"id":"auth.iamLogin","method":"POST","path":"/api/auth/v1/iam/login","access":{"kind":"public"},"handlesAuthErrors":true};
export const logout: EndpointRef<typeof contract.logout> = {"id":"auth.logout","method":"POST","path":"/api/auth/v1/logout","access":{"kind":"session"},"handlesAuthErrors":true};
export const memberLogin: EndpointRef<typeof contract.memberLogin> = {"id":"auth.memberLogin","method":"POST","path":"/api/auth/v1/login","access":{"kind":"public"},"handlesAuthErrors":true};
