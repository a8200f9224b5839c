import { verify } from '@node-rs/argon2';
import { effectivePolicy, passwordPolicyProblems, validationMessage, type FieldError, type PasswordPolicyValue } from '@console/contracts';
import type { Executor } from '../../db/client.ts';
import type { iamMemberCredentials, iamMembers } from '../../db/schema/index.ts';
import type { RequestContext } from '../../platform/context.ts';
import { invalidFields } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { EffectiveSettings } from './settings.ts';
import { signInSecurityRepository as repo } from './sign-in-security.repository.ts';

export interface PasswordContext {
  account: typeof iamMembers.$inferSelect;
  policy: PasswordPolicyValue;
}

export const policyOf = (settings: EffectiveSettings) => effectivePolicy(settings.passwordPolicy);

const DAY_MS = 86_400_000;

/** When the account's password expires under the policy (null: never). */
export function passwordExpiresAt(
  settings: EffectiveSettings,
  account: Pick<typeof iamMembers.$inferSelect, 'createdAt'>,
  credentials: Pick<typeof iamMemberCredentials.$inferSelect, 'passwordChangedAt'> | undefined,
): Date | null {
  const policy = policyOf(settings);
  if (!policy.passwordExpiry.enable) return null;
  const changedAt = credentials?.passwordChangedAt ?? account.createdAt;
  // onChangePassword: a new policy counts from when it was saved, never before (spec §4 "at the next change").
  const from =
    policy.applicationRuleType === 'onChangePassword' && settings.passwordPolicyAt && settings.passwordPolicyAt > changedAt ? settings.passwordPolicyAt : changedAt;
  return new Date(from.getTime() + policy.passwordExpiry.days * DAY_MS);
}

/**
 * Why a sign-in must change its password first: it expired, or (onLogin) it breaks the policy in
 * force. With onChangePassword a password that breaks a new policy stays until it is changed.
 */
export function passwordChangeReason(
  settings: EffectiveSettings,
  account: typeof iamMembers.$inferSelect,
  credentials: typeof iamMemberCredentials.$inferSelect | undefined,
  password: string,
  now: Date,
): 'EXPIRED' | 'POLICY' | null {
  const expiresAt = passwordExpiresAt(settings, account, credentials);
  if (expiresAt && expiresAt <= now) return 'EXPIRED';
  const policy = policyOf(settings);
  if (policy.applicationRuleType === 'onLogin' && passwordPolicyProblems(policy, password).length > 0) return 'POLICY';
  return null;
}

/**
 * Checks a new password (confirmation, the policy's rules, reuse of the current and earlier
 * passwords up to the reuse limit) and answers its hash; every problem goes next to its field.
 */
export async function checkNewPassword(
  db: Executor,
  ctx: RequestContext,
  { account, policy }: PasswordContext,
  body: { password: string; passwordConfirm: string },
): Promise<string> {
  const problems: FieldError[] = passwordPolicyProblems(policy, body.password).map((key) => ({
    field: 'body.password',
    message: validationMessage(key, ctx.lang, { min: policy.passwordConstraints.minLength }),
  }));
  if (body.passwordConfirm !== body.password) {
    problems.push({ field: 'body.passwordConfirm', message: validationMessage('validation.password.confirm', ctx.lang) });
  }
  if (problems.length > 0) throw invalidFields(...problems);
  const reuse = policy.limitPasswordReuse.enable ? policy.limitPasswordReuse.count : 1;
  const earlier = [...(account.passwordHash ? [account.passwordHash] : []), ...(await repo.previousHashes(db, account.id, reuse))].slice(0, reuse);
  for (const hash of earlier) {
    if (await verify(hash, body.password).catch(() => false)) {
      throw invalidFields({
        field: 'body.password',
        message: reuse > 1 ? validationMessage('validation.password.reusedRecent', ctx.lang, { count: reuse }) : validationMessage('validation.password.reused', ctx.lang),
      });
    }
  }
  return hashPassword(body.password);
}
