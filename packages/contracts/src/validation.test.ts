import { describe, expect, it } from 'vitest';
import { LANGS } from './locales.ts';
import { DEFAULT_ORG_REGION, REGION_CATALOGUE, REGION_CODES } from './regions.ts';
import {
  domainNameProblem,
  hasCharacterRun,
  isIamUserCode,
  isNameText,
  isPhoneNumber,
  MemberEmailSchema,
  OrgNameSchema,
  orgRoleListProblem,
  OrgRoleListSchema,
  PasswordSchema,
  passwordProblem,
  PersonNameSchema,
  PROHIBITED_DOMAIN_WORDS,
  ProjectDescriptionSchema,
  projectRoleListProblem,
  ProjectRoleListSchema,
} from './validation.ts';
import { VALIDATION_MESSAGES } from './validation-messages.ts';

describe('organization and project names (spec §5)', () => {
  it.each(['Acme', '한국 조직', 'データ基盤ー開発', '数据平台', 'Café 2.0', 'a_b-c.d', 'ｶﾀｶﾅ', 'Acme\u3000Corp'])('accepts %s', (name) => {
    expect(isNameText(name)).toBe(true);
    expect(OrgNameSchema.safeParse(name).success).toBe(true);
  });

  it.each(['Acme!', 'a/b', 'Ωmega', 'Привет', 'tab\there', 'line\nbreak', '😀', 'ا', '、', '「x」'])('refuses %s', (name) => {
    expect(isNameText(name)).toBe(false);
  });

  it('trims, requires a name and caps it at 100 characters, with message keys for our own rules', () => {
    expect(OrgNameSchema.parse('  Acme  ')).toBe('Acme');
    expect(OrgNameSchema.safeParse('   ').error?.issues[0]?.message).toBe('validation.required');
    expect(OrgNameSchema.safeParse('a#').error?.issues[0]?.message).toBe('validation.name.pattern');
    expect(OrgNameSchema.safeParse('a'.repeat(100)).success).toBe(true);
    expect(OrgNameSchema.safeParse('a'.repeat(101)).success).toBe(false);
    // Composed and decomposed é are the same name.
    expect(OrgNameSchema.parse('Cafe\u0301')).toBe('Café');
  });

  it('keeps control characters out of descriptions', () => {
    expect(ProjectDescriptionSchema.safeParse('line one\nline two\ttabbed').success).toBe(true);
    expect(ProjectDescriptionSchema.safeParse('bell\u0007').success).toBe(false);
  });
});

describe('organization domains (spec §5)', () => {
  it.each([
    ['acme', undefined],
    ['9lives', undefined],
    ['a-b', undefined],
    ['badminton', undefined],
    ['ab', 'RULE'],
    ['a'.repeat(41), 'RULE'],
    ['-acme', 'RULE'],
    ['acme.corp', 'RULE'],
    ['acme corp', 'RULE'],
    ['admin', 'PROHIBITED_WORD'],
    ['Admin', 'PROHIBITED_WORD'],
    ['team-root', 'PROHIBITED_WORD'],
    ['w-w-w', 'PROHIBITED_WORD'],
  ])('%s: %s', (domain, problem) => {
    expect(domainNameProblem(domain)).toBe(problem);
  });

  it('prohibits a real list of words, all valid domains themselves, so only the word rule refuses them', () => {
    expect(PROHIBITED_DOMAIN_WORDS.length).toBeGreaterThanOrEqual(10);
    for (const word of ['admin', 'root', 'console', 'api', 'www', 'support', 'system', 'null', 'test']) {
      expect(PROHIBITED_DOMAIN_WORDS, word).toContain(word);
    }
    for (const word of PROHIBITED_DOMAIN_WORDS) expect(domainNameProblem(word), word).toBe('PROHIBITED_WORD');
  });
});

describe('regions', () => {
  it('names every region code in the four console languages', () => {
    expect(REGION_CATALOGUE.map((region) => region.code).sort()).toEqual([...REGION_CODES].sort());
    for (const region of REGION_CATALOGUE) {
      for (const lang of LANGS) expect(region.names[lang].trim(), `${region.code} ${lang}`).not.toBe('');
      expect(region.names.en).toBe(region.name);
      expect(region.names.ko).toMatch(/[가-힣]/);
    }
    expect(REGION_CATALOGUE.find((region) => region.code === 'KR1')?.names).toEqual({
      ko: '한국(판교)',
      en: 'Korea (Pangyo)',
      ja: '韓国(板橋)',
      zh: '韩国(板桥)',
    });
  });

  it('keeps the OrgRegion defaults of spec §3', () => {
    expect(DEFAULT_ORG_REGION).toEqual({ regionCode: 'KR1', regionName: 'Korea', regionIconName: 'kor', regionPriority: 0 });
  });
});

describe('validation messages', () => {
  it('has every message in the four languages', () => {
    for (const [key, messages] of Object.entries(VALIDATION_MESSAGES)) {
      for (const lang of LANGS) expect(messages[lang].trim(), `${key} ${lang}`).not.toBe('');
      expect(messages.ko, key).toMatch(/[가-힣]/);
      expect(messages.en, key).not.toMatch(/[^\x20-\x7E]/);
    }
  });
});

describe('member emails (spec §5, with its own messages)', () => {
  it('trims and lower-cases, and words the two failures as the spec does', () => {
    expect(MemberEmailSchema.parse('  Kim@Example.COM ')).toBe('kim@example.com');
    expect(MemberEmailSchema.safeParse('').error?.issues.map((issue) => issue.message)).toEqual(['validation.email.required']);
    expect(MemberEmailSchema.safeParse('kim@').error?.issues.map((issue) => issue.message)).toEqual(['validation.email.format']);
    expect(VALIDATION_MESSAGES['validation.email.required'].en).toBe('Enter an email.');
    expect(VALIDATION_MESSAGES['validation.email.format'].en).toBe('Invalid email format.');
    expect(VALIDATION_MESSAGES['validation.email.alreadyOrgMember'].en).toBe('Already added user as an organization member');
    expect(VALIDATION_MESSAGES['validation.member.alreadyAdded'].en).toBe('Already added user');
  });
});

describe('IAM IDs and person names (spec §5)', () => {
  it.each(['kim', 'kim.min-su_2', 'a', '007'])('accepts the ID %s', (id) => expect(isIamUserCode(id)).toBe(true));
  it.each(['Kim', '.kim', 'kim.', 'kim-', '_kim', 'kim su', 'kim@corp', '', 'a'.repeat(101)])('refuses the ID %j', (id) =>
    expect(isIamUserCode(id)).toBe(false),
  );

  it('takes names of the four scripts with spaces, up to 40 characters', () => {
    expect(PersonNameSchema.parse(' 김 민수 ')).toBe('김 민수');
    expect(PersonNameSchema.safeParse('Jung IAM').success).toBe(true);
    expect(PersonNameSchema.safeParse('山田 太郎').success).toBe(true);
    expect(PersonNameSchema.safeParse('a'.repeat(41)).success).toBe(false);
    expect(PersonNameSchema.safeParse('Kim!').error?.issues[0]?.message).toBe('validation.name.pattern');
    expect(PersonNameSchema.safeParse('  ').error?.issues[0]?.message).toBe('validation.required');
  });
});

describe('user passwords (spec §5)', () => {
  it.each(['Console#2026', 'Fixture#2026', 'aB3$ekhq', 'Zz9!Zz9!Zz9!Zz9'])('accepts %s', (password) => {
    expect(passwordProblem(password)).toBeUndefined();
    expect(PasswordSchema.safeParse(password).success).toBe(true);
  });

  it.each([
    ['Ab1!xyz', 'validation.password.length'],
    ['Ab1!Ab1!Ab1!Ab1!', 'validation.password.length'],
    ['Ab1! Ab1!', 'validation.password.characters'],
    ['Ab1!한글abc', 'validation.password.characters'],
    ['abcd1!xz', 'validation.password.combination'],
    ['ABCD1!XZ', 'validation.password.combination'],
    ['Abcd!xyz', 'validation.password.combination'],
    ['Abcd1xyz', 'validation.password.combination'],
    ['Xabc1!Zq', 'validation.password.sequence'],
    ['Qw123!Zq', 'validation.password.sequence'],
    ['Qw321!Zq', 'validation.password.sequence'],
    ['Qwz!ZYX1', 'validation.password.sequence'],
    ['Qw1!aaaZ', 'validation.password.sequence'],
    ['Qw1!!!aZ', 'validation.password.sequence'],
  ] as const)('refuses %s (%s)', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
    expect(PasswordSchema.safeParse(password).error?.issues[0]?.message).toBe(problem);
  });

  it('does not count a letter next to a digit as a sequence', () => {
    expect(hasCharacterRun('9ab')).toBe(false);
    expect(hasCharacterRun('z01')).toBe(false);
    expect(hasCharacterRun('xyz')).toBe(true);
  });
});

describe('phone numbers by country', () => {
  it.each([
    ['KR', '010-1234-5678'],
    ['KR', '01012345678'],
    ['KR', '011-123-4567'],
    ['KR', '+82-10-1234-5678'],
    ['kr', '+821012345678'],
    ['JP', '090-1234-5678'],
    ['JP', '08012345678'],
    ['JP', '+81-70-1234-5678'],
    ['US', '+1-415-555-0100'],
    ['DE', '01701234567'],
  ])('accepts %s %s', (country, phone) => expect(isPhoneNumber(country, phone)).toBe(true));

  it.each([
    ['KR', '02-123-4567'],
    ['KR', '010-12-5678'],
    ['KR', '+81-90-1234-5678'],
    ['JP', '010-1234-5678'],
    ['JP', '03-1234-5678'],
    ['US', '555-01'],
    ['US', 'phone'],
  ])('refuses %s %s', (country, phone) => expect(isPhoneNumber(country, phone)).toBe(false));
});

describe('role lists (spec §5, §6)', () => {
  it.each([
    [['ADMIN'], undefined],
    [['MEMBER', 'BILLING_VIEWER', 'BUDGET_ADMIN'], undefined],
    [['NONE'], undefined],
    [[], 'validation.roles.required'],
    [['OWNER'], 'validation.orgRoles.ownerNotAssignable'],
    [['MEMBER', 'MEMBER'], 'validation.roles.duplicate'],
    [['DASHBOARD_ADMIN', 'DASHBOARD_VIEWER'], 'validation.roles.duplicate'],
    [['NONE', 'ADMIN'], 'validation.roles.noneAlone'],
    [['VIEWER'], 'validation.orgRoles.unknown'],
  ] as const)('organization roles %j: %s', (roles, problem) => expect(orgRoleListProblem(roles)).toBe(problem));

  it.each([
    [['ADMIN'], undefined],
    [['MEMBER', 'LOG_VIEWER', 'PROJECT_MEMBER_ADMIN'], undefined],
    [['ADMIN', 'VIEWER'], 'validation.projectRoles.adminAlone'],
    [['OWNER'], 'validation.projectRoles.ownerNotAssignable'],
    [['QUOTA_ADMIN', 'QUOTA_VIEWER'], 'validation.roles.duplicate'],
    [['VIEWER', 'VIEWER'], 'validation.roles.duplicate'],
    [['NONE', 'VIEWER'], 'validation.roles.noneAlone'],
    [[], 'validation.roles.required'],
    [['BUDGET_ADMIN'], 'validation.projectRoles.unknown'],
  ] as const)('project roles %j: %s', (roles, problem) => expect(projectRoleListProblem(roles)).toBe(problem));

  it('upper-cases role names before checking them', () => {
    expect(ProjectRoleListSchema.parse([' viewer '])).toEqual(['VIEWER']);
    expect(OrgRoleListSchema.safeParse(['owner']).error?.issues[0]?.message).toBe('validation.orgRoles.ownerNotAssignable');
  });
});
