import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { DeniedBy, FailedCondition, PermissionRelatedRoles } from '@console/contracts/authorize';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { LOCALE_TAGS } from '../../../shared/i18n/locale.ts';
import { useLocale } from '../../../shared/i18n/LocaleProvider.tsx';
import { failedConditionText, roleIdLabel, zonedDateTimeFormatter } from '../../../shared/permissions/condition-text.ts';

/** What a PERMISSION_DENIED answer adds for the permission modal (contracts authorize.ts), each part optional. */
export interface PermissionDeniedDetailsData {
  readonly relatedRoles?: readonly PermissionRelatedRoles[] | undefined;
  readonly failedConditions?: readonly FailedCondition[] | undefined;
  readonly deniedBy?: readonly DeniedBy[] | undefined;
  /** The caller's address, when the answer carries it ("IP 203.0.113.7 is not in …"). */
  readonly clientIp?: string | undefined;
}

export const hasPermissionDeniedDetails = (details: PermissionDeniedDetailsData | undefined): boolean =>
  Boolean(details && ((details.relatedRoles?.length ?? 0) > 0 || (details.failedConditions?.length ?? 0) > 0 || (details.deniedBy?.length ?? 0) > 0));

/**
 * The detail of a permission refusal (spec §6, §8 PERMISSION_DENIED): per missing permission the built-in roles
 * and role groups that would grant it; which condition of the caller's own role groups failed, in
 * plain words, and from when access is possible again (in the user's language and the
 * organization's time zone); and which deny rule took a permission away. Nothing is fetched.
 */
export function PermissionDeniedDetails({ details }: { details: PermissionDeniedDetailsData }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const formatDate = zonedDateTimeFormatter(LOCALE_TAGS[locale]);
  const related = details.relatedRoles ?? [];
  const failed = details.failedConditions ?? [];
  const denied = details.deniedBy ?? [];

  return (
    <SpaceBetween size="m">
      {failed.length > 0 ? (
        <div data-testid="permission-failed-conditions">
          <Box variant="awsui-key-label">{t('roleGroups.denied.failedTitle')}</Box>
          <ul>
            {failed.map((condition, index) => (
              <li key={`${condition.permissionId}-${condition.roleGroupId}-${condition.roleId}-${index}`} data-testid="permission-failed-condition">
                <Box variant="span">
                  {t('roleGroups.denied.failedItem', {
                    group: condition.roleGroupName,
                    role: roleIdLabel(t, condition.roleId),
                    reason: failedConditionText(t, condition, formatDate, details.clientIp),
                  })}
                </Box>
                {condition.validFrom ? (
                  <Box variant="small" display="block" data-testid="permission-valid-from">
                    {t('roleGroups.denied.validFrom', { when: formatDate(condition.validFrom, condition.timeZone) })}
                  </Box>
                ) : null}
                <Box variant="small" display="block" color="text-body-secondary">
                  <Box variant="code" fontSize="body-s">
                    {condition.permissionId}
                  </Box>
                </Box>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {denied.length > 0 ? (
        <div data-testid="permission-denied-by">
          <Box variant="awsui-key-label">{t('roleGroups.denied.deniedTitle')}</Box>
          <ul>
            {denied.map((deny, index) => (
              <li key={`${deny.permissionId}-${deny.roleGroupName}-${index}`}>
                {t('roleGroups.denied.deniedItem', {
                  group: deny.roleGroupName,
                  role: roleIdLabel(t, deny.roleId),
                  permission: deny.permissionId,
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {related.length > 0 ? (
        <div data-testid="permission-related-roles">
          <Box variant="awsui-key-label">{t('roleGroups.denied.relatedTitle')}</Box>
          <ul>
            {related.map((entry) => (
              <li key={entry.permissionId} data-testid="permission-related-role">
                <Box variant="code" fontSize="body-s">
                  {entry.permissionId}
                </Box>
                <Box variant="small" display="block">
                  {t('roleGroups.denied.rolesLine', {
                    roles: entry.roleNames.length > 0 ? entry.roleNames.map((roleId) => roleIdLabel(t, roleId)).join(', ') : t('roleGroups.denied.none'),
                  })}
                </Box>
                <Box variant="small" display="block">
                  {t('roleGroups.denied.groupsLine', {
                    groups: entry.roleGroupNames.length > 0 ? entry.roleGroupNames.join(', ') : t('roleGroups.denied.none'),
                  })}
                </Box>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </SpaceBetween>
  );
}
