import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { useConfirmOwnTotp } from '../../../data/sign-in-security/api.ts';
import { InputField } from '../../../shared/form/InputField.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';
import { QrCode } from '../../../shared/ui/QrCode.tsx';
import { toasts } from '../../../shared/ui/toasts.ts';
import { StepFrame } from './TotpStepFrame.tsx';


/** The new authenticator's QR code and secret, and its first code (loaded when the step is reached). */
export default function ConfirmNew({ header, pending, onDone }: { header: ReactNode; pending: { secret: string; otpauthUri: string }; onDone: () => void }) {
  const { t } = useTranslation();
  const confirm = useConfirmOwnTotp();
  const { form, formError, onSubmit } = useServerForm({
    schema: () => import('./own-authenticator-confirm-schema.ts').then((module) => module.ConfirmSchema),
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

