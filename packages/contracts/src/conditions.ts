/**
 * Role conditions (spec §3 RoleDetail, §5, §6): a role inside a role group may carry conditions
 * on the request; a role applies only when ALL its conditions hold. A role with
 * denialSetting DENY takes its permissions away when its conditions hold (no conditions: always).
 *
 * This file is the shape and the validation of conditions, shared by the API (storage, the
 * engine) and the web (the condition editor). Evaluation lives in the API's policy engine.
 */
import { z } from 'zod';
import {
  CONDITION_ATTRIBUTE_IDS,
  CONDITION_DATA_TYPES,
  CONDITION_OPERATORS,
  DENIAL_SETTINGS,
  MAX_CONDITION_VALUES,
  MAX_CONDITIONS_PER_ROLE,
  type ConditionAttributeId,
  type RoleCondition,
  type RoleConditionDetail,
} from './condition-attributes.ts';

export * from './condition-attributes.ts';

/** A condition as the API takes it (a name or description sent along is ignored: the catalogue has them). */
export const RoleConditionSchema = z.object({
  attributeId: z.enum(CONDITION_ATTRIBUTE_IDS as [ConditionAttributeId, ...ConditionAttributeId[]]),
  attributeDataTypeCode: z.enum(CONDITION_DATA_TYPES),
  attributeOperatorTypeCode: z.enum(CONDITION_OPERATORS),
  attributeValues: z.array(z.string().trim().min(1).max(256)).max(MAX_CONDITION_VALUES),
}) satisfies z.ZodType<RoleCondition>;

/** A condition as the API answers it (spec §3 RoleDetail): with the attribute's name and description in the caller's language. */
export const RoleConditionDetailSchema = RoleConditionSchema.extend({
  attributeName: z.string(),
  attributeDescription: z.string(),
}) satisfies z.ZodType<RoleConditionDetail>;

/** A role inside a role group, with its deny setting and conditions (spec §3 RoleDetail). */
export const RoleGroupRoleSchema = z.object({
  roleId: z.string().trim().min(1).max(128),
  denialSetting: z.enum(DENIAL_SETTINGS).default('ALLOW'),
  conditions: z.array(RoleConditionSchema).max(MAX_CONDITIONS_PER_ROLE).default([]),
});
export type RoleGroupRole = z.infer<typeof RoleGroupRoleSchema>;
