import { createAppKeyMethods } from './app-keys.service.ts';
import { createCatalogueMethods } from './catalogue.service.ts';
import { createEnablementMethods } from './enablement.service.ts';
import { createProductsShared, type ProductsDeps } from './products.shared.ts';

export { withTimeout } from './products.shared.ts';

/**
 * The products service (issue 9), by concern: the catalogue and menus (catalogue.service.ts),
 * enabling and disabling with SaaS members (enablement.service.ts), and keys (app-keys.service.ts),
 * on the helpers they share (products.shared.ts). One object, as before: the routes are unchanged.
 */
export function createProductsService(deps: ProductsDeps) {
  const shared = createProductsShared(deps);
  return {
    ...createCatalogueMethods(deps, shared),
    ...createEnablementMethods(deps, shared),
    ...createAppKeyMethods(deps, shared),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
