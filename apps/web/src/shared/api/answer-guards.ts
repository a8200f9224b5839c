import { CONDITION_ATTRIBUTE_IDS, CONDITION_OPERATORS, FAILED_CONDITION_REASONS } from '@console/contracts/condition-attributes';
import type { DeniedBy, FailedCondition, PermissionRelatedRoles } from '@console/contracts/authorize';
import type { ErrorBody, FieldError } from '@console/contracts/envelope';

/**
 * The failure bodies the client reads, checked by hand (the contracts' ErrorBodySchema and the
 * PERMISSION_DENIED detail schemas of authorize.ts, field by field) so the shell needs no zod to read an error
 * (issue 16, docs/decisions.md "First paint: the web's contracts without zod"). A field of the
 * wrong type refuses the whole body, as the schema's parse did; unknown fields are dropped.
 * `answer-guards.test.ts` checks each against its schema.
 */
type Fields = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const optional =
  <T>(check: (value: unknown) => value is T) =>
  (value: unknown): value is T | undefined =>
    value === undefined || check(value);
const isFieldError = (value: unknown): value is FieldError => isRecord(value) && isString(value.field) && isString(value.message);
const isNeededRole = (value: unknown): value is { category: string; roleName: string } =>
  isRecord(value) && isString(value.category) && isString(value.roleName);
const arrayOf =
  <T>(check: (value: unknown) => value is T) =>
  (value: unknown): value is T[] =>
    Array.isArray(value) && value.every(check);

const ERROR_BODY_FIELDS: Readonly<Record<Exclude<keyof ErrorBody, 'header'>, (value: unknown) => boolean>> = {
  fieldErrors: optional(arrayOf(isFieldError)),
  requestId: optional(isString),
  clientIp: optional(isString),
  orgId: optional(isString),
  neededPermissions: optional(isStringArray),
  neededRoles: optional(arrayOf(isNeededRole)),
  restriction: optional(isString),
  restrictionCode: optional(isString),
  dependentProductIds: optional(isStringArray),
  productName: optional(isString),
};

/** A failure answer's body as ErrorBodySchema reads it, or undefined when it is not one. */
export function errorBodyOf(body: unknown): ErrorBody | undefined {
  if (!isRecord(body) || !isRecord(body.header)) return undefined;
  const { isSuccessful, resultCode, resultMessage } = body.header;
  if (typeof isSuccessful !== 'boolean' || !isString(resultMessage)) return undefined;
  if (!isString(resultCode) && !(typeof resultCode === 'number' && Number.isInteger(resultCode))) return undefined;
  const result: Record<string, unknown> = { header: { isSuccessful, resultCode, resultMessage } };
  for (const [field, check] of Object.entries(ERROR_BODY_FIELDS)) {
    const value = body[field];
    if (!check(value)) return undefined;
    if (value !== undefined) result[field] = value;
  }
  return result as ErrorBody;
}

const conditionAttributeIds: readonly string[] = CONDITION_ATTRIBUTE_IDS;
const conditionOperators: readonly string[] = CONDITION_OPERATORS;
const failedConditionReasons: readonly string[] = FAILED_CONDITION_REASONS;

/** An entry of relatedRoles (PermissionRelatedRolesSchema), or undefined. */
export function relatedRolesOf(value: unknown): PermissionRelatedRoles | undefined {
  if (!isRecord(value) || !isString(value.permissionId) || !isStringArray(value.roleNames) || !isStringArray(value.roleGroupNames)) return undefined;
  return { permissionId: value.permissionId, roleNames: value.roleNames, roleGroupNames: value.roleGroupNames };
}

/** An entry of failedConditions (FailedConditionSchema), or undefined. */
export function failedConditionOf(value: unknown): FailedCondition | undefined {
  if (!isRecord(value)) return undefined;
  const { permissionId, roleGroupId, roleGroupName, roleId, attributeId, attributeOperatorTypeCode, attributeValues, timeZone, validFrom, reason } = value;
  if (!isString(permissionId) || !isString(roleGroupId) || !isString(roleGroupName) || !isString(roleId) || !isString(timeZone)) return undefined;
  if (!isString(attributeId) || !conditionAttributeIds.includes(attributeId)) return undefined;
  if (!isString(attributeOperatorTypeCode) || !conditionOperators.includes(attributeOperatorTypeCode)) return undefined;
  if (!isStringArray(attributeValues) || !optional(isString)(validFrom)) return undefined;
  if (!isString(reason) || !failedConditionReasons.includes(reason)) return undefined;
  return {
    permissionId,
    roleGroupId,
    roleGroupName,
    roleId,
    attributeId,
    attributeOperatorTypeCode,
    attributeValues,
    timeZone,
    ...(validFrom === undefined ? {} : { validFrom }),
    reason,
  } as FailedCondition;
}

/** An entry of deniedBy (DeniedBySchema), or undefined. */
export function deniedByOf(value: unknown): DeniedBy | undefined {
  if (!isRecord(value) || !isString(value.permissionId) || !isString(value.roleGroupName) || !isString(value.roleId)) return undefined;
  return { permissionId: value.permissionId, roleGroupName: value.roleGroupName, roleId: value.roleId };
}
