import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useDisableOrgProductMutation } from '../../../data/products/mutations.ts';
import { orgServicesQuery, type OrgService } from '../../../data/products/queries.ts';
import { paths } from '../../../shared/paths.ts';
import { usePermissions, type PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';
import { EnableOrgServiceForm } from './EnableOrgServiceForm.tsx';

const DisableServiceForm = onDemand(() => import('./DisableServiceForm.tsx').then((module) => module.DisableServiceForm));

/**
 * The organization services of the catalogue (productCategoryCode ORG) and whether each is enabled
 * in the organization, below their page's header (issue 16: a part on demand). Enabling
 * (organization OWNER or ADMIN: Organization.Setting.Update) names the service's SaaS OWNER; an
 * enabled service opens its page /org/{orgId}/{productId} (keys and SaaS members) and can be
 * disabled, with the same consent to data deletion as a project service (DisableServiceForm).
 */
export function OrgServicesTable() {
  const { orgId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const services = useQuery(orgServicesQuery(orgId, i18n.language));
  const permissions = usePermissions({ orgId });
  const canEnable = permissions.check('Organization.Setting.Update');
  const disable = useDisableOrgProductMutation(orgId);
  if (services.isError) return <ErrorState error={services.error} onRetry={() => void services.refetch()} />;

  const onEnable = async (service: OrgService) => {
    const done = await modals.form<boolean>({
      header: t('services.enableConfirmTitle', { name: service.product.productDisplayName }),
      render: ({ submit, cancel }) => (
        <EnableOrgServiceForm
          orgId={orgId}
          productId={service.product.productId}
          productName={service.product.productDisplayName}
          onDone={() => submit(true)}
          onCancel={cancel}
        />
      ),
    });
    if (done) toasts.show({ type: 'success', content: t('services.enabledToast', { name: service.product.productDisplayName }) });
  };

  const onDisable = async (service: OrgService) => {
    const name = service.product.productDisplayName;
    const done = await modals.form<boolean>({
      header: t('services.disableTitle', { name }),
      render: ({ submit, cancel }) => (
        <DisableServiceForm
          name={name}
          warning={t('services.org.disableWarning', { name })}
          onConfirm={() => disable.mutateAsync(service.product.productId)}
          onDone={() => submit(true)}
          onCancel={cancel}
        />
      ),
    });
    if (done) toasts.show({ type: 'success', content: t('services.disabledToast', { name }) });
  };

  return (
    <Table
      data-testid="org-services-table"
      loading={services.isPending}
      loadingText={t('common.loading')}
      items={services.data ?? []}
      trackBy={(service) => service.product.productId}
      ariaLabels={{ tableLabel: t('services.org.title') }}
      empty={<Box textAlign="center">{t('services.org.empty')}</Box>}
      columnDefinitions={orgServiceColumns(t, orgId, canEnable, onEnable, onDisable)}
    />
  );
}

function orgServiceColumns(
  t: TFunction,
  orgId: string,
  canEnable: PermissionCheck,
  onEnable: (service: OrgService) => Promise<void>,
  onDisable: (service: OrgService) => Promise<void>,
): TableProps.ColumnDefinition<OrgService>[] {
  return [
        { id: 'name', header: t('services.colName'), cell: (service) => service.product.productDisplayName },
        {
          id: 'status',
          header: t('services.colStatus'),
          cell: (service) =>
            service.enabled ? (
              <StatusIndicator type="success">{t('services.enabled')}</StatusIndicator>
            ) : (
              <StatusIndicator type="stopped">{t('services.notEnabled')}</StatusIndicator>
            ),
        },
        {
          id: 'actions',
          header: '',
          cell: (service) =>
            service.enabled ? (
              <SpaceBetween direction="horizontal" size="xs">
                <RouterButton href={paths.org(orgId).product(service.product.productId)}>{t('services.open')}</RouterButton>
                <Button
                  ariaLabel={`${t('services.disable')} ${service.product.productDisplayName}`}
                  disabled={!canEnable.allowed}
                  disabledReason={canEnable.reason}
                  onClick={() => void onDisable(service)}
                >
                  {t('services.disable')}
                </Button>
              </SpaceBetween>
            ) : (
              <Button
                variant="primary"
                ariaLabel={`${t('services.enable')} ${service.product.productDisplayName}`}
                disabled={!canEnable.allowed}
                disabledReason={canEnable.reason}
                onClick={() => void onEnable(service)}
              >
                {t('services.enable')}
              </Button>
            ),
        },
  ];
}
