import SpaceBetween from '@cloudscape-design/components/space-between';
import type { SignInNextStep } from '@console/contracts/sign-in-steps';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { loadMessageParts } from '../../../shared/i18n/i18n.ts';
import { useIamLoginMutation } from '../../../data/auth/mutations.ts';
import { onDemand } from '../../../shared/ui/on-demand.tsx';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

/**
 * The second step loads only when an organization asks for one (it brings the QR code library),
 * with its texts (the sign-in security and invitation message parts, the latter for the
 * new-password fields), not with the sign-in page.
 */
const SignInSecondStep = onDemand(() =>
  Promise.all([import('./SignInSecondStep.tsx'), loadMessageParts(['invitation', 'signInSecurity'])]).then(([m]) => m.SignInSecondStep),
);

const loadSchema = () => import('./login-schemas.ts').then((module) => module.IamLoginFormSchema);
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
  const login = useIamLoginMutation();
  const completeSignIn = useCompleteSignIn();
  // The organization may ask for more than the password (two-step verification, a new password).
  const [nextStep, setNextStep] = useState<SignInNextStep | null>(null);
  const answered = (answer: { session: Parameters<typeof completeSignIn>[0] | null; returnUrl: string; nextStep: SignInNextStep | null }) => {
    if (answer.session) return completeSignIn(answer.session, answer.returnUrl);
    setNextStep(answer.nextStep);
    return undefined;
  };
  // First checked when a field loses focus, then on every change, so an error clears as it is fixed
  // (an error vanishing on blur would move the submit button away from a click in progress).
  const { form, formError, onSubmit } = useServerForm({
    schema: loadSchema,
    patternMessages: { domain: t('auth.login.errors.domainFormat'), userCode: t('auth.login.errors.userCodeFormat') },
    defaultValues: { domain, userCode: '', password: '' },
    formOptions: { mode: 'onTouched', shouldFocusError: true },
    fields: FIELDS,
    submit: (values) => login.mutateAsync({ ...values, returnUrl, serviceId }),
    onSuccess: (answer) => answered(answer),
    // Every failure of a sign-in shows on the form too, even one placed next to a field.
    formErrorText: (text) => text,
  });

  if (nextStep) {
    return (
      <SignInSecondStep
        step={nextStep}
        onAnswer={answered}
        onRestart={() => {
          setNextStep(null);
          form.resetField('password');
        }}
      />
    );
  }

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="iam-login-form"
      errorTestId="login-form-error"
      submit={{ text: t('auth.login.submit'), testId: 'login-iam-submit', pending: login.isPending }}
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
    </ServerForm>
  );
}
