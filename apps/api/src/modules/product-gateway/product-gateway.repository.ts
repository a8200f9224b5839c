import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orgProducts, products, projectProducts, saasMembers } from '../../db/schema/index.ts';

export const productGatewayRepository = {
  /** The product in use in a project (scoped by the project's organization), with its Appkey; undefined when not enabled. */
  async productInUse(db: Executor, orgId: string, projectId: string, productId: string) {
    const [row] = await db
      .select({ appKey: projectProducts.appKey, statusCode: projectProducts.statusCode })
      .from(projectProducts)
      .where(and(eq(projectProducts.orgId, orgId), eq(projectProducts.projectId, projectId), eq(projectProducts.productId, productId)));
    return row;
  },

  /** An organization service in use (org_products), with its Appkey; undefined when not enabled. */
  async orgProductInUse(db: Executor, orgId: string, productId: string) {
    const [row] = await db
      .select({ appKey: orgProducts.appKey, statusCode: orgProducts.statusCode })
      .from(orgProducts)
      .where(and(eq(orgProducts.orgId, orgId), eq(orgProducts.productId, productId)));
    return row;
  },

  /** The member's role in an organization service (SaaS members); undefined when not a member. */
  async saasRole(db: Executor, orgId: string, productId: string, memberId: string) {
    const [row] = await db
      .select({ role: saasMembers.role })
      .from(saasMembers)
      .where(and(eq(saasMembers.orgId, orgId), eq(saasMembers.productId, productId), eq(saasMembers.memberId, memberId)));
    return row?.role;
  },

  /** A catalogue product (reference data: not scoped by organization). */
  async product(db: Executor, productId: string) {
    const [row] = await db
      .select({ productId: products.productId, statusCode: products.statusCode, productUrl: products.productUrl, productCategoryCode: products.productCategoryCode })
      .from(products)
      .where(eq(products.productId, productId));
    return row;
  },
};
