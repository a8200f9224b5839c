import type { ConsoleConfig, Feature } from '@console/contracts/config';
import { paths } from '../../shared/paths.ts';

/**
 * Where a feature-gated page sends the user when its feature is off in this installation: the
 * dashboard of the project or organization they are in, else home. Undefined lets the page load.
 */
export function featureGateRedirect(
  feature: Feature | undefined,
  config: Pick<ConsoleConfig, 'features'>,
  params: Readonly<Record<string, string | undefined>>,
): string | undefined {
  if (!feature || config.features[feature]) return undefined;
  if (params.projectId) return paths.project(params.projectId).dashboard;
  if (params.orgId) return paths.org(params.orgId).dashboard;
  return '/';
}
