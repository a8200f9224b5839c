import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ownTotpQuery, useConfirmOwnTotp, useStartOwnTotp } from '../../../data/sign-in-security/api.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { ServerForm, type ServerFormProps } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { QrCode } from '../../../shared/ui/QrCode.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';

const CodeText = z.string().trim().max(6);
const StartSchema = z.object({ currentCode: CodeText });
const ConfirmSchema = z.object({ code: CodeText });
type Pending = { secret: string; otpauthUri: string; expiresAt: string };

/**
 * /login-security, IAM accounts: the authenticator app. Setting up a new one (a new phone) needs
 * the current one's code when one is set up; the new one is shown as a QR code and its secret, and
 * replaces the old one once its first code is entered (within 10 minutes). Other sessions end.
 */
export function OwnAuthenticator() {
  const { t } = useTranslation();
  const format = useFormatters();
  const status = useQuery(ownTotpQuery());
  const [pending, setPending] = useState<Pending>();
  const [starting, setStarting] = useState(false);
  const enrolled = status.data?.enrolled ?? false;

  const header = (
    <Header
      variant="h2"
      description={t('signInSecurity.authenticator.description')}
      actions={
        !pending && !starting ? (
          <Button onClick={() => setStarting(true)} disabled={!status.data} data-testid="totp-reenrol-start">
            {enrolled ? t('signInSecurity.authenticator.replace') : t('signInSecurity.authenticator.setUp')}
          </Button>
        ) : undefined
      }
    >
      {t('signInSecurity.authenticator.title')}
    </Header>
  );
  const state = status.data ? (
    <StatusIndicator type={enrolled ? 'success' : 'stopped'} data-testid="totp-status">
      {enrolled && status.data.enrolledAt ? t('signInSecurity.authenticator.enrolledAt', { date: format.dateTime(status.data.enrolledAt) }) : t('signInSecurity.authenticator.none')}
    </StatusIndicator>
  ) : null;

  if (pending) return <ConfirmNew header={header} pending={pending} onDone={() => setPending(undefined)} />;
  if (starting) return <StartNew header={header} enrolled={enrolled} state={state} onStarted={(next) => { setStarting(false); setPending(next); }} onCancel={() => setStarting(false)} />;
  return (
    <Container header={header} data-testid="totp-panel">
      {state}
    </Container>
  );
}

function StartNew({ header, enrolled, state, onStarted, onCancel }: { header: ReactNode; enrolled: boolean; state: ReactNode; onStarted: (pending: Pending) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const start = useStartOwnTotp();
  const { form, formError, onSubmit } = useServerForm({
    schema: StartSchema,
    defaultValues: { currentCode: '' },
    fields: ['currentCode'] as const,
    submit: (values) => start.mutateAsync(enrolled ? { currentCode: values.currentCode } : {}),
    onSuccess: (answer) => onStarted(answer),
  });
  return (
    <StepFrame name="start" header={header} onSubmit={onSubmit} formError={formError} submitText={t('signInSecurity.authenticator.next')} pending={start.isPending} onCancel={onCancel}>
      <SpaceBetween size="m">
        {state}
        {enrolled ? (
          <InputField control={form.control} name="currentCode" label={t('signInSecurity.authenticator.currentCode')} inputMode="numeric" autoComplete="one-time-code" testId="totp-current-code" />
        ) : (
          <Box>{t('signInSecurity.authenticator.firstTime')}</Box>
        )}
      </SpaceBetween>
    </StepFrame>
  );
}

function ConfirmNew({ header, pending, onDone }: { header: ReactNode; pending: Pending; onDone: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmOwnTotp();
  const { form, formError, onSubmit } = useServerForm({
    schema: ConfirmSchema,
    defaultValues: { code: '' },
    fields: ['code'] as const,
    submit: (values) => confirm.mutateAsync({ code: values.code }),
    onSuccess: () => {
      toasts.show({ type: 'success', content: t('signInSecurity.authenticator.replaced') });
      onDone();
    },
  });
  return (
    <StepFrame name="confirm" header={header} onSubmit={onSubmit} formError={formError} submitText={t('signInSecurity.step.verify')} pending={confirm.isPending} onCancel={onDone}>
      <SpaceBetween size="s">
        <Box>{t('signInSecurity.authenticator.scan')}</Box>
        <QrCode text={pending.otpauthUri} label={t('signInSecurity.step.qrLabel')} testId="totp-reenrol-qr" />
        <Box variant="small">{t('signInSecurity.step.secretLabel')}</Box>
        <Box variant="code" data-testid="totp-reenrol-secret">
          {pending.secret}
        </Box>
        <InputField control={form.control} name="code" label={t('signInSecurity.step.code')} inputMode="numeric" autoComplete="one-time-code" testId="totp-new-code" />
      </SpaceBetween>
    </StepFrame>
  );
}

/** The frame of both steps: the panel's header, the form error, the step's button and Cancel. */
function StepFrame({ name, header, onSubmit, formError, submitText, pending, onCancel, children }: {
  name: 'start' | 'confirm';
  header: ReactNode;
  onSubmit: ServerFormProps['onSubmit'];
  formError: ServerFormProps['formError'];
  submitText: string;
  pending: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      containerHeader={header}
      testId={`totp-${name}-form`}
      errorTestId={`totp-${name}-error`}
      submit={{ text: submitText, testId: `totp-${name}-submit`, pending }}
      cancel={{ onClick: onCancel, testId: `totp-${name}-cancel` }}
    >
      {children}
    </ServerForm>
  );
}
