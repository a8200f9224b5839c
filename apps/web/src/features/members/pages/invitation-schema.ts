import { PasswordSchema, PersonNameSchema } from '@console/contracts/validation';
import { z } from 'zod';
import { withPasswordConfirm } from '../../../shared/ui/NewPasswordFields.tsx';

/** Schemas of InvitationPage.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const SignUpSchema = withPasswordConfirm(z.object({ name: PersonNameSchema, password: PasswordSchema, passwordConfirm: z.string() }));
