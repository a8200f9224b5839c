import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { useMemberLoginMutation } from '../../../data/auth/mutations.ts';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

const loadSchema = () => import('./login-schemas.ts').then((module) => module.MemberLoginFormSchema);
const FIELDS = ['email', 'password'] as const;

/** Cloud member sign-in with email and password. */
export function MemberLoginForm({ nextUrl }: { nextUrl: string | undefined }) {
  const { t } = useTranslation();
  const login = useMemberLoginMutation();
  const completeSignIn = useCompleteSignIn();
  // First checked when a field loses focus, then on every change, so an error clears as it is fixed
  // (an error vanishing on blur would move the submit button away from a click in progress).
  const { form, formError, onSubmit } = useServerForm({
    schema: loadSchema,
    defaultValues: { email: '', password: '' },
    formOptions: { mode: 'onTouched', shouldFocusError: true },
    fields: FIELDS,
    submit: (values) => login.mutateAsync({ ...values, nextUrl }),
    onSuccess: (answer) => completeSignIn(answer.session, answer.nextUrl),
    // Every failure of a sign-in shows on the form too, even one placed next to a field.
    formErrorText: (text) => text,
  });

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="member-login-form"
      errorTestId="login-form-error"
      submit={{ text: t('auth.login.submit'), testId: 'login-submit', pending: login.isPending }}
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
    </ServerForm>
  );
}
