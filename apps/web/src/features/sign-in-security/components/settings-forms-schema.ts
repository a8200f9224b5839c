import { z } from 'zod';

/** Schemas of SettingsForms.tsx, loaded after its first paint (shared/form/lazy-resolver.ts): import only their types elsewhere. */
export const NumberText = z.string().trim().max(12);
export const LoginFailSchema = z.object({ enable: z.boolean(), loginFailCount: NumberText, blockMinutes: NumberText });
export const PolicySchema = z.object({
  custom: z.boolean(),
  minLength: NumberText,
  alphabet: z.boolean(),
  number: z.boolean(),
  special: z.boolean(),
  noIllegalSequence: z.boolean(),
  expiryEnable: z.boolean(),
  expiryDays: NumberText,
  reuseEnable: z.boolean(),
  reuseCount: NumberText,
  applicationRuleType: z.enum(['onLogin', 'onChangePassword']),
});
export const MfaSchema = z.object({ type: z.enum(['NONE', 'TOTP', 'EMAIL']), bypassEnable: z.boolean(), ipList: z.string().max(5000) });
export const SessionSchema = z.object({ multiSessionsLimit: NumberText, sessionTimeoutMinutes: NumberText });
