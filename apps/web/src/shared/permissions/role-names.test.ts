import { ORG_ROLE_NAMES_I18N, PROJECT_ROLE_NAMES_I18N } from '@console/contracts/role-catalogue';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { switchLocale } from '../i18n/switch-locale.ts';
import { roleLabel, roleLabels } from './role-names.ts';

describe('roleLabel', () => {
  it('names built-in roles from the role catalogue in the active language', async () => {
    await switchLocale('ja_JP');
    expect(roleLabel(i18n.t, { category: 'ORG_ROLE', roleName: 'OWNER' })).toBe('オーナー');
    expect(roleLabel(i18n.t, { category: 'PROJECT_ROLE', roleName: 'PROJECT_MEMBER_ADMIN' })).toBe('プロジェクトメンバー管理者');

    await switchLocale('ko_KR');
    expect(roleLabel(i18n.t, { category: 'ORG_ROLE', roleName: 'BILLING_VIEWER' })).toBe(ORG_ROLE_NAMES_I18N.BILLING_VIEWER.ko);

    await switchLocale('zh_CN');
    expect(roleLabel(i18n.t, { category: 'PROJECT_ROLE', roleName: 'VIEWER' })).toBe(PROJECT_ROLE_NAMES_I18N.VIEWER.zh);
  });

  it('keeps the code of a role the catalogue does not know, and of a role of another category', async () => {
    await switchLocale('en_US');
    expect(roleLabel(i18n.t, { category: 'ORG_ROLE', roleName: 'LATER_ROLE' })).toBe('LATER_ROLE');
    expect(roleLabel(i18n.t, { category: 'ORG_ROLE', roleName: 'VIEWER' })).toBe('VIEWER');
    expect(roleLabel(i18n.t, { category: 'SERVICE_ROLE', roleName: 'ADMIN' })).toBe('ADMIN');
  });

  it('says where each role applies when organization and project roles are mixed', async () => {
    await switchLocale('en_US');
    expect(
      roleLabels(i18n.t, [
        { category: 'PROJECT_ROLE', roleName: 'ADMIN' },
        { category: 'ORG_ROLE', roleName: 'OWNER' },
      ]),
    ).toEqual(['Admin (project)', 'Owner (organization)']);
  });
});
