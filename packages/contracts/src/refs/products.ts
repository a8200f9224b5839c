// Generated from ../products.ts by `npm run refs -w @console/contracts` (refs/generate.ts); do not edit.
// The endpoints of products.ts without their schemas, for the web's calls (no zod at first paint).
import type * as contract from '../products.ts';
import type { EndpointRef } from '../endpoint.ts';

export const createLnbRelation: EndpointRef<typeof contract.createLnbRelation> = {"id":"cab.createLnbRelation","method":"POST","path":"/api/cab/v5/lnb-project-product-relations","access":{"kind":"session"}};
export const deleteLnbRelation: EndpointRef<typeof contract.deleteLnbRelation> = {"id":"cab.deleteLnbRelation","method":"DELETE","path":"/api/cab/v5/lnb-project-product-relations/:relationId","access":{"kind":"session"}};
export const getOrgEnablePermission: EndpointRef<typeof contract.getOrgEnablePermission> = {"id":"cab.getOrgEnablePermission","method":"GET","path":"/api/cab/v5/products/:productId/has-enable-permission/organizations","access":{"kind":"session"}};
export const getProductUiAllHierarchy: EndpointRef<typeof contract.getProductUiAllHierarchy> = {"id":"cab.getProductUiAllHierarchy","method":"GET","path":"/api/cab/v5/product-uis/all-hierarchy","access":{"kind":"session"}};
export const getProductUiHierarchy: EndpointRef<typeof contract.getProductUiHierarchy> = {"id":"cab.getProductUiHierarchy","method":"GET","path":"/api/cab/v5/product-uis/hierarchy","access":{"kind":"session"}};
export const getProjectEnablePermission: EndpointRef<typeof contract.getProjectEnablePermission> = {"id":"cab.getProjectEnablePermission","method":"GET","path":"/api/cab/v5/products/:productId/has-enable-permission/projects","access":{"kind":"permission","scope":"org","from":"query.orgId","permissions":[]}};
export const getProjectServiceHierarchy: EndpointRef<typeof contract.getProjectServiceHierarchy> = {"id":"cab.getProjectServiceHierarchy","method":"GET","path":"/api/cab/v5/projects/:projectId/product-uis/service-hierarchy","access":{"kind":"permission","scope":"project","from":"params.projectId","permissions":[]}};
export const listProductRecommendations: EndpointRef<typeof contract.listProductRecommendations> = {"id":"cab.listProductRecommendations","method":"GET","path":"/api/cab/v5/product-recommendations","access":{"kind":"session"}};
export const listProductUiIcons: EndpointRef<typeof contract.listProductUiIcons> = {"id":"cab.listProductUiIcons","method":"GET","path":"/api/cab/v5/product-uis/icons","access":{"kind":"session"}};
export const listProductUis: EndpointRef<typeof contract.listProductUis> = {"id":"cab.listProductUis","method":"GET","path":"/api/cab/v5/product-uis","access":{"kind":"session"}};
export const listProducts: EndpointRef<typeof contract.listProducts> = {"id":"cab.listProducts","method":"GET","path":"/api/cab/v5/products","access":{"kind":"session"}};
export const listPublicApis: EndpointRef<typeof contract.listPublicApis> = {"id":"cab.listPublicApis","method":"GET","path":"/api/cab/v5/public-apis","access":{"kind":"session"}};
