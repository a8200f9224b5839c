import type { ConsoleConfig } from '@console/contracts/config';

/** Partner-center areas the console used to host under /partners (spec §2). */
const PARTNER_AREAS: ReadonlySet<string> = new Set([
  'notice',
  'notices',
  'users',
  'join',
  'intro',
  'setting',
  'usages',
  'userBilling',
]);

/**
 * Where a /partners/... path goes: the external partner center with the same sub-path and search,
 * when the partner feature is on and the area is one of the partner center's. Undefined means the
 * console shows its not-found page.
 */
export function partnerRedirectTarget(
  pathname: string,
  search: string,
  config: Pick<ConsoleConfig, 'features' | 'partnerCenterUrl'>,
): string | undefined {
  if (!config.features.partner) return undefined;
  const match = /^\/partners(\/.*)$/.exec(pathname);
  const subPath = match?.[1];
  const area = subPath?.split('/')[1];
  if (!subPath || !area || !PARTNER_AREAS.has(area)) return undefined;
  return `${config.partnerCenterUrl.replace(/\/+$/, '')}${subPath}${search}`;
}
