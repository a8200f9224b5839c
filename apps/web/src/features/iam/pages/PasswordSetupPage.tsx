import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { LandingCard, LandingError } from '../../../shared/ui/LandingPage.tsx';
import { NewPasswordFields } from '../../../shared/ui/NewPasswordFields.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { SubmitButton } from '../../../shared/ui/SubmitButton.tsx';
import { useCompletePasswordSetupMutation } from '../../../data/iam/mutations.ts';
import { passwordSetupQuery } from '../../../data/iam/queries.ts';

const WIDTH = 520;
const FIELDS = ['password', 'passwordConfirm'] as const;

const tokenFromHash = () => new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? undefined;

/**
 * /iam/password-setup#token=… (the link of a password-setup mail; public): the IAM account sets
 * its password (spec §5 rules), then signs in at its organization's domain (/login?domain=…).
 */
export function PasswordSetupPage() {
  const { t } = useTranslation();
  const [token] = useState(tokenFromHash);
  const setup = useQuery({ ...passwordSetupQuery(token ?? ''), enabled: token !== undefined });
  const complete = useCompletePasswordSetupMutation(token ?? '');
  const [done, setDone] = useState<{ domain: string | null }>();
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./password-setup-schema.ts').then((module) => module.Schema),
    defaultValues: { password: '', passwordConfirm: '' },
    fields: FIELDS,
    showProgress: false,
    submit: (values) => complete.mutateAsync(values),
    onSuccess: (answer) => setDone({ domain: answer.domain }),
  });
  useDocumentTitle(t('iam.passwordSetup.title'));

  if (!token) {
    return (
      <LandingError
        width={WIDTH}
        header={t('iam.passwordSetup.title')}
        testId="password-setup-invalid"
        action={<RouterButton href="/login">{t('iam.passwordSetup.signIn')}</RouterButton>}
      >
        {t('invitation.invalidLink')}
      </LandingError>
    );
  }
  if (setup.isPending) return <PageSpinner />;
  if (setup.isError) {
    return (
      <LandingError width={WIDTH} header={t('iam.passwordSetup.title')} testId="password-setup-error">
        {apiErrorMessage(setup.error, t)}
      </LandingError>
    );
  }
  const data = setup.data;
  const domain = done?.domain ?? data.domain;
  const loginHref = domain ? `/login?domain=${encodeURIComponent(domain)}` : '/login';

  return (
    <LandingCard
      width={WIDTH}
      testId="password-setup-page"
      title={t('iam.passwordSetup.title')}
      description={t('iam.passwordSetup.description', { org: data.orgName })}
      details={[
        { label: t('invitation.organization'), value: data.orgName },
        { label: t('iam.columns.userCode'), value: <span data-testid="password-setup-user-code">{data.userCode}</span> },
      ]}
    >
      {done ? (
        <SpaceBetween size="m">
          <Alert type="success" data-testid="password-setup-done">
            {t('iam.passwordSetup.done', { userCode: data.userCode })}
          </Alert>
          <RouterButton variant="primary" href={loginHref} data-testid="password-setup-sign-in">
            {t('iam.passwordSetup.signIn')}
          </RouterButton>
        </SpaceBetween>
      ) : (
        <ServerForm
          onSubmit={onSubmit}
          formError={formError}
          testId="password-setup-form"
          errorTestId="password-setup-form-error"
          actions={
            <SubmitButton pending={complete.isPending} testId="password-setup-submit">
              {t('iam.passwordSetup.submit')}
            </SubmitButton>
          }
        >
          <NewPasswordFields control={form.control} testIdPrefix="password-setup" />
        </ServerForm>
      )}
      {domain ? null : (
        <Box color="text-status-inactive" variant="small">
          {t('iam.passwordSetup.noDomain')}
        </Box>
      )}
    </LandingCard>
  );
}
