import { describe, expect, it } from 'vitest';
import { isProductPermissionId, parseProductPermissionId, PRODUCT_PERMISSION_POSTFIXES, productPermissionIdOf } from './product-permissions.ts';
import { roleGroupRoleProblems } from './role-groups.ts';

const role = (roleId: string) => ({ roleId, denialSetting: 'ALLOW' as const, conditions: [] });

describe('product permissions (spec §6)', () => {
  it('are a product permission name, a colon and a permission governing a service in a project', () => {
    expect(PRODUCT_PERMISSION_POSTFIXES).toContain('Project.Product.Get');
    expect(PRODUCT_PERMISSION_POSTFIXES).toContain('Project.ProjectAppKey.Delete');
    expect(PRODUCT_PERMISSION_POSTFIXES.every((permission) => /^Project\.(Product|ProjectAppKey)\./.test(permission))).toBe(true);
    expect(productPermissionIdOf('Email', 'Project.Product.Get')).toBe('Email:Project.Product.Get');
    expect(parseProductPermissionId('Email:Project.Product.Update')).toEqual({ productPermissionName: 'Email', postfix: 'Project.Product.Update' });
    for (const bad of ['Project.Product.Get', ':Project.Product.Get', 'Email:Project.Member.List', 'Email:Organization.Setting.Get', 'E mail:Project.Product.Get', 'Email:Project.Product']) {
      expect(isProductPermissionId(bad), bad).toBe(false);
    }
  });

  it('may be named by a role group, once, like a role', () => {
    expect(roleGroupRoleProblems([role('Email:Project.Product.Get'), role('PROJECT_ROLE:MEMBER')])).toEqual([]);
    expect(roleGroupRoleProblems([role('Email:Project.Product.Get'), role('Email:Project.Product.Get')])[0]?.message).toBe('validation.roles.duplicate');
    expect(roleGroupRoleProblems([role('Email:Project.Member.List')])[0]?.message).toBe('validation.roleGroup.roleNotAllowed');
  });
});
