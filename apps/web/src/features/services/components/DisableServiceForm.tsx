import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Disabling a service (spec §4): a confirmation that says the data goes, and a check agreeing
 * to the deletion; Disable does nothing until it is checked. A refusal (resources remain,
 * dependents enabled) stays in the dialog under 'Failed to disable the {productName} service.'.
 */
export function DisableServiceForm({
  name,
  onConfirm,
  onDone,
  onCancel,
}: {
  name: string;
  onConfirm: () => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [agreed, setAgreed] = useState(false);
  const [showRequired, setShowRequired] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!agreed) {
      setShowRequired(true);
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      await onConfirm();
      onDone();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SpaceBetween size="m">
      <Alert type="warning">{t('services.disableWarning', { name })}</Alert>
      <FormField errorText={showRequired && !agreed ? t('services.disableConsentRequired') : undefined}>
        <Checkbox checked={agreed} onChange={({ detail }) => setAgreed(detail.checked)} nativeInputAttributes={{ 'data-testid': 'disable-consent' } as never}>
          {t('services.disableConsent')}
        </Checkbox>
      </FormField>
      {failure ? (
        <Alert type="error" header={t('services.failedDisable', { name })}>
          {failure}
        </Alert>
      ) : null}
      <Box float="right">
        <SpaceBetween direction="horizontal" size="xs">
          <Button variant="link" onClick={onCancel}>
            {t('services.cancel')}
          </Button>
          <Button variant="primary" loading={busy} onClick={() => void submit()}>
            {t('services.disable')}
          </Button>
        </SpaceBetween>
      </Box>
    </SpaceBetween>
  );
}
