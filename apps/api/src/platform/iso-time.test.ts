import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTimeOf } from './iso-time.ts';

const same = (date: Date) => {
  expect(isoTimeOf(date)).toBe(date.toISOString());
};

describe('isoTimeOf: Date#toISOString in JavaScript (issue 8, twelfth pass)', () => {
  it('writes the text toISOString writes, for any date of years 1970-9999 (its own) and any other (the builtin\'s)', () => {
    fc.assert(fc.property(fc.date({ min: new Date(0), max: new Date(253_402_300_799_999), noInvalidDate: true }), same), { numRuns: 5000 });
    fc.assert(fc.property(fc.date({ noInvalidDate: true }), same), { numRuns: 500 });
  });

  it('the edges: the epoch, the days of a leap year and of a century, the last instant of year 9999, and past it', () => {
    const edges = [0, 1, 999, 86_399_999, Date.UTC(2000, 1, 29), Date.UTC(2000, 2, 1) - 1, Date.UTC(2100, 1, 28, 23, 59, 59, 999), Date.UTC(2100, 2, 1), Date.UTC(2024, 11, 31, 23, 59, 59, 999), 253_402_300_799_999, 253_402_300_800_000, -1, -62_198_755_200_000, 8.64e15, -8.64e15];
    for (const time of edges) expect(isoTimeOf(new Date(time)), String(time)).toBe(new Date(time).toISOString());
  });

  it('throws as toISOString does for an invalid date', () => {
    expect(() => isoTimeOf(new Date(Number.NaN))).toThrow(RangeError);
  });
});

