import { describe, expect, it } from 'vitest';
import { aroundText, bracketed, type Figure, freshGoal, goalText, type Goal, meets, READ_GOAL, referencesAround, summaryOf } from './bench-goals.ts';

const figure = (requestsPerSecond: number, p99: number, errors = 0, name = 'x'): Figure => ({ name, requestsPerSecond, p50: 1, p99, errors, connections: 50, requests: 1 });
/** A case measured between references that did not move. */
const steady = (baseline: Figure, floor?: Figure, rows = 1) => ({ baseline: bracketed(baseline, baseline), ...(floor ? { floor: { ...bracketed(floor, floor), rows } } : {}) });
const measured = (case_: Figure, goal: Goal, around: ReturnType<typeof steady>) => ({ ...case_, goal, around });

describe("the bench's goals", () => {
  it('a read against the hello world around it', () => {
    const around = steady(figure(26000, 3));
    expect(meets(measured(figure(6500, 20), READ_GOAL, around))).toBe(true);
    expect(meets(measured(figure(6000, 20), READ_GOAL, around))).toBe(false);
    expect(meets(measured(figure(6500, 21), READ_GOAL, around))).toBe(false);
  });

  it('a fresh read against the floor of its size around it: half its req/s, twice its p99', () => {
    const page = steady(figure(26000, 3), figure(1300, 140), 50);
    expect(meets(measured(figure(650, 280), freshGoal(50), page))).toBe(true);
    expect(meets(measured(figure(640, 280), freshGoal(50), page))).toBe(false);
    expect(meets(measured(figure(650, 281), freshGoal(50), page))).toBe(false);
    const row = steady(figure(26000, 3), figure(8000, 15));
    expect(meets(measured(figure(4000, 30), freshGoal(1), row))).toBe(true);
    expect(meets(measured(figure(3900, 30), freshGoal(1), row))).toBe(false);
    expect(meets(measured(figure(4000, 30, 1), freshGoal(1), row))).toBe(false);
  });

  it('is not met without its floor, nor with no answer at all', () => {
    expect(meets(measured(figure(650, 280), freshGoal(50), steady(figure(26000, 3))))).toBe(false);
    expect(meets(measured(figure(0, 0), { maxP99Ms: 50 }, steady(figure(26000, 3))))).toBe(false);
  });

  it('a floor reads 1 to 50 rows', () => {
    expect(() => freshGoal(0)).toThrow(RangeError);
    expect(() => freshGoal(51)).toThrow(RangeError);
    expect(() => freshGoal(2.5)).toThrow(RangeError);
  });

  it('says each goal and its references in words', () => {
    expect(goalText(READ_GOAL)).toBe('≥ 0.25×, p99 ≤ 20 ms');
    expect(goalText(freshGoal(50))).toBe('≥ 0.5× the floor of 50 rows, p99 ≤ 2× its');
    expect(goalText(freshGoal(1))).toBe('≥ 0.5× the floor of 1 row, p99 ≤ 2× its');
    const around = { baseline: bracketed(figure(37177, 3), figure(75014, 2)), floor: { ...bracketed(figure(1361, 60), figure(2360, 50)), rows: 6 } };
    expect(aroundText(around)).toBe('hello 37,177 → 75,014; floor of 6 rows 1,361 → 2,360, p99 60 → 50 ms');
  });

  it('reads a case against the mean of its references before and after it', () => {
    const baseline = bracketed({ ...figure(60000, 4), requests: 600000 }, { ...figure(40000, 6, 1), requests: 400000 });
    expect(baseline).toMatchObject({ requestsPerSecond: 50000, p99: 5, errors: 1, requests: 1000000 });
    expect(meets(measured(figure(12500, 10), READ_GOAL, { baseline }))).toBe(true);
    expect(meets(measured(figure(12400, 10), READ_GOAL, { baseline }))).toBe(false);
  });

  it('sums up a reference: mean, least and most', () => {
    expect(summaryOf([figure(10, 4), figure(30, 8), figure(20, 6, 2)])).toMatchObject({ requestsPerSecond: 20, p99: 6, errors: 2, least: 10, most: 30, count: 3 });
    expect(() => summaryOf([])).toThrow(RangeError);
  });
});

/** Reference measurements that each answer the next req/s, logging what ran in order. */
const recorder = () => {
  const log: string[] = [];
  let next = 0;
  return {
    log,
    measures: {
      baseline: async () => (log.push(`hello ${++next}`), figure(next * 1000, 3)),
      floor: async (rows: number) => (log.push(`floor ${rows} ${++next}`), figure(next * 1000, 3, 0, `floor of ${rows}`)),
    },
    run: (name: string) => async () => (log.push(name), name),
    /** A case in slices, `between` after each but the last. */
    sliced: (name: string, count: number) => async (between: () => Promise<void>) => {
      for (let index = 1; index <= count; index++) {
        log.push(`${name} slice ${index}`);
        if (index < count) await between();
      }
      return name;
    },
  };
};

describe('references around each case', () => {
  it('measures the baseline before and after each case, sharing the one between two cases', async () => {
    const { log, measures, run } = recorder();
    const references = referencesAround(measures);
    const first = await references.around(undefined, run('case a'));
    const second = await references.around(undefined, run('case b'));
    expect(log).toEqual(['hello 1', 'case a', 'hello 2', 'case b', 'hello 3']);
    expect(first.result).toBe('case a');
    expect(first.around.baseline.before.requestsPerSecond).toBe(1000);
    expect(first.around.baseline.after.requestsPerSecond).toBe(2000);
    expect(second.around.baseline.before.requestsPerSecond).toBe(2000);
    expect(second.around.baseline.after.requestsPerSecond).toBe(3000);
    expect(first.around.floor).toBeUndefined();
  });

  it('measures the references between a read’s slices too, shortly, and reads the case against the mean of them all', async () => {
    const { log, measures, sliced } = recorder();
    const asked: string[] = [];
    const references = referencesAround({
      baseline: async (slice) => (asked.push(slice ? 'short' : 'whole'), measures.baseline()),
      floor: async (rows, slice) => (asked.push(slice ? 'short' : 'whole'), measures.floor(rows)),
    });
    const read = await references.around(undefined, sliced('cached', 3));
    const fresh = await references.around(6, sliced('fresh', 2));
    expect(log).toEqual([
      'hello 1', 'cached slice 1', 'hello 2', 'cached slice 2', 'hello 3', 'cached slice 3', 'hello 4',
      'floor 6 5', 'fresh slice 1', 'hello 6', 'floor 6 7', 'fresh slice 2', 'hello 8', 'floor 6 9',
    ]);
    expect(asked).toEqual(['whole', 'short', 'short', 'whole', 'whole', 'short', 'short', 'whole', 'whole']);
    expect(read.around.baseline.during.map((each) => each.requestsPerSecond)).toEqual([2000, 3000]);
    expect(read.around.baseline.requestsPerSecond).toBe(2500);
    expect(aroundText(read.around)).toBe('hello 1,000 → 2,000 → 3,000 → 4,000');
    expect(fresh.around.baseline.requestsPerSecond).toBe((4000 + 6000 + 8000) / 3);
    expect(fresh.around.floor!.requestsPerSecond).toBe((5000 + 7000 + 9000) / 3);
    expect(aroundText(fresh.around)).toBe('hello 4,000 → 6,000 → 8,000; floor of 6 rows 5,000 → 7,000 → 9,000, p99 3 → 3 → 3 ms');
    // A read that misses against the mean of its references, though it would meet against the lowest.
    expect(meets({ ...figure(600, 10), goal: READ_GOAL, around: read.around })).toBe(false);
    expect(meets({ ...figure(625, 10), goal: READ_GOAL, around: read.around })).toBe(true);
  });

  it('measures a fresh case’s floor of its size just before and after it, and a new size when the next case needs it', async () => {
    const { log, measures, run } = recorder();
    const references = referencesAround(measures);
    await references.around(undefined, run('cached'));
    const page = await references.around(50, run('fresh page'));
    const again = await references.around(50, run('fresh page again'));
    const short = await references.around(6, run('fresh short'));
    expect(log).toEqual([
      'hello 1', 'cached', 'hello 2',
      'floor 50 3', 'fresh page', 'hello 4', 'floor 50 5',
      'fresh page again', 'hello 6', 'floor 50 7',
      'floor 6 8', 'fresh short', 'hello 9', 'floor 6 10',
    ]);
    expect(page.around.floor!.rows).toBe(50);
    expect([page.around.floor!.before.requestsPerSecond, page.around.floor!.after.requestsPerSecond]).toEqual([3000, 5000]);
    expect([again.around.floor!.before.requestsPerSecond, again.around.floor!.after.requestsPerSecond]).toEqual([5000, 7000]);
    expect([short.around.baseline.before.requestsPerSecond, short.around.floor!.before.requestsPerSecond, short.around.floor!.after.requestsPerSecond]).toEqual([6000, 8000, 10000]);
    const all = references.measured();
    expect(all.baselines.map((each) => each.requestsPerSecond)).toEqual([1000, 2000, 4000, 6000, 9000]);
    expect([...all.floors.keys()]).toEqual([50, 6]);
    expect(all.floors.get(6)!.map((each) => each.requestsPerSecond)).toEqual([8000, 10000]);
  });
});
