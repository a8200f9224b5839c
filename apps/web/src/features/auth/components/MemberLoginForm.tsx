import Button from '@cloudscape-design/components/button';
import Form from '@cloudscape-design/components/form';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { MemberLoginBodySchema } from '@console/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formErrorMap } from '../../../shared/form/form-error-map.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { applyServerErrors } from '../../../shared/form/server-errors.ts';
import { progress } from '../../../shared/ui/progress.ts';
import { useMemberLoginMutation } from '../api/mutations.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

const MemberLoginFormSchema = MemberLoginBodySchema.pick({ email: true, password: true });
const FIELDS = ['email', 'password'] as const;

/** Cloud member sign-in with email and password. */
export function MemberLoginForm({ nextUrl }: { nextUrl: string | undefined }) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string>();
  const login = useMemberLoginMutation();
  const completeSignIn = useCompleteSignIn();
  const form = useForm({
    resolver: zodResolver(MemberLoginFormSchema, { error: formErrorMap(t) }),
    // First checked when a field loses focus, then on every change, so an error clears as it is fixed
    // (an error vanishing on blur would move the submit button away from a click in progress).
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
    shouldFocusError: true,
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    try {
      const answer = await progress.track(login.mutateAsync({ ...values, nextUrl }));
      await completeSignIn(answer.session, answer.nextUrl);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, FIELDS, t));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="member-login-form">
      <Form
        errorText={formError ? <span data-testid="login-form-error">{formError}</span> : undefined}
        actions={
          <Button
            variant="primary"
            formAction="submit"
            loading={login.isPending}
            disabled={login.isPending}
            nativeButtonAttributes={{ 'data-testid': 'login-submit' }}
          >
            {t('auth.login.submit')}
          </Button>
        }
      >
        <SpaceBetween size="m">
          <InputField
            control={form.control}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            label={t('auth.login.member.email')}
            placeholder={t('auth.login.member.emailPlaceholder')}
            testId="login-email"
          />
          <InputField
            control={form.control}
            name="password"
            type="password"
            autoComplete="current-password"
            label={t('auth.login.member.password')}
            testId="login-password"
          />
        </SpaceBetween>
      </Form>
    </form>
  );
}
