import { LANGS } from '@console/contracts/locales';
import { VALIDATION_MESSAGES, type ValidationMessageKey } from '@console/contracts/validation-messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import { bundleAnswer } from '../../test/console.tsx';
import { mockFetch } from '../../test/http.ts';
import { LocaleProvider, useLocale } from '../i18n/LocaleProvider.tsx';
import { switchLocale } from '../i18n/switch-locale.ts';
import { useFieldErrorText } from './field-error.ts';
import { loadedValidationMessages, loadValidationMessages, useValidationMessages, validationMessagesInUse } from './validation-messages.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const keyError = (key: ValidationMessageKey): FieldError => ({ type: 'custom', message: key });

// One file, one module state: the order of these tests is the order a console meets the messages.
describe('field messages of the active language only', () => {
  it('loads nothing until a form needs it; a language switch then brings no field messages', async () => {
    expect(validationMessagesInUse()).toBe(false);
    await switchLocale('en_US');
    expect(validationMessagesInUse()).toBe(false);
    expect(loadedValidationMessages('en')).toBeUndefined();
  });

  it('a field translates a contract key once the language it shows has loaded; other texts show at once', async () => {
    mockFetch({ 'GET /api/i18n/messages/bundle': bundleAnswer() });
    const initial = await switchLocale('en_US');
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <LocaleProvider initial={initial}>{children}</LocaleProvider>
      </QueryClientProvider>
    );
    const hook = renderHook(
      ({ error }: { error: FieldError | undefined }) => ({ text: useFieldErrorText(error), locale: useLocale() }),
      { wrapper, initialProps: { error: keyError('validation.required') } },
    );
    // Mounting started the load of English only.
    expect(validationMessagesInUse()).toBe(true);
    await waitFor(() => expect(hook.result.current.text).toBe('This field is required.'));
    expect(loadedValidationMessages('ja')).toBeUndefined();

    hook.rerender({ error: { type: 'server', message: 'Name taken.' } });
    expect(hook.result.current.text).toBe('Name taken.');
    hook.rerender({ error: { type: 'custom', message: 'validation.not.a.key' } });
    expect(hook.result.current.text).toBe('validation.not.a.key');
    hook.rerender({ error: undefined as unknown as FieldError });
    expect(hook.result.current.text).toBeUndefined();

    // A language switch after a form has shown loads the new language's messages before it
    // switches: the field never shows a blank or the old language in between.
    hook.rerender({ error: keyError('validation.name.pattern') });
    await act(() => hook.result.current.locale.changeLocale('ja_JP', { remember: false }));
    expect(hook.result.current.text).toBe(VALIDATION_MESSAGES['validation.name.pattern'].ja);
    expect(loadedValidationMessages('ko')).toBeUndefined();
    expect(loadedValidationMessages('zh')).toBeUndefined();
  });

  it('a language nobody has shown yet answers nothing until it has loaded', async () => {
    const hook = renderHook(() => useValidationMessages('zh'));
    expect(hook.result.current).toBeUndefined();
    await waitFor(() => expect(hook.result.current?.['validation.required']).toBe('此项为必填项。'));
  });

  it('each language is its column of the contracts table, every key, placeholders kept', async () => {
    for (const lang of LANGS) {
      const column = await loadValidationMessages(lang);
      expect(column).toEqual(Object.fromEntries(Object.entries(VALIDATION_MESSAGES).map(([key, texts]) => [key, texts[lang]])));
    }
    expect((await loadValidationMessages('en'))['validation.ingest.timestampTooOld']).toContain('{days}');
  });
});
