import { DeniedBySchema, FailedConditionSchema, PermissionRelatedRolesSchema } from '@console/contracts/authorize';
import type { z } from 'zod';
import type { PermissionDetails } from './api-error.ts';

/** The items of a list field that fit the schema (one malformed entry does not hide the others). */
function itemsOf<S extends z.ZodType>(schema: S, value: unknown): z.infer<S>[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data as z.infer<S>] : [];
  });
}

/**
 * The -6 PERMISSION_DENIED details of a failure body (contracts authorize.ts
 * PermissionDeniedExtraSchema: relatedRoles, failedConditions, deniedBy), or undefined when the
 * body has none of them.
 */
export function permissionDetailsOf(body: unknown): PermissionDetails | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  if (!('relatedRoles' in record) && !('failedConditions' in record) && !('deniedBy' in record)) return undefined;
  return {
    relatedRoles: itemsOf(PermissionRelatedRolesSchema, record.relatedRoles),
    failedConditions: itemsOf(FailedConditionSchema, record.failedConditions),
    deniedBy: itemsOf(DeniedBySchema, record.deniedBy),
  };
}
