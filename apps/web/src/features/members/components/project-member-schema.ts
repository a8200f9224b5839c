import { addProjectMember } from '@console/contracts/members';
import { z } from 'zod';

/** Schemas of ProjectMemberForm.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const Schema = z
  .object({
    projectMemberUuid: z.string().min(1, { error: 'validation.required' }),
    projectMemberRoleCodeList: addProjectMember.body!.shape.projectMemberRoleCodeList,
    projectMemberRoleGroupIdList: z.array(z.string()),
  })
  // A membership holds at least one role or one role group (the API's rule).
  .superRefine((value, ctx) => {
    if (value.projectMemberRoleCodeList.length === 0 && value.projectMemberRoleGroupIdList.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['projectMemberRoleCodeList'], message: 'validation.roles.required' });
    }
  });
