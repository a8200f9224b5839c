import { PasswordSchema } from '@console/contracts/validation';
import { z } from 'zod';
import { withPasswordConfirm } from '../../../shared/ui/NewPasswordFields.tsx';

/** Schemas of PasswordSetupPage.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const Schema = withPasswordConfirm(z.object({ password: PasswordSchema, passwordConfirm: z.string() }));
