import { IamMemberInputSchema } from '@console/contracts/iam';
import { z } from 'zod';

/** Schemas of IamAccountForm.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
/** The fields of an IAM account the console edits (spec §3): ID (on creation), name, email, phone. */
export const CreateSchema = IamMemberInputSchema.pick({ userCode: true, name: true, emailAddress: true }).extend({
  mobileNumber: z.string().trim().max(30),
});
export const EditSchema = CreateSchema.omit({ userCode: true });
