import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import type { Locale } from '@console/contracts/locales';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from '../shared/i18n/use-translation.ts';
import { Outlet } from 'react-router';
import { consoleConfigQuery } from '../shared/config/console-config.ts';
import { useDocumentTitle } from '../shared/hooks/use-document-title.ts';
import { useLocale } from '../shared/i18n/LocaleProvider.tsx';
import { PageSpinner } from '../shared/ui/PageSpinner.tsx';
import { ModalHost } from './feedback/ModalHost.tsx';
import { ProgressOverlay } from './feedback/ProgressOverlay.tsx';

/** Keeps the active language among those the edition offers (the first one is its default). */
function useOfferedLocale(languages: readonly Locale[]) {
  const { locale, changeLocale } = useLocale();
  useEffect(() => {
    const first = languages[0];
    if (first && !languages.includes(locale)) void changeLocale(first, { remember: false });
  }, [languages, locale, changeLocale]);
}

function ConfigUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  useDocumentTitle(t('shell.configError.title'));
  return (
    <Box padding="xxxl" textAlign="center" data-testid="config-error">
      <Box variant="h1">{t('shell.configError.title')}</Box>
      <Box variant="p" padding={{ vertical: 'm' }}>
        {t('shell.configError.description')}
      </Box>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </Box>
  );
}

function ConfiguredOutlet({ languages }: { languages: readonly Locale[] }) {
  useOfferedLocale(languages);
  return <Outlet />;
}

/** The root of every page: loads the console configuration, then hosts modals and progress. */
export function RootLayout() {
  const config = useQuery(consoleConfigQuery());
  return (
    <>
      {config.isPending ? (
        <PageSpinner />
      ) : config.isError ? (
        <ConfigUnavailable onRetry={() => void config.refetch()} />
      ) : (
        <ConfiguredOutlet languages={config.data.languages} />
      )}
      <ModalHost />
      <ProgressOverlay appRootId="root" />
    </>
  );
}
