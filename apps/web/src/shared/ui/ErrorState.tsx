import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { useTranslation } from '../i18n/use-translation.ts';
import { apiErrorMessage } from '../i18n/api-error-message.ts';

/** An inline failure with a retry button, for calls whose error stays with the page. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      data-testid="error-state"
      action={onRetry ? <Button onClick={onRetry}>{t('common.retry')}</Button> : undefined}
    >
      {apiErrorMessage(error, t)}
    </Alert>
  );
}
