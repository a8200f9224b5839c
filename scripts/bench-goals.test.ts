import { describe, expect, it } from 'vitest';
import { bracketed, FRESH_PAGE_GOAL, FRESH_ROW_GOAL, goalText, meets, READ_GOAL, type Floors } from './bench-routes.ts';

const figure = (requestsPerSecond: number, p99: number, errors = 0) => ({ name: 'x', requestsPerSecond, p50: 1, p99, errors, connections: 50, requests: 1 });
const floors: Floors = { statement: figure(8000, 15), page: figure(1300, 140) };

describe("the bench's goals", () => {
  it('a read against the hello world', () => {
    expect(meets({ ...figure(6500, 20), goal: READ_GOAL }, 26000)).toBe(true);
    expect(meets({ ...figure(6000, 20), goal: READ_GOAL }, 26000)).toBe(false);
    expect(meets({ ...figure(6500, 21), goal: READ_GOAL }, 26000)).toBe(false);
  });

  it('a fresh read against its floor of the same run: half its req/s, twice its p99', () => {
    expect(meets({ ...figure(650, 280), goal: FRESH_PAGE_GOAL }, 26000, floors)).toBe(true);
    expect(meets({ ...figure(640, 280), goal: FRESH_PAGE_GOAL }, 26000, floors)).toBe(false);
    expect(meets({ ...figure(650, 281), goal: FRESH_PAGE_GOAL }, 26000, floors)).toBe(false);
    expect(meets({ ...figure(4000, 30), goal: FRESH_ROW_GOAL }, 26000, floors)).toBe(true);
    expect(meets({ ...figure(3900, 30), goal: FRESH_ROW_GOAL }, 26000, floors)).toBe(false);
    expect(meets({ ...figure(4000, 30, 1), goal: FRESH_ROW_GOAL }, 26000, floors)).toBe(false);
  });

  it('is not met without its floor', () => {
    expect(meets({ ...figure(650, 280), goal: FRESH_PAGE_GOAL }, 26000)).toBe(false);
  });

  it('says each goal in words', () => {
    expect(goalText(READ_GOAL)).toBe('≥ 0.25×, p99 ≤ 20 ms');
    expect(goalText(FRESH_PAGE_GOAL)).toBe('≥ 0.5× the 50-row floor, p99 ≤ 2× its');
  });

  it('reads a case against the mean of its baseline measured before and after the cases', () => {
    const baseline = bracketed({ ...figure(60000, 4), requests: 600000 }, { ...figure(40000, 6, 1), requests: 400000 });
    expect(baseline).toMatchObject({ requestsPerSecond: 50000, p99: 5, errors: 1, requests: 1000000 });
    expect(meets({ ...figure(12500, 10), goal: READ_GOAL }, baseline.requestsPerSecond)).toBe(true);
    expect(meets({ ...figure(12400, 10), goal: READ_GOAL }, baseline.requestsPerSecond)).toBe(false);
  });
});
