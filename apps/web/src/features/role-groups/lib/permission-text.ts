import { parsePermissionName } from '@console/contracts/permissions';
import type { TFunction } from 'i18next';

/** i18n keys cannot hold dots: `Governance.IpAcl` → `Governance_IpAcl`. */
const targetKey = (target: string) => target.replaceAll('.', '_');

/**
 * A permission id in words ("Project · Members: list"); an id outside the catalogue stays as it is.
 * A product prefix is kept in front ("Dns: Project · Services: view").
 */
export function permissionText(t: TFunction, permissionId: string): string {
  const parsed = parsePermissionName(permissionId);
  if (!parsed) return permissionId;
  const lookup = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const targetPath = `roleGroups.permission.targets.${targetKey(parsed.target)}`;
  const target = lookup(targetPath, { defaultValue: parsed.target });
  const text = t('roleGroups.permission.format', {
    scope: t(`roleGroups.permission.scopes.${parsed.scope}`),
    target,
    action: t(`roleGroups.permission.actions.${parsed.action}`),
  });
  return parsed.product ? `${parsed.product}: ${text}` : text;
}
