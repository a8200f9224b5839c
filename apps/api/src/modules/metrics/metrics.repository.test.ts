import { describe, expect, it } from 'vitest';
import { parseNumberArray } from './metrics.repository.ts';

describe('parseNumberArray (a PostgreSQL number array sent as text)', () => {
  it('reads numbers, exponents and NULLs, and an empty or absent array as no points', () => {
    expect(parseNumberArray('{1,2.5,-0.25,1e+20,NULL,1795651200000}')).toEqual([1, 2.5, -0.25, 1e20, null, 1_795_651_200_000]);
    expect(parseNumberArray('{}')).toEqual([]);
    expect(parseNumberArray(null)).toEqual([]);
  });

  it('reads Infinity and NaN, which JSON cannot (a sum that overflowed)', () => {
    expect(parseNumberArray('{1,Infinity,-Infinity,NaN,NULL}')).toEqual([1, Infinity, -Infinity, NaN, null]);
  });
});
