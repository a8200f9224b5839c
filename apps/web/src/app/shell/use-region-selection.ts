import type { OrgRegion } from '@console/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { orgRegionsQuery } from '../../data/organizations/queries.ts';
import { updateRequestContext } from '../../shared/api/request-context.ts';
import { useConsoleConfig } from '../../shared/config/console-config.ts';
import { useLocalStorage } from '../../shared/hooks/use-local-storage.ts';
import { STORAGE_KEYS } from '../../shared/lib/storage.ts';
import { chooseRegion, selectableRegions } from '../../shared/regions/region-choice.ts';

export interface RegionSelection {
  readonly regions: readonly OrgRegion[];
  readonly selected: OrgRegion | undefined;
  readonly select: (regionCode: string) => void;
}

/**
 * The region of the current organization: the last choice (localStorage) when the organization
 * offers it, else its first region. Keeps the API client's region header in step.
 */
export function useRegionSelection(orgId: string | undefined): RegionSelection {
  const config = useConsoleConfig();
  const [lastChoice, setLastChoice] = useLocalStorage(STORAGE_KEYS.region);
  const { data } = useQuery({ ...orgRegionsQuery(orgId ?? ''), enabled: orgId !== undefined });
  const regions = useMemo(() => (orgId && data ? selectableRegions(data) : []), [orgId, data]);
  const selected = orgId && data ? chooseRegion(data, lastChoice) : undefined;
  const regionCode = selected?.regionCode ?? lastChoice ?? config.defaultRegion;

  useEffect(() => {
    updateRequestContext({ regionCode });
  }, [regionCode]);

  return { regions, selected, select: setLastChoice };
}
