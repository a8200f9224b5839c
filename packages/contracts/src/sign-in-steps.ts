import { z } from 'zod';

/**
 * What sign-in needs beyond the password (spec §4, §5): limits of the IAM sign-in security
 * settings, the password policy, and the next step of an IAM sign-in. Apart from
 * sign-in-security.ts so that auth.ts can use them without an import cycle.
 */

// ---- limits (spec §5, §9) ----
export const LOGIN_FAIL_COUNT_MIN = 1;
export const LOGIN_FAIL_COUNT_MAX = 20;
export const LOGIN_FAIL_COUNT_DEFAULT = 5;
export const LOGIN_FAIL_BLOCK_MIN = 1;
export const LOGIN_FAIL_BLOCK_MAX = 60;
export const LOGIN_FAIL_BLOCK_DEFAULT = 2;
export const MULTI_SESSIONS_MIN = 1;
export const MULTI_SESSIONS_MAX = 2_000_000_000;
export const SESSION_TIMEOUT_MIN = 10;
export const SESSION_TIMEOUT_MAX = 35_791_394;
export const SESSION_TIMEOUT_DEFAULT = 10;
/** A session limit nobody reaches: the default (spec gives the range only). */
export const MULTI_SESSIONS_DEFAULT = 100;
export const POLICY_MIN_LENGTH_MIN = 8;
export const POLICY_MIN_LENGTH_MAX = 15;
export const POLICY_EXPIRY_MIN = 1;
export const POLICY_EXPIRY_MAX = 90;
export const POLICY_REUSE_MIN = 1;
export const POLICY_REUSE_MAX = 3;
/** Email codes of the two-step verification expire after this long (issue 10). */
export const EMAIL_CODE_TTL_MINUTES = 10;
/** A sign-in waiting for its second step (or a forced password change) is kept this long. */
export const SIGN_IN_CHALLENGE_TTL_MINUTES = 30;
export const MFA_BYPASS_IPS_MAX = 100;

export const PASSWORD_POLICY_TYPES = ['default', 'custom'] as const;
export const APPLICATION_RULE_TYPES = ['onLogin', 'onChangePassword'] as const;
export const PasswordPolicyValueSchema = z.object({
  passwordPolicyType: z.enum(PASSWORD_POLICY_TYPES),
  passwordConstraints: z.object({
    minLength: z.number().int(),
    /** Upper-case and lower-case letters both. */
    alphabet: z.boolean(),
    number: z.boolean(),
    special: z.boolean(),
    /** No three identical or consecutive characters in a row. */
    noIllegalSequence: z.boolean(),
  }),
  passwordExpiry: z.object({ enable: z.boolean(), days: z.number().int() }),
  limitPasswordReuse: z.object({ enable: z.boolean(), count: z.number().int() }),
  applicationRuleType: z.enum(APPLICATION_RULE_TYPES),
});
export type PasswordPolicyValue = z.infer<typeof PasswordPolicyValueSchema>;
export const PasswordPolicySchema = z.object({ schemaVersion: z.number().int(), value: PasswordPolicyValueSchema });
export type PasswordPolicy = z.infer<typeof PasswordPolicySchema>;

export const DEFAULT_PASSWORD_POLICY: PasswordPolicyValue = {
  passwordPolicyType: 'default',
  passwordConstraints: { minLength: 8, alphabet: true, number: true, special: true, noIllegalSequence: true },
  passwordExpiry: { enable: true, days: 90 },
  limitPasswordReuse: { enable: true, count: 1 },
  applicationRuleType: 'onLogin',
};

export const SIGN_IN_STEPS = ['TOTP', 'TOTP_ENROL', 'EMAIL', 'PASSWORD_CHANGE'] as const;
export type SignInStep = (typeof SIGN_IN_STEPS)[number];

/** What an IAM sign-in still needs before it gets a session. */
export const SignInNextStepSchema = z.object({
  type: z.enum(SIGN_IN_STEPS),
  /** Single use, expires with `expiresAt`; sent back with the step's answer. */
  challengeToken: z.string(),
  expiresAt: z.string(),
  /** TOTP_ENROL: the new secret (base32) and its otpauth:// URI for the QR code. */
  totp: z.object({ secret: z.string(), otpauthUri: z.string() }).optional(),
  /** EMAIL: where the code went (masked). */
  maskedEmail: z.string().optional(),
  /** PASSWORD_CHANGE: why, and the rules the new password must follow. */
  passwordChange: z.object({ reason: z.enum(['EXPIRED', 'POLICY']), policy: PasswordPolicyValueSchema }).optional(),
});
export type SignInNextStep = z.infer<typeof SignInNextStepSchema>;


/** The rules of a password policy a password breaks, as validation message keys (empty: none). */
export type PolicyProblem =
  | 'validation.policy.length'
  | 'validation.password.characters'
  | 'validation.policy.alphabet'
  | 'validation.policy.number'
  | 'validation.policy.special'
  | 'validation.password.sequence';

const POLICY_SPECIAL = /[!-/:-@[-`{-~]/;
const POLICY_ALLOWED = /^[A-Za-z0-9!-/:-@[-`{-~]*$/;
/** Passwords are at most 15 characters whatever the policy (spec §5 user password). */
export const PASSWORD_MAX_CHARS = 15;

const seq = (code: number) => (code >= 48 && code <= 57) || (code >= 97 && code <= 122);

function hasRun(value: string): boolean {
  const codes = [...value.toLowerCase()].map((char) => char.codePointAt(0)!);
  for (let index = 0; index + 2 < codes.length; index++) {
    const [a, b, c] = [codes[index]!, codes[index + 1]!, codes[index + 2]!];
    if (a === b && b === c) return true;
    const sameKind = (a <= 57) === (b <= 57) && (b <= 57) === (c <= 57);
    if (sameKind && [a, b, c].every(seq) && ((b - a === 1 && c - b === 1) || (a - b === 1 && b - c === 1))) return true;
  }
  return false;
}

/**
 * Checks a password against a policy (the default policy is spec §5's user password rule:
 * 8 to 15 characters, upper and lower case, digits and special characters, no three identical
 * or consecutive characters). Every broken rule is listed, so a form can show them all.
 */
export function passwordPolicyProblems(policy: PasswordPolicyValue, value: string): PolicyProblem[] {
  const rules = policy.passwordConstraints;
  const problems: PolicyProblem[] = [];
  if (value.length < rules.minLength || value.length > PASSWORD_MAX_CHARS) problems.push('validation.policy.length');
  if (!POLICY_ALLOWED.test(value)) problems.push('validation.password.characters');
  if (rules.alphabet && (!/[A-Z]/.test(value) || !/[a-z]/.test(value))) problems.push('validation.policy.alphabet');
  if (rules.number && !/[0-9]/.test(value)) problems.push('validation.policy.number');
  if (rules.special && !POLICY_SPECIAL.test(value)) problems.push('validation.policy.special');
  if (rules.noIllegalSequence && hasRun(value)) problems.push('validation.password.sequence');
  return problems;
}

/** The policy in force: the default one unless a custom one is saved. */
export const effectivePolicy = (saved: PasswordPolicyValue | null | undefined): PasswordPolicyValue =>
  saved && saved.passwordPolicyType === 'custom' ? saved : DEFAULT_PASSWORD_POLICY;
