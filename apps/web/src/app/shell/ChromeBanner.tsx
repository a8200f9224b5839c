import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { useTranslation } from '../../shared/i18n/use-translation.ts';
import { useConsoleConfig } from '../../shared/config/console-config.ts';
import { useLocalStorage } from '../../shared/hooks/use-local-storage.ts';
import { STORAGE_KEYS } from '../../shared/lib/storage.ts';
import { isRecommendedBrowser } from './chrome-banner.ts';

const CHROME_DOWNLOAD_URL = 'https://www.google.com/chrome/';

/** Recommends Chrome (spec §1) unless the browser already is a recent Chrome; dismissal is remembered. */
export function ChromeBanner() {
  const { t } = useTranslation();
  const config = useConsoleConfig();
  const [dismissed, setDismissed] = useLocalStorage(STORAGE_KEYS.chromeBannerDismissed);
  const version = config.recommendedChromeVersion;
  if (dismissed === '1' || isRecommendedBrowser(navigator.userAgent, version)) return null;
  return (
    <div data-testid="chrome-banner">
      <Alert
        type="info"
        dismissible
        onDismiss={() => setDismissed('1')}
        i18nStrings={{ dismissAriaLabel: t('shell.chromeBanner.dismiss') }}
        action={
          <Button href={CHROME_DOWNLOAD_URL} target="_blank" iconName="external" iconAlign="right">
            {t('shell.chromeBanner.action')}
          </Button>
        }
      >
        {t('shell.chromeBanner.message', { version })}
      </Alert>
    </div>
  );
}
