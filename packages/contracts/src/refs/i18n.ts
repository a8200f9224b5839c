// Generated from ../i18n.ts by `npm run refs -w @console/contracts` (refs/generate.ts); do not edit.
// The endpoints of i18n.ts without their schemas, for the web's calls (no zod at first paint).
import type * as contract from '../i18n.ts';
import type { EndpointRef } from '../endpoint.ts';

export const getMessageBundle: EndpointRef<typeof contract.getMessageBundle> = {"id":"i18n.getMessageBundle","method":"GET","path":"/api/i18n/messages/bundle","access":{"kind":"public"}};
