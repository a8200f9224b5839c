import { z } from 'zod';

/** Schemas of OwnAuthenticatorConfirm.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const ConfirmSchema = z.object({ code: z.string().trim().max(6) });
