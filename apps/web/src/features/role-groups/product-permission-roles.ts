import { PRODUCT_PERMISSION_POSTFIXES, productPermissionIdOf } from '@console/contracts/product-permissions';
import type { RoleTreeNode } from '@console/contracts/roles';
import type { TFunction } from 'i18next';
import type { rolesEn } from '../../shared/i18n/locales/roles/en.ts';

type PostfixKey = Exclude<keyof typeof rolesEn.roleGroups.productPermissions, 'group' | 'description'>;

/** A project service of the catalogue, as the role picker offers its permissions. */
export interface ProductPermissionChoice {
  productId: string;
  /** The catalogue's name of the service in the user's language (its menu entry). */
  productName: string;
  /** What prefixes its permissions (`Email` in `Email:Project.Product.Get`). */
  permissionName: string;
}

/** The service's use before its Appkeys; in each, reading before changing. */
const ACTION_ORDER = ['Get', 'List', 'Create', 'Update', 'Delete'];
const POSTFIXES = [...PRODUCT_PERMISSION_POSTFIXES].sort((a, b) => {
  const [, resourceA = '', actionA = ''] = a.split('.');
  const [, resourceB = '', actionB = ''] = b.split('.');
  if (resourceA !== resourceB) return resourceA === 'Product' ? -1 : 1;
  return ACTION_ORDER.indexOf(actionA) - ACTION_ORDER.indexOf(actionB);
});

/** The picker's group of one service's permissions (a category key of our own, never a role category's). */
export const productPermissionCategoryOf = (productId: string) => `product:${productId}`;

/**
 * Product permissions (`{Product}:{Permission}`, docs/decisions.md "Product permissions") as roles
 * of the role picker, one group per project service of the catalogue: a role group naming one
 * grants that permission for that service only. The API answers such a role as category
 * PROJECT_SERVICE_ROLE with categoryTypeCode PERMISSION; the picker does the same.
 */
export function productPermissionRoles(
  choices: readonly ProductPermissionChoice[],
  t: TFunction,
): { roles: RoleTreeNode[]; categoryNames: Map<string, string> } {
  const roles: RoleTreeNode[] = [];
  const categoryNames = new Map<string, string>();
  for (const choice of choices) {
    const categoryKey = productPermissionCategoryOf(choice.productId);
    categoryNames.set(categoryKey, t('roleGroups.productPermissions.group', { name: choice.productName }));
    for (const postfix of POSTFIXES) {
      const roleId = productPermissionIdOf(choice.permissionName, postfix);
      roles.push({
        category: 'PROJECT_SERVICE_ROLE',
        categoryTypeCode: 'PERMISSION',
        categoryKey,
        roleId,
        roleName: `${choice.productName}: ${t(`roleGroups.productPermissions.${postfix.replaceAll('.', '_') as PostfixKey}`)}`,
        description: t('roleGroups.productPermissions.description', { permission: roleId, name: choice.productName }),
        roleProperties: [],
        parentRoleIds: [],
        childRoleIds: [],
      });
    }
  }
  return { roles, categoryNames };
}
