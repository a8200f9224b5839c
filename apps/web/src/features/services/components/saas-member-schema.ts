import { setSaasMemberRole } from '@console/contracts/products';
import { z } from 'zod';

/** Schemas of SaasMemberForm.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const Schema = z.object({
  memberId: z.string().min(1, { error: 'validation.required', abort: true }),
  role: setSaasMemberRole.body!.shape.role,
});
