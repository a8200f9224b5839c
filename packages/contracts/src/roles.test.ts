import { describe, expect, it } from 'vitest';
import { LANGS } from './locales.ts';
import { BUILT_IN_ORG_ROLES, BUILT_IN_PROJECT_ROLES, ORG_ROLE_NAMES, PROJECT_ROLE_NAMES } from './permissions.ts';
import { roleGroupRoleProblems } from './role-groups.ts';
import { validationMessage } from './validation-translate.ts';
import { builtInRoleOf, ORG_ROLE_NAMES_I18N, PROJECT_ROLE_NAMES_I18N, ROLE_CATALOGUE, ROLE_GROUP_ROLE_IDS } from './role-catalogue.ts';
import { isInCategory, ORG_ROLE_CATEGORY_KEYS, PROJECT_ROLE_CATEGORY_KEYS, roleCategoryHierarchy } from './role-categories.ts';
import { deriveRoleTree, relatedRoleIds, ROLE_TREE, roleTreeNodeOf } from './role-tree.ts';

const permissionsOf = (roleId: string) => new Set<string>(builtInRoleOf(roleId)!.permissions);
const strictSubset = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size < b.size && [...a].every((item) => b.has(item));

describe('the role catalogue', () => {
  it('lists every built-in organization and project role once, with names and descriptions in every language', () => {
    expect(ROLE_CATALOGUE).toHaveLength(ORG_ROLE_NAMES.length + PROJECT_ROLE_NAMES.length);
    expect(new Set(ROLE_CATALOGUE.map((role) => role.roleId)).size).toBe(ROLE_CATALOGUE.length);
    for (const role of ROLE_CATALOGUE) {
      for (const lang of LANGS) {
        expect(role.names[lang].trim(), `${role.roleId} ${lang}`).not.toBe('');
        expect(role.descriptions[lang].trim(), `${role.roleId} ${lang}`).not.toBe('');
      }
      expect(role.categoryTypeCode).toBe('ROLE');
      const keys: readonly string[] = role.category === 'ORG_ROLE' ? ORG_ROLE_CATEGORY_KEYS : PROJECT_ROLE_CATEGORY_KEYS;
      expect(keys, role.roleId).toContain(role.categoryKey);
    }
    expect(builtInRoleOf('PROJECT_ROLE:MEMBER')?.permissions).toBe(BUILT_IN_PROJECT_ROLES.MEMBER);
    expect(builtInRoleOf('ORG_ROLE:BILLING_VIEWER')?.permissions).toBe(BUILT_IN_ORG_ROLES.BILLING_VIEWER);
  });

  it('marks OWNER as neither conditional nor deniable nor assignable, and ADMIN as not deniable', () => {
    for (const roleId of ['ORG_ROLE:OWNER', 'PROJECT_ROLE:OWNER']) {
      expect(builtInRoleOf(roleId)).toMatchObject({ roleProperties: ['CONDITION_DISABLED', 'DENY_POLICY_DISABLED'], assignable: false });
    }
    for (const roleId of ['ORG_ROLE:ADMIN', 'PROJECT_ROLE:ADMIN']) {
      expect(builtInRoleOf(roleId)).toMatchObject({ roleProperties: ['DENY_POLICY_DISABLED'], assignable: true });
    }
    expect(builtInRoleOf('PROJECT_ROLE:MEMBER')?.roleProperties).toEqual([]);
  });

  it('lets role groups hold project roles but OWNER and NONE', () => {
    expect(ROLE_GROUP_ROLE_IDS).toHaveLength(PROJECT_ROLE_NAMES.length - 2);
    expect(ROLE_GROUP_ROLE_IDS).not.toContain('PROJECT_ROLE:OWNER');
    expect(ROLE_GROUP_ROLE_IDS).not.toContain('PROJECT_ROLE:NONE');
    expect(ROLE_GROUP_ROLE_IDS.every((roleId) => roleId.startsWith('PROJECT_ROLE:'))).toBe(true);
  });

  it('builds the category hierarchy in the asked language, a root taking all beneath it', () => {
    const tree = roleCategoryHierarchy('PROJECT', 'ja');
    expect(tree.categoryName).toBe('プロジェクト');
    expect(tree.subCategories.map((sub) => sub.categoryKey)).toEqual([...PROJECT_ROLE_CATEGORY_KEYS]);
    expect(isInCategory('PROJECT_QUOTA', 'PROJECT')).toBe(true);
    expect(isInCategory('PROJECT_QUOTA', 'ORG')).toBe(false);
    expect(isInCategory('ORG_BILLING', 'ORG_BILLING')).toBe(true);
  });
});

describe('the derived role tree', () => {
  it('links A above B exactly when B grants a strict subset of what A grants, with nothing in between', () => {
    for (const a of ROLE_CATALOGUE) {
      for (const b of ROLE_CATALOGUE) {
        const isParent = ROLE_TREE.get(b.roleId)!.parentRoleIds.includes(a.roleId);
        const contains = a.category === b.category && b.permissions.length > 0 && strictSubset(permissionsOf(b.roleId), permissionsOf(a.roleId));
        const between = ROLE_CATALOGUE.some(
          (c) =>
            c.category === a.category &&
            strictSubset(permissionsOf(b.roleId), permissionsOf(c.roleId)) &&
            strictSubset(permissionsOf(c.roleId), permissionsOf(a.roleId)),
        );
        expect(isParent, `${a.roleId} above ${b.roleId}`).toBe(contains && !between);
        expect(ROLE_TREE.get(a.roleId)!.childRoleIds.includes(b.roleId)).toBe(isParent);
      }
    }
  });

  it('puts the owners on top and the viewers under their admins', () => {
    expect(ROLE_TREE.get('PROJECT_ROLE:OWNER')!.parentRoleIds).toEqual([]);
    expect(ROLE_TREE.get('PROJECT_ROLE:ADMIN')!.parentRoleIds).toEqual(['PROJECT_ROLE:OWNER']);
    expect(ROLE_TREE.get('ORG_ROLE:ADMIN')!.parentRoleIds).toEqual(['ORG_ROLE:OWNER']);
    expect(ROLE_TREE.get('PROJECT_ROLE:QUOTA_VIEWER')!.parentRoleIds).toContain('PROJECT_ROLE:QUOTA_ADMIN');
    expect(ROLE_TREE.get('PROJECT_ROLE:QUOTA_VIEWER')!.parentRoleIds).not.toContain('PROJECT_ROLE:OWNER');
    expect(relatedRoleIds('PROJECT_ROLE:QUOTA_VIEWER', 'parents')).toContain('PROJECT_ROLE:OWNER');
    expect(relatedRoleIds('ORG_ROLE:OWNER', 'parents')).toEqual([]);
    // NONE grants nothing: no links, and it never counts as anyone's child.
    expect(ROLE_TREE.get('PROJECT_ROLE:NONE')).toEqual({ parentRoleIds: [], childRoleIds: [] });
    expect(relatedRoleIds('PROJECT_ROLE:ADMIN', 'children')).not.toContain('PROJECT_ROLE:NONE');
    // Roles of one scope never sit under the other's.
    expect(relatedRoleIds('PROJECT_ROLE:MEMBER', 'parents').every((id) => id.startsWith('PROJECT_ROLE:'))).toBe(true);
  });

  it('follows the permission sets: changing a set moves the links', () => {
    const roles = [
      { roleId: 'R:BIG', category: 'PROJECT_ROLE' as const, permissions: ['Project.Quota.List', 'Project.Quota.Get', 'Project.Quota.Create'] as const },
      { roleId: 'R:MID', category: 'PROJECT_ROLE' as const, permissions: ['Project.Quota.List', 'Project.Quota.Get'] as const },
      { roleId: 'R:SMALL', category: 'PROJECT_ROLE' as const, permissions: ['Project.Quota.List'] as const },
      { roleId: 'R:SAME', category: 'PROJECT_ROLE' as const, permissions: ['Project.Quota.List'] as const },
    ];
    const tree = deriveRoleTree(roles);
    expect(tree.get('R:SMALL')).toEqual({ parentRoleIds: ['R:MID'], childRoleIds: [] });
    expect(tree.get('R:BIG')).toEqual({ parentRoleIds: [], childRoleIds: ['R:MID'] });
    expect(tree.get('R:MID')!.childRoleIds).toEqual(['R:SMALL', 'R:SAME']);
    const withoutMid = deriveRoleTree(roles.filter((role) => role.roleId !== 'R:MID'));
    expect(withoutMid.get('R:SMALL')!.parentRoleIds).toEqual(['R:BIG']);
  });

  it('answers tree nodes in the asked language', () => {
    const node = roleTreeNodeOf(builtInRoleOf('PROJECT_ROLE:QUOTA_ADMIN')!, 'ko');
    expect(node).toMatchObject({ roleId: 'PROJECT_ROLE:QUOTA_ADMIN', roleName: '쿼터 관리자', categoryKey: 'PROJECT_QUOTA', category: 'PROJECT_ROLE' });
    expect(node.childRoleIds).toContain('PROJECT_ROLE:QUOTA_VIEWER');
  });
});

const role = (roleId: string, extra: object = {}) => ({ roleId, denialSetting: 'ALLOW' as const, conditions: [], ...extra });
const weekdays = { attributeId: 'DAY_OF_WEEK' as const, attributeDataTypeCode: 'DAY_OF_WEEK' as const, attributeOperatorTypeCode: 'ANY_CONTAINS' as const, attributeValues: ['MON'] };

describe('role group role rules', () => {
  it('accepts project roles with deny and conditions', () => {
    expect(roleGroupRoleProblems([role('PROJECT_ROLE:MEMBER'), role('PROJECT_ROLE:QUOTA_ADMIN', { denialSetting: 'DENY', conditions: [weekdays] })])).toEqual([]);
  });

  it('refuses roles a group cannot hold, duplicates, ADMIN with others, conditions on ADMIN-like roles and DENY on ADMIN', () => {
    expect(roleGroupRoleProblems([role('PROJECT_ROLE:OWNER')])).toEqual([{ index: 0, field: 'roleId', message: 'validation.roleGroup.roleNotAllowed' }]);
    expect(roleGroupRoleProblems([role('ORG_ROLE:ADMIN')])[0]?.message).toBe('validation.roleGroup.roleNotAllowed');
    expect(roleGroupRoleProblems([role('PROJECT_ROLE:NONE')])[0]?.message).toBe('validation.roleGroup.roleNotAllowed');
    expect(roleGroupRoleProblems([role('PROJECT_ROLE:MEMBER'), role('PROJECT_ROLE:MEMBER')])).toEqual([
      { index: 1, field: 'roleId', message: 'validation.roles.duplicate' },
    ]);
    expect(roleGroupRoleProblems([role('PROJECT_ROLE:ADMIN'), role('PROJECT_ROLE:MEMBER')])).toEqual([
      { index: 0, field: 'roleId', message: 'validation.projectRoles.adminAlone' },
    ]);
    expect(roleGroupRoleProblems([role('PROJECT_ROLE:ADMIN', { denialSetting: 'DENY' })])).toEqual([
      { index: 0, field: 'denialSetting', message: 'validation.roleGroup.denyDisabled' },
    ]);
    expect(roleGroupRoleProblems([role('PROJECT_ROLE:ADMIN', { conditions: [weekdays] })])).toEqual([]);
  });
});

describe('role rule messages', () => {
  const roleRuleMessages = [
    'validation.projectRoles.adminAlone',
    'validation.roles.noneAlone',
    'validation.orgRoles.ownerNotAssignable',
    'validation.projectRoles.ownerNotAssignable',
    'validation.roles.duplicate',
  ] as const;

  it('name roles by their display name in each language, never by their code', () => {
    for (const lang of LANGS) {
      for (const key of roleRuleMessages) {
        expect(validationMessage(key, lang), `${key} (${lang})`).not.toMatch(/ADMIN|OWNER|NONE|VIEWER|MEMBER/);
      }
      expect(validationMessage('validation.projectRoles.adminAlone', lang)).toContain(PROJECT_ROLE_NAMES_I18N.ADMIN[lang]);
      expect(validationMessage('validation.roles.noneAlone', lang)).toContain(PROJECT_ROLE_NAMES_I18N.NONE[lang]);
      expect(validationMessage('validation.orgRoles.ownerNotAssignable', lang)).toContain(ORG_ROLE_NAMES_I18N.OWNER[lang]);
      expect(validationMessage('validation.projectRoles.ownerNotAssignable', lang)).toContain(PROJECT_ROLE_NAMES_I18N.OWNER[lang]);
    }
    expect(validationMessage('validation.projectRoles.adminAlone', 'en')).toBe('The Admin role cannot be combined with other project roles.');
  });
});
