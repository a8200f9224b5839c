import { getSession } from '@console/contracts/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyExperiments } from '../../../shared/experiments/experiments.ts';
import { STORAGE_KEYS } from '../../../shared/lib/storage.ts';
import { bundleAnswer, renderConsole, englishPageTests } from '../../../test/console.tsx';
import { OWNER_UUID, session } from '../../../test/fixtures.ts';
import { mockFetch, ok } from '../../../test/http.ts';
import { ExperimentsPage } from './ExperimentsPage.tsx';

// Registered before the frame's own afterEach, so it runs after the page is unmounted (hooks run as a stack).
afterEach(() => {
  window.localStorage.clear();
  applyExperiments({ reducedMotion: false });
});
const page = englishPageTests();

const OTHER_USER = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
const toggle = (id: string) => screen.getByTestId(`experiment-${id}`).querySelector('input')!;

describe('ExperimentsPage (/new)', () => {
  it('turns an experiment on and off for the signed-in account only', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      'GET /api/console/v1/session': () => ok(getSession, { session: session() }),
    });
    renderConsole([{ path: '/new', Component: ExperimentsPage }], '/new', page.english, { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Experiments' })).toBeTruthy();
    expect(toggle('reducedMotion').checked).toBe(false);
    // Dark mode and compact density are settings of the my-menu now, no longer experiments.
    expect(screen.queryByTestId('experiment-darkMode')).toBeNull();
    expect(screen.queryByTestId('experiment-compactMode')).toBeNull();

    await user.click(toggle('reducedMotion'));
    expect(toggle('reducedMotion').checked).toBe(true);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.experiments(OWNER_UUID)) ?? '{}')).toEqual({ reducedMotion: true });
    expect(window.localStorage.getItem(STORAGE_KEYS.experiments(OTHER_USER))).toBeNull();

    await user.click(screen.getByTestId('experiments-reset'));
    await waitFor(() => expect(toggle('reducedMotion').checked).toBe(false));
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.experiments(OWNER_UUID)) ?? '{}')).toEqual({ reducedMotion: false });
  });

  it('applies the choices to the page: no motion', () => {
    applyExperiments({ reducedMotion: true });
    expect(document.body.classList.contains('awsui-motion-disabled')).toBe(true);
    applyExperiments({ reducedMotion: false });
    expect(document.body.classList.contains('awsui-motion-disabled')).toBe(false);
  });
});
