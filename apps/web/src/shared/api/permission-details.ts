import type { PermissionDetails } from './api-error.ts';
import { deniedByOf, failedConditionOf, relatedRolesOf } from './answer-guards.ts';

/** The items of a list field that fit their shape (one malformed entry does not hide the others). */
function itemsOf<T>(read: (item: unknown) => T | undefined, value: unknown): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = read(item);
    return parsed === undefined ? [] : [parsed];
  });
}

/**
 * The PERMISSION_DENIED details of a failure body (contracts authorize.ts
 * PermissionDeniedExtraSchema: relatedRoles, failedConditions, deniedBy), or undefined when the
 * body has none of them.
 */
export function permissionDetailsOf(body: unknown): PermissionDetails | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  if (!('relatedRoles' in record) && !('failedConditions' in record) && !('deniedBy' in record)) return undefined;
  return {
    relatedRoles: itemsOf(relatedRolesOf, record.relatedRoles),
    failedConditions: itemsOf(failedConditionOf, record.failedConditions),
    deniedBy: itemsOf(deniedByOf, record.deniedBy),
  };
}
