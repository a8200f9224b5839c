import { z } from 'zod';
import { defineEndpoint, orgPermission, projectPermission, SESSION } from './endpoint.ts';
import { ProductIdParams, ProductIdSchema, RegionCodeSchema, repeated } from './product-common.ts';
import {
  PRODUCT_STATUS_CODES,
  PRODUCT_UI_TYPES,
  RECOMMENDATION_CATEGORIES,
  ProductIconSchema,
  ProductRecommendationSchema,
  ProductSchema,
  ProductUiInUseSchema,
  ProductUiSchema,
} from './product-schemas.ts';

/**
 * Services (issue 9): the product catalogue and its menus (spec §7 "Product menus", "Products").
 * Enabling is in product-enablement.ts, keys in product-keys.ts, the entities in
 * product-schemas.ts; this module answers for all of them (`@console/contracts/products`).
 */

export * from './product-schemas.ts';
export * from './product-enablement.ts';
export * from './product-keys.ts';

// ---- catalogue and menus ----

export const listProducts = defineEndpoint({
  id: 'cab.listProducts',
  method: 'GET',
  path: '/api/cab/v5/products',
  summary: 'The product catalogue; only STABLE products are listed to customers (spec §4)',
  tag: 'products',
  access: SESSION,
  query: z.object({ uuid: z.string().uuid().optional(), statusCodes: repeated(z.enum(PRODUCT_STATUS_CODES)).optional() }),
  response: z.object({ products: z.array(ProductSchema) }),
});

const HierarchyQuery = z.object({
  regionCode: RegionCodeSchema.optional(),
  productUiType: z.enum(PRODUCT_UI_TYPES).default('PROJECT'),
  orgId: z.string().uuid().optional(),
  projectId: z.string().uuid().optional(),
  serviceCode: ProductIdSchema.optional(),
});

export const getProductUiHierarchy = defineEndpoint({
  id: 'cab.getProductUiHierarchy',
  method: 'GET',
  path: '/api/cab/v5/product-uis/hierarchy',
  summary: 'The product menu of one UI type as a tree, for a region (and one service with serviceCode)',
  tag: 'products',
  access: SESSION,
  query: HierarchyQuery,
  response: z.object({ productUis: z.array(ProductUiSchema) }),
});

export const getProductUiAllHierarchy = defineEndpoint({
  id: 'cab.getProductUiAllHierarchy',
  method: 'GET',
  path: '/api/cab/v5/product-uis/all-hierarchy',
  summary: 'Every product menu of every UI type as trees',
  tag: 'products',
  access: SESSION,
  query: z.object({ regionCode: RegionCodeSchema.optional() }),
  response: z.object({ productUis: z.array(ProductUiSchema) }),
});

export const listProductUiIcons = defineEndpoint({
  id: 'cab.listProductUiIcons',
  method: 'GET',
  path: '/api/cab/v5/product-uis/icons',
  summary: 'Menu icons; an empty list when the icon source fails or takes over 2 s (spec §8, §9)',
  tag: 'products',
  access: SESSION,
  response: z.object({ icons: z.array(ProductIconSchema.extend({ productUiId: z.string(), url: z.string() })) }),
});

export const listProductUis = defineEndpoint({
  id: 'cab.listProductUis',
  method: 'GET',
  path: '/api/cab/v5/product-uis',
  summary: 'Product menu entries by id (flat)',
  tag: 'products',
  access: SESSION,
  query: z.object({ uuid: z.string().uuid().optional(), productUiIdList: repeated(z.string().max(100)).optional() }),
  response: z.object({ productUis: z.array(ProductUiSchema) }),
});

export const listPublicApis = defineEndpoint({
  id: 'cab.listPublicApis',
  method: 'GET',
  path: '/api/cab/v5/public-apis',
  summary: 'Public API addresses of the products',
  tag: 'products',
  access: SESSION,
  query: z.object({ productId: ProductIdSchema.optional() }),
  response: z.object({ publicApis: z.array(z.object({ productUiId: z.string(), productId: z.string(), publicApiUrl: z.string() })) }),
});

export const listProductRecommendations = defineEndpoint({
  id: 'cab.listProductRecommendations',
  method: 'GET',
  path: '/api/cab/v5/product-recommendations',
  summary: "Products recommended on the dashboard for the console's edition (at most 4)",
  tag: 'products',
  access: SESSION,
  query: z.object({ recommendationCategory: z.enum(RECOMMENDATION_CATEGORIES).optional() }),
  response: z.object({ recommendations: z.array(ProductRecommendationSchema) }),
});

export const getOrgEnablePermission = defineEndpoint({
  id: 'cab.getOrgEnablePermission',
  method: 'GET',
  path: '/api/cab/v5/products/:productId/has-enable-permission/organizations',
  summary: 'The organizations of the caller where they may enable the product (organization OWNER or ADMIN)',
  tag: 'products',
  access: SESSION,
  params: ProductIdParams,
  query: z.object({ scopeType: z.enum(['ORG', 'PROJECT']).optional(), uuid: z.string().uuid().optional() }),
  response: z.object({
    organizations: z.array(z.object({ orgId: z.string(), orgName: z.string(), hasEnablePermission: z.boolean(), enabled: z.boolean() })),
  }),
});

export const getProjectEnablePermission = defineEndpoint({
  id: 'cab.getProjectEnablePermission',
  method: 'GET',
  path: '/api/cab/v5/products/:productId/has-enable-permission/projects',
  summary: 'The projects of an organization the caller sees, with whether they may enable the product there',
  tag: 'products',
  access: orgPermission('query.orgId'),
  params: ProductIdParams,
  query: z.object({ orgId: z.string().uuid(), uuid: z.string().uuid().optional() }),
  response: z.object({
    projects: z.array(z.object({ projectId: z.string(), projectName: z.string(), hasEnablePermission: z.boolean(), enabled: z.boolean() })),
  }),
});

export const getProjectServiceHierarchy = defineEndpoint({
  id: 'cab.getProjectServiceHierarchy',
  method: 'GET',
  path: '/api/cab/v5/projects/:projectId/product-uis/service-hierarchy',
  summary: "The services in use in a project, in the order of its left menu (spec §3 ProductUiInUse)",
  tag: 'products',
  access: projectPermission('params.projectId'),
  params: z.object({ projectId: z.string().uuid() }),
  query: z.object({ productUiType: z.enum(['PROJECT', 'MARKET_PLACE', 'PROJECT_DASHBOARD']).default('PROJECT') }),
  response: z.object({ productUis: z.array(ProductUiInUseSchema) }),
});

export const createLnbRelation = defineEndpoint({
  id: 'cab.createLnbRelation',
  method: 'POST',
  path: '/api/cab/v5/lnb-project-product-relations',
  summary: "Put a service in use back in the project's left menu, last",
  tag: 'products',
  access: SESSION,
  body: z.object({ projectId: z.string().uuid(), productId: ProductIdSchema }),
  response: z.object({ lnbProjectProductRelationId: z.string(), orderIdx: z.number() }),
});

export const deleteLnbRelation = defineEndpoint({
  id: 'cab.deleteLnbRelation',
  method: 'DELETE',
  path: '/api/cab/v5/lnb-project-product-relations/:relationId',
  summary: "Take a service out of the project's left menu (it stays enabled)",
  tag: 'products',
  access: SESSION,
  params: z.object({ relationId: z.string().uuid() }),
  response: z.object({ lnbProjectProductRelationId: z.string() }),
});
