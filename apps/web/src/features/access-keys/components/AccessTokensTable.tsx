import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { AccessToken } from '@console/contracts/access-keys';
import { TOKEN_EXPIRY_MAX_SECONDS, TOKEN_EXPIRY_MIN_SECONDS } from '@console/contracts/access-keys-constants';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import type { Formatters } from '../../../shared/i18n/format.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { useServerPages } from '../../../shared/ui/use-server-pages.tsx';
import { accessTokensQuery, useIssueTokenMutation, useRevokeTokenMutation } from '../../../data/access-keys/access-keys.ts';
import { showSecretOnce } from './SecretOnce.tsx';

const PAGE_SIZE = 20;
const STATUS_TYPE = { ACTIVE: 'success', EXPIRED: 'stopped', REVOKED: 'error' } as const;

/** The form of "Issue token": the key's secret and an optional lifetime; errors next to the fields. */
function IssueTokenForm({ keyId, onIssued, onCancel }: { keyId: string; onIssued: (token: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const issue = useIssueTokenMutation();
  const [secret, setSecret] = useState('');
  const [expiresIn, setExpiresIn] = useState('');
  const [errors, setErrors] = useState<{ secret?: string; expiresIn?: string }>({});
  const submit = async () => {
    const next: typeof errors = {};
    if (secret.trim() === '') next.secret = t('security.required');
    const seconds = expiresIn.trim() === '' ? undefined : Number(expiresIn);
    if (seconds !== undefined && (!Number.isInteger(seconds) || seconds < TOKEN_EXPIRY_MIN_SECONDS || seconds > TOKEN_EXPIRY_MAX_SECONDS)) next.expiresIn = t('security.tokens.expiresInRange');
    setErrors(next);
    if (next.secret || next.expiresIn) return;
    try {
      const issued = await issue.mutateAsync({ userAccessKeyId: keyId, secretAccessKey: secret.trim(), ...(seconds === undefined ? {} : { expiresIn: seconds }) });
      onIssued(issued.accessToken);
    } catch (error) {
      const field = isApiError(error) ? error.fieldErrors.find((fieldError) => fieldError.field.includes('expiresIn')) : undefined;
      if (field) setErrors({ expiresIn: field.message });
      else setErrors({ secret: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <SpaceBetween size="m">
      <FormField label={t('security.keys.secret')} description={t('security.tokens.secretHint')} errorText={errors.secret}>
        <Input type="password" value={secret} onChange={({ detail }) => setSecret(detail.value)} data-testid="token-secret" />
      </FormField>
      <FormField label={t('security.tokens.expiresIn')} description={t('security.tokens.expiresInHint')} errorText={errors.expiresIn}>
        <Input type="number" inputMode="numeric" value={expiresIn} onChange={({ detail }) => setExpiresIn(detail.value)} placeholder="86400" />
      </FormField>
      <Box float="right">
        <SpaceBetween direction="horizontal" size="xs">
          <Button variant="link" onClick={onCancel}>
            {t('security.cancel')}
          </Button>
          <Button variant="primary" loading={issue.isPending} onClick={() => void submit()} data-testid="issue-token-submit">
            {t('security.tokens.issue')}
          </Button>
        </SpaceBetween>
      </Box>
    </SpaceBetween>
  );
}

/** A key's tokens below the page's header (issue 16: a part on demand): the table, issue and revoke. */
export function AccessTokensTable() {
  const { t } = useTranslation();
  const { userAccessKeyId = '' } = useParams();
  const format = useFormatters();
  const pages = useServerPages(PAGE_SIZE);
  const tokens = useQuery(accessTokensQuery(userAccessKeyId, pages.requestedPage, PAGE_SIZE));
  const revoke = useRevokeTokenMutation(userAccessKeyId);
  if (tokens.isError) return <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />;

  const onIssue = async () => {
    const token = await modals.form<string>({
      header: t('security.tokens.issueTitle'),
      render: ({ submit, cancel }) => <IssueTokenForm keyId={userAccessKeyId} onIssued={submit} onCancel={cancel} />,
    });
    if (token) await showSecretOnce({ header: t('security.tokens.issuedTitle'), warning: t('security.tokens.tokenOnce'), pairs: [{ label: t('security.tokens.token'), value: token, testId: 'issued-token' }] });
  };
  const onRevoke = async (token: AccessToken) => {
    const confirmed = await modals.confirm({ header: t('security.tokens.revokeTitle'), content: t('security.tokens.revokeWarning'), confirmText: t('security.tokens.revoke') });
    if (!confirmed) return;
    try {
      await revoke.mutateAsync(token.tokenId);
    } catch (error) {
      toasts.show({ type: 'error', content: error instanceof Error ? error.message : String(error) });
    }
  };
  const key = tokens.data?.userAccessKey;

  return (
    <Table
      data-testid="tokens-table"
      loading={tokens.isPending}
      loadingText={t('common.loading')}
      items={tokens.data?.tokens ?? []}
      trackBy="tokenId"
      header={
        <Header
          counter={tokens.data ? `(${tokens.data.paging.totalCount})` : undefined}
          description={key ? `${t('security.keys.status')}: ${t(`security.keys.status_${key.status}`)}` : undefined}
          actions={
            <Button variant="primary" data-testid="issue-token" disabled={key?.status !== 'STABLE'} onClick={() => void onIssue()}>
              {t('security.tokens.issue')}
            </Button>
          }
        >
          {t('security.keys.tokens')}
        </Header>
      }
      pagination={pages.pagination(tokens, tokens.data?.paging.totalCount ?? 0)}
      empty={<Box textAlign="center">{t('security.tokens.empty')}</Box>}
      columnDefinitions={tokenColumns(t, format, (token) => void onRevoke(token))}
    />
  );
}

function tokenColumns(t: TFunction, format: Formatters, revoke: (token: AccessToken) => void): TableProps.ColumnDefinition<AccessToken>[] {
  return [
    { id: 'status', header: t('security.tokens.status'), cell: (token) => <StatusIndicator type={STATUS_TYPE[token.status]}>{t(`security.tokens.status_${token.status}`)}</StatusIndicator> },
    { id: 'issuedAt', header: t('security.tokens.issuedAt'), cell: (token) => format.dateTime(token.issuedAt) },
    { id: 'expiresAt', header: t('security.tokens.expiresAt'), cell: (token) => format.dateTime(token.revokedAt ?? token.expiresAt) },
    { id: 'lastUsedAt', header: t('security.tokens.lastUsedAt'), cell: (token) => (token.lastUsedAt ? format.dateTime(token.lastUsedAt) : t('security.never')) },
    {
      id: 'actions',
      header: '',
      cell: (token) => (token.status === 'ACTIVE' ? <Button onClick={() => revoke(token)}>{t('security.tokens.revoke')}</Button> : null),
    },
  ];
}
