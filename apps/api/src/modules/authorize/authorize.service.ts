import type { AuthorizeBodySchema, AuthorizeResult } from '@console/contracts';
import type { z } from 'zod';
import { grantOf, type RequestContext } from '../../platform/context.ts';
import { productPermissionNameOf } from '../../platform/policy/engine.ts';

/**
 * POST organizations/{orgId}/authorize and projects/{projectId}/authorize: every id answered from
 * the one compiled view the route's check bound to this request (no query per id). Unknown ids
 * answer false. A product permission is `{the product's permissionName}:{postfix}` (spec §6), e.g.
 * `Email:Project.Product.Get`, asked as an id or as `{ productId, permissionIdPostfix }`; the
 * engine holds it by the unprefixed permission or a role group naming it, and never for a product
 * outside the catalogue or a postfix that is not a product's (docs/decisions.md "Product permissions").
 */
export function authorizeMany(ctx: RequestContext, body: z.output<typeof AuthorizeBodySchema>): AuthorizeResult {
  const { view } = grantOf(ctx);
  return {
    permissionIds: body.permissionIds.map((permissionId) => ({ permissionId, authorized: view.has(permissionId) })),
    productPermissions: body.productPermissions.map(({ productId, permissionIdPostfix }) => {
      const permissionId = `${productPermissionNameOf(productId) ?? productId}:${permissionIdPostfix}`;
      return { productId, permissionIdPostfix, permissionId, authorized: view.has(permissionId) };
    }),
  };
}
