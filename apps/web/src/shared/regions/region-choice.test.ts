import type { OrgRegion } from '@console/contracts/organizations';
import { describe, expect, it } from 'vitest';
import { chooseRegion, selectableRegions } from './region-choice.ts';

const region = (regionCode: string, regionPriority: number, regionName = regionCode): OrgRegion => ({
  regionCode,
  regionName,
  regionIconName: 'kor',
  regionPriority,
});

const REGIONS = [region('JP1', 3), region('GLOBAL', 0), region('KR2', 2), region('KR1', 1), region('US1', 3)];

describe('selectableRegions', () => {
  it('hides GLOBAL and sorts by regionPriority, keeping the API order among equals', () => {
    expect(selectableRegions(REGIONS).map((item) => item.regionCode)).toEqual(['KR1', 'KR2', 'JP1', 'US1']);
  });

  it('hides a region named GLOBAL whatever its code', () => {
    expect(selectableRegions([region('X1', 0, 'GLOBAL'), region('KR1', 1)]).map((item) => item.regionCode)).toEqual([
      'KR1',
    ]);
  });
});

describe('chooseRegion', () => {
  it('keeps the last choice when the organization offers it', () => {
    expect(chooseRegion(REGIONS, 'JP1')?.regionCode).toBe('JP1');
  });

  it("falls back to the organization's first region when the last choice is not offered", () => {
    expect(chooseRegion(REGIONS, 'GOV-KR2')?.regionCode).toBe('KR1');
    expect(chooseRegion(REGIONS, null)?.regionCode).toBe('KR1');
  });

  it('never chooses GLOBAL, even when it was the last choice', () => {
    expect(chooseRegion(REGIONS, 'GLOBAL')?.regionCode).toBe('KR1');
  });

  it('has nothing to choose when only GLOBAL is offered', () => {
    expect(chooseRegion([region('GLOBAL', 0)], 'GLOBAL')).toBeUndefined();
  });
});
