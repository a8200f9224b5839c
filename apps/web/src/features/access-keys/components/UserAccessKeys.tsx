import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { UserAccessKey } from '@console/contracts/access-keys';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useFollow } from '../../../shared/hooks/use-follow.ts';
import type { Formatters } from '../../../shared/i18n/format.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { paths } from '../../../shared/paths.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useCreateKeyMutation, useDeleteKeyMutation, useReissueKeyMutation, userAccessKeysQuery, useUpdateKeyMutation } from '../../../data/access-keys/access-keys.ts';
import { showSecretOnce } from './SecretOnce.tsx';

async function act<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    toasts.show({ type: 'error', content: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}

/** The caller's user access keys below the page's header (issue 16: a part on demand): the key table, the rotation panel and each key's actions. */
export function UserAccessKeys() {
  const { t } = useTranslation();
  const format = useFormatters();
  const follow = useFollow();
  const keys = useQuery({ ...userAccessKeysQuery(), refetchInterval: 15_000 });
  const create = useCreateKeyMutation();
  const update = useUpdateKeyMutation();
  const reissue = useReissueKeyMutation();
  const remove = useDeleteKeyMutation();
  const [rotating, setRotating] = useState<{ oldKeyId: string; newKeyId?: string; done?: boolean }>();
  if (keys.isError) return <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />;
  const list = keys.data?.userAccessKeys ?? [];
  const limit = keys.data?.limit ?? 5;
  const days = keys.data?.rotationDays ?? 90;
  const full = list.length >= limit;

  const onCreate = async () => {
    const created = await act(() => create.mutateAsync(undefined));
    if (!created) return undefined;
    await showSecretOnce({
      header: t('security.keys.createdTitle'),
      warning: t('security.keys.secretOnce'),
      pairs: [
        { label: t('security.keys.keyId'), value: created.userAccessKey.userAccessKeyId, testId: 'new-key-id' },
        { label: t('security.keys.secret'), value: created.secretAccessKey, testId: 'new-key-secret' },
      ],
    });
    return created.userAccessKey.userAccessKeyId;
  };
  const onToggle = async (key: UserAccessKey) => {
    if (key.status === 'STABLE') {
      const confirmed = await modals.confirm({
        header: t('security.keys.deactivateTitle', { keyId: key.userAccessKeyId }),
        content: t('security.keys.deactivateWarning'),
        confirmText: t('security.keys.deactivate'),
      });
      if (!confirmed) return false;
    }
    return (await act(() => update.mutateAsync({ keyId: key.userAccessKeyId, status: key.status === 'STABLE' ? 'STOP' : 'STABLE' }))) !== undefined;
  };
  const onReissue = async (key: UserAccessKey) => {
    const confirmed = await modals.confirm({
      header: t('security.keys.reissueTitle', { keyId: key.userAccessKeyId }),
      content: t('security.keys.reissueWarning'),
      confirmText: t('security.keys.reissue'),
    });
    if (!confirmed) return;
    const reissued = await act(() => reissue.mutateAsync(key.userAccessKeyId));
    if (reissued) {
      await showSecretOnce({
        header: t('security.keys.reissue'),
        warning: t('security.keys.secretOnce'),
        pairs: [{ label: t('security.keys.secret'), value: reissued.secretAccessKey, testId: 'new-key-secret' }],
      });
    }
  };
  const onDelete = async (key: UserAccessKey) => {
    const confirmed = await modals.confirm({
      header: t('security.keys.deleteTitle', { keyId: key.userAccessKeyId }),
      content: t('security.keys.deleteWarning'),
      confirmText: t('security.keys.delete'),
    });
    if (confirmed) await act(() => remove.mutateAsync(key.userAccessKeyId));
  };

  const oldKey = rotating ? list.find((key) => key.userAccessKeyId === rotating.oldKeyId) : undefined;

  return (
    <SpaceBetween size="l">
      {rotating && oldKey ? (
        <Container data-testid="rotation-panel" header={<Header variant="h2" description={t('security.rotate.intro')}>{t('security.rotate.title', { keyId: oldKey.userAccessKeyId })}</Header>}>
          <SpaceBetween size="m">
            <SpaceBetween size="xs">
              <Box>1. {t('security.rotate.step1')}</Box>
              {rotating.newKeyId ? (
                <StatusIndicator type="success">{t('security.rotate.newKey', { keyId: rotating.newKeyId })}</StatusIndicator>
              ) : (
                <Button
                  disabled={full}
                  disabledReason={full ? t('security.keys.limitReached', { limit }) : undefined}
                  onClick={() => void onCreate().then((newKeyId) => newKeyId && setRotating({ ...rotating, newKeyId }))}
                >
                  {t('security.rotate.createNew')}
                </Button>
              )}
            </SpaceBetween>
            <SpaceBetween size="xs">
              <Box>2. {t('security.rotate.step2')}</Box>
              <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                <Box data-testid="rotation-last-used">
                  {t('security.rotate.oldLastUsed', { time: oldKey.lastUsedAt ? format.dateTime(oldKey.lastUsedAt) : t('security.never') })}
                </Box>
                <Button variant="inline-link" onClick={() => void keys.refetch()}>
                  {t('security.rotate.refresh')}
                </Button>
              </SpaceBetween>
            </SpaceBetween>
            <SpaceBetween size="xs">
              <Box>3. {t('security.rotate.step3')}</Box>
              {oldKey.status === 'STOP' ? (
                <StatusIndicator type="success">{t('security.rotate.done')}</StatusIndicator>
              ) : (
                <Button disabled={!rotating.newKeyId} onClick={() => void onToggle(oldKey)}>
                  {t('security.rotate.deactivateOld')}
                </Button>
              )}
            </SpaceBetween>
            <Box float="right">
              <Button variant="link" onClick={() => setRotating(undefined)}>
                {t('security.close')}
              </Button>
            </Box>
          </SpaceBetween>
        </Container>
      ) : null}
      {list.some((key) => key.rotationAdvised && key.status === 'STABLE') && !rotating ? (
        <Alert type="warning" header={t('security.keys.rotationAdvised')}>
          {t('security.keys.description', { limit, days })}
        </Alert>
      ) : null}
      <Table
        data-testid="access-keys-table"
        loading={keys.isPending}
        loadingText={t('common.loading')}
        items={list}
        trackBy="userAccessKeyId"
        header={
          <Header
            counter={`(${list.length}/${limit})`}
            actions={
              <Button variant="primary" data-testid="create-access-key" disabled={full} disabledReason={full ? t('security.keys.limitReached', { limit }) : undefined} onClick={() => void onCreate()}>
                {t('security.keys.create')}
              </Button>
            }
          >
            {t('security.keys.title')}
          </Header>
        }
        empty={<Box textAlign="center">{t('security.keys.empty')}</Box>}
        columnDefinitions={keyColumns(t, format, {
          tokensHref: (key) => paths.securityTokens(key.userAccessKeyId),
          follow,
          toggle: (key) => void onToggle(key),
          reissue: (key) => void onReissue(key),
          remove: (key) => void onDelete(key),
          rotate: (key) => setRotating({ oldKeyId: key.userAccessKeyId }),
        })}
      />
    </SpaceBetween>
  );
}

function keyColumns(
  t: TFunction,
  format: Formatters,
  actions: {
    tokensHref: (key: UserAccessKey) => string;
    follow: ReturnType<typeof useFollow>;
    toggle: (key: UserAccessKey) => void;
    reissue: (key: UserAccessKey) => void;
    remove: (key: UserAccessKey) => void;
    rotate: (key: UserAccessKey) => void;
  },
): TableProps.ColumnDefinition<UserAccessKey>[] {
  return [
    {
      id: 'keyId',
      header: t('security.keys.keyId'),
      cell: (key) => (
        <SpaceBetween direction="horizontal" size="xs">
          <Box variant="code">{key.userAccessKeyId}</Box>
          {key.rotationAdvised && key.status === 'STABLE' ? <Badge color="severity-medium">{t('security.keys.rotationAdvised')}</Badge> : null}
        </SpaceBetween>
      ),
    },
    {
      id: 'status',
      header: t('security.keys.status'),
      cell: (key) => <StatusIndicator type={key.status === 'STABLE' ? 'success' : 'stopped'}>{t(`security.keys.status_${key.status}`)}</StatusIndicator>,
    },
    { id: 'createdAt', header: t('security.keys.createdAt'), cell: (key) => format.dateTime(key.createdAt) },
    { id: 'reissuedAt', header: t('security.keys.reissuedAt'), cell: (key) => (key.reissuedAt ? format.dateTime(key.reissuedAt) : '—') },
    { id: 'lastUsedAt', header: t('security.keys.lastUsedAt'), cell: (key) => (key.lastUsedAt ? format.dateTime(key.lastUsedAt) : t('security.never')) },
    { id: 'tokenExpiry', header: t('security.keys.tokenExpiry'), cell: (key) => t('security.keys.seconds', { count: key.tokenExpirySeconds }) },
    {
      id: 'tokens',
      header: t('security.keys.activeTokens'),
      cell: (key) => (
        <Link href={actions.tokensHref(key)} onFollow={actions.follow} data-testid={`tokens-link-${key.userAccessKeyId}`}>
          {`${t('security.keys.tokens')} (${key.activeTokenCount})`}
        </Link>
      ),
    },
    {
      id: 'actions',
      header: '',
      cell: (key) => (
        <SpaceBetween direction="horizontal" size="xs">
          <Button data-testid={`toggle-${key.userAccessKeyId}`} onClick={() => actions.toggle(key)}>
            {key.status === 'STABLE' ? t('security.keys.deactivate') : t('security.keys.activate')}
          </Button>
          {key.status === 'STABLE' ? <Button onClick={() => actions.rotate(key)}>{t('security.rotate.start')}</Button> : null}
          <Button onClick={() => actions.reissue(key)}>{t('security.keys.reissue')}</Button>
          <Button disabled={key.status === 'STABLE'} disabledReason={t('security.keys.deleteNeedsInactive')} onClick={() => actions.remove(key)}>
            {t('security.keys.delete')}
          </Button>
        </SpaceBetween>
      ),
    },
  ];
}
