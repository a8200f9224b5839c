import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { signOutQuietly } from '../../../data/auth/mutations.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { LandingCard, LandingError } from '../../../shared/ui/LandingPage.tsx';
import { NewPasswordFields } from '../../../shared/ui/NewPasswordFields.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { progress } from '../../../shared/ui/progress.ts';
import { SubmitButton } from '../../../shared/ui/SubmitButton.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';
import { sessionProbeQuery } from '../../../shared/session/session.ts';
import { invitationQuery, useAcceptInvitationMutation } from '../../../data/members/public.ts';
import { INVITATION_STATUS_TYPES, orgRolesText } from '../components/member-labels.ts';
import { forgetLinkToken, readLinkToken } from './token.ts';
import { paths } from '../../../shared/paths.ts';

const TOKEN_KEY = 'console.invitationToken';
const WIDTH = 560;

const SIGN_UP_FIELDS = ['name', 'password', 'passwordConfirm'] as const;

/**
 * /invitation#token=… (the link of an invitation mail; no session needed): who invites to which
 * organization, and its state. The invited member signed in joins; someone with an account who is
 * signed out signs in first (the API answers 100) and comes back; a new person signs up here.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const [token] = useState(() => readLinkToken(TOKEN_KEY));
  const invitation = useQuery({ ...invitationQuery(token ?? ''), enabled: token !== undefined });
  const session = useQuery(sessionProbeQuery());
  useDocumentTitle(t('invitation.title'));

  if (!token) {
    return (
      <LandingError
        width={WIDTH}
        header={t('invitation.title')}
        testId="invitation-invalid"
        action={<RouterButton href="/">{t('common.goHome')}</RouterButton>}
      >
        {t('invitation.invalidLink')}
      </LandingError>
    );
  }
  if (invitation.isPending || session.isPending) return <PageSpinner />;
  if (invitation.isError) {
    return (
      <LandingError width={WIDTH} header={t('invitation.title')} testId="invitation-error">
        {apiErrorMessage(invitation.error, t)}
      </LandingError>
    );
  }
  const data = invitation.data;
  const signedIn = session.data ?? undefined;

  return (
    <LandingCard
      width={WIDTH}
      testId="invitation-page"
      title={t('invitation.heading', { org: data.orgName })}
      description={t('invitation.lead', { inviter: data.inviterName ?? '-', org: data.orgName })}
      details={[
        { label: t('invitation.organization'), value: data.orgName },
        {
          label: t('invitation.inviter'),
          value: data.inviterName ? `${data.inviterName}${data.inviterEmail ? ` (${data.inviterEmail})` : ''}` : '-',
        },
        { label: t('invitation.invitedEmail'), value: <span data-testid="invitation-email">{data.email}</span> },
        { label: t('members.columns.roles'), value: orgRolesText(t, data.orgRoleCodes) },
        {
          label: t('members.columns.status'),
          value: (
            <span data-testid="invitation-status">
              <StatusIndicator type={INVITATION_STATUS_TYPES[data.invitationStatus]}>
                {t(`members.invitationStatus.${data.invitationStatus}`)}
              </StatusIndicator>
            </span>
          ),
        },
        { label: t('members.columns.expires'), value: format.dateTime(data.expireDateTime) },
      ]}
    >
      {data.invitationStatus === 'WAIT' ? (
        <InvitationAction
          token={token}
          orgId={data.orgId}
          orgName={data.orgName}
          invitedEmail={data.email}
          accountExists={data.accountExists}
          signedInEmail={signedIn?.email}
        />
      ) : (
        <Alert type={data.invitationStatus === 'COMPLETE' ? 'success' : 'info'} data-testid="invitation-closed">
          {t(`invitation.closed.${data.invitationStatus}`)}
        </Alert>
      )}
    </LandingCard>
  );
}

/** Signs the other account out and opens the page again (the token waits in sessionStorage). */
async function signOutAndReturn() {
  await signOutQuietly().catch(() => undefined);
  window.location.assign('/invitation');
}

function InvitationAction({
  token,
  orgId,
  orgName,
  invitedEmail,
  accountExists,
  signedInEmail,
}: {
  token: string;
  orgId: string;
  orgName: string;
  invitedEmail: string;
  accountExists: boolean;
  signedInEmail: string | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useAcceptInvitationMutation(token);
  const [error, setError] = useState<string>();

  const joined = async () => {
    forgetLinkToken(TOKEN_KEY);
    await queryClient.invalidateQueries({ queryKey: ['orgs'] });
    toasts.show({ type: 'success', content: t('invitation.joined', { org: orgName }) });
    await navigate(paths.org(orgId).dashboard, { replace: true });
  };

  const onAccept = async () => {
    setError(undefined);
    try {
      await progress.track(accept.mutateAsync({}));
      await joined();
    } catch (failure) {
      setError(apiErrorMessage(failure, t));
    }
  };

  const errorAlert = error ? (
    <Alert type="error" data-testid="invitation-accept-error">
      {error}
    </Alert>
  ) : null;

  if (signedInEmail && signedInEmail.toLowerCase() === invitedEmail.toLowerCase()) {
    return (
      <SpaceBetween size="m">
        {errorAlert}
        <Box variant="p">{t('invitation.acceptSignedIn', { org: orgName })}</Box>
        <Button variant="primary" loading={accept.isPending} onClick={() => void onAccept()} data-testid="invitation-accept">
          {t('invitation.accept')}
        </Button>
      </SpaceBetween>
    );
  }
  if (signedInEmail) {
    return (
      <SpaceBetween size="m">
        <Alert type="warning" data-testid="invitation-other-account">
          {t('invitation.otherAccount', { signedIn: signedInEmail, invited: invitedEmail })}
        </Alert>
        <Button onClick={() => void signOutAndReturn()} data-testid="invitation-sign-out">
          {t('invitation.signOut')}
        </Button>
      </SpaceBetween>
    );
  }
  if (accountExists) {
    return (
      <SpaceBetween size="m">
        {errorAlert}
        <Box variant="p">{t('invitation.signInFirst', { email: invitedEmail })}</Box>
        <Button variant="primary" loading={accept.isPending} onClick={() => void onAccept()} data-testid="invitation-sign-in">
          {t('invitation.signInAndAccept')}
        </Button>
      </SpaceBetween>
    );
  }
  return <SignUpForm token={token} orgId={orgId} orgName={orgName} invitedEmail={invitedEmail} />;
}

function SignUpForm({ token, orgId, orgName, invitedEmail }: { token: string; orgId: string; orgName: string; invitedEmail: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptInvitationMutation(token);
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./invitation-schema.ts').then((module) => module.SignUpSchema),
    defaultValues: { name: '', password: '', passwordConfirm: '' },
    fields: SIGN_UP_FIELDS,
    submit: (values) => accept.mutateAsync(values),
    onSuccess: async () => {
      forgetLinkToken(TOKEN_KEY);
      toasts.show({ type: 'success', content: t('invitation.signedUp', { org: orgName, email: invitedEmail }) });
      await navigate(paths.loginThen(paths.org(orgId).dashboard), { replace: true });
    },
  });

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="invitation-signup-form"
      errorTestId="invitation-signup-error"
    header={<Header variant="h2" description={t('invitation.signUpDescription', { email: invitedEmail })}>{t('invitation.signUpTitle')}</Header>}
      actions={
        <SubmitButton pending={accept.isPending} testId="invitation-signup-submit">
          {t('invitation.signUpSubmit')}
        </SubmitButton>
      }
    >
      <SpaceBetween size="m">
        <InputField
          control={form.control}
          name="name"
          label={t('invitation.name')}
          autoComplete="name"
          testId="invitation-signup-name"
        />
        <NewPasswordFields control={form.control} testIdPrefix="invitation-signup" />
      </SpaceBetween>
    </ServerForm>
  );
}
