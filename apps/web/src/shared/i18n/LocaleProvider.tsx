import { I18nProvider } from '@cloudscape-design/components/i18n';
import type { Locale } from '@console/contracts/locales';
import { useQuery } from '@tanstack/react-query';
import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { usePagePainted } from '../lib/page-painted.ts';
import { createFormatters, type Formatters } from './format.ts';
import { LOCALE_TAGS } from './locale.ts';
import { serverMessagesQuery } from './server-messages.ts';
import { switchLocale, type LocaleResources } from './switch-locale.ts';

export interface LocaleContextValue {
  readonly locale: Locale;
  /** Switches the console's language; `remember: false` leaves the userLocale cookie alone. */
  readonly changeLocale: (locale: Locale, options?: { remember?: boolean }) => Promise<void>;
  readonly formatters: Formatters;
}

const LocaleContext = createContext<LocaleContextValue | undefined>(undefined);

/**
 * Holds the active locale. `initial` is what `switchLocale` answered before the first render, so
 * the first paint is already in the right language.
 */
export function LocaleProvider({ initial, children }: { initial: LocaleResources; children: ReactNode }) {
  const [resources, setResources] = useState(initial);
  const latest = useRef(0);

  const changeLocale = useCallback(async (locale: Locale, options: { remember?: boolean } = {}) => {
    const request = ++latest.current;
    const next = await switchLocale(locale, { remember: options.remember ?? true });
    if (request === latest.current) setResources(next);
  }, []);

  const value = useMemo<LocaleContextValue>(
    () => ({ locale: resources.locale, changeLocale, formatters: createFormatters(resources.locale) }),
    [resources.locale, changeLocale],
  );
  const messages = useMemo(() => [resources.cloudscapeMessages], [resources.cloudscapeMessages]);

  return (
    <LocaleContext value={value}>
      <I18nProvider locale={LOCALE_TAGS[resources.locale]} messages={messages}>
        {children}
      </I18nProvider>
      <ServerMessages locale={resources.locale} />
    </LocaleContext>
  );
}

/**
 * Result-code texts of the active language; failures only mean the server's own texts (in the same
 * language) are used. Asked once the page has painted (shared/lib/page-painted.ts): no page's first
 * paint shows one. A component of its own beside the tree: the gate opening and the answer
 * arriving render it alone, not the provider and everything under it.
 */
function ServerMessages({ locale }: { locale: Locale }) {
  useQuery({ ...serverMessagesQuery(locale), enabled: usePagePainted() });
  return null;
}

export function useLocale(): LocaleContextValue {
  const value = use(LocaleContext);
  if (!value) throw new Error('useLocale must be used inside LocaleProvider');
  return value;
}

export const useFormatters = (): Formatters => useLocale().formatters;
