import type { ConsoleConfig, Feature } from '@console/contracts/config';
import { getConsoleConfig } from '@console/contracts/refs/console';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { callApi, fromQuery } from '../api/client.ts';

/** Edition, features and languages of this installation (public; loaded before anything renders). */
export const consoleConfigQuery = () =>
  queryOptions({
    queryKey: ['public', 'config'] as const,
    // A failure here is shown by the root layout itself: moving to an error page would not help.
    queryFn: (context) => callApi(getConsoleConfig, { routeErrors: false, ...fromQuery(context) }),
    select: (data) => data.config,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The console configuration; the root layout renders nothing below it until it has loaded. */
export function useConsoleConfig(): ConsoleConfig {
  return useSuspenseQuery(consoleConfigQuery()).data;
}

export const isFeatureOn = (config: Pick<ConsoleConfig, 'features'>, feature: Feature): boolean =>
  config.features[feature];
