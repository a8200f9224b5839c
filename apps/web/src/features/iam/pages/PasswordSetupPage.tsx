import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PasswordSchema } from '@console/contracts/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formErrorMap } from '../../../shared/form/form-error-map.ts';
import { applyServerErrors, isFieldErrorOnly } from '../../../shared/form/server-errors.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { LandingCard, LandingError } from '../../../shared/ui/LandingPage.tsx';
import { NewPasswordFields, withPasswordConfirm } from '../../../shared/ui/NewPasswordFields.tsx';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { SubmitButton } from '../../../shared/ui/SubmitButton.tsx';
import { useCompletePasswordSetupMutation } from '../api/mutations.ts';
import { passwordSetupQuery } from '../api/queries.ts';

const WIDTH = 520;
const Schema = withPasswordConfirm(z.object({ password: PasswordSchema, passwordConfirm: z.string() }));
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
  const [formError, setFormError] = useState<string>();
  const [done, setDone] = useState<{ domain: string | null }>();
  const form = useForm({
    resolver: zodResolver(Schema, { error: formErrorMap(t) }),
    mode: 'onTouched',
    defaultValues: { password: '', passwordConfirm: '' },
  });
  useDocumentTitle(t('iam.passwordSetup.title'));

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const answer = await complete.mutateAsync(values);
      setDone({ domain: answer.domain });
    } catch (error) {
      const text = applyServerErrors(error, form.setError, FIELDS, t);
      if (!isFieldErrorOnly(error, FIELDS)) setFormError(text);
    }
  });

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
        <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="password-setup-form">
          <Form
            errorText={formError ? <span data-testid="password-setup-form-error">{formError}</span> : undefined}
            actions={
              <SubmitButton pending={complete.isPending} testId="password-setup-submit">
                {t('iam.passwordSetup.submit')}
              </SubmitButton>
            }
          >
            <NewPasswordFields control={form.control} testIdPrefix="password-setup" />
          </Form>
        </form>
      )}
      {domain ? null : (
        <Box color="text-status-inactive" variant="small">
          {t('iam.passwordSetup.noDomain')}
        </Box>
      )}
    </LandingCard>
  );
}
