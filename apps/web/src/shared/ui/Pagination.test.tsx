import { I18nProvider } from '@cloudscape-design/components/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import type { Locale } from '@console/contracts/locales';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALE_TAGS } from '../i18n/locale.ts';
import { switchLocale } from '../i18n/switch-locale.ts';
import { Pagination } from './Pagination.tsx';

afterEach(() => cleanup());

describe('Pagination', () => {
  it.each<Locale>(['ko_KR', 'en_US', 'ja_JP', 'zh_CN'])(
    '%s: each page button is named with the number it shows as a word of its own (WCAG 2.5.3, axe label-content-name-mismatch)',
    async (locale) => {
      // Inside Cloudscape's I18nProvider with its messages, as the console renders it (shared/i18n/LocaleProvider.tsx).
      const { cloudscapeMessages } = await switchLocale(locale);
      render(
        <I18nProvider locale={LOCALE_TAGS[locale]} messages={[cloudscapeMessages]}>
          <Pagination currentPageIndex={1} pagesCount={3} />
        </I18nProvider>,
      );
      for (const shown of ['1', '2', '3']) {
        const button = screen.getByRole('button', { name: (name) => name.split(/\s+/).includes(shown) });
        expect(button.textContent).toBe(shown);
      }
    },
  );
});
