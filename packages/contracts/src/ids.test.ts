import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isUuid } from './ids.ts';

const zodUuid = z.string().uuid();

describe('isUuid (path ids without zod)', () => {
  it.each([
    ['0b5ad3c4-2f1e-4c8a-9d7b-1e2f3a4b5c6d', true],
    ['0B5AD3C4-2F1E-4C8A-9D7B-1E2F3A4B5C6D', true],
    ['00000000-0000-0000-0000-000000000000', true],
    ['ffffffff-ffff-ffff-ffff-ffffffffffff', true],
    ['0b5ad3c4-2f1e-0c8a-9d7b-1e2f3a4b5c6d', false],
    ['0b5ad3c4-2f1e-4c8a-7d7b-1e2f3a4b5c6d', false],
    ['0b5ad3c42f1e4c8a9d7b1e2f3a4b5c6d', false],
    [' 0b5ad3c4-2f1e-4c8a-9d7b-1e2f3a4b5c6d', false],
    ['not-an-id', false],
    ['', false],
  ])('%j → %s, as zod says', (value, expected) => {
    expect(isUuid(value)).toBe(expected);
    expect(zodUuid.safeParse(value).success).toBe(expected);
  });

  it('agrees with z.string().uuid() on generated ids and near-ids', () => {
    const nearIds = fc.uuid().chain((id) => fc.tuple(fc.nat(id.length - 1), fc.constantFrom('0', '9', 'a', 'F', 'g', '-', '')).map(([at, char]) => id.slice(0, at) + char + id.slice(at + 1)));
    fc.assert(fc.property(fc.oneof(fc.uuid(), fc.uuid({ version: 4 }), nearIds, fc.string()), (value) => isUuid(value) === zodUuid.safeParse(value).success));
  });

  it('refuses a missing parameter', () => {
    expect(isUuid(undefined)).toBe(false);
  });
});
