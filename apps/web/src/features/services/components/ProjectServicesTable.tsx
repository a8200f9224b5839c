import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import type { TableProps } from '@cloudscape-design/components/table';
import type { ProductUi } from '@console/contracts/products';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useDisableProductMutation, useEnableProductMutation } from '../../../data/products/mutations.ts';
import { productHierarchyQuery, servicesInUseQuery } from '../../../data/products/queries.ts';
import { paths } from '../../../shared/paths.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

// The form (and react-hook-form) loads when its modal opens, not with the page (issue 16).
const DisableServiceForm = onDemand(() => import('./DisableServiceForm.tsx').then((module) => module.DisableServiceForm));

/**
 * The catalogue (STABLE products only) with what is enabled in the project, below its page's header
 * (issue 16: a part on demand). Enable asks first and shows a refusal (restriction, payment method,
 * services needed first…) under 'Cannot enable service.'; Disable asks for the consent to data deletion.
 */
export function ProjectServicesTable() {
  const { projectId = '' } = useParams();
  const { t, i18n } = useTranslation();
  const catalogue = useQuery(productHierarchyQuery(i18n.language, undefined));
  const inUse = useQuery(servicesInUseQuery(projectId));
  const enable = useEnableProductMutation(projectId);
  const disable = useDisableProductMutation(projectId);
  const enabledIds = new Set((inUse.data ?? []).map((service) => service.productId));

  if (catalogue.isError) return <ErrorState error={catalogue.error} onRetry={() => void catalogue.refetch()} />;

  const onEnable = async (ui: ProductUi) => {
    const confirmed = await modals.confirm({
      header: t('services.enableConfirmTitle', { name: ui.productUiName }),
      content: t('services.enableConfirm', { name: ui.productUiName }),
      confirmText: t('services.enable'),
    });
    if (!confirmed) return;
    try {
      await enable.mutateAsync(ui.productId);
      toasts.show({ type: 'success', content: t('services.enabledToast', { name: ui.productUiName }) });
    } catch (error) {
      toasts.show({ type: 'error', header: t('services.cannotEnable'), content: error instanceof Error ? error.message : String(error) });
    }
  };

  const onDisable = async (ui: ProductUi) => {
    const done = await modals.form<boolean>({
      header: t('services.disableTitle', { name: ui.productUiName }),
      render: ({ submit, cancel }) => (
        <DisableServiceForm name={ui.productUiName} onConfirm={() => disable.mutateAsync(ui.productId)} onDone={() => submit(true)} onCancel={cancel} />
      ),
    });
    if (done) toasts.show({ type: 'success', content: t('services.disabledToast', { name: ui.productUiName }) });
  };

  return (
    <Table
      data-testid="services-table"
      loading={catalogue.isPending || inUse.isPending}
      items={catalogue.data ?? []}
      trackBy="productUiId"
      ariaLabels={{ tableLabel: t('services.title') }}
      empty={<Box textAlign="center">{t('services.noServices')}</Box>}
      columnDefinitions={serviceColumns({ t, projectId, enabledIds, enable, onEnable, onDisable })}
    />
  );
}

function serviceColumns({
  t,
  projectId,
  enabledIds,
  enable,
  onEnable,
  onDisable,
}: {
  t: TFunction;
  projectId: string;
  enabledIds: ReadonlySet<string>;
  enable: { isPending: boolean; variables: string | undefined };
  onEnable: (ui: ProductUi) => Promise<void>;
  onDisable: (ui: ProductUi) => Promise<void>;
}): TableProps.ColumnDefinition<ProductUi>[] {
  return [
    {
      id: 'name',
      header: t('services.colName'),
      cell: (ui) => (
        <SpaceBetween direction="horizontal" size="xs">
          <span>{ui.productUiName}</span>
          {ui.badges.map((badge) => (
            <Badge key={badge} color={badge === 'new' ? 'green' : 'blue'}>
              {t(`services.badge_${badge as 'new' | 'alpha' | 'beta'}`, { defaultValue: badge })}
            </Badge>
          ))}
        </SpaceBetween>
      ),
    },
    {
      id: 'category',
      header: t('services.colCategory'),
      // A category the web has no name for yet shows its slug rather than a raw key.
      cell: (ui) => t(`services.categories.${ui.categoryName as 'notification'}`, { defaultValue: ui.categoryName }),
    },
    { id: 'regions', header: t('services.colRegions'), cell: (ui) => ui.regionCodeList.join(', ') },
    {
      id: 'status',
      header: t('services.colStatus'),
      cell: (ui) =>
        enabledIds.has(ui.productId) ? (
          <StatusIndicator type="success">{t('services.enabled')}</StatusIndicator>
        ) : (
          <StatusIndicator type="stopped">{t('services.notEnabled')}</StatusIndicator>
        ),
        },
    {
      id: 'actions',
      header: '',
      cell: (ui) =>
        enabledIds.has(ui.productId) ? (
          <SpaceBetween direction="horizontal" size="xs">
            <RouterButton href={paths.project(projectId).product(ui.categoryName, ui.pathName)}>{t('services.open')}</RouterButton>
            {ui.denyDeactivateProductUi ? null : (
              <Button ariaLabel={`${t('services.disable')} ${ui.productUiName}`} onClick={() => void onDisable(ui)}>
                {t('services.disable')}
              </Button>
            )}
          </SpaceBetween>
        ) : (
          <Button
            variant="primary"
            ariaLabel={`${t('services.enable')} ${ui.productUiName}`}
            loading={enable.isPending && enable.variables === ui.productId}
            onClick={() => void onEnable(ui)}
          >
            {t('services.enable')}
          </Button>
        ),
        },
];
}
