import {
  createLnbRelation,
  createProjectAuthentication,
  deleteLnbRelation,
  deleteProjectAuthentication,
  disableOrgProduct,
  disableProjectProduct,
  enableOrgProduct,
  enableProjectProduct,
  getOrgEnablePermission,
  getOrgProduct,
  getProductUiAllHierarchy,
  getProductUiHierarchy,
  getProjectEnablePermission,
  getProjectProduct,
  getProjectServiceHierarchy,
  listProductPreconditions,
  listProductRecommendations,
  listProducts,
  listProductUiIcons,
  listProductUis,
  listProjectAuthentications,
  listPublicApis,
  listSaasMembers,
  regenerateSecretKey,
  reportProductResources,
  setSaasMemberRole,
  setSaasOwner,
  updateProjectAuthentication,
  validateEnableRestriction,
} from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { ProductsService } from './products.service.ts';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function registerProductRoutes(app: FastifyInstance, deps: { products: ProductsService }) {
  const { products } = deps;
  // catalogue and menus
  registerEndpoint(app, listProducts, ({ ctx, query }) => products.listProducts(query.statusCodes, ctx.lang));
  registerEndpoint(app, getProductUiHierarchy, ({ ctx, query }) => products.hierarchy(ctx, query));
  registerEndpoint(app, getProductUiAllHierarchy, ({ ctx, query }) => products.allHierarchy(ctx, query.regionCode));
  registerEndpoint(app, listProductUiIcons, () => products.icons());
  registerEndpoint(app, listProductUis, ({ ctx, query }) => products.productUisByIds(ctx, query.productUiIdList));
  registerEndpoint(app, listPublicApis, ({ query }) => products.publicApis(query.productId));
  registerEndpoint(app, listProductRecommendations, ({ ctx, query }) => products.recommendations(ctx, query.recommendationCategory));
  registerEndpoint(app, getOrgEnablePermission, ({ ctx, params }) => products.orgEnablePermission(ctx, params.productId));
  registerEndpoint(app, getProjectEnablePermission, ({ ctx, params }) => products.projectEnablePermission(ctx, params.productId));
  registerEndpoint(app, getProjectServiceHierarchy, ({ ctx, query }) => products.serviceHierarchy(ctx, query.productUiType));
  registerEndpoint(app, createLnbRelation, ({ ctx, body }) => products.addLnbRelation(ctx, body.projectId, body.productId));
  registerEndpoint(app, deleteLnbRelation, ({ ctx, params }) => products.deleteLnbRelation(ctx, params.relationId));
  // enable and disable
  registerEndpoint(app, enableProjectProduct, ({ ctx, params }) => products.enableInProject(ctx, params.productId));
  registerEndpoint(app, disableProjectProduct, ({ ctx, params }) => products.disableInProject(ctx, params.productId));
  registerEndpoint(app, enableOrgProduct, ({ ctx, params, body }) => products.enableInOrg(ctx, params.productId, body.saasOwnerUuid));
  registerEndpoint(app, disableOrgProduct, ({ ctx, params }) => products.disableInOrg(ctx, params.productId));
  registerEndpoint(app, validateEnableRestriction, ({ ctx, params, body }) => products.validateEnableRestriction(ctx, params.productId, body));
  registerEndpoint(app, listProductPreconditions, ({ ctx, params, query }) =>
    products.preconditions(ctx, params.productId, query.uuid, query.productPreconditionId),
  );
  // SaaS members
  registerEndpoint(app, listSaasMembers, ({ ctx, query }) => products.listSaasMembers(ctx, query));
  registerEndpoint(app, setSaasMemberRole, ({ ctx, params, body }) => products.setSaasRole(ctx, params.memberId, body.productId, body.role));
  registerEndpoint(app, setSaasOwner, ({ ctx, params, body }) => products.setSaasOwner(ctx, params.memberId, body.productId));
  // keys
  registerEndpoint(app, getProjectProduct, ({ ctx, params }) => products.projectProduct(ctx, params.productId));
  registerEndpoint(app, getOrgProduct, ({ ctx, params }) => products.orgProduct(ctx, params.productId));
  registerEndpoint(app, regenerateSecretKey, ({ ctx, params, body }) => products.regenerateSecretKey(ctx, params.appKey, body.appKey));
  registerEndpoint(app, listProjectAuthentications, async ({ ctx, reply }) => {
    // Spec §7: the list is read with no-cache (a key just created or stopped shows at once).
    reply.header('cache-control', 'no-cache');
    return products.listAuthentications(ctx);
  });
  registerEndpoint(app, createProjectAuthentication, ({ ctx, body }) => products.createAuthentication(ctx, body.authentication));
  registerEndpoint(app, updateProjectAuthentication, ({ ctx, params, body }) => products.updateAuthentication(ctx, params.authId, body.authentication));
  registerEndpoint(app, deleteProjectAuthentication, ({ ctx, params, body }) => products.deleteAuthentication(ctx, params.authId, body.uuid));
  // what products report, with their Appkey
  registerEndpoint(app, reportProductResources, ({ ctx, request, body }) =>
    products.reportResources(ctx, header(request.headers['x-appkey']), header(request.headers['x-secret-key']), body.resourceCount),
  );
}
