import Alert from '@cloudscape-design/components/alert';
import Checkbox from '@cloudscape-design/components/checkbox';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { z } from 'zod';
import { ControlledField } from '../../../shared/form/ControlledField.tsx';
import { ServerForm } from '../../../shared/form/ServerForm.tsx';
import { useServerForm } from '../../../shared/form/use-server-form.ts';

/**
 * Disabling a service (spec §4): a confirmation that says the data goes, and a check agreeing
 * to the deletion; Disable does nothing until it is checked (the error shows next to the check).
 * A refusal (resources remain, dependents enabled) stays in the dialog under 'Failed to disable
 * the {productName} service.'.
 */
export function DisableServiceForm({
  name,
  warning,
  onConfirm,
  onDone,
  onCancel,
}: {
  name: string;
  /** The data-deletion warning; the project's by default (an organization service says its own). */
  warning?: string;
  onConfirm: () => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => z.object({ consent: z.boolean().refine((checked) => checked, { error: t('services.disableConsentRequired') }) }), [t]);
  const { form, formError, pending, onSubmit } = useServerForm({
    schema: async () => schema,
    defaultValues: { consent: false },
    fields: ['consent'],
    showProgress: false,
    submit: () => onConfirm(),
    formErrorText: (text) => `${t('services.failedDisable', { name })} ${text}`,
    onSuccess: () => onDone(),
  });

  return (
    <ServerForm
      onSubmit={onSubmit}
      formError={formError}
      testId="disable-service-form"
      errorTestId="disable-service-error"
      cancel={{ onClick: onCancel, testId: 'disable-service-cancel' }}
      submit={{ text: t('services.disable'), testId: 'disable-service-submit', pending }}
    >
      <SpaceBetween size="m">
        <Alert type="warning">{warning ?? t('services.disableWarning', { name })}</Alert>
        <ControlledField
          control={form.control}
          name="consent"
          label={undefined}
          errorTestId="disable-consent-error"
          render={({ field }) => (
            <Checkbox
              checked={field.value === true}
              onChange={({ detail }) => field.onChange(detail.checked)}
              onBlur={field.onBlur}
              nativeInputAttributes={{ 'data-testid': 'disable-consent' } as never}
            >
              {t('services.disableConsent')}
            </Checkbox>
          )}
        />
      </SpaceBetween>
    </ServerForm>
  );
}
