import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY, effectivePolicy, passwordPolicyProblems, type PasswordPolicyValue } from './sign-in-steps.ts';
import { passwordProblem } from './validation.ts';

const custom = (patch: Partial<PasswordPolicyValue['passwordConstraints']>): PasswordPolicyValue => ({
  ...DEFAULT_PASSWORD_POLICY,
  passwordPolicyType: 'custom',
  passwordConstraints: { ...DEFAULT_PASSWORD_POLICY.passwordConstraints, ...patch },
});

describe('password policy rules', () => {
  it('the default policy agrees with the spec §5 user password rule', () => {
    for (const sample of ['Abcd-1234', 'Gd7#kP2q', 'short1!', 'NoDigits!!x', 'aaaB-1234x', 'Valid#Pass92', 'Toolong#Password99']) {
      expect(passwordPolicyProblems(DEFAULT_PASSWORD_POLICY, sample).length === 0, sample).toBe(passwordProblem(sample) === undefined);
    }
  });

  it('lists every broken rule of a custom policy, and only the rules it turns on', () => {
    expect(passwordPolicyProblems(custom({ minLength: 12 }), 'abcdefgh')).toEqual([
      'validation.policy.length',
      'validation.policy.alphabet',
      'validation.policy.number',
      'validation.policy.special',
      'validation.password.sequence',
    ]);
    expect(passwordPolicyProblems(custom({ alphabet: false, number: false, special: false, noIllegalSequence: false }), 'abcdefgh')).toEqual([]);
    expect(passwordPolicyProblems(custom({}), 'Has space 1!')).toContain('validation.password.characters');
  });

  it('uses the default policy unless a custom one is saved', () => {
    expect(effectivePolicy(null)).toBe(DEFAULT_PASSWORD_POLICY);
    expect(effectivePolicy({ ...custom({ minLength: 14 }), passwordPolicyType: 'default' })).toBe(DEFAULT_PASSWORD_POLICY);
    expect(effectivePolicy(custom({ minLength: 14 })).passwordConstraints.minLength).toBe(14);
  });
});
