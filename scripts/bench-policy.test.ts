import { describe, expect, it } from 'vitest';
import { checkEquivalence } from './bench-policy.ts';

describe('the Casbin comparison of npm run bench', () => {
  it('measures an equivalent policy: Casbin (three forms) and the engine decide alike, both ways', async () => {
    const { checked, allowed } = await checkEquivalence(1_500, 50);
    expect(checked).toBe(1_500);
    // Both answers occur (the requests cross the end of business hours and both sides of the office CIDR).
    expect(allowed).toBeGreaterThan(100);
    expect(allowed).toBeLessThan(checked - 100);
  }, 120_000);
});
