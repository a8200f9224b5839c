import { ALL_PERMISSIONS, BUILT_IN_PROJECT_ROLES, permissionsOfBuiltInRoles, type RoleCondition } from '@console/contracts';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RequestAttributes } from './conditions.ts';
import { bindPolicy, compilePolicy, policyViewOf, productPermissionNameOf, setProductCatalogue, type GroupRoleInput } from './engine.ts';

const PROJECT = '11111111-1111-4111-8111-111111111111';
/** Monday 2026-11-23 12:30 in Seoul. */
const NOON_MONDAY = Date.UTC(2026, 10, 23, 3, 30);
const request: RequestAttributes = {
  now: NOON_MONDAY,
  clientIp: '10.1.2.3',
  userAgent: 'Mozilla/5.0 Chrome/131',
  referer: '',
  projectId: PROJECT,
  timeZone: 'Asia/Seoul',
};

const lunch: RoleCondition = { attributeId: 'TIME', attributeDataTypeCode: 'TIME', attributeOperatorTypeCode: 'BETWEEN', attributeValues: ['12:00', '14:00'] };
const office: RoleCondition = { attributeId: 'REQUEST_IP', attributeDataTypeCode: 'IPADDRESS', attributeOperatorTypeCode: 'ALLOW', attributeValues: ['10.1.0.0/16'] };
const elsewhere: RoleCondition = { ...office, attributeValues: ['192.168.0.0/16'] };

const groupRole = (roleId: string, options: Partial<GroupRoleInput> = {}): GroupRoleInput => ({
  roleGroupId: 'g1',
  roleGroupName: 'Group one',
  roleId,
  denialSetting: 'ALLOW',
  conditions: [],
  ...options,
});
const view = (groupRoles: GroupRoleInput[], projectRoles: string[] = [], orgRoles: string[] = ['MEMBER'], attributes: Partial<RequestAttributes> = {}) =>
  policyViewOf({ orgRoles, projectRoles, groupRoles }, { ...request, ...attributes });

describe('policy engine', () => {
  it('gives exactly what built-in roles give when there are no role groups', () => {
    fc.assert(
      fc.property(
        fc.subarray(['OWNER', 'ADMIN', 'MEMBER', 'BILLING_VIEWER', 'NONE', 'UNKNOWN']),
        fc.option(fc.subarray(Object.keys(BUILT_IN_PROJECT_ROLES).concat('LATER_ROLE')), { nil: undefined }),
        (orgRoles, projectRoles) => {
          const held = policyViewOf({ orgRoles, projectRoles, groupRoles: [] }, request).permissions();
          expect([...held].sort()).toEqual([...permissionsOfBuiltInRoles(orgRoles, projectRoles)].sort());
        },
      ),
      { numRuns: 200 },
    );
  });

  it('default deny: nothing held, unknown ids and unknown roles grant nothing', () => {
    const none = view([groupRole('PROJECT_ROLE:NOPE'), groupRole('SOMETHING:ELSE'), groupRole('ORG_ROLE:MEMBER')], [], []);
    expect(none.permissions().size).toBe(0);
    expect(ALL_PERMISSIONS.some((permission) => none.has(permission))).toBe(false);
    expect(none.has('Project.Nope.Get')).toBe(false);
    expect(none.has('')).toBe(false);
  });

  it('an ALLOW role applies only when ALL its conditions hold', () => {
    expect(view([groupRole('PROJECT_ROLE:QUOTA_ADMIN', { conditions: [lunch, office] })]).has('Project.Quota.Delete')).toBe(true);
    expect(view([groupRole('PROJECT_ROLE:QUOTA_ADMIN', { conditions: [lunch, elsewhere] })]).has('Project.Quota.Delete')).toBe(false);
    expect(
      view([groupRole('PROJECT_ROLE:QUOTA_ADMIN', { conditions: [lunch, office] })], [], ['MEMBER'], { now: NOON_MONDAY + 2 * 3_600_000 }).has(
        'Project.Quota.Delete',
      ),
    ).toBe(false);
  });

  it('a DENY wins over any allow (built-in or group) while its conditions hold; without conditions always', () => {
    const deny = groupRole('PROJECT_ROLE:QUOTA_ADMIN', { denialSetting: 'DENY', roleGroupName: 'No quota' });
    expect(view([deny], ['ADMIN']).has('Project.Quota.Create')).toBe(false);
    expect(view([deny], ['ADMIN']).has('Project.Member.Create')).toBe(true);
    expect(view([deny], [], ['OWNER']).has('Project.Quota.Get')).toBe(false);
    expect(view([groupRole('PROJECT_ROLE:QUOTA_ADMIN'), deny]).has('Project.Quota.Get')).toBe(false);
    const lunchDeny = { ...deny, conditions: [lunch] };
    expect(view([lunchDeny], ['ADMIN']).has('Project.Quota.Get')).toBe(false);
    expect(view([lunchDeny], ['ADMIN'], ['MEMBER'], { now: NOON_MONDAY + 2 * 3_600_000 }).has('Project.Quota.Get')).toBe(true);
    const denied = view([lunchDeny], ['ADMIN']).explain('Project.Quota.Get');
    expect(denied.deniedBy.map((rule) => rule.role.roleGroupName)).toEqual(['No quota']);
  });

  it('a malformed condition never lets an ALLOW apply and always lets a DENY apply', () => {
    const broken = { ...lunch, attributeValues: ['99:99', '14:00'] };
    expect(view([groupRole('PROJECT_ROLE:QUOTA_ADMIN', { conditions: [broken] })]).has('Project.Quota.Delete')).toBe(false);
    expect(view([groupRole('PROJECT_ROLE:QUOTA_ADMIN', { denialSetting: 'DENY', conditions: [broken] })], ['ADMIN']).has('Project.Quota.Get')).toBe(false);
  });

  it('group ORG_ROLE:ADMIN gives every project permission, never organization ones; organization checks ignore groups', () => {
    const admin = view([groupRole('ORG_ROLE:ADMIN')], [], ['MEMBER']);
    expect(admin.has('Project.Member.Delete')).toBe(true);
    expect(admin.has('Organization.Member.Delete')).toBe(false);
    const orgScope = policyViewOf({ orgRoles: ['MEMBER'], projectRoles: undefined, groupRoles: [groupRole('PROJECT_ROLE:ADMIN')] }, request);
    expect(orgScope.has('Project.Member.Delete')).toBe(false);
  });

  it('product permissions: of catalogue products, by the unprefixed permission or a group naming them', () => {
    setProductCatalogue([{ productId: 'email', permissionName: 'Email' }]);
    const member = view([], ['MEMBER']);
    expect(member.has('Email:Project.Product.Get')).toBe(true);
    expect(member.has('Email:Project.Product.Delete')).toBe(false);
    // Not in the catalogue, malformed, or not a product's permission after the colon.
    expect(member.has('Dns:Project.Product.Get')).toBe(false);
    expect(member.has('bad product:Project.Product.Get')).toBe(false);
    expect(member.has('Email:Project.Nope.Get')).toBe(false);
    expect(member.has('Email:Project.Member.List')).toBe(false);
    expect(productPermissionNameOf('email')).toBe('Email');

    const named = view([groupRole('Email:Project.Product.Delete')], ['NONE']);
    expect(named.has('Email:Project.Product.Delete')).toBe(true);
    expect(named.has('Project.Product.Delete')).toBe(false);
    expect(named.permissions().has('Project.Product.Delete')).toBe(false);
    const atLunch = view([groupRole('Email:Project.Product.Delete', { conditions: [lunch] })], ['NONE'], [], { now: NOON_MONDAY + 2 * 3_600_000 });
    expect(atLunch.has('Email:Project.Product.Delete')).toBe(false);
    expect(atLunch.explain('Email:Project.Product.Delete').failedConditions.map((failed) => failed.rule.role.roleId)).toEqual(['Email:Project.Product.Delete']);
    const denied = view([groupRole('Email:Project.Product.Get', { denialSetting: 'DENY' })], ['MEMBER']);
    expect(denied.has('Email:Project.Product.Get')).toBe(false);
    expect(denied.has('Project.Product.Get')).toBe(true);
    expect(denied.explain('Email:Project.Product.Get').deniedBy.map((rule) => rule.role.roleId)).toEqual(['Email:Project.Product.Get']);
    const roleDenied = view([groupRole('Email:Project.Product.Get'), groupRole('PROJECT_ROLE:MEMBER', { denialSetting: 'DENY' })], ['MEMBER']);
    expect(roleDenied.has('Email:Project.Product.Get')).toBe(false);
    // Organization scope: no groups, no product permissions.
    expect(policyViewOf({ orgRoles: ['OWNER'], projectRoles: undefined, groupRoles: [] }, request).has('Email:Project.Product.Get')).toBe(false);
    setProductCatalogue([]);
    expect(member.has('Email:Project.Product.Get')).toBe(false);
  });

  it('explains failed conditions with when they hold again', () => {
    const later = view([groupRole('PROJECT_ROLE:QUOTA_ADMIN', { conditions: [lunch, elsewhere] })], [], ['MEMBER'], { now: NOON_MONDAY + 2 * 3_600_000 });
    const { failedConditions } = later.explain('Project.Quota.Delete');
    expect(failedConditions.map((failed) => failed.condition.condition.attributeId)).toEqual(['TIME', 'REQUEST_IP']);
    // 14:30 Monday in Seoul → next 12:00 is Tuesday 12:00 KST = 03:00 UTC.
    expect(failedConditions[0]!.validFrom).toBe(Date.UTC(2026, 10, 24, 3, 0));
    expect(failedConditions[1]!.validFrom).toBeUndefined();
  });

  it('one compiled policy binds to many requests independently', () => {
    const policy = compilePolicy({ orgRoles: [], projectRoles: [], groupRoles: [groupRole('PROJECT_ROLE:QUOTA_ADMIN', { conditions: [office] })] });
    expect(bindPolicy(policy, request).has('Project.Quota.Get')).toBe(true);
    expect(bindPolicy(policy, { ...request, clientIp: '8.8.8.8' }).has('Project.Quota.Get')).toBe(false);
    expect(bindPolicy(policy, request).has('Project.Quota.Get')).toBe(true);
  });
});
