import { z } from 'zod';
import { isLocalPath, LOCAL_PATH_MAX_LENGTH } from './local-path.ts';
import {
  DOMAIN_MAX_LENGTH,
  DOMAIN_MIN_LENGTH,
  IAM_USER_CODE_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  PROJECT_DESCRIPTION_MAX_LENGTH,
} from './limits.ts';
import { isOrgRoleName, isProjectRoleName } from './permissions.ts';
import { isOneLine, multiline, textCharacterProblem } from './text-characters.ts';
import type { ValidationMessageKey } from './validation-messages.ts';
import type { ValidationMessageRef } from './validation-translate.ts';

// Control characters and multi-line fields are in text-characters.ts; named here too for importers of
// `@console/contracts/validation`.
export * from './text-characters.ts';

export { isLocalPath, LOCAL_PATH_MAX_LENGTH } from './local-path.ts';

/** A path inside this console, never another site: used for nextUrl/returnUrl. */
export const LocalPathSchema = z
  .string()
  .max(LOCAL_PATH_MAX_LENGTH)
  .refine(isLocalPath, { error: 'validation.localPath' });

export const EmailSchema = z.string().trim().toLowerCase().max(254).email();

/** Organization domain (spec §5): 3-40 letters, digits, hyphen, starting with a letter or digit. */
export const DomainNameSchema = z
  .string()
  .trim()
  .min(3)
  .max(40)
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/);

/** IAM ID (spec §5): lowercase letters, digits, - . _, no special character at either end. */
export const IAM_USER_CODE_PATTERN = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/;
export const IamUserCodeSchema = z
  .string()
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(IAM_USER_CODE_MAX_LENGTH, { abort: true })
  .refine(isOneLine, { error: 'validation.text.singleLine', abort: true })
  .regex(IAM_USER_CODE_PATTERN, { error: 'validation.iamId.pattern' });

/** Whether an IAM ID follows spec §5 (the server answers INVALID_MEMBER_ID when it does not). */
export const isIamUserCode = (value: string): boolean =>
  value.length >= 1 && value.length <= IAM_USER_CODE_MAX_LENGTH && IAM_USER_CODE_PATTERN.test(value);

// ---- organization and project names (spec §5) ----

/** A letter of the Latin, Korean, Japanese or Chinese script (ー and 々 included: they are letters). */
const NAME_LETTER = /^[\p{scx=Latin}\p{scx=Hangul}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Han}]$/u;
const LETTER_OR_MARK = /^[\p{L}\p{Mn}\p{Mc}]$/u;
/** Digits, . _ - and space separators (space, no-break space, ideographic space); no tabs or newlines. */
const NAME_OTHER = /^[0-9._\-\p{Zs}]$/u;

/** Spec §5 name pattern: Latin, Korean, Japanese, Chinese letters, digits, . _ - and whitespace. */
export function isNameText(value: string): boolean {
  for (const char of value) {
    if (NAME_OTHER.test(char)) continue;
    if (!(NAME_LETTER.test(char) && LETTER_OR_MARK.test(char))) return false;
  }
  return true;
}

const nameSchema = () =>
  z
    .string()
    .normalize('NFC')
    .trim()
    .min(1, { error: 'validation.required', abort: true })
    .max(NAME_MAX_LENGTH, { abort: true })
    .refine(isOneLine, { error: 'validation.text.singleLine', abort: true })
    .refine(isNameText, { error: 'validation.name.pattern' });

/** Organization name: required, at most 100 characters, spec §5 pattern. Duplicates are warned, not refused. */
export const OrgNameSchema = nameSchema();
/** Project name: the same rule as organization names. */
export const ProjectNameSchema = nameSchema();

/** Free text of several lines (a description): tab and line breaks allowed, no other control character. */
export const multilineTextSchema = (max: number) =>
  multiline(
    z
      .string()
      .trim()
      .max(max)
      .refine((value) => textCharacterProblem(value, true) === undefined, { error: 'validation.text.control' }),
  );

/** Project description: optional free text, no control characters other than tab and newlines. */
export const ProjectDescriptionSchema = multilineTextSchema(PROJECT_DESCRIPTION_MAX_LENGTH);

// ---- organization domains (spec §5; result codes DOMAIN_PROHIBITED_WORD, DOMAIN_RULE_VIOLATION, DUPLICATE_DOMAIN) ----

/**
 * Words a domain may not use, as a whole or as one of its hyphen-separated parts ("admin",
 * "my-admin", "admin-team"), in any letter case. Words that are merely contained are allowed
 * ("badminton", "attest"). They name the platform, its services and its operators, so a tenant's
 * sign-in page at `{domain}.console` cannot pose as one of them.
 */
export const PROHIBITED_DOMAIN_WORDS = [
  'admin',
  'administrator',
  'api',
  'auth',
  'billing',
  'cdn',
  'cloud',
  'console',
  'default',
  'help',
  'iam',
  'internal',
  'localhost',
  'login',
  'logout',
  'mail',
  'master',
  'null',
  'official',
  'operator',
  'payment',
  'root',
  'security',
  'signin',
  'sso',
  'staff',
  'static',
  'status',
  'support',
  'system',
  'test',
  'undefined',
  'www',
] as const;

const PROHIBITED = new Set<string>(PROHIBITED_DOMAIN_WORDS);
const DOMAIN_RULE = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

/** What is wrong with a domain name, in the order the server checks: the rule (DOMAIN_RULE_VIOLATION), then the words (DOMAIN_PROHIBITED_WORD). */
export function domainNameProblem(value: string): 'RULE' | 'PROHIBITED_WORD' | undefined {
  if (value.length < DOMAIN_MIN_LENGTH || value.length > DOMAIN_MAX_LENGTH || !DOMAIN_RULE.test(value)) return 'RULE';
  const lower = value.toLowerCase();
  const parts = [lower, lower.replaceAll('-', ''), ...lower.split('-')];
  return parts.some((part) => PROHIBITED.has(part)) ? 'PROHIBITED_WORD' : undefined;
}

/**
 * A domain as a request carries it: any string up to 200 characters. The domain rules answer
 * their own codes (DOMAIN_PROHIBITED_WORD, DOMAIN_RULE_VIOLATION) rather than INVALID_PARAMETER, so they are checked by the server, not here.
 */
export const DomainNameInputSchema = z.string().trim().min(1, { error: 'validation.required' }).max(200);

// ---- people: emails, names, passwords, phone numbers (spec §5) ----

/**
 * A member's email as the member forms take it, with the spec's own messages: 'Enter an email.'
 * and 'Invalid email format.'. Trimmed and lower-cased (emails are compared without letter case).
 */
export const MemberEmailSchema = z
  .string()
  .trim()
  .min(1, { error: 'validation.email.required', abort: true })
  .max(254, { error: 'validation.email.format', abort: true })
  .email({ error: 'validation.email.format' })
  .toLowerCase();

/**
 * A cloud member's name (sign-up on an invitation): the spec §5 name pattern — letters of the
 * four console scripts, digits, . _ - and spaces — at most 40 characters.
 */
export const PersonNameSchema = z
  .string()
  .normalize('NFC')
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(PERSON_NAME_MAX_LENGTH, { abort: true })
  .refine(isOneLine, { error: 'validation.text.singleLine', abort: true })
  .refine(isNameText, { error: 'validation.name.pattern' });

/** Spec §5 IAM name: letters (of the four console scripts), digits and . - _ only; no spaces. */
export function isIamNameText(value: string): boolean {
  for (const char of value) {
    if (/^[0-9._-]$/.test(char)) continue;
    if (!(NAME_LETTER.test(char) && LETTER_OR_MARK.test(char))) return false;
  }
  return true;
}

/** An IAM account's name (spec §5 "IAM name required, only letters, digits and . - _"), at most 40 characters. */
export const IamNameSchema = z
  .string()
  .normalize('NFC')
  .trim()
  .min(1, { error: 'validation.required', abort: true })
  .max(PERSON_NAME_MAX_LENGTH, { abort: true })
  .refine(isOneLine, { error: 'validation.text.singleLine', abort: true })
  .refine(isIamNameText, { error: 'validation.iamName.pattern' });

/** ASCII punctuation: the special characters a password may (and must) use. */
const PASSWORD_SPECIAL = /[!-/:-@[-`{-~]/;
const PASSWORD_ALLOWED = /^[A-Za-z0-9!-/:-@[-`{-~]*$/;

const isSequenceChar = (code: number) => (code >= 48 && code <= 57) || (code >= 97 && code <= 122);

/** Three characters in a row that are the same, or consecutive letters or digits up or down (aaa, abc, 321). */
export function hasCharacterRun(value: string): boolean {
  const codes = [...value.toLowerCase()].map((char) => char.codePointAt(0)!);
  for (let index = 0; index + 2 < codes.length; index++) {
    const [a, b, c] = [codes[index]!, codes[index + 1]!, codes[index + 2]!];
    if (a === b && b === c) return true;
    const sameKind = (a <= 57) === (b <= 57) && (b <= 57) === (c <= 57);
    if (sameKind && [a, b, c].every(isSequenceChar) && ((b - a === 1 && c - b === 1) || (a - b === 1 && b - c === 1))) return true;
  }
  return false;
}

export type PasswordProblem =
  | 'validation.password.length'
  | 'validation.password.characters'
  | 'validation.password.combination'
  | 'validation.password.sequence';

/**
 * Spec §5 user password: 8 to 15 characters; upper-case and lower-case letters, digits and special
 * characters (ASCII punctuation) all present; no three identical or consecutive characters in a row.
 */
export function passwordProblem(value: string): PasswordProblem | undefined {
  if (value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH) return 'validation.password.length';
  if (!PASSWORD_ALLOWED.test(value)) return 'validation.password.characters';
  if (!/[A-Z]/.test(value) || !/[a-z]/.test(value) || !/[0-9]/.test(value) || !PASSWORD_SPECIAL.test(value)) {
    return 'validation.password.combination';
  }
  if (hasCharacterRun(value)) return 'validation.password.sequence';
  return undefined;
}

/** A new password, checked against the rules of spec §5. */
export const PasswordSchema = z
  .string()
  .max(200)
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Two-letter country code (ISO 3166-1 alpha-2), upper-cased. */
export const CountryCodeSchema = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/);

/**
 * Mobile phone numbers by country (spec §5 "phone checked by country"; §9 countries KR and JP).
 * Hyphens optional, national or +country form. Other countries: international digits, 7 to 15.
 */
export const PHONE_PATTERNS: Readonly<Record<string, RegExp>> = {
  KR: /^(?:01[016789]-?[0-9]{3,4}-?[0-9]{4}|\+82-?1[016789]-?[0-9]{3,4}-?[0-9]{4})$/,
  JP: /^(?:0[789]0-?[0-9]{4}-?[0-9]{4}|\+81-?[789]0-?[0-9]{4}-?[0-9]{4})$/,
};
const INTERNATIONAL_PHONE = /^\+?[0-9](?:-?[0-9]){6,14}$/;

export function isPhoneNumber(country: string, value: string): boolean {
  return (PHONE_PATTERNS[country.toUpperCase()] ?? INTERNATIONAL_PHONE).test(value);
}

/** A phone number as forms send it; the country rule is checked with the country (isPhoneNumber). */
export const PhoneNumberInputSchema = z.string().trim().max(30);

// ---- role lists (spec §5 "Role group" rules, §6 roles) ----

const hasDuplicate = (roles: readonly string[]) => new Set(roles).size !== roles.length;

/** X_ADMIN listed with its own X_VIEWER: the ADMIN role already grants what the VIEWER does. */
const hasAdminWithItsViewer = (roles: readonly string[]) =>
  roles.some((role) => role.endsWith('_ADMIN') && roles.includes(role.replace(/_ADMIN$/, '_VIEWER')));

/**
 * What is wrong with a list of organization roles to assign, if anything: at least one; none
 * twice; never OWNER (ownership is handed over, not assigned); NONE alone; no X_ADMIN with its
 * own X_VIEWER.
 */
export function orgRoleListProblem(roles: readonly string[]): ValidationMessageKey | undefined {
  if (roles.length === 0) return 'validation.roles.required';
  if (!roles.every(isOrgRoleName)) return 'validation.orgRoles.unknown';
  if (hasDuplicate(roles) || hasAdminWithItsViewer(roles)) return 'validation.roles.duplicate';
  if (roles.includes('OWNER')) return 'validation.orgRoles.ownerNotAssignable';
  if (roles.includes('NONE') && roles.length > 1) return 'validation.roles.noneAlone';
  return undefined;
}

/**
 * What is wrong with a list of project roles to assign, if anything (spec §5): at least one (a
 * member's single role cannot be deleted); none twice and no X_ADMIN with its own X_VIEWER ("ADMIN
 * roles cannot be duplicated"); never OWNER (the project is handed over); ADMIN alone ("cannot be
 * combined with other project roles"); NONE alone.
 */
export function projectRoleListProblem(roles: readonly string[]): ValidationMessageKey | undefined {
  if (roles.length === 0) return 'validation.roles.required';
  if (!roles.every(isProjectRoleName)) return 'validation.projectRoles.unknown';
  if (hasDuplicate(roles) || hasAdminWithItsViewer(roles)) return 'validation.roles.duplicate';
  if (roles.includes('OWNER')) return 'validation.projectRoles.ownerNotAssignable';
  if (roles.includes('ADMIN') && roles.length > 1) return 'validation.projectRoles.adminAlone';
  if (roles.includes('NONE') && roles.length > 1) return 'validation.roles.noneAlone';
  return undefined;
}

/** The message of a role list's problem, naming the unknown roles when that is the problem. */
function roleListMessage(
  roles: readonly string[],
  problem: ValidationMessageKey | undefined,
  known: (role: string) => boolean,
): ValidationMessageRef | undefined {
  if (!problem) return undefined;
  const unknown = [...new Set(roles.filter((role) => !known(role)))];
  return unknown.length > 0 && problem.endsWith('Roles.unknown') ? { key: problem, params: { roles: unknown.join(', ') } } : { key: problem };
}

/** orgRoleListProblem with its parameters: 'Not an organization role: NOSUCHROLE'. */
export const orgRoleListMessage = (roles: readonly string[]) => roleListMessage(roles, orgRoleListProblem(roles), isOrgRoleName);
/** projectRoleListProblem with its parameters: 'Not a project role: BUDGET_ADMIN'. */
export const projectRoleListMessage = (roles: readonly string[]) => roleListMessage(roles, projectRoleListProblem(roles), isProjectRoleName);

const roleListSchema = (message: (roles: readonly string[]) => ValidationMessageRef | undefined) =>
  z
    .array(z.string().trim().toUpperCase().max(64))
    .max(64)
    .superRefine((roles, ctx) => {
      const found = message(roles);
      if (found) ctx.addIssue({ code: 'custom', message: found.key, params: found.params });
    });

/** Organization roles to assign (invitation, role change). */
export const OrgRoleListSchema = roleListSchema(orgRoleListMessage);
/** Project roles to assign (add, change). */
export const ProjectRoleListSchema = roleListSchema(projectRoleListMessage);
