import { z } from 'zod';
import { withPasswordConfirm } from '../../../shared/ui/NewPasswordFields.tsx';

/** Schemas of SignInSecondStep.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const CodeSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, { error: 'validation.mfa.code' }) });
export const PasswordSchema = withPasswordConfirm(z.object({ password: z.string().min(1).max(200), passwordConfirm: z.string() }));
