import Box from '@cloudscape-design/components/box';
import Spinner from '@cloudscape-design/components/spinner';
import { useTranslation } from '../i18n/use-translation.ts';

/** Centered spinner while a page or a check loads. */
export function PageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box textAlign="center" padding={{ vertical: 'xxxl' }} data-testid="page-spinner">
      <Spinner size="large" />
      <Box variant="p" color="text-status-inactive" padding={{ top: 's' }}>
        {label ?? t('common.loading')}
      </Box>
    </Box>
  );
}
