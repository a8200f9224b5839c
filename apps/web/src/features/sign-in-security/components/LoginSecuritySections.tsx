import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import type { ActiveSession } from '@console/contracts/sign-in-security';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import type { Formatters } from '../../../shared/i18n/format.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { useSession } from '../../../shared/session/session.ts';
import { NewPasswordFields } from '../../../shared/ui/NewPasswordFields.tsx';
import { PasswordPolicyRules } from '../../../shared/ui/PasswordPolicyRules.tsx';
import { paths } from '../../../shared/paths.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { OwnAuthenticator } from './OwnAuthenticator.tsx';
import { ownPasswordRuleQuery, ownSessionsQuery, useChangeOwnPassword, useEndOwnSession } from '../../../data/sign-in-security/api.ts';
import { Pagination } from '../../../shared/ui/Pagination.tsx';


const PAGE_SIZE = 10;

/** The login security page below its header (issue 16: a part on demand): the password change and authenticator (IAM accounts) and the active sessions. */
export function LoginSecuritySections() {
  const session = useSession();
  return (
    <SpaceBetween size="l">
      {session.memberType === 'IAM' ? <PasswordChange /> : null}
      {session.memberType === 'IAM' ? <OwnAuthenticator /> : null}
      <OwnSessions />
    </SpaceBetween>
  );
}


function PasswordChange() {
  const { t } = useTranslation();
  const format = useFormatters();
  const rule = useQuery(ownPasswordRuleQuery());
  const change = useChangeOwnPassword();
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('../pages/login-security-schema.ts').then((module) => module.ChangeSchema),
    defaultValues: { currentPassword: '', password: '', passwordConfirm: '' },
    fields: ['currentPassword', 'password', 'passwordConfirm'] as const,
    submit: (values) => change.mutateAsync(values),
    onSuccess: () => {
      form.reset();
      void rule.refetch();
      toasts.show({ type: 'success', content: t('signInSecurity.self.passwordChanged') });
    },
  });
  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="password-change-form"
      errorTestId="password-change-form-error"
      containerHeader={
        <Header
          variant="h2"
          description={rule.data?.passwordExpiresAt ? t('signInSecurity.self.expiresAt', { date: format.dateTime(rule.data.passwordExpiresAt) }) : t('signInSecurity.self.passwordDescription')}
        >
          {t('signInSecurity.self.passwordTitle')}
        </Header>
      }
      submit={{ text: t('signInSecurity.self.passwordSubmit'), testId: 'password-change-submit', pending: change.isPending }}
    >
      <SpaceBetween size="m">
        {rule.data ? <PasswordPolicyRules policy={rule.data.policy} testId="password-policy-rules" /> : null}
        <InputField control={form.control} name="currentPassword" type="password" autoComplete="current-password" label={t('signInSecurity.self.currentPassword')} testId="password-change-current" />
        <NewPasswordFields control={form.control} testIdPrefix="password-change" />
      </SpaceBetween>
    </ServerForm>
  );
}

function OwnSessions() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const format = useFormatters();
  const sessions = useQuery(ownSessionsQuery(page, PAGE_SIZE));
  const end = useEndOwnSession();
  const total = sessions.data?.totalCount ?? 0;
  const endSession = (row: ActiveSession) =>
    end.mutate(row.sessionId, {
      onSuccess: () => {
        if (row.current) window.location.assign(paths.login);
        else toasts.show({ type: 'success', content: t('signInSecurity.self.ended') });
      },
      onError: (error) => toasts.show({ type: 'error', content: apiErrorMessage(error, t) }),
    });
  const columns = sessionColumns(t, format, endSession);
  return (
    <Container header={<Header variant="h2" counter={`(${total})`} description={t('signInSecurity.self.sessionsDescription')}>{t('signInSecurity.self.sessionsTitle')}</Header>}>
      <Table
        data-testid="own-sessions"
        variant="embedded"
        loading={sessions.isPending}
        loadingText={t('signInSecurity.self.loading')}
        items={sessions.data?.sessions ?? []}
        trackBy="sessionId"
        empty={<Box textAlign="center">{sessions.isError ? apiErrorMessage(sessions.error, t) : t('signInSecurity.self.noSessions')}</Box>}
        columnDefinitions={columns}
        pagination={<Pagination currentPageIndex={page} pagesCount={Math.max(1, Math.ceil(total / PAGE_SIZE))} onChange={({ detail }) => setPage(detail.currentPageIndex)} />}
      />
    </Container>
  );
}

/** The sessions table's columns (outside the component: cells are plain render functions). */
function sessionColumns(t: TFunction, format: Formatters, endSession: (row: ActiveSession) => void): TableProps.ColumnDefinition<ActiveSession>[] {
  return [
          { id: 'created', header: t('signInSecurity.self.columns.created'), cell: (row) => format.dateTime(row.createdAt) },
          { id: 'lastSeen', header: t('signInSecurity.self.columns.lastSeen'), cell: (row) => format.dateTime(row.lastSeenAt) },
          { id: 'ends', header: t('signInSecurity.self.columns.ends'), cell: (row) => format.dateTime(row.endsAt) },
          { id: 'ip', header: t('signInSecurity.self.columns.ip'), cell: (row) => row.clientIp },
          { id: 'agent', header: t('signInSecurity.self.columns.agent'), cell: (row) => row.userAgent || '-' },
          {
            id: 'action',
            header: t('signInSecurity.self.columns.action'),
            cell: (row) => (
              <Button
                variant={row.current ? 'normal' : 'inline-link'}
                ariaLabel={row.current ? t('signInSecurity.self.endCurrent') : t('signInSecurity.self.end')}
                onClick={() => endSession(row)}
              >
                {row.current ? t('signInSecurity.self.endCurrent') : t('signInSecurity.self.end')}
              </Button>
            ),
          },
  ];
}
