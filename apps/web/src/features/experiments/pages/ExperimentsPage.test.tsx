import { getSession } from '@console/contracts/auth';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyExperiments } from '../../../shared/experiments/experiments.ts';
import { switchLocale, type LocaleResources } from '../../../shared/i18n/switch-locale.ts';
import { STORAGE_KEYS } from '../../../shared/lib/storage.ts';
import { bundleAnswer, renderConsole } from '../../../test/console.tsx';
import { OWNER_UUID, session } from '../../../test/fixtures.ts';
import { mockFetch, ok } from '../../../test/http.ts';
import { ExperimentsPage } from './ExperimentsPage.tsx';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  applyExperiments({ darkMode: false, compactMode: false, reducedMotion: false });
});

const OTHER_USER = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const toggle = (id: string) => screen.getByTestId(`experiment-${id}`).querySelector('input')!;

describe('ExperimentsPage (/new)', () => {
  it('turns an experiment on and off for the signed-in account only', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      'GET /api/console/v1/session': () => ok(getSession, { session: session() }),
    });
    renderConsole([{ path: '/new', Component: ExperimentsPage }], '/new', english);
    expect(await screen.findByRole('heading', { name: 'Experiments' })).toBeTruthy();
    expect(toggle('darkMode').checked).toBe(false);

    await user.click(toggle('darkMode'));
    expect(toggle('darkMode').checked).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.experiments(OWNER_UUID)) ?? '{}')).toEqual({
      darkMode: true,
      compactMode: false,
      reducedMotion: false,
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.experiments(OTHER_USER))).toBeNull();

    await user.click(screen.getByTestId('experiments-reset'));
    await waitFor(() => expect(toggle('darkMode').checked).toBe(false));
    expect(window.localStorage.getItem(STORAGE_KEYS.experiments(OWNER_UUID))).toBeNull();
  });

  it('applies the choices to the page: dark colors, compact density, no motion', () => {
    applyExperiments({ darkMode: true, compactMode: true, reducedMotion: true });
    expect(document.body.classList.contains('awsui-dark-mode')).toBe(true);
    expect(document.body.classList.contains('awsui-compact-mode')).toBe(true);
    expect(document.body.classList.contains('awsui-motion-disabled')).toBe(true);
    applyExperiments({ darkMode: false, compactMode: false, reducedMotion: false });
    expect(document.body.classList.contains('awsui-dark-mode')).toBe(false);
    expect(document.body.classList.contains('awsui-compact-mode')).toBe(false);
    expect(document.body.classList.contains('awsui-motion-disabled')).toBe(false);
  });
});
