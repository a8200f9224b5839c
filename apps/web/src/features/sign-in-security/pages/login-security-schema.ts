import { z } from 'zod';
import { withPasswordConfirm } from '../../../shared/ui/NewPasswordFields.tsx';

/** Schemas of components/LoginSecuritySections.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const ChangeSchema = withPasswordConfirm(z.object({ currentPassword: z.string().min(1).max(200), password: z.string().min(1).max(200), passwordConfirm: z.string() }));
