import { IamLoginBodySchema, MemberLoginBodySchema } from '@console/contracts/auth';

/** The sign-in forms' schemas, loaded after the form's first paint (shared/form/lazy-resolver.ts). */
export const MemberLoginFormSchema = MemberLoginBodySchema.pick({ email: true, password: true });
export const IamLoginFormSchema = IamLoginBodySchema.pick({ domain: true, userCode: true, password: true });
