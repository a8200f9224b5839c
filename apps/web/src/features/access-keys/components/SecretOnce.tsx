import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useTranslation } from '../../../shared/i18n/use-translation.ts';
import { modals } from '../../../shared/ui/modals.ts';

/** A value with a copy button. */
export function Copyable({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span data-testid={testId}>
      <CopyToClipboard
        variant="inline"
        textToCopy={value}
        copyButtonAriaLabel={`${t('security.copy')} ${label}`}
        copySuccessText={t('security.copied')}
        copyErrorText={t('security.copyFailed')}
      />
    </span>
  );
}

/** Shows a secret once, with its warning: nothing keeps it after the modal closes. */
export function showSecretOnce(input: { header: string; warning: string; pairs: { label: string; value: string; testId?: string }[] }) {
  return modals.alert({
    header: input.header,
    content: (
      <SpaceBetween size="m">
        <Alert type="warning">{input.warning}</Alert>
        <KeyValuePairs
          columns={1}
          items={input.pairs.map((pair) => ({ label: pair.label, value: <Box variant="code"><Copyable value={pair.value} label={pair.label} {...(pair.testId ? { testId: pair.testId } : {})} /></Box> }))}
        />
      </SpaceBetween>
    ),
  });
}
