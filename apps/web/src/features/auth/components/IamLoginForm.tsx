import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { IamLoginBodySchema } from '@console/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formErrorMap } from '../../../shared/form/form-error-map.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { applyServerErrors } from '../../../shared/form/server-errors.ts';
import { progress } from '../../../shared/ui/progress.ts';
import { useIamLoginMutation } from '../api/mutations.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

const IamLoginFormSchema = IamLoginBodySchema.pick({ domain: true, userCode: true, password: true });
const FIELDS = ['domain', 'userCode', 'password'] as const;

/** IAM account sign-in at an organization domain (ID and password). */
export function IamLoginForm({
  domain,
  returnUrl,
  serviceId,
}: {
  domain: string;
  returnUrl: string | undefined;
  serviceId: string | undefined;
}) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string>();
  const login = useIamLoginMutation();
  const completeSignIn = useCompleteSignIn();
  const form = useForm({
    resolver: zodResolver(IamLoginFormSchema, {
      error: formErrorMap(t, {
        domain: t('auth.login.errors.domainFormat'),
        userCode: t('auth.login.errors.userCodeFormat'),
      }),
    }),
    // First checked when a field loses focus, then on every change, so an error clears as it is fixed
    // (an error vanishing on blur would move the submit button away from a click in progress).
    mode: 'onTouched',
    defaultValues: { domain, userCode: '', password: '' },
    shouldFocusError: true,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const answer = await progress.track(login.mutateAsync({ ...values, returnUrl, serviceId }));
      await completeSignIn(answer.session, answer.returnUrl);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, FIELDS, t));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="iam-login-form">
      <Form
        errorText={formError ? <span data-testid="login-form-error">{formError}</span> : undefined}
        actions={
          <Button
            variant="primary"
            formAction="submit"
            loading={login.isPending}
            disabled={login.isPending}
            nativeButtonAttributes={{ 'data-testid': 'login-iam-submit' }}
          >
            {t('auth.login.submit')}
          </Button>
        }
      >
        <SpaceBetween size="m">
          <InputField
            control={form.control}
            name="domain"
            autoComplete="organization"
            label={t('auth.login.iam.domain')}
            description={t('auth.login.iam.domainDescription')}
            testId="login-domain"
          />
          <InputField
            control={form.control}
            name="userCode"
            autoComplete="username"
            label={t('auth.login.iam.userCode')}
            testId="login-user-code"
          />
          <InputField
            control={form.control}
            name="password"
            type="password"
            autoComplete="current-password"
            label={t('auth.login.iam.password')}
            testId="login-iam-password"
          />
        </SpaceBetween>
      </Form>
    </form>
  );
}
