import { ALL_PERMISSIONS, type PermissionName } from './permissions.ts';

/**
 * Product permissions (spec §6 "Permission names … optionally prefixed by a product permission
 * name and a colon"): `{Product.permissionName}:{Permission}`, e.g. `Email:Project.Product.Get`.
 * The permission after the colon is one that governs a service in a project — its use
 * (`Project.Product.*`) and its Appkeys (`Project.ProjectAppKey.*`); the name before it must be a
 * product of the catalogue (the API checks that against the products table). Such a permission is
 * held when the unprefixed one is (every built-in role that grants Project.Product.Get grants it
 * for every product), or when a role group of the caller names it exactly (a role whose roleId is
 * the product permission: that product only); a DENY of either takes it away (docs/decisions.md
 * "Product permissions").
 */
export const PRODUCT_PERMISSION_POSTFIXES: readonly PermissionName[] = ALL_PERMISSIONS.filter(
  (permission) => permission.startsWith('Project.Product.') || permission.startsWith('Project.ProjectAppKey.'),
);

/** A product permission id: `{permissionName}:{postfix}`. */
export type ProductPermissionId = `${string}:${PermissionName}`;

const PRODUCT_PERMISSION_NAME = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

export const productPermissionIdOf = (permissionName: string, postfix: PermissionName): ProductPermissionId => `${permissionName}:${postfix}`;

/** The parts of a product permission id, or undefined when it is not one (unknown postfix, bad name). */
export function parseProductPermissionId(value: string): { productPermissionName: string; postfix: PermissionName } | undefined {
  const colon = value.indexOf(':');
  if (colon <= 0) return undefined;
  const productPermissionName = value.slice(0, colon);
  const postfix = value.slice(colon + 1);
  if (!PRODUCT_PERMISSION_NAME.test(productPermissionName) || !(PRODUCT_PERMISSION_POSTFIXES as readonly string[]).includes(postfix)) return undefined;
  return { productPermissionName, postfix: postfix as PermissionName };
}

export const isProductPermissionId = (value: string): value is ProductPermissionId => parseProductPermissionId(value) !== undefined;
