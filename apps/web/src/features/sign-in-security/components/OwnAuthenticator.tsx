import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { ownTotpQuery, useStartOwnTotp } from '../../../data/sign-in-security/api.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { useFormatters } from '../../../shared/i18n/LocaleProvider.tsx';
import { StepFrame } from './TotpStepFrame.tsx';

type Pending = { secret: string; otpauthUri: string; expiresAt: string };
/** The QR code step loads when reached: the page's first paint does not carry the QR encoder. */
const ConfirmNew = lazy(() => import('./OwnAuthenticatorConfirm.tsx'));

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

  if (pending) {
    return (
      <Suspense fallback={<Container header={header}><StatusIndicator type="loading">{t('common.loading')}</StatusIndicator></Container>}>
        <ConfirmNew header={header} pending={pending} onDone={() => setPending(undefined)} />
      </Suspense>
    );
  }
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
    schema: () => import('./own-authenticator-schema.ts').then((module) => module.StartSchema),
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

