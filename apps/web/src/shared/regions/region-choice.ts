import type { OrgRegion } from '@console/contracts/organizations';
import { HIDDEN_REGION } from '@console/contracts/regions';

/** Regions the selector offers: GLOBAL hidden, by regionPriority (the API's order among equals). */
export function selectableRegions(regions: readonly OrgRegion[]): OrgRegion[] {
  return regions
    .filter((region) => region.regionCode !== HIDDEN_REGION && region.regionName !== HIDDEN_REGION)
    .map((region, index) => ({ region, index }))
    .sort((a, b) => a.region.regionPriority - b.region.regionPriority || a.index - b.index)
    .map(({ region }) => region);
}

/**
 * The region to use in an organization (spec §4): the last choice when the organization offers
 * it, else the organization's first region.
 */
export function chooseRegion(regions: readonly OrgRegion[], lastChoice: string | null | undefined): OrgRegion | undefined {
  const offered = selectableRegions(regions);
  return offered.find((region) => region.regionCode === lastChoice) ?? offered[0];
}
