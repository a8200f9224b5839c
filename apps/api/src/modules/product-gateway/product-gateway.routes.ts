import { PRODUCT_AUTH_HEADERS, sendProductMail, verifyProductAppKey } from '@console/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../platform/routes.ts';
import type { ProductGatewayService } from './product-gateway.service.ts';

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const keysOf = (request: FastifyRequest) =>
  [headerOf(request, PRODUCT_AUTH_HEADERS.appKey), headerOf(request, PRODUCT_AUTH_HEADERS.secretKey)] as const;

/** Products' calls to the console, authenticated by X-Appkey and X-Secret-Key (docs/products.md). */
export function registerProductGatewayRoutes(app: FastifyInstance, deps: { productGateway: ProductGatewayService }) {
  const { productGateway } = deps;

  registerEndpoint(app, verifyProductAppKey, ({ request, body }) => productGateway.verify(...keysOf(request), body.productId));
  registerEndpoint(app, sendProductMail, ({ request, body }) => productGateway.sendMail(...keysOf(request), body));
}
