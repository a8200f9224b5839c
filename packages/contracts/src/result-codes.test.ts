import { describe, expect, it } from 'vitest';
import { LANGS } from './locales.ts';
import {
  RESULT_CODES,
  formatResultMessage,
  resultCodeKeyOf,
  type ResultCodeDef,
  type ResultCodeKey,
} from './result-codes.ts';

const entries = Object.entries(RESULT_CODES) as [ResultCodeKey, ResultCodeDef][];

/**
 * Every code spec §8 (and the domain codes of §5) names, written out here from the spec rather
 * than read from the catalogue, so a code dropped from the catalogue fails the test.
 * String codes stay strings: the member service answers '-200204', not -200204.
 */
const SPEC_CODES: readonly (number | string)[] = [
  // handling rules
  100, 4000, 5001, -99950,
  // access and permission
  -6, -4, -8, -14, 80401, 2000,
  1201, 1400, 1501, 1502, 1503, 6002, 6003, 6004,
  10005, 10010, 10011, 10012, 11218, 11220, 12025, 12100, 12101, 12401, 12500, 13001, 13002, 13006, 13007,
  22006, 22019, 22021, 22023, 23005, 30013, 30014,
  40017, 40054, 40057, 40103, 60004, 62004, 62011, 62020, 62021,
  70013, 70020, 70024, 70032,
  // billing
  5002, 5006, 12004, 12008, 12009, 12010, 12011,
  // per-service
  805, 5014, 5016, 400, 18010, 19208, 19213, 19221, -4003, -4023, -2000, -2001, -1002,
  // domain (§5)
  22010, 22011, 22012,
  // member ids
  '-200202', '-200204', '-200205',
];

const BATCH_CODES = [
  'ALREADY_REGISTERED_DATA',
  'DUPLICATED_DATA',
  'FAIL_TO_CREATE_PROJECT',
  'INVALID_DATA_FORMAT',
  'NOT_EXIST_IAM_MEMBER',
  'NOT_EXIST_ID',
  'NOT_EXIST_OWNER_ID',
  'NOT_EXIST_PROJECT_MEMBER_ROLE',
  'NOT_EXIST_PROJECT_MEMBER_TYPE',
  'NOT_EXIST_PROJECT_NAME',
  'UNAUTHORIZED_USER_CREATE_PROJECTS',
] as const;

const MARKETPLACE_CODES = [
  'FAIL_TO_APPLY_PROJECT_MANAGED_MARKETPLACE',
  'FAIL_TO_CANCEL_PROJECT_MANAGED_MARKETPLACE_PRODUCT_APPLICATION',
  'FAIL_TO_UPDATE_PROJECT_MANAGED_MARKETPLACE_ORDER',
  'INVALID_PROJECT_MANAGED_MARKETPLACE_APPLICATION_DATA',
] as const;

/** Keys the server uses by name, with the code and status agreed for them. */
const PLATFORM: Record<string, [number, number]> = {
  SUCCESS: [0, 200],
  INTERNAL_ERROR: [-1, 500],
  INVALID_PARAMETER: [10001, 400],
  LOGIN_REQUIRED: [100, 401],
  SESSION_EXPIRED: [4000, 401],
  PERMISSION_DENIED: [-6, 403],
  CANNOT_ACCESS: [-4, 403],
  IP_NOT_ALLOWED: [-8, 403],
  COUNTRY_NOT_PERMITTED: [-14, 403],
  INVALID_ORG_ID: [23005, 404],
  PROJECT_NOT_EXIST: [40017, 404],
  NOT_FOUND: [10404, 404],
  METHOD_NOT_ALLOWED: [10405, 405],
  PAYLOAD_TOO_LARGE: [10413, 413],
  TOO_MANY_REQUESTS: [10429, 429],
  CSRF_TOKEN_INVALID: [10403, 403],
  INVALID_CREDENTIALS: [20001, 400],
  IAM_INVALID_CREDENTIALS: [20002, 400],
  UNKNOWN_ORG_DOMAIN: [20003, 400],
  ACCOUNT_NOT_ACTIVE: [20004, 403],
  ACCOUNT_RESTRICTED: [20005, 400],
  CONSOLE_BLOCKED: [20006, 403],
  ORG_HAS_PROJECTS: [21013, 400],
  ORG_DOMAIN_ALREADY_SET: [21014, 400],
  SERVICE_UNAVAILABLE: [10503, 503],
  DUPLICATE_RESOURCE: [60004, 400],
  NOT_RETRYABLE_REQUEST: [-99950, 400],
};

/**
 * Codes more than one key may carry, each with its keys in catalogue order (the first is what
 * `resultCodeKeyOf` answers). Empty on purpose: 5001 and 60004 kept one entry each (see the
 * comments at those entries). A new shared code must be added here, deliberately.
 */
const SHARED_CODES: ReadonlyMap<number | string, readonly ResultCodeKey[]> = new Map();

/** English texts the spec quotes verbatim. */
const SPEC_ENGLISH: Partial<Record<ResultCodeKey, string>> = {
  ALARM_GROUP_NAME_EXISTS: 'The notification receiver group name you entered already exists.',
  SERVICE_UNAVAILABLE: 'Service Unavailable',
  CANNOT_IMPORT_RECEIPT: 'Cannot import receipt.',
  NOT_FOUND: 'The requested resource was not found.',
  CSRF_TOKEN_INVALID: 'Your request could not be verified. Reload the page and try again.',
  INVALID_CREDENTIALS: 'The email or password is incorrect.',
  UNKNOWN_ORG_DOMAIN: 'No organization uses this domain.',
  NOT_RETRYABLE_REQUEST:
    'The request could not be completed. Do not retry it; check the request and try again.',
  // §8 message list: the role change that failed.
  MEMBER_UPDATE_FAILED: 'Failed to modify the role.',
};

const statusOf = (code: number | string): number | undefined => {
  const key = resultCodeKeyOf(code);
  return key === undefined ? undefined : RESULT_CODES[key].status;
};

const expectStatus = (codes: readonly (number | string)[], status: number): void => {
  for (const code of codes) expect(statusOf(code), String(code)).toBe(status);
};

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();

describe('result code catalogue', () => {
  it('holds every code the spec names, with its type kept', () => {
    const missing = SPEC_CODES.filter((code) => resultCodeKeyOf(code) === undefined);
    expect(missing).toEqual([]);
    expect(resultCodeKeyOf(-200204)).toBeUndefined();
  });

  it('holds every batch and marketplace result code under its own name', () => {
    for (const code of [...BATCH_CODES, ...MARKETPLACE_CODES]) {
      expect(resultCodeKeyOf(code), code).toBe(code);
      expect(RESULT_CODES[code].status, code).toBe(400);
    }
    expect(resultCodeKeyOf('SUCCESS')).toBe('BATCH_SUCCESS');
    expect(RESULT_CODES.BATCH_SUCCESS.status).toBe(200);
  });

  it('gives the platform keys the agreed codes and statuses', () => {
    for (const [key, [code, status]] of Object.entries(PLATFORM)) {
      const entry = (RESULT_CODES as Record<string, ResultCodeDef>)[key];
      expect(entry, key).toBeDefined();
      expect([entry?.code, entry?.status], key).toEqual([code, status]);
    }
  });

  it('uses upper snake case keys', () => {
    for (const [key] of entries) expect(key).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it('has a message in every language, translated rather than copied', () => {
    // No entry is exempt: even the batch codes, identifiers on the wire, show a sentence.
    const hangul = /[\uAC00-\uD7A3]/;
    const japanese = /[\u3040-\u30FF\u4E00-\u9FFF]/;
    const han = /[\u4E00-\u9FFF]/;
    const kana = /[\u3040-\u30FF]/;
    for (const [key, { messages }] of entries) {
      for (const lang of LANGS) expect(messages[lang].trim(), `${key} ${lang}`).not.toBe('');
      for (const lang of ['ko', 'ja', 'zh'] as const) {
        expect(messages[lang], `${key} ${lang}`).not.toBe(messages.en);
      }
      expect(messages.ko, key).toMatch(hangul);
      expect(messages.ja, key).toMatch(japanese);
      expect(messages.zh, key).toMatch(han);
      expect(messages.zh, `${key} zh holds kana`).not.toMatch(kana);
      expect(messages.en, key).not.toMatch(/[^\x20-\x7E]/);
    }
  });

  it('uses the spec English text where the spec quotes one', () => {
    for (const [key, text] of Object.entries(SPEC_ENGLISH) as [ResultCodeKey, string][]) {
      expect(RESULT_CODES[key].messages.en, key).toBe(text);
    }
  });

  it('travels with a valid HTTP status', () => {
    for (const [key, { status }] of entries) {
      expect(Number.isInteger(status), key).toBe(true);
      expect(status, key).toBeGreaterThanOrEqual(200);
      expect(status, key).toBeLessThanOrEqual(599);
    }
  });

  it('sends each kind of refusal where the web handles it', () => {
    expectStatus([100, 4000, 5001], 401);
    expectStatus([-6, -4, -8, -14, 80401, 2000, 13007, 70032, 5006], 403);
    expectStatus([23005, 40017, 21002, 21008], 404);
    // A member named in a request who is not (or no longer) in the organization or project: the
    // form stays and says so, instead of the not-found page.
    expectStatus([12100, 22019], 400);
    expectStatus([1400, 12401, 22021, 12500, 60004, 62004, 40103, 22010, 22011, 22012, '-200204'], 400);
    // Member refusals the user acts on in place (resend later, sign in with the invited account…).
    expectStatus([10010, 10011, 10012, 12101, 21001, 21003, 21004, 21005, 21006, 21007, 21009, 21010, 21011, 21012, '-200202', '-200205'], 400);
  });

  it('gives each code one key, except the documented shared codes', () => {
    const keysByCode = new Map<number | string, ResultCodeKey[]>();
    for (const [key, { code }] of entries) keysByCode.set(code, [...(keysByCode.get(code) ?? []), key]);
    const shared = [...keysByCode].filter(([, keys]) => keys.length > 1);
    expect(new Map(shared)).toEqual(SHARED_CODES);
    for (const [code, keys] of SHARED_CODES) expect(resultCodeKeyOf(code)).toBe(keys[0]);
  });

  it('writes ja and zh with full-width punctuation', () => {
    // ASCII commas, parentheses, colons, semicolons, ! and ?, and a full stop ending a sentence, have
    // full-width forms (、，（）：；！？。). A character a rule names is quoted instead (「.」, “.”).
    const halfWidth = /[,():;!?]|\.(?=\s|$)/;
    for (const [key, { messages }] of entries) {
      for (const lang of ['ja', 'zh'] as const) {
        const text = messages[lang].replace(/\{\w+\}/g, '');
        expect(text, `${key} ${lang}: ${messages[lang]}`).not.toMatch(halfWidth);
      }
    }
  });

  it('uses the same placeholders in every language', () => {
    for (const [key, { messages }] of entries) {
      const expected = placeholders(messages.en);
      for (const lang of LANGS) expect(placeholders(messages[lang]), `${key} ${lang}`).toEqual(expected);
    }
    expect(placeholders(RESULT_CODES.TOO_MANY_REQUESTS.messages.en)).toEqual(['retryAfter']);
  });

  it('resolves codes to keys', () => {
    expect(resultCodeKeyOf(-6)).toBe('PERMISSION_DENIED');
    expect(resultCodeKeyOf('-200204')).toBe('DUPLICATE_MEMBER_ID');
    expect(resultCodeKeyOf(5001)).toBe('BILLING_CONTRACT_NOT_FOUND');
    expect(resultCodeKeyOf(60004)).toBe('DUPLICATE_RESOURCE');
    expect(resultCodeKeyOf(-99950)).toBe('NOT_RETRYABLE_REQUEST');
    expect(resultCodeKeyOf(123456789)).toBeUndefined();
  });

  it('fills placeholders when formatting', () => {
    expect(formatResultMessage('TOO_MANY_REQUESTS', 'en', { retryAfter: 30 })).toBe(
      'Too many requests. Try again in 30 seconds.',
    );
    expect(formatResultMessage('TOO_MANY_REQUESTS', 'ko', { retryAfter: 5 })).toContain('5초');
    expect(formatResultMessage('TOO_MANY_REQUESTS', 'en')).toContain('{retryAfter}');
    expect(formatResultMessage('PERMISSION_DENIED', 'ja')).toBe(RESULT_CODES.PERMISSION_DENIED.messages.ja);
  });
});
