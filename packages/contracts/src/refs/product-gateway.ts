// Generated from ../product-gateway.ts by `npm run refs -w @console/contracts` (refs/generate.ts); do not edit.
// The endpoints of product-gateway.ts without their schemas, for the web's calls (no zod at first paint).
import type * as contract from '../product-gateway.ts';
import type { EndpointRef } from '../endpoint.ts';

export const sendProductMail: EndpointRef<typeof contract.sendProductMail> = {"id":"productGateway.sendMail","method":"POST","path":"/api/cab/v1/product-mail","access":{"kind":"public"}};
export const verifyProductAppKey: EndpointRef<typeof contract.verifyProductAppKey> = {"id":"productGateway.verifyAppKey","method":"POST","path":"/api/cab/v1/appkeys/verify","access":{"kind":"public"}};
