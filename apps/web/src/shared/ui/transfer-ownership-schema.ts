import { z } from 'zod';

/** Schemas of TransferOwnershipForm.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const Schema = z.object({ newOwner: z.string().min(1, { error: 'validation.required' }) });
