// Generated from ../console.ts by `npm run refs -w @console/contracts` (refs/generate.ts); do not edit.
// The endpoints of console.ts without their schemas, for the web's calls (no zod at first paint).
import type * as contract from '../console.ts';
import type { EndpointRef } from '../endpoint.ts';

export const getConsoleConfig: EndpointRef<typeof contract.getConsoleConfig> = {"id":"console.getConfig","method":"GET","path":"/api/console/v1/config","access":{"kind":"public"}};
export const getDevClock: EndpointRef<typeof contract.getDevClock> = {"id":"console.getDevClock","method":"GET","path":"/api/console/v1/dev-clock","access":{"kind":"session"}};
export const listDevOutbox: EndpointRef<typeof contract.listDevOutbox> = {"id":"console.listDevOutbox","method":"GET","path":"/api/console/v1/dev-outbox","access":{"kind":"session"}};
export const listDevSmsOutbox: EndpointRef<typeof contract.listDevSmsOutbox> = {"id":"console.listDevSmsOutbox","method":"GET","path":"/api/console/v1/dev-outbox/sms","access":{"kind":"session"}};
export const resetDevClock: EndpointRef<typeof contract.resetDevClock> = {"id":"console.resetDevClock","method":"DELETE","path":"/api/console/v1/dev-clock","access":{"kind":"session"}};
export const setDevClock: EndpointRef<typeof contract.setDevClock> = {"id":"console.setDevClock","method":"PUT","path":"/api/console/v1/dev-clock","access":{"kind":"session"}};
