import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, matchingTotpStep, totpCode, totpStepOf } from './totp.ts';

// RFC 6238 Appendix B, SHA-1: the seed is the ASCII "12345678901234567890"; codes are the last 6 digits.
const SEED = base32Encode(Buffer.from('12345678901234567890'));

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(totpCode(SEED, totpStepOf(new Date(seconds * 1000)))).toBe(code);
  });

  it('round-trips base32', () => {
    expect(base32Decode(SEED).toString()).toBe('12345678901234567890');
  });

  it('accepts one step either side, not two, and never a step already used', () => {
    const at = new Date(1111111111 * 1000);
    const step = totpStepOf(at);
    expect(matchingTotpStep(SEED, totpCode(SEED, step - 1), at, 0)).toBe(step - 1);
    expect(matchingTotpStep(SEED, totpCode(SEED, step + 1), at, 0)).toBe(step + 1);
    expect(matchingTotpStep(SEED, totpCode(SEED, step + 2), at, 0)).toBeUndefined();
    expect(matchingTotpStep(SEED, totpCode(SEED, step), at, step)).toBeUndefined();
  });
});
