import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from './endpoints.ts';
import {
  ALL_PERMISSIONS,
  BUILT_IN_ORG_ROLES,
  BUILT_IN_PROJECT_ROLES,
  EXTRA_TARGETS,
  isPermissionName,
  ORG_PERMISSION_TARGETS,
  ORG_PERMISSIONS,
  ORG_ROLE_NAMES,
  parsePermissionName,
  permissionsOfBuiltInRoles,
  PROJECT_PERMISSION_TARGETS,
  PROJECT_PERMISSIONS,
  PROJECT_ROLE_NAMES,
  rolesGranting,
  type PermissionName,
} from './permissions.ts';

/** Spec §6, written out here rather than read from the catalogue, so a target dropped or renamed fails. */
const SPEC_ORG_TARGETS = [
  'Member', 'AlarmGroup', 'Budget', 'Domain', 'SystemNotification', 'Payment', 'Dashboard', 'Project', 'RoleGroup',
  'Setting.Iam', 'Governance.IpAcl', 'Governance.CountryIpAcl', 'Governance.AuthRenewPeriod', 'Member.Iam',
  'Budget.History.Receiver', 'Support',
];
const SPEC_PROJECT_TARGETS = [
  'AlarmGroup', 'ProjectAppKey', 'RoleGroup', 'Product', 'SystemNotification', 'Payment', 'Dashboard', 'Quota',
  'Marketplace.Order', 'Marketplace.Products', 'Member', 'Member.Iam', 'Support', 'Authentication.Renew',
];
const SPEC_ACTIONS = ['Create', 'Update', 'Delete', 'List', 'Get', 'BatchRegister'];
const SPEC_ORG_ROLES = ['OWNER', 'ADMIN', 'MEMBER', 'BILLING_VIEWER', 'LOG_VIEWER', 'BUDGET_ADMIN', 'BUDGET_VIEWER', 'DASHBOARD_ADMIN', 'DASHBOARD_VIEWER', 'SUPPORT_ADMIN', 'STATION_VIEWER', 'NONE'];
const SPEC_PROJECT_ROLES = [
  'OWNER', 'ADMIN', 'MEMBER', 'VIEWER', 'PROJECT_MEMBER_ADMIN', 'PROJECT_MEMBER_VIEWER', 'PROJECT_MANAGEMENT_ADMIN',
  'PROJECT_MANAGEMENT_VIEWER', 'MARKETPLACE_ADMIN', 'MARKETPLACE_VIEWER', 'BILLING_VIEWER', 'LOG_VIEWER', 'SERVICE_USER', 'NONE',
];

const NAME = /^(Organization|Project)\.[A-Z][A-Za-z]*(\.[A-Z][A-Za-z]*)*\.(Create|Update|Delete|List|Get|BatchRegister)$/;
const orgRole = (role: keyof typeof BUILT_IN_ORG_ROLES) => new Set<string>(BUILT_IN_ORG_ROLES[role]);
const projectRole = (role: keyof typeof BUILT_IN_PROJECT_ROLES) => new Set<string>(BUILT_IN_PROJECT_ROLES[role]);
const isSuperset = (big: Set<string>, small: Set<string>) => [...small].every((permission) => big.has(permission));

describe('permission names (spec §6)', () => {
  it('are Scope.Target.Action with the spec\'s targets and actions, plus the two documented extras', () => {
    expect(Object.keys(ORG_PERMISSION_TARGETS).sort()).toEqual([...SPEC_ORG_TARGETS, ...EXTRA_TARGETS].sort());
    expect(Object.keys(PROJECT_PERMISSION_TARGETS).sort()).toEqual([...SPEC_PROJECT_TARGETS, ...EXTRA_TARGETS].sort());
    for (const permission of ALL_PERMISSIONS) {
      expect(permission).toMatch(NAME);
      expect(SPEC_ACTIONS).toContain(permission.split('.').at(-1));
    }
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    expect(ORG_PERMISSIONS.every((permission) => permission.startsWith('Organization.'))).toBe(true);
    expect(PROJECT_PERMISSIONS.every((permission) => permission.startsWith('Project.'))).toBe(true);
    expect(ORG_PERMISSIONS).toContain('Organization.Governance.IpAcl.Create');
    expect(ORG_PERMISSIONS).toContain('Organization.Member.Iam.BatchRegister');
    expect(PROJECT_PERMISSIONS).toContain('Project.Marketplace.Order.List');
  });

  it('parses a name, with or without a product prefix, and refuses unknown ones', () => {
    expect(parsePermissionName('Organization.Budget.History.Receiver.List')).toEqual({
      product: undefined,
      permission: 'Organization.Budget.History.Receiver.List',
      scope: 'Organization',
      target: 'Budget.History.Receiver',
      action: 'List',
    });
    expect(parsePermissionName('Dns:Project.Product.Get')).toMatchObject({ product: 'Dns', target: 'Product', action: 'Get' });
    for (const bad of ['Organization.Owner.Delete', 'Organization.Nothing.Get', 'Project.Product', ':Project.Product.Get', 'Project.Product.Get ']) {
      expect(parsePermissionName(bad), bad).toBeUndefined();
    }
    expect(isPermissionName('Project.Setting.Delete')).toBe(true);
    expect(isPermissionName('project.setting.delete')).toBe(false);
  });
});

describe('built-in roles (spec §6)', () => {
  it('are the roles the spec names, each granting only valid permissions of its own scope', () => {
    expect(ORG_ROLE_NAMES).toEqual(expect.arrayContaining(SPEC_ORG_ROLES));
    expect(PROJECT_ROLE_NAMES).toEqual(expect.arrayContaining(SPEC_PROJECT_ROLES));
    for (const [role, permissions] of Object.entries(BUILT_IN_ORG_ROLES)) {
      for (const permission of permissions) {
        expect(isPermissionName(permission), `${role} ${permission}`).toBe(true);
        expect(permission.startsWith('Organization.'), `${role} ${permission}`).toBe(true);
      }
      expect(new Set(permissions).size, role).toBe(permissions.length);
    }
    for (const [role, permissions] of Object.entries(BUILT_IN_PROJECT_ROLES)) {
      for (const permission of permissions) {
        expect(isPermissionName(permission), `${role} ${permission}`).toBe(true);
        expect(permission.startsWith('Project.'), `${role} ${permission}`).toBe(true);
      }
      expect(new Set(permissions).size, role).toBe(permissions.length);
    }
  });

  it('orders organization roles: OWNER ⊋ ADMIN ⊋ every other role; NONE has nothing', () => {
    expect(orgRole('OWNER')).toEqual(new Set(ORG_PERMISSIONS));
    expect(isSuperset(orgRole('OWNER'), orgRole('ADMIN'))).toBe(true);
    expect(orgRole('ADMIN').size).toBeLessThan(orgRole('OWNER').size);
    for (const role of ORG_ROLE_NAMES.filter((name) => name !== 'OWNER' && name !== 'ADMIN')) {
      expect(isSuperset(orgRole('ADMIN'), orgRole(role)), role).toBe(true);
    }
    expect(orgRole('NONE').size).toBe(0);
    for (const [admin, viewer] of [['BUDGET_ADMIN', 'BUDGET_VIEWER'], ['DASHBOARD_ADMIN', 'DASHBOARD_VIEWER']] as const) {
      expect(isSuperset(orgRole(admin), orgRole(viewer)), admin).toBe(true);
    }
  });

  it('keeps deletion, hand-over and the payment method to the OWNER', () => {
    for (const permission of ['Organization.Setting.Delete', 'Organization.Owner.Update', 'Organization.Payment.Update']) {
      expect(orgRole('OWNER').has(permission)).toBe(true);
      expect(orgRole('ADMIN').has(permission), permission).toBe(false);
    }
    expect(orgRole('ADMIN').has('Organization.Payment.List')).toBe(true);
  });

  it('lets a MEMBER create projects (spec §6) and a BILLING_VIEWER read payments, not create projects', () => {
    expect(orgRole('MEMBER').has('Organization.Project.Create')).toBe(true);
    expect(orgRole('MEMBER').has('Organization.Project.List')).toBe(false);
    expect(orgRole('BILLING_VIEWER').has('Organization.Payment.List')).toBe(true);
    expect(orgRole('BILLING_VIEWER').has('Organization.Project.Create')).toBe(false);
  });

  it('orders project roles: OWNER ⊋ ADMIN ⊋ every other role; MEMBER ⊇ VIEWER; each X_ADMIN ⊇ X_VIEWER', () => {
    expect(projectRole('OWNER')).toEqual(new Set(PROJECT_PERMISSIONS));
    expect(projectRole('ADMIN').has('Project.Owner.Update')).toBe(false);
    for (const role of PROJECT_ROLE_NAMES.filter((name) => name !== 'OWNER' && name !== 'ADMIN')) {
      expect(isSuperset(projectRole('ADMIN'), projectRole(role)), role).toBe(true);
    }
    expect(isSuperset(projectRole('MEMBER'), projectRole('VIEWER'))).toBe(true);
    for (const role of PROJECT_ROLE_NAMES.filter((name) => name.endsWith('_ADMIN'))) {
      const viewer = role.replace(/_ADMIN$/, '_VIEWER');
      if (viewer in BUILT_IN_PROJECT_ROLES) {
        expect(isSuperset(projectRole(role), projectRole(viewer as keyof typeof BUILT_IN_PROJECT_ROLES)), role).toBe(true);
      }
    }
    expect(projectRole('NONE').size).toBe(0);
  });

  it('lets project ADMIN and PROJECT_MEMBER_ADMIN manage members (spec §6), VIEWER only read', () => {
    for (const role of ['ADMIN', 'PROJECT_MEMBER_ADMIN'] as const) {
      for (const action of ['Create', 'Update', 'Delete']) expect(projectRole(role).has(`Project.Member.${action}`), role).toBe(true);
    }
    expect([...projectRole('VIEWER')].every((permission) => /\.(List|Get)$/.test(permission))).toBe(true);
  });
});

describe('evaluation', () => {
  it('gives org OWNER and ADMIN every project permission in a project, others only their project roles', () => {
    expect(permissionsOfBuiltInRoles(['ADMIN'], [])).toEqual(new Set([...BUILT_IN_ORG_ROLES.ADMIN, ...PROJECT_PERMISSIONS]));
    expect(permissionsOfBuiltInRoles(['ADMIN'], undefined)).toEqual(new Set(BUILT_IN_ORG_ROLES.ADMIN));
    const member = permissionsOfBuiltInRoles(['MEMBER'], ['VIEWER']);
    expect(member.has('Project.Setting.Update')).toBe(false);
    expect(member.has('Project.Member.List')).toBe(true);
    expect(permissionsOfBuiltInRoles(['SOMETHING_NEW'], ['ALSO_NEW']).size).toBe(0);
  });

  it('names the narrowest roles that grant every needed permission first', () => {
    expect(rolesGranting(['Organization.Budget.Create'])).toEqual([
      { category: 'ORG_ROLE', roleName: 'BUDGET_ADMIN' },
      { category: 'ORG_ROLE', roleName: 'ADMIN' },
      { category: 'ORG_ROLE', roleName: 'OWNER' },
    ]);
    expect(rolesGranting(['Organization.Setting.Delete'])).toEqual([{ category: 'ORG_ROLE', roleName: 'OWNER' }]);
    const project = rolesGranting(['Project.Member.Create', 'Project.RoleGroup.Update']);
    expect(project[0]).toEqual({ category: 'PROJECT_ROLE', roleName: 'PROJECT_MEMBER_ADMIN' });
    expect(project).toEqual(expect.arrayContaining([{ category: 'ORG_ROLE', roleName: 'ADMIN' }, { category: 'PROJECT_ROLE', roleName: 'ADMIN' }]));
    expect(project).not.toContainEqual({ category: 'PROJECT_ROLE', roleName: 'MEMBER' });
  });

  it('is used by every permission route with valid names, and the route says where its scope id is', () => {
    for (const endpoint of ENDPOINTS) {
      const { access } = endpoint;
      if (access.kind !== 'permission') continue;
      for (const permission of access.permissions) {
        expect(isPermissionName(permission), endpoint.id).toBe(true);
        expect(permission.startsWith(access.scope === 'org' ? 'Organization.' : 'Project.'), endpoint.id).toBe(true);
      }
      const [part, key] = access.from.split('.') as ['params' | 'query' | 'body', string];
      const schema = endpoint[part] as { shape?: Record<string, unknown> } | undefined;
      expect(schema?.shape?.[key], `${endpoint.id} ${access.from}`).toBeDefined();
      expect(rolesGranting(access.permissions as PermissionName[]).length, endpoint.id).toBeGreaterThan(0);
    }
  });
});
