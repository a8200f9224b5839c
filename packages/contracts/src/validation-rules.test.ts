import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { IMPORT_FILE_NAME_PATTERN, orgMemberTypeOf } from './imports.ts';
import { LANGS } from './locales.ts';
import { RESULT_CODES } from './result-codes.ts';
import { RoleGroupDescriptionSchema, RoleGroupNameSchema } from './role-groups.ts';
import {
  controlCharacterIssues,
  domainNameProblem,
  IamNameSchema,
  IamUserCodeSchema,
  isPhoneNumber,
  MemberEmailSchema,
  multiline,
  OrgNameSchema,
  orgRoleListMessage,
  PasswordSchema,
  PersonNameSchema,
  ProjectDescriptionSchema,
  ProjectNameSchema,
  projectRoleListMessage,
  textCharacterProblem,
} from './validation.ts';
import { fieldProblem, issueMessage } from './validation-issues.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';
import { validationMessage, type ValidationMessageRef } from './validation-translate.ts';

const english = (ref: ValidationMessageRef | undefined) => (ref ? validationMessage(ref.key, 'en', ref.params) : undefined);

/**
 * Every rule of spec §5 the console has, each against a value just inside it (accepted) and one
 * just outside it (refused): the refusal names that rule — its own message key, and an English
 * text that says what the rule is (with its limit).
 */
describe('spec §5 rules: a value just outside each names the rule it breaks', () => {
  const rules: readonly [rule: string, schema: z.ZodType, inside: string, outside: string, key: string, text: string][] = [
    ['organization name required', OrgNameSchema, 'A', '   ', 'validation.required', 'This field is required.'],
    ['organization name length', OrgNameSchema, 'a'.repeat(100), 'a'.repeat(101), 'validation.text.tooLong', 'Enter at most 100 characters.'],
    [
      'organization name pattern',
      OrgNameSchema,
      'Acme 한국 データ 数据 .-_',
      'Acme!',
      'validation.name.pattern',
      'Use only Latin, Korean, Japanese or Chinese letters, digits, spaces and . _ -',
    ],
    ['organization name on one line', OrgNameSchema, 'Acme Corp', 'Acme\nCorp', 'validation.text.singleLine', 'Enter one line, without line breaks or tabs.'],
    ['project name length', ProjectNameSchema, 'p'.repeat(100), 'p'.repeat(101), 'validation.text.tooLong', 'Enter at most 100 characters.'],
    ['project name pattern', ProjectNameSchema, 'Web Service', 'a/b', 'validation.name.pattern', 'Use only Latin, Korean, Japanese or Chinese letters, digits, spaces and . _ -'],
    ['project description length', ProjectDescriptionSchema, 'd'.repeat(500), 'd'.repeat(501), 'validation.text.tooLong', 'Enter at most 500 characters.'],
    ['project description characters', ProjectDescriptionSchema, 'line\nline\ttab', 'bell\u0007', 'validation.text.control', 'Control characters are not allowed.'],
    ['member name length (batch names up to 40)', PersonNameSchema, 'n'.repeat(40), 'n'.repeat(41), 'validation.text.tooLong', 'Enter at most 40 characters.'],
    ['member name pattern', PersonNameSchema, '김 민수', 'Kim!', 'validation.name.pattern', 'Use only Latin, Korean, Japanese or Chinese letters, digits, spaces and . _ -'],
    ['IAM name required', IamNameSchema, 'K', '', 'validation.required', 'This field is required.'],
    ['IAM name length', IamNameSchema, 'n'.repeat(40), 'n'.repeat(41), 'validation.text.tooLong', 'Enter at most 40 characters.'],
    ['IAM name: letters, digits and . - _ (no spaces)', IamNameSchema, 'Jung.IAM_2-b', 'Jung IAM', 'validation.iamName.pattern', 'Use only letters, digits and . - _ in an IAM account name, without spaces.'],
    ['IAM name: no other characters', IamNameSchema, '정아이엠', 'Kim!', 'validation.iamName.pattern', 'Use only letters, digits and . - _ in an IAM account name, without spaces.'],
    ['IAM ID required', IamUserCodeSchema, 'a', '', 'validation.required', 'This field is required.'],
    ['IAM ID length', IamUserCodeSchema, 'i'.repeat(100), 'i'.repeat(101), 'validation.text.tooLong', 'Enter at most 100 characters.'],
    [
      'IAM ID characters',
      IamUserCodeSchema,
      'bad.id-ok_1',
      'bad id!',
      'validation.iamId.pattern',
      'Use only lowercase letters, digits and - . _ in an IAM ID, not starting or ending with - . _',
    ],
    ['IAM ID lowercase only', IamUserCodeSchema, 'kim', 'Kim', 'validation.iamId.pattern', 'Use only lowercase letters, digits and - . _ in an IAM ID, not starting or ending with - . _'],
    ['IAM ID no special character first', IamUserCodeSchema, 'k.im', '.kim', 'validation.iamId.pattern', 'Use only lowercase letters, digits and - . _ in an IAM ID, not starting or ending with - . _'],
    ['IAM ID no special character last', IamUserCodeSchema, 'ki-m', 'kim-', 'validation.iamId.pattern', 'Use only lowercase letters, digits and - . _ in an IAM ID, not starting or ending with - . _'],
    ['member email required', MemberEmailSchema, 'a@b.co', '', 'validation.email.required', 'Enter an email.'],
    ['member email format', MemberEmailSchema, 'kim@example.com', 'kim@', 'validation.email.format', 'Invalid email format.'],
    ['user password length', PasswordSchema, 'Qw1!ekhq', 'Qw1!ekh', 'validation.password.length', 'Use 8 to 15 characters.'],
    ['user password combination', PasswordSchema, 'Qw1!ekhq', 'qw1!ekhq', 'validation.password.combination', 'Combine upper-case and lower-case letters, digits and special characters.'],
    ['user password no consecutive characters', PasswordSchema, 'Qw1!ekhq', 'Qw1!abcq', 'validation.password.sequence', 'Do not use three identical or consecutive characters in a row (such as aaa, abc or 321).'],
    ['role group name required', RoleGroupNameSchema, 'Ops', '', 'validation.roleGroup.nameRequired', 'Required input. Enter a group name.'],
    ['role group name length', RoleGroupNameSchema, 'g'.repeat(50), 'g'.repeat(51), 'validation.text.tooLong', 'Enter at most 50 characters.'],
    ['role group description length', RoleGroupDescriptionSchema, 'd'.repeat(200), 'd'.repeat(201), 'validation.text.tooLong', 'Enter at most 200 characters.'],
  ];

  it.each(rules)('%s', (_rule, schema, inside, outside, key, text) => {
    expect(fieldProblem(schema, inside)).toBeUndefined();
    const problem = fieldProblem(schema, outside);
    expect(problem?.key).toBe(key);
    expect(english(problem)).toBe(text);
    // The limit is in every language, not only in English.
    const limit = /\d+/.exec(text)?.[0];
    if (limit) for (const lang of LANGS) expect(validationMessage(problem!.key, lang, problem!.params), lang).toContain(limit);
  });

  it.each([
    ['organization roles: unknown', () => orgRoleListMessage(['MEMBER', 'NOSUCHROLE']), 'validation.orgRoles.unknown', 'Not an organization role: NOSUCHROLE'],
    ['organization roles: a project role is not one', () => orgRoleListMessage(['VIEWER']), 'validation.orgRoles.unknown', 'Not an organization role: VIEWER'],
    ['organization roles: OWNER', () => orgRoleListMessage(['OWNER']), 'validation.orgRoles.ownerNotAssignable', 'The Owner role cannot be assigned. Hand over the organization instead.'],
    ['organization roles: at least one', () => orgRoleListMessage([]), 'validation.roles.required', 'Choose at least one role.'],
    ['project roles: unknown', () => projectRoleListMessage(['BUDGET_ADMIN']), 'validation.projectRoles.unknown', 'Not a project role: BUDGET_ADMIN'],
    ['project roles: ADMIN alone', () => projectRoleListMessage(['ADMIN', 'MEMBER']), 'validation.projectRoles.adminAlone', 'The Admin role cannot be combined with other project roles.'],
    ['project roles: no duplicates', () => projectRoleListMessage(['QUOTA_ADMIN', 'QUOTA_VIEWER']), 'validation.roles.duplicate', 'A role cannot be assigned twice; an admin role already includes the viewer role of its area.'],
  ] as const)('%s', (_rule, run, key, text) => {
    const problem = run();
    expect(problem?.key).toBe(key);
    expect(english(problem)).toBe(text);
  });

  it('keeps every text free of control characters, and single-line fields free of line breaks', () => {
    expect(textCharacterProblem('a\u0000b')).toBe('validation.text.control');
    expect(textCharacterProblem('a\u0000b', true)).toBe('validation.text.control');
    expect(textCharacterProblem('a\u009Fb', true)).toBe('validation.text.control');
    expect(textCharacterProblem('a\nb')).toBe('validation.text.singleLine');
    expect(textCharacterProblem('a\nb', true)).toBeUndefined();
    expect(textCharacterProblem('Café 한국 ٣')).toBeUndefined();
    expect(VALIDATION_MESSAGES['validation.text.control'].en).toBe('Control characters are not allowed.');
    expect(VALIDATION_MESSAGES['validation.text.singleLine'].en).toBe('Enter one line, without line breaks or tabs.');
  });

  it('phone numbers by country, domains, and import file names answer their own codes and messages', () => {
    expect(isPhoneNumber('KR', '02-123-4567')).toBe(false);
    expect(VALIDATION_MESSAGES['validation.phone.format'].en).toBe('Invalid phone number format for the country.');
    expect(domainNameProblem('abc')).toBeUndefined();
    expect(domainNameProblem('ab')).toBe('RULE');
    expect(domainNameProblem('a'.repeat(41))).toBe('RULE');
    expect(RESULT_CODES.DOMAIN_RULE_VIOLATION.messages.en).toContain('3 to 40');
    expect(domainNameProblem('admin')).toBe('PROHIBITED_WORD');
    expect(RESULT_CODES.DOMAIN_PROHIBITED_WORD.messages.en).toContain('prohibited word');
    expect(IMPORT_FILE_NAME_PATTERN.test('members.xlsx')).toBe(true);
    expect(IMPORT_FILE_NAME_PATTERN.test('members.csv')).toBe(false);
    expect(RESULT_CODES.IMPORT_FILE_NAME_INVALID.messages.en).toBe('File names must end in xls or xlsx.');
  });
});

const first = (schema: z.ZodType, value: unknown) => issueMessage(schema.safeParse(value, { reportInput: true }).error!.issues[0] as never);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the app words zod checks itself (issueMessage)', () => {
  it.each([
    ['a missing field', z.object({ name: z.string() }), {}, 'This field is required.'],
    ['a text too long', z.string().max(100), 'x'.repeat(101), 'Enter at most 100 characters.'],
    ['a text too short', z.string().min(3), 'xy', 'Enter at least 3 characters.'],
    ['an empty text', z.string().min(1), '', 'This field is required.'],
    ['text expected', z.string(), 5, 'Enter text.'],
    ['a number expected', z.number(), 'five', 'Enter a number.'],
    ['a whole number', z.number().int(), 1.5, 'Enter a whole number.'],
    ['a number too small', z.number().int().min(1), 0, 'Enter 1 or more.'],
    ['a number too big', z.number().int().max(20), 21, 'Enter 20 or less.'],
    ['a positive number', z.number().positive(), 0, 'Enter a number greater than 0.'],
    ['a list too long', z.array(z.string()).max(2), ['a', 'b', 'c'], 'Give at most 2.'],
    ['a list too short', z.array(z.string()).min(1), [], 'Give at least 1.'],
    ['a list expected', z.array(z.string()), 'a', 'Give a list.'],
    ['one of a set', z.enum(['KO', 'EN']), 'FR', 'Give one of: KO, EN'],
    ['an id', z.uuid(), 'x', 'Invalid ID format.'],
    ['an email', z.email(), 'x', 'Invalid email format.'],
    ['a date', z.iso.datetime(), 'x', 'Invalid date format.'],
    ['a pattern', z.string().regex(/^a+$/), 'b', 'Invalid format.'],
    ['an unknown field', z.strictObject({}), { x: 1 }, 'Unknown field: x'],
  ] as const)('%s', (_case, schema, value, text) => {
    const ref = first(schema, value);
    expect(validationMessage(ref.key, 'en', ref.params)).toBe(text);
    // Never zod's own English ("Too big: expected string to have <=100 characters").
    for (const lang of LANGS) expect(validationMessage(ref.key, lang, ref.params)).not.toMatch(/expected|Too big|Too small|Invalid input/);
  });

  it('has the same placeholders in every language of a message', () => {
    for (const [key, messages] of Object.entries(VALIDATION_MESSAGES)) {
      for (const lang of LANGS) expect(placeholders(messages[lang]), `${key} ${lang}`).toEqual(placeholders(messages.en));
    }
  });
});

describe('control characters in a whole input (controlCharacterIssues)', () => {
  const Body = z.object({
    name: z.string(),
    description: multiline(z.string()).optional(),
    tags: z.array(z.string()).default([]),
    labels: z.record(z.string(), z.string()).optional(),
    extra: z.unknown().optional(),
    nested: z.object({ rows: z.array(z.object({ cell: z.string().default('') })) }).optional(),
  });

  it('finds them wherever the schema keeps text, with the path', () => {
    expect(
      controlCharacterIssues(Body, {
        name: 'a\u0000',
        description: 'two\nlines\u0007',
        tags: ['ok', 'b\u001b'],
        labels: { 'k\u0000': 'v', k2: 'v\u0001' },
        extra: { deep: ['x\u0000'] },
        nested: { rows: [{ cell: 'ok' }, { cell: 'tab\there' }] },
      }),
    ).toEqual([
      { path: ['name'], key: 'validation.text.control' },
      { path: ['description'], key: 'validation.text.control' },
      { path: ['tags', 1], key: 'validation.text.control' },
      { path: ['labels', 'k\u0000'], key: 'validation.text.control' },
      { path: ['labels', 'k2'], key: 'validation.text.control' },
      { path: ['extra', 'deep', 0], key: 'validation.text.control' },
      { path: ['nested', 'rows', 1, 'cell'], key: 'validation.text.singleLine' },
    ]);
  });

  it('allows tab and line breaks in a multi-line field only, and ignores fields the schema drops', () => {
    expect(controlCharacterIssues(Body, { name: 'a', description: 'two\r\nlines\tand a tab', dropped: 'x\u0000' })).toEqual([]);
    expect(controlCharacterIssues(Body, { name: 'a\nb' })).toEqual([{ path: ['name'], key: 'validation.text.singleLine' }]);
    // Through optional, default and pipes: the marker is found where the value meets it.
    expect(controlCharacterIssues(z.object({ d: ProjectDescriptionSchema.default('') }), { d: 'a\nb' })).toEqual([]);
  });

  it('reads member types by code or display name in any console language', () => {
    expect(orgMemberTypeOf('IAM')).toBe('IAM');
    expect(orgMemberTypeOf('toast_cloud')).toBe('TOAST_CLOUD');
    expect(orgMemberTypeOf('Cloud account')).toBe('TOAST_CLOUD');
    expect(orgMemberTypeOf('IAM 계정')).toBe('IAM');
    expect(orgMemberTypeOf('IAMアカウント')).toBe('IAM');
    expect(orgMemberTypeOf('云账户')).toBe('TOAST_CLOUD');
    expect(orgMemberTypeOf('PARTNER')).toBeUndefined();
  });
});
