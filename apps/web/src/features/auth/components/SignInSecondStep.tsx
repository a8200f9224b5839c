import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { Session } from '@console/contracts/auth';
import type { SignInNextStep } from '@console/contracts/sign-in-steps';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { apiErrorMessage } from '../../../shared/i18n/api-error-message.ts';
import { NewPasswordFields } from '../../../shared/ui/NewPasswordFields.tsx';
import { PasswordPolicyRules } from '../../../shared/ui/PasswordPolicyRules.tsx';
import { QrCode } from '../../../shared/ui/QrCode.tsx';
import { useChangeSignInPassword, useResendSignInCode, useVerifySignInCode } from '../../../data/sign-in-security/api.ts';

type Answer = { session: Session | null; returnUrl: string; nextStep: SignInNextStep | null };


/**
 * The step of an IAM sign-in after the password (spec §4 two-step types): a new authenticator
 * (QR code and secret, then its first code), a TOTP code, a mailed code (with "send again"), or a
 * new password under the organization's policy. Each answer is a session or the next step.
 */
export function SignInSecondStep({ step, onAnswer, onRestart }: { step: SignInNextStep; onAnswer: (answer: Answer) => void; onRestart: () => void }) {
  return step.type === 'PASSWORD_CHANGE' ? (
    <PasswordChangeStep key={step.challengeToken + step.type} step={step} onAnswer={onAnswer} onRestart={onRestart} />
  ) : (
    <CodeStep key={step.challengeToken + step.type} step={step} onAnswer={onAnswer} onRestart={onRestart} />
  );
}

function CodeStep({ step, onAnswer, onRestart }: { step: SignInNextStep; onAnswer: (answer: Answer) => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const verify = useVerifySignInCode();
  const resend = useResendSignInCode();
  const [resent, setResent] = useState<string>();
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./sign-in-second-step-schema.ts').then((module) => module.CodeSchema),
    defaultValues: { code: '' },
    fields: ['code'] as const,
    aliases: { 'body.code': 'code' },
    showProgress: false,
    submit: (values) => verify.mutateAsync({ challengeToken: step.challengeToken, code: values.code }),
    onSuccess: (answer) => onAnswer(answer),
    formErrorText: (text) => text,
  });
  const title =
    step.type === 'TOTP_ENROL' ? t('signInSecurity.step.enrolTitle') : step.type === 'EMAIL' ? t('signInSecurity.step.emailTitle') : t('signInSecurity.step.totpTitle');
  return (
    <SpaceBetween size="m">
      <Box variant="h2" data-testid="sign-in-second-step">
        {title}
      </Box>
      {step.type === 'TOTP_ENROL' && step.totp ? (
        <SpaceBetween size="s">
          <Box>{t('signInSecurity.step.enrolDescription')}</Box>
          <QrCode text={step.totp.otpauthUri} label={t('signInSecurity.step.qrLabel')} testId="totp-qr" />
          <Box variant="small">{t('signInSecurity.step.secretLabel')}</Box>
          <Box variant="code" data-testid="totp-secret">
            {step.totp.secret}
          </Box>
        </SpaceBetween>
      ) : null}
      {step.type === 'TOTP' ? <Box>{t('signInSecurity.step.totpDescription')}</Box> : null}
      {step.type === 'EMAIL' ? <Box>{t('signInSecurity.step.emailDescription', { email: step.maskedEmail ?? '' })}</Box> : null}
      {resent ? <Alert type="info">{resent}</Alert> : null}
      <ServerForm
        onSubmit={onSubmit}
        formError={formError}
        testId="sign-in-code-form"
        errorTestId="sign-in-code-error"
        submit={{ text: t('signInSecurity.step.verify'), testId: 'sign-in-code-submit', pending: verify.isPending }}
      >
        <InputField control={form.control} name="code" label={t('signInSecurity.step.code')} inputMode="numeric" autoComplete="one-time-code" testId="sign-in-code" />
      </ServerForm>
      <SpaceBetween size="xs" direction="horizontal">
        {step.type === 'EMAIL' ? (
          <Button
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(
                { challengeToken: step.challengeToken },
                { onSuccess: () => setResent(t('signInSecurity.step.resent')), onError: (error) => setResent(apiErrorMessage(error, t)) },
              )
            }
          >
            {t('signInSecurity.step.resend')}
          </Button>
        ) : null}
        <Button variant="link" onClick={onRestart}>
          {t('signInSecurity.step.restart')}
        </Button>
      </SpaceBetween>
    </SpaceBetween>
  );
}

function PasswordChangeStep({ step, onAnswer, onRestart }: { step: SignInNextStep; onAnswer: (answer: Answer) => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const change = useChangeSignInPassword();
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./sign-in-second-step-schema.ts').then((module) => module.PasswordSchema),
    defaultValues: { password: '', passwordConfirm: '' },
    fields: ['password', 'passwordConfirm'] as const,
    showProgress: false,
    submit: (values) => change.mutateAsync({ challengeToken: step.challengeToken, ...values }),
    onSuccess: (answer) => onAnswer(answer),
  });
  return (
    <SpaceBetween size="m">
      <Box variant="h2" data-testid="sign-in-password-change">
        {t('signInSecurity.step.passwordTitle')}
      </Box>
      <Alert type="warning">{step.passwordChange?.reason === 'EXPIRED' ? t('signInSecurity.step.expired') : t('signInSecurity.step.policy')}</Alert>
      {step.passwordChange ? <PasswordPolicyRules policy={step.passwordChange.policy} /> : null}
      <ServerForm
        onSubmit={onSubmit}
        formError={formError}
        testId="sign-in-password-form"
        errorTestId="sign-in-password-error"
        submit={{ text: t('signInSecurity.step.passwordSubmit'), testId: 'sign-in-password-submit', pending: change.isPending }}
      >
        <NewPasswordFields control={form.control} testIdPrefix="sign-in-new" />
      </ServerForm>
      <Button variant="link" onClick={onRestart}>
        {t('signInSecurity.step.restart')}
      </Button>
    </SpaceBetween>
  );
}
