import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products, projectProducts } from '../../db/schema/index.ts';

export const productGatewayRepository = {
  /** The product in use in a project (scoped by the project's organization), with its Appkey; undefined when not enabled. */
  async productInUse(db: Executor, orgId: string, projectId: string, productId: string) {
    const [row] = await db
      .select({ appKey: projectProducts.appKey, statusCode: projectProducts.statusCode })
      .from(projectProducts)
      .where(and(eq(projectProducts.orgId, orgId), eq(projectProducts.projectId, projectId), eq(projectProducts.productId, productId)));
    return row;
  },

  /** A catalogue product (reference data: not scoped by organization). */
  async product(db: Executor, productId: string) {
    const [row] = await db
      .select({ productId: products.productId, statusCode: products.statusCode, productUrl: products.productUrl })
      .from(products)
      .where(eq(products.productId, productId));
    return row;
  },
};
