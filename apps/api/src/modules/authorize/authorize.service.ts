import type { AuthorizeBodySchema, AuthorizeResult } from '@console/contracts';
import type { z } from 'zod';
import { grantOf, type RequestContext } from '../../platform/context.ts';

/**
 * POST organizations/{orgId}/authorize and projects/{projectId}/authorize: every id answered from
 * the one compiled view the route's check bound to this request (no query per id). Unknown ids
 * answer false. A product permission `{productId}:{postfix}` is held exactly when the unprefixed
 * permission is: there is no product catalogue with permissions of its own yet (docs/decisions.md).
 */
export function authorizeMany(ctx: RequestContext, body: z.output<typeof AuthorizeBodySchema>): AuthorizeResult {
  const { view } = grantOf(ctx);
  return {
    permissionIds: body.permissionIds.map((permissionId) => ({ permissionId, authorized: view.has(permissionId) })),
    productPermissions: body.productPermissions.map(({ productId, permissionIdPostfix }) => {
      const permissionId = `${productId}:${permissionIdPostfix}`;
      return { productId, permissionIdPostfix, permissionId, authorized: view.has(permissionId) };
    }),
  };
}
