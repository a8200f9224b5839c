import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { memberSessionsQuery, memberTotpQuery, useEndMemberSessions, useResetMemberTotp } from '../../data/sign-in-security/api.ts';
import { apiErrorMessage } from '../../shared/i18n/api-error-message.ts';
import { useFormatters } from '../../shared/i18n/LocaleProvider.tsx';
import { usePermissions } from '../../shared/permissions/use-permissions.ts';
import { modals } from '../../shared/ui/modals.ts';
import { toasts } from '../../shared/ui/toasts.ts';

/**
 * An IAM account's sign-in security for its admin (the IAM account's edit page): whether an
 * authenticator is set up, with "reset" for a lost phone, and its open sessions, with "end all".
 * Seeing needs Member.Iam.Get, acting Member.Iam.Update; both are recorded in the audit log.
 */
export function IamMemberSecurityPanel({ orgId, memberId }: { orgId: string; memberId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const permissions = usePermissions({ orgId });
  const view = permissions.check('Organization.Member.Iam.Get');
  const act = permissions.check('Organization.Member.Iam.Update');
  const totp = useQuery({ ...memberTotpQuery(orgId, memberId), enabled: view.allowed });
  const sessions = useQuery({ ...memberSessionsQuery(orgId, memberId), enabled: view.allowed });
  const reset = useResetMemberTotp(orgId, memberId);
  const end = useEndMemberSessions(orgId, memberId);
  if (!view.allowed) return null;

  const onReset = async () => {
    const ok = await modals.confirm({ header: t('signInSecurity.member.resetTitle'), content: t('signInSecurity.member.resetBody'), confirmText: t('signInSecurity.member.reset') });
    if (!ok) return;
    reset.mutate(undefined, {
      onSuccess: () => toasts.show({ type: 'success', content: t('signInSecurity.member.resetDone') }),
      onError: (error) => toasts.show({ type: 'error', content: apiErrorMessage(error, t) }),
    });
  };
  const onEnd = async () => {
    const ok = await modals.confirm({ header: t('signInSecurity.member.endTitle'), content: t('signInSecurity.member.endBody'), confirmText: t('signInSecurity.member.end') });
    if (!ok) return;
    end.mutate(undefined, {
      onSuccess: (answer) => toasts.show({ type: 'success', content: t('signInSecurity.member.ended', { count: answer.endedCount }) }),
      onError: (error) => toasts.show({ type: 'error', content: apiErrorMessage(error, t) }),
    });
  };
  const enrolled = totp.data?.enrolled ?? false;
  const sessionCount = sessions.data?.totalCount ?? 0;

  return (
    <Container header={<Header variant="h2" description={t('signInSecurity.member.description')}>{t('signInSecurity.member.title')}</Header>} data-testid="iam-member-security">
      <ColumnLayout columns={2} variant="text-grid">
        <SpaceBetween size="s">
          <KeyValuePairs
            items={[
              {
                label: t('signInSecurity.authenticator.title'),
                value: totp.data ? (
                  <StatusIndicator type={enrolled ? 'success' : 'stopped'} data-testid="iam-member-totp">
                    {enrolled && totp.data.enrolledAt ? t('signInSecurity.authenticator.enrolledAt', { date: format.dateTime(totp.data.enrolledAt) }) : t('signInSecurity.authenticator.none')}
                  </StatusIndicator>
                ) : (
                  <StatusIndicator type="loading">{t('common.loading')}</StatusIndicator>
                ),
              },
            ]}
          />
          <Button onClick={() => void onReset()} disabled={!act.allowed || !enrolled} disabledReason={act.reason} loading={reset.isPending} data-testid="iam-member-totp-reset">
            {t('signInSecurity.member.reset')}
          </Button>
        </SpaceBetween>
        <SpaceBetween size="s">
          <KeyValuePairs items={[{ label: t('signInSecurity.member.sessions'), value: <span data-testid="iam-member-session-count">{sessions.data ? String(sessionCount) : '-'}</span> }]} />
          <Button onClick={() => void onEnd()} disabled={!act.allowed || sessionCount === 0} disabledReason={act.reason} loading={end.isPending} data-testid="iam-member-sessions-end">
            {t('signInSecurity.member.end')}
          </Button>
        </SpaceBetween>
      </ColumnLayout>
    </Container>
  );
}
