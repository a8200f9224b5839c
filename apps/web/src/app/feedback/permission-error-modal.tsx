import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import {
  hasPermissionDeniedDetails,
  PermissionDeniedDetails,
  type PermissionDeniedDetailsData,
} from '../../features/role-groups/components/PermissionDeniedDetails.tsx';
import type { NeededRole } from '../../shared/api/api-error.ts';
import { roleLabels } from '../../shared/permissions/role-names.ts';
import { modals } from '../../shared/ui/modals.ts';

const PERMISSION_MODAL_KEY = 'permission-error';

function PermissionErrorHeader() {
  const { t } = useTranslation();
  return t('permissionModal.title');
}

function PermissionErrorBody({
  permissions,
  roles,
  details,
}: {
  permissions: readonly string[];
  roles: readonly NeededRole[];
  details: PermissionDeniedDetailsData | undefined;
}) {
  const { t } = useTranslation();
  const labels = roleLabels(t, roles);
  return (
    <SpaceBetween size="m">
      <Box variant="p">{t('permissionModal.description')}</Box>
      <div data-testid="permission-error-modal">
        {labels.length > 0 ? (
          <Box margin={{ bottom: 's' }}>
            <Box variant="awsui-key-label">{t('permissionModal.rolesLabel')}</Box>
            <ul data-testid="permission-error-roles">
              {labels.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ul>
          </Box>
        ) : null}
        <Box variant="awsui-key-label">{t('permissionModal.permissionsLabel')}</Box>
        {permissions.length > 0 ? (
          <ul>
            {permissions.map((permission) => (
              <li key={permission}>
                <Box variant="code">{permission}</Box>
              </li>
            ))}
          </ul>
        ) : (
          <Box color="text-status-inactive">{t('permissionModal.noPermissionsListed')}</Box>
        )}
        {details && hasPermissionDeniedDetails(details) ? <PermissionDeniedDetails details={details} /> : null}
      </div>
    </SpaceBetween>
  );
}

/**
 * The permission-denied modal (spec §6, §8): lists the roles that would grant the action and the
 * needed permissions, and (when the answer has them) the roles and role groups per permission,
 * the conditions that failed with when access is possible again, and the denies; shown once at a time.
 */
export function openPermissionErrorModal(
  permissions: readonly string[],
  roles: readonly NeededRole[] = [],
  details?: PermissionDeniedDetailsData,
): Promise<void> {
  return modals.alert({
    key: PERMISSION_MODAL_KEY,
    header: <PermissionErrorHeader />,
    content: <PermissionErrorBody permissions={permissions} roles={roles} details={details} />,
  });
}
