import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ProjectCredential, ProjectCredentialKind } from '@console/contracts/access-keys';
import { RENEW_REMINDER_DAYS_BEFORE } from '@console/contracts/access-keys-constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useFollow } from '../../../shared/hooks/use-follow.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { paths } from '../../../shared/paths.ts';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { ErrorState } from '../../../shared/ui/ErrorState.tsx';
import { modals } from '../../../shared/ui/modals.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { deleteProjectCredential, issueProjectCredential, listProjectCredentials } from '@console/contracts/refs/access-keys';
import { endpointQuery, useEndpointMutation } from '../../../data/endpoint.ts';
import { userAccessKeysQuery } from '../../../data/access-keys/access-keys.ts';
import { showSecretOnce } from './SecretOnce.tsx';


/** The user access key tab's content (issue 16: a part on demand, below the page's header and tabs). */
export function UserAccessKeyTab() {
  const { t } = useTranslation();
  const follow = useFollow();
  const format = useFormatters();
  const keys = useQuery(userAccessKeysQuery());
  if (keys.isError) return <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />;
  return (
    <Container header={<Header variant="h2" description={t('security.authInfo.userAccessKeyIntro')} actions={<Link href={paths.securitySetting} onFollow={follow}>{t('security.authInfo.manageKeys')}</Link>}>{t('security.keys.title')}</Header>}>
      {keys.isPending ? (
        <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
      ) : (keys.data?.userAccessKeys.length ?? 0) === 0 ? (
        <Box>{t('security.keys.empty')}</Box>
      ) : (
        <KeyValuePairs
          columns={2}
          items={(keys.data?.userAccessKeys ?? []).map((key) => ({
            label: key.userAccessKeyId,
            value: `${t(`security.keys.status_${key.status}`)} · ${t('security.keys.lastUsedAt')}: ${key.lastUsedAt ? format.dateTime(key.lastUsedAt) : t('security.never')}`,
          }))}
        />
      )}
    </Container>
  );
}

/** A project credential tab's content (IaaS API password or S3 credentials; issue 16: a part on demand). */
export function CredentialTab({ projectId, kind }: { projectId: string; kind: ProjectCredentialKind }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const credentials = useQuery(endpointQuery(listProjectCredentials, { params: { projectId }, projectId }));
  const permissions = usePermissions({ projectId });
  const canIssue = permissions.check('Project.Authentication.Renew.Create');
  const canDelete = permissions.check('Project.Authentication.Renew.Delete');
  const issue = useEndpointMutation(issueProjectCredential, { refreshes: [listProjectCredentials] });
  const remove = useEndpointMutation(deleteProjectCredential, { refreshes: [listProjectCredentials] });
  if (credentials.isError) return <ErrorState error={credentials.error} onRetry={() => void credentials.refetch()} />;
  const credential: ProjectCredential | null | undefined = kind === 'IAAS_API_PASSWORD' ? credentials.data?.iaasApiPassword : credentials.data?.s3Credential;
  const periods = credentials.data?.renewPeriods;
  const days = kind === 'IAAS_API_PASSWORD' ? periods?.iaasApiPassword : periods?.s3Credential;
  const title = t(kind === 'IAAS_API_PASSWORD' ? 'security.authInfo.tab_iaasApiPassword' : 'security.authInfo.tab_s3Credential');

  const onIssue = async () => {
    if (credential) {
      const confirmed = await modals.confirm({ header: t('security.authInfo.renewTitle'), content: t('security.authInfo.renewWarning'), confirmText: t('security.authInfo.renew') });
      if (!confirmed) return;
    }
    try {
      const issued = await issue.mutateAsync({ params: { projectId }, body: { kind }, projectId });
      await showSecretOnce({
        header: t('security.authInfo.secretTitle'),
        warning: t('security.authInfo.secretOnce'),
        pairs: [
          { label: t(kind === 'IAAS_API_PASSWORD' ? 'security.authInfo.userName' : 'security.authInfo.accessKey'), value: issued.credential.accessKey },
          { label: t(kind === 'IAAS_API_PASSWORD' ? 'security.authInfo.password' : 'security.authInfo.secretKey'), value: issued.secret, testId: 'credential-secret' },
        ],
      });
    } catch (error) {
      toasts.show({ type: 'error', content: error instanceof Error ? error.message : String(error) });
    }
  };
  const onDelete = async () => {
    if (!credential) return;
    const confirmed = await modals.confirm({ header: t('security.authInfo.deleteTitle'), content: t('security.authInfo.deleteWarning'), confirmText: t('security.authInfo.delete') });
    if (!confirmed) return;
    try {
      await remove.mutateAsync({ params: { projectId, credentialId: credential.credentialId }, projectId });
    } catch (error) {
      toasts.show({ type: 'error', content: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Container
      data-testid="credential-panel"
      header={
        <Header
          variant="h2"
          description={days ? t('security.authInfo.renewalPeriod', { days, before: RENEW_REMINDER_DAYS_BEFORE }) : undefined}
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              {credential ? (
                <Button disabled={!canDelete.allowed} disabledReason={canDelete.reason} onClick={() => void onDelete()}>
                  {t('security.authInfo.delete')}
                </Button>
              ) : null}
              <Button variant="primary" disabled={!canIssue.allowed} disabledReason={canIssue.reason} loading={issue.isPending} onClick={() => void onIssue()} data-testid="credential-issue">
                {credential ? t('security.authInfo.renew') : t('security.authInfo.issue')}
              </Button>
            </SpaceBetween>
          }
        >
          {title}
        </Header>
      }
    >
      {credentials.isPending ? (
        <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
      ) : credential ? (
        <KeyValuePairs
          columns={3}
          items={[
            { label: t(kind === 'IAAS_API_PASSWORD' ? 'security.authInfo.userName' : 'security.authInfo.accessKey'), value: <Box variant="code">{credential.accessKey}</Box> },
            { label: t('security.authInfo.renewedAt'), value: format.dateTime(credential.renewedAt) },
            {
              label: t('security.authInfo.renewalDueAt'),
              value: credential.renewalOverdue ? (
                <StatusIndicator type="warning">{`${format.dateTime(credential.renewalDueAt)} · ${t('security.authInfo.overdue')}`}</StatusIndicator>
              ) : (
                format.dateTime(credential.renewalDueAt)
              ),
            },
          ]}
        />
      ) : (
        <Box>{t('security.authInfo.none')}</Box>
      )}
    </Container>
  );
}
