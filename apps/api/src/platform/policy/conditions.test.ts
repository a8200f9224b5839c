import type { ConditionAttributeId, ConditionOperator, RoleCondition } from '@console/contracts';
import { CONDITION_ATTRIBUTES, DAYS_OF_WEEK } from '@console/contracts';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileCondition, nextValidFrom, type RequestAttributes } from './conditions.ts';
import { compileIpMatcher } from './ip.ts';

/**
 * Property tests of condition evaluation against a deliberately naive reference model: bit
 * strings for CIDR, walking the clock minute by minute for time windows, fixed-offset arithmetic
 * for days of the week, a backtracking glob matcher, plain loops for sets and comparisons.
 */

// ---- the reference model ----

const ipv4Bits = (address: string) =>
  address
    .split('.')
    .map((octet) => Number(octet).toString(2).padStart(8, '0'))
    .join('');

function refIpInRule(address: string, rule: string): boolean {
  const [network, prefix] = rule.split('/');
  const length = prefix === undefined ? 32 : Number(prefix);
  return ipv4Bits(address).slice(0, length) === ipv4Bits(network!).slice(0, length);
}

/** Minutes of [from, to) walked one by one around the clock. */
function refWindowMinutes(from: number, to: number): Set<number> {
  const minutes = new Set<number>();
  for (let minute = from; minute !== to; minute = (minute + 1) % 1440) minutes.add(minute);
  return minutes;
}

function refGlob(pattern: string, text: string): boolean {
  const p = pattern.toLowerCase();
  const t = text.toLowerCase();
  const match = (i: number, j: number): boolean => {
    if (i === p.length) return j === t.length;
    if (p[i] === '*') {
      for (let k = j; k <= t.length; k += 1) if (match(i + 1, k)) return true;
      return false;
    }
    return j < t.length && p[i] === t[j] && match(i + 1, j + 1);
  };
  return match(0, 0);
}

/** Fixed-offset zones and their offsets in minutes (Asia/Seoul and Asia/Kolkata have had no DST for decades). */
const ZONES: readonly [string, number][] = [
  ['UTC', 0],
  ['Asia/Seoul', 540],
  ['Asia/Kolkata', 330],
  ['Etc/GMT+5', -300],
  ['Etc/GMT-14', 840],
];
const refLocal = (now: number, offsetMinutes: number) => {
  const shifted = now + offsetMinutes * 60_000;
  const dayIndex = (Math.floor(shifted / 86_400_000) + 3) % 7; // 1970-01-01 was a Thursday (MON = 0)
  return { day: DAYS_OF_WEEK[(dayIndex + 7) % 7]!, minute: Math.floor((((shifted % 86_400_000) + 86_400_000) % 86_400_000) / 60_000) };
};

// ---- helpers ----

const iso = (ms: number) => new Date(ms).toISOString();
/** An hour and minute of 2026-11-23 in Seoul (UTC+9). */
const seoulAt = (hour: number, minute: number) => Date.UTC(2026, 10, 23, hour - 9, minute);

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const condition = (attributeId: ConditionAttributeId, operator: ConditionOperator, values: string[]): RoleCondition => ({
  attributeId,
  attributeDataTypeCode: CONDITION_ATTRIBUTES[attributeId].dataType,
  attributeOperatorTypeCode: operator,
  attributeValues: values,
});
const base: RequestAttributes = {
  now: Date.UTC(2026, 10, 23, 3, 0),
  clientIp: '10.0.0.1',
  userAgent: 'Mozilla/5.0',
  referer: 'https://console.example.com/',
  projectId: undefined,
  timeZone: 'Asia/Seoul',
};
const holds = (c: RoleCondition, attributes: Partial<RequestAttributes>) => {
  const compiled = compileCondition(c);
  expect(compiled.wellFormed).toBe(true);
  return compiled.test({ ...base, ...attributes });
};

const cidr = fc.tuple(fc.ipV4(), fc.integer({ min: 0, max: 32 })).map(([network, prefix]) => `${network}/${prefix}`);
const rule = fc.oneof(cidr, fc.ipV4());
/** Addresses near a rule (same leading bits), so inside and outside both occur often. */
const nearAddress = (ruleText: string) =>
  fc.integer({ min: 0, max: 0xffffffff }).map((noise) => {
    const network = ruleText.split('/')[0]!;
    const value = network.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0);
    const mixed = (value ^ (noise >>> (noise % 33))) >>> 0;
    return [24, 16, 8, 0].map((shift) => (mixed >>> shift) & 255).join('.');
  });
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) });
const minuteOfDay = fc.integer({ min: 0, max: 1439 });
const zone = fc.constantFrom(...ZONES);

describe('REQUEST_IP (IPADDRESS: ALLOW, NOT_ALLOW)', () => {
  it('ALLOW holds exactly when the IPv4 address is inside some rule (address or CIDR), NOT_ALLOW the opposite', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(rule, { minLength: 1, maxLength: 4 }).chain((rules) =>
          fc.tuple(fc.constant(rules), fc.oneof(nearAddress(rules[0]!), fc.ipV4()), fc.boolean()),
        ),
        ([rules, address, mapped]) => {
          const expected = rules.some((r) => refIpInRule(address, r));
          const clientIp = mapped ? `::ffff:${address}` : address;
          expect(holds(condition('REQUEST_IP', 'ALLOW', rules), { clientIp })).toBe(expected);
          expect(holds(condition('REQUEST_IP', 'NOT_ALLOW', rules), { clientIp })).toBe(!expected);
          expect(compileIpMatcher(rules)(clientIp)).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('matches IPv6 blocks and never lets a non-address in', () => {
    expect(holds(condition('REQUEST_IP', 'ALLOW', ['2001:db8::/32']), { clientIp: '2001:db8:1::5' })).toBe(true);
    expect(holds(condition('REQUEST_IP', 'ALLOW', ['2001:db8::/32']), { clientIp: '2001:db9::5' })).toBe(false);
    expect(holds(condition('REQUEST_IP', 'ALLOW', ['0.0.0.0/0']), { clientIp: 'unknown' })).toBe(false);
    expect(holds(condition('REQUEST_IP', 'NOT_ALLOW', ['0.0.0.0/0']), { clientIp: '8.8.8.8' })).toBe(false);
  });
});

describe('TIME (BETWEEN, BEYOND) in the organization time zone', () => {
  it('BETWEEN holds on [from, to) walked around the clock (wrapping past midnight), BEYOND on the rest', () => {
    fc.assert(
      fc.property(minuteOfDay, minuteOfDay, instant, zone, fc.integer({ min: -2, max: 2 }), fc.nat(59_999), (from, to, day, [timeZone, offset], near, jitter) => {
        // Often right at an edge of the window (from or to, a minute either side), else anywhere.
        const localMinute = near === 2 ? Math.floor(day / 60_000) % 1440 : (((near < 0 ? from : to) + (near % 2)) + 1440) % 1440;
        const now = day - (day % 86_400_000) + (localMinute - offset) * 60_000 + jitter;
        const inside = refWindowMinutes(from, to).has(refLocal(now, offset).minute);
        expect(holds(condition('TIME', 'BETWEEN', [hhmm(from), hhmm(to)]), { now, timeZone })).toBe(inside);
        expect(holds(condition('TIME', 'BEYOND', [hhmm(from), hhmm(to)]), { now, timeZone })).toBe(!inside);
      }),
      { numRuns: 1000 },
    );
  });

  it('22:00-06:00 in Seoul: 23:30 and 05:59 are inside, 06:00 and 21:59 are not', () => {
    const night = condition('TIME', 'BETWEEN', ['22:00', '06:00']);
    expect(holds(night, { now: seoulAt(23, 30) })).toBe(true);
    expect(holds(night, { now: seoulAt(5, 59) })).toBe(true);
    expect(holds(night, { now: seoulAt(6, 0) })).toBe(false);
    expect(holds(night, { now: seoulAt(21, 59) })).toBe(false);
  });

  it('an unknown time zone makes time conditions fail', () => {
    expect(holds(condition('TIME', 'BETWEEN', ['00:00', '23:59']), { timeZone: 'Mars/Olympus' })).toBe(false);
    expect(holds(condition('TIME', 'BEYOND', ['00:00', '00:01']), { timeZone: 'Mars/Olympus' })).toBe(false);
  });
});

describe('DAY_OF_WEEK (ANY_CONTAINS, NOT_CONTAINS) in the organization time zone', () => {
  it('agrees with fixed-offset day arithmetic', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...DAYS_OF_WEEK), { minLength: 1, maxLength: 7 }),
        instant,
        zone,
        (days, now, [timeZone, offset]) => {
          const today = refLocal(now, offset).day;
          const expected = days.includes(today);
          expect(holds(condition('DAY_OF_WEEK', 'ANY_CONTAINS', days), { now, timeZone })).toBe(expected);
          expect(holds(condition('DAY_OF_WEEK', 'NOT_CONTAINS', days), { now, timeZone })).toBe(!expected);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('uses the zone: Sunday 23:30 UTC is already Monday in Seoul', () => {
    const now = Date.UTC(2026, 10, 22, 23, 30); // Sunday in UTC
    expect(holds(condition('DAY_OF_WEEK', 'ANY_CONTAINS', ['MON']), { now, timeZone: 'Asia/Seoul' })).toBe(true);
    expect(holds(condition('DAY_OF_WEEK', 'ANY_CONTAINS', ['MON']), { now, timeZone: 'UTC' })).toBe(false);
  });

  it('follows daylight saving time (America/New_York)', () => {
    // 2026-03-08 07:30 UTC is Sunday 03:30 EDT (after the jump); 2026-03-08 04:30 UTC is Saturday 23:30 EST.
    expect(holds(condition('DAY_OF_WEEK', 'ANY_CONTAINS', ['SUN']), { now: Date.UTC(2026, 2, 8, 7, 30), timeZone: 'America/New_York' })).toBe(true);
    expect(holds(condition('DAY_OF_WEEK', 'ANY_CONTAINS', ['SAT']), { now: Date.UTC(2026, 2, 8, 4, 30), timeZone: 'America/New_York' })).toBe(true);
    expect(holds(condition('TIME', 'BETWEEN', ['03:00', '04:00']), { now: Date.UTC(2026, 2, 8, 7, 30), timeZone: 'America/New_York' })).toBe(true);
  });
});

describe('DATE_TIME (comparisons, BETWEEN, BEYOND)', () => {
  it('compares the request instant with the values like plain numbers (BETWEEN inclusive)', () => {
    fc.assert(
      fc.property(instant, instant, instant, (a, b, now) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const cases: [ConditionOperator, string[], boolean][] = [
          ['GREATER_THAN', [iso(a)], now > a],
          ['GREATER_THAN_OR_EQUAL_TO', [iso(a)], now >= a],
          ['LESS_THAN', [iso(a)], now < a],
          ['LESS_THAN_OR_EQUAL_TO', [iso(a)], now <= a],
          ['BETWEEN', [iso(low), iso(high)], low <= now && now <= high],
          ['BEYOND', [iso(low), iso(high)], !(low <= now && now <= high)],
        ];
        for (const [operator, values, expected] of cases) {
          expect(holds(condition('DATE_TIME', operator, values), { now })).toBe(expected);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('equal instants: GREATER_THAN_OR_EQUAL_TO and LESS_THAN_OR_EQUAL_TO hold, the strict ones do not', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(holds(condition('DATE_TIME', 'GREATER_THAN_OR_EQUAL_TO', [iso(now)]), { now })).toBe(true);
    expect(holds(condition('DATE_TIME', 'LESS_THAN_OR_EQUAL_TO', [iso(now)]), { now })).toBe(true);
    expect(holds(condition('DATE_TIME', 'GREATER_THAN', [iso(now)]), { now })).toBe(false);
    expect(holds(condition('DATE_TIME', 'LESS_THAN', [iso(now)]), { now })).toBe(false);
  });
});

describe('USER_AGENT / REFERER (ANY_MATCH, NONE_MATCH: `*` globs, case-insensitive)', () => {
  const alphabet = fc.constantFrom('a', 'B', 'c', '.', '/', '(', '?', '+', ' ');
  const text = fc.string({ unit: alphabet, maxLength: 10 });
  const pattern = fc.string({ unit: fc.oneof(alphabet, fc.constant('*')), minLength: 1, maxLength: 6 }).filter((p) => p.trim() === p && p.length > 0);
  it('agrees with a backtracking matcher', () => {
    fc.assert(
      fc.property(fc.uniqueArray(pattern, { minLength: 1, maxLength: 3, comparator: (x, y) => x.toLowerCase() === y.toLowerCase() }), text, (patterns, value) => {
        const expected = patterns.some((p) => refGlob(p, value));
        for (const attributeId of ['USER_AGENT', 'REFERER'] as const) {
          const attributes = attributeId === 'USER_AGENT' ? { userAgent: value } : { referer: value };
          expect(holds(condition(attributeId, 'ANY_MATCH', patterns), attributes)).toBe(expected);
          expect(holds(condition(attributeId, 'NONE_MATCH', patterns), attributes)).toBe(!expected);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('matches real user agents', () => {
    const chrome = 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
    expect(holds(condition('USER_AGENT', 'ANY_MATCH', ['*chrome/*']), { userAgent: chrome })).toBe(true);
    expect(holds(condition('USER_AGENT', 'ANY_MATCH', ['*Firefox*']), { userAgent: chrome })).toBe(false);
    expect(holds(condition('REFERER', 'NONE_MATCH', ['https://evil.*']), { referer: 'https://console.example.com/x' })).toBe(true);
  });
});

describe('PROJECT_ID_LIST (ANY_CONTAINS, NOT_CONTAINS)', () => {
  it('compares the call project with the list (none for an organization call)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 5 }), fc.option(fc.uuid(), { nil: undefined }), fc.boolean(), (ids, other, pick) => {
        const projectId = pick ? ids[0] : other;
        const expected = projectId !== undefined && ids.includes(projectId);
        expect(holds(condition('PROJECT_ID_LIST', 'ANY_CONTAINS', ids), { projectId })).toBe(expected);
        expect(holds(condition('PROJECT_ID_LIST', 'NOT_CONTAINS', ids), { projectId })).toBe(!expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('malformed conditions', () => {
  it('are marked and never hold', () => {
    for (const bad of [
      condition('TIME', 'BETWEEN', ['25:00', '01:00']),
      condition('REQUEST_IP', 'ANY_MATCH', ['10.0.0.0/8']),
      { ...condition('USER_AGENT', 'ANY_MATCH', ['x']), attributeDataTypeCode: 'NUMERIC' } as RoleCondition,
      { attributeId: 'NOPE' } as unknown as RoleCondition,
    ]) {
      const compiled = compileCondition(bad);
      expect(compiled.wellFormed).toBe(false);
      expect(compiled.test(base)).toBe(false);
    }
  });
});

describe('nextValidFrom', () => {
  it('is the first minute within 8 days at which a failing TIME / DAY_OF_WEEK condition holds', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(minuteOfDay, minuteOfDay).map(([from, to]) => condition('TIME', 'BETWEEN', [hhmm(from), hhmm(to)])),
          fc.tuple(minuteOfDay, minuteOfDay).filter(([from, to]) => from !== to).map(([from, to]) => condition('TIME', 'BEYOND', [hhmm(from), hhmm(to)])),
          fc.uniqueArray(fc.constantFrom(...DAYS_OF_WEEK), { minLength: 1, maxLength: 6 }).map((days) => condition('DAY_OF_WEEK', 'ANY_CONTAINS', days)),
        ),
        instant.map((ms) => ms - (ms % 60_000)),
        zone,
        (c, now, [timeZone, offset]) => {
          const compiled = compileCondition(c);
          const attributes = { ...base, now, timeZone };
          // The reference window is built once per run, not once per minute looked at (up to 11,520
          // sets of up to 1,440 minutes per run made this test 4-5 s, past its 5 s under load).
          const window =
            c.attributeId === 'TIME'
              ? refWindowMinutes(Number(c.attributeValues[0]!.slice(0, 2)) * 60 + Number(c.attributeValues[0]!.slice(3)), Number(c.attributeValues[1]!.slice(0, 2)) * 60 + Number(c.attributeValues[1]!.slice(3)))
              : undefined;
          const refHolds = (at: number) => {
            const local = refLocal(at, offset);
            if (!window) return c.attributeValues.includes(local.day);
            const inside = window.has(local.minute);
            return c.attributeOperatorTypeCode === 'BETWEEN' ? inside : !inside;
          };
          if (refHolds(now)) return;
          let expected: number | undefined;
          for (let at = now + 60_000; at <= now + 8 * 86_400_000; at += 60_000) {
            if (refHolds(at)) {
              expected = at;
              break;
            }
          }
          expect(nextValidFrom(compiled, attributes)).toBe(expected);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('for DATE_TIME: the start of a future period, nothing for a past one', () => {
    const now = Date.UTC(2026, 0, 1);
      const soon = compileCondition(condition('DATE_TIME', 'BETWEEN', [iso(now + 3_600_000), iso(now + 7_200_000)]));
    expect(nextValidFrom(soon, { ...base, now })).toBe(now + 3_600_000);
    const past = compileCondition(condition('DATE_TIME', 'LESS_THAN', [iso(now - 1)]));
    expect(nextValidFrom(past, { ...base, now })).toBeUndefined();
    const later = compileCondition(condition('DATE_TIME', 'GREATER_THAN', [iso(now + 1000)]));
    expect(nextValidFrom(later, { ...base, now })).toBe(now + 1001);
    const far = compileCondition(condition('DATE_TIME', 'GREATER_THAN_OR_EQUAL_TO', [iso(now + 9 * 86_400_000)]));
    expect(nextValidFrom(far, { ...base, now })).toBeUndefined();
  });
});
