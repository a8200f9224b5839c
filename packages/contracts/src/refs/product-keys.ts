// Generated from ../product-keys.ts by `npm run refs -w @console/contracts` (refs/generate.ts); do not edit.
// The endpoints of product-keys.ts without their schemas, for the web's calls (no zod at first paint).
import type * as contract from '../product-keys.ts';
import type { EndpointRef } from '../endpoint.ts';

export const createProjectAuthentication: EndpointRef<typeof contract.createProjectAuthentication> = {"id":"cab.createProjectAuthentication","method":"POST","path":"/api/cab/v4/authentications","access":{"kind":"session"}};
export const deleteProjectAuthentication: EndpointRef<typeof contract.deleteProjectAuthentication> = {"id":"cab.deleteProjectAuthentication","method":"DELETE","path":"/api/cab/v4/authentications/:authId","access":{"kind":"session"}};
export const getOrgProduct: EndpointRef<typeof contract.getOrgProduct> = {"id":"cab.getOrgProduct","method":"GET","path":"/api/cab/v5/organizations/:orgId/products/:productId","access":{"kind":"permission","scope":"org","from":"params.orgId","permissions":["Organization.Setting.Update"]}};
export const getProjectProduct: EndpointRef<typeof contract.getProjectProduct> = {"id":"cab.getProjectProduct","method":"GET","path":"/api/cab/v5/projects/:projectId/products/:productId","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.Product.Get"]}};
export const listProjectAuthentications: EndpointRef<typeof contract.listProjectAuthentications> = {"id":"cab.listProjectAuthentications","method":"GET","path":"/api/cab/v4/authentications/projects/:projectId","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":["Project.ProjectAppKey.List"]}};
export const regenerateSecretKey: EndpointRef<typeof contract.regenerateSecretKey> = {"id":"cab.regenerateSecretKey","method":"PUT","path":"/api/cab/v2.1/appkeys/:appKey/secret-key","access":{"kind":"session"}};
export const reportProductResources: EndpointRef<typeof contract.reportProductResources> = {"id":"products.reportResources","method":"PUT","path":"/api/products/v1/resources","access":{"kind":"public"}};
export const updateProjectAuthentication: EndpointRef<typeof contract.updateProjectAuthentication> = {"id":"cab.updateProjectAuthentication","method":"PUT","path":"/api/cab/v4/authentications/:authId","access":{"kind":"session"}};
