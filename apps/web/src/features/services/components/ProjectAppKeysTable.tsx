import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { ProjectAppKey } from '@console/contracts/products';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { useDeleteAuthenticationMutation, useUpdateAuthenticationMutation } from '../../../data/products/mutations.ts';
import { authenticationsQuery } from '../../../data/products/queries.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';

// The form (and react-hook-form) loads when its modal opens, not with the table (issue 16).
const AppKeyForm = onDemand(() => import('./AppKeyForm.tsx').then((module) => module.AppKeyForm));

async function act(work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    toasts.show({ type: 'error', content: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * The project's Appkeys below their page's header (issue 16: a part on demand): stop or resume,
 * edit and delete each; the page's header creates them.
 */
export function ProjectAppKeysTable() {
  const { projectId = '' } = useParams();
  const { t } = useTranslation();
  const keys = useQuery(authenticationsQuery(projectId));
  const update = useUpdateAuthenticationMutation(projectId);
  const remove = useDeleteAuthenticationMutation(projectId);
  if (keys.isError) return <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />;

  const onEdit = async (key: ProjectAppKey) => {
    const done = await modals.form<boolean>({
      header: t('services.appKeys.editTitle', { name: key.authAlias }),
      render: ({ submit, cancel, setDirty }) => (
        <AppKeyForm
          initial={key}
          submitText={t('services.appKeys.save')}
          onSave={(input) => update.mutateAsync({ authId: key.authId, ...input })}
          onDone={() => submit(true)}
          onCancel={cancel}
          onDirtyChange={setDirty}
        />
      ),
    });
    if (done) toasts.show({ type: 'success', content: t('services.appKeys.saved') });
  };
  const onDelete = async (key: ProjectAppKey) => {
    const confirmed = await modals.confirm({
      header: t('services.appKeys.deleteTitle', { name: key.authAlias }),
      content: t('services.appKeys.deleteWarning'),
      confirmText: t('services.appKeys.delete'),
    });
    if (confirmed) await act(() => remove.mutateAsync(key.authId));
  };

  return (
    <Table
      data-testid="project-appkeys-table"
      loading={keys.isPending}
      items={keys.data ?? []}
      trackBy="authId"
      ariaLabels={{ tableLabel: t('services.appKeys.title') }}
      empty={<Box textAlign="center">{t('services.appKeys.empty')}</Box>}
      columnDefinitions={appKeyColumns(t, {
        toggle: (key) => act(() => update.mutateAsync({ authId: key.authId, authStatus: key.authStatus === 'STABLE' ? 'STOP' : 'STABLE' })),
        edit: onEdit,
        remove: onDelete,
      })}
    />
  );
}

function appKeyColumns(
  t: TFunction,
  actions: { toggle: (key: ProjectAppKey) => Promise<void>; edit: (key: ProjectAppKey) => Promise<void>; remove: (key: ProjectAppKey) => Promise<void> },
): TableProps.ColumnDefinition<ProjectAppKey>[] {
  return [
    { id: 'alias', header: t('services.appKeys.alias'), cell: (key) => key.authAlias },
    { id: 'key', header: t('services.appKey'), cell: (key) => <Box variant="code">{key.authKey}</Box> },
    { id: 'secret', header: t('services.secretKey'), cell: (key) => (key.secretKey ? <Box variant="code">{key.secretKey}</Box> : '—') },
    {
      id: 'status',
      header: t('services.colStatus'),
      cell: (key) => (
        <StatusIndicator type={key.authStatus === 'STABLE' ? 'success' : key.authStatus === 'STOP' ? 'stopped' : 'error'}>
          {t(`services.appKeys.status_${key.authStatus}`)}
        </StatusIndicator>
      ),
    },
    { id: 'ips', header: t('services.appKeys.ipAcl'), cell: (key) => key.ipAclList.join(', ') || '—' },
    {
      id: 'actions',
      header: '',
      cell: (key) =>
        key.authStatus === 'BLOCKED' ? null : (
          <SpaceBetween direction="horizontal" size="xs">
            <Button onClick={() => void actions.toggle(key)}>{key.authStatus === 'STABLE' ? t('services.appKeys.stop') : t('services.appKeys.resume')}</Button>
            <Button ariaLabel={`${t('services.appKeys.edit')} ${key.authAlias}`} onClick={() => void actions.edit(key)}>
              {t('services.appKeys.edit')}
            </Button>
            <Button onClick={() => void actions.remove(key)}>{t('services.appKeys.delete')}</Button>
          </SpaceBetween>
        ),
    },
  ];
}
