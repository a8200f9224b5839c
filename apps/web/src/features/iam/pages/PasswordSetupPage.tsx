import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { PasswordSchema } from '@console/contracts/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formErrorMap } from '../../../shared/form/form-error-map.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { applyServerErrors, isFieldErrorOnly } from '../../../shared/form/server-errors.ts';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { PageSpinner } from '../../../shared/ui/PageSpinner.tsx';
import { RouterButton } from '../../../shared/ui/RouterButton.tsx';
import { useCompletePasswordSetupMutation } from '../api/mutations.ts';
import { passwordSetupQuery } from '../api/queries.ts';

const frameStyle = { maxWidth: 520, margin: '32px auto' } as const;
const Schema = z
  .object({ password: PasswordSchema, passwordConfirm: z.string() })
  .refine((value) => value.password === value.passwordConfirm, { path: ['passwordConfirm'], error: 'validation.password.confirm' });
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
      <div style={frameStyle}>
        <Alert type="error" header={t('iam.passwordSetup.title')} data-testid="password-setup-invalid">
          {t('invitation.invalidLink')}
        </Alert>
      </div>
    );
  }
  if (setup.isPending) return <PageSpinner />;
  if (setup.isError) {
    return (
      <div style={frameStyle}>
        <Alert type="error" header={t('iam.passwordSetup.title')} data-testid="password-setup-error">
          {apiErrorMessage(setup.error, t)}
        </Alert>
      </div>
    );
  }
  const data = setup.data;
  const domain = done?.domain ?? data.domain;
  const loginHref = domain ? `/login?domain=${encodeURIComponent(domain)}` : '/login';

  return (
    <div style={frameStyle} data-testid="password-setup-page">
      <Container header={<Header variant="h1" description={t('iam.passwordSetup.description', { org: data.orgName })}>{t('iam.passwordSetup.title')}</Header>}>
        <SpaceBetween size="l">
          <KeyValuePairs
            columns={2}
            items={[
              { label: t('invitation.organization'), value: data.orgName },
              { label: t('iam.columns.userCode'), value: <span data-testid="password-setup-user-code">{data.userCode}</span> },
            ]}
          />
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
                  <Button
                    variant="primary"
                    formAction="submit"
                    loading={complete.isPending}
                    disabled={complete.isPending}
                    nativeButtonAttributes={{ 'data-testid': 'password-setup-submit' }}
                  >
                    {t('iam.passwordSetup.submit')}
                  </Button>
                }
              >
                <SpaceBetween size="m">
                  <InputField
                    control={form.control}
                    name="password"
                    label={t('invitation.password')}
                    type="password"
                    autoComplete="new-password"
                    constraintText={t('invitation.passwordRules')}
                    testId="password-setup-password"
                  />
                  <InputField
                    control={form.control}
                    name="passwordConfirm"
                    label={t('invitation.passwordConfirm')}
                    type="password"
                    autoComplete="new-password"
                    testId="password-setup-password-confirm"
                  />
                </SpaceBetween>
              </Form>
            </form>
          )}
          {domain ? null : (
            <Box color="text-status-inactive" variant="small">
              {t('iam.passwordSetup.noDomain')}
            </Box>
          )}
        </SpaceBetween>
      </Container>
    </div>
  );
}
