/**
 * The role-group form's schema, loaded after the form's first paint (RoleGroupForm, shared/form/lazy-resolver.ts):
 * import only its types elsewhere (`import type`), or zod comes back into the page's first paint.
 */
import { conditionProblem } from '@console/contracts/condition-attributes';
import { RoleGroupDescriptionSchema, RoleGroupNameSchema, RoleGroupRolesInputSchema } from '@console/contracts/role-groups';
import { z } from 'zod';

/** The roles of a group with every condition checked too (contracts `conditionProblem`, INVALID_CONDITION_DATA_TYPE / CONDITION_VALUES_EXIST). */
const RolesSchema = RoleGroupRolesInputSchema.superRefine((roles, ctx) => {
  roles.forEach((role, index) => {
    role.conditions.forEach((condition, conditionIndex) => {
      const problem = conditionProblem(condition);
      if (problem) ctx.addIssue({ code: 'custom', path: [index, 'conditions', conditionIndex], message: problem });
    });
  });
});

/** The role-group form: the request's fields, and in a project who holds the group. */
export const RoleGroupFormSchema = z.object({
  roleGroupName: RoleGroupNameSchema,
  description: RoleGroupDescriptionSchema,
  roles: RolesSchema,
  memberUuids: z.array(z.string()),
});
/** What the form holds while it is edited (a role's deny setting and conditions may be unset). */
export type RoleGroupFormInput = z.input<typeof RoleGroupFormSchema>;
/** What a valid form submits. */
export type RoleGroupFormValues = z.output<typeof RoleGroupFormSchema>;
