import { DeniedBySchema, FailedConditionSchema, PermissionRelatedRolesSchema } from '@console/contracts/authorize';
import { ErrorBodySchema } from '@console/contracts/envelope';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { deniedByOf, errorBodyOf, failedConditionOf, relatedRolesOf } from './answer-guards.ts';

/** What the schema makes of a value: its output, or undefined when it refuses it. */
const bySchema = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/** The value, then the value with each field in turn removed, set to a wrong type, or to null; and a few non-objects. */
function variants(value: Record<string, unknown>): unknown[] {
  const out: unknown[] = [value, { ...value, unknownField: 'x' }, undefined, null, 'text', 1, []];
  for (const key of Object.keys(value)) {
    const { [key]: _removed, ...without } = value;
    out.push(without, { ...value, [key]: 1 }, { ...value, [key]: 'x' }, { ...value, [key]: [1] }, { ...value, [key]: null }, { ...value, [key]: true });
  }
  return out;
}

const FULL_ERROR_BODY = {
  header: { isSuccessful: false, resultCode: -6, resultMessage: 'Permission denied.' },
  fieldErrors: [{ field: 'name', message: 'Required.' }],
  requestId: 'r-1',
  clientIp: '10.0.0.1',
  orgId: 'o-1',
  neededPermissions: ['Organization.Member.List'],
  neededRoles: [{ category: 'ORG_ROLE', roleName: 'ADMIN' }],
  restriction: 'IAM_ACCOUNT',
  restrictionCode: 'ONLY_COOPERATION',
  dependentProductIds: ['p-1'],
  productName: 'Email',
};

describe('the failure bodies read without zod read as the contracts schemas read them', () => {
  it('an error body (ErrorBodySchema): every field, a missing or wrong one, and the header', () => {
    const bodies = [
      ...variants(FULL_ERROR_BODY),
      ...variants(FULL_ERROR_BODY.header).map((header) => ({ header })),
      { header: { isSuccessful: false, resultCode: '40017', resultMessage: 'x' } },
      { header: { isSuccessful: false, resultCode: 1.5, resultMessage: 'x' } },
      { ...FULL_ERROR_BODY, fieldErrors: [{ field: 'a' }] },
      { ...FULL_ERROR_BODY, neededRoles: [{ category: 'ORG_ROLE' }] },
      { ...FULL_ERROR_BODY, neededPermissions: ['a', 2] },
    ];
    for (const body of bodies) expect(errorBodyOf(body), JSON.stringify(body)).toEqual(bySchema(ErrorBodySchema, body));
  });

  it('the -6 details: related roles, failed conditions and denies', () => {
    const related = { permissionId: 'Project.Member.List', roleNames: ['PROJECT_ROLE:MEMBER'], roleGroupNames: ['g'] };
    const failed = {
      permissionId: 'Project.Member.List',
      roleGroupId: 'rg-1',
      roleGroupName: 'g',
      roleId: 'PROJECT_ROLE:MEMBER',
      attributeId: 'TIME',
      attributeOperatorTypeCode: 'BETWEEN',
      attributeValues: ['09:00', '18:00'],
      timeZone: 'Asia/Seoul',
      validFrom: '2026-11-28T00:00:00Z',
      reason: 'OUTSIDE_TIME',
    };
    const denied = { permissionId: 'Project.Member.List', roleGroupName: 'g', roleId: 'PROJECT_ROLE:MEMBER' };
    for (const value of variants(related)) expect(relatedRolesOf(value), JSON.stringify(value)).toEqual(bySchema(PermissionRelatedRolesSchema, value));
    for (const value of [...variants(failed), { ...failed, attributeId: 'NO_SUCH' }, { ...failed, reason: 'NO_SUCH' }, { ...failed, attributeOperatorTypeCode: 'NO_SUCH' }]) {
      expect(failedConditionOf(value), JSON.stringify(value)).toEqual(bySchema(FailedConditionSchema, value));
    }
    for (const value of variants(denied)) expect(deniedByOf(value), JSON.stringify(value)).toEqual(bySchema(DeniedBySchema, value));
  });
});
