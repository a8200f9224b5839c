import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale } from '../../shared/i18n/switch-locale.ts';
import { progress, progressStore } from '../../shared/ui/progress.ts';
import { TOAST_DURATION_MS, toasts } from '../../shared/ui/toasts.ts';
import { ProgressOverlay } from './ProgressOverlay.tsx';
import { ToastFlashbar } from './ToastFlashbar.tsx';

beforeAll(async () => {
  await switchLocale('en_US');
});
afterEach(() => {
  cleanup();
  toasts.clear();
  progressStore.set(0);
  vi.useRealTimers();
});

/** The toasts above a page, as the shells show them (they follow the address). */
function renderToasts() {
  const router = createMemoryRouter(
    ['/a', '/b'].map((path) => ({ path, element: <ToastFlashbar /> })),
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('toasts', () => {
  it('shows queued toasts one at a time, each for 5 s', async () => {
    vi.useFakeTimers();
    renderToasts();
    act(() => {
      toasts.show({ type: 'success', content: 'first' });
      toasts.show({ type: 'info', content: 'second' });
    });
    // The Flashbar loads with the first toast (not with the page): let it arrive.
    await act(async () => {
      await import('@cloudscape-design/components/flashbar');
    });
    expect(screen.getByText('first')).toBeTruthy();
    expect(screen.queryByText('second')).toBeNull();

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByText('first')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('first')).toBeNull();
    expect(screen.getByText('second')).toBeTruthy();

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('a toast that times out leaves its place until the page changes: nothing below it moves under the pointer', async () => {
    vi.useFakeTimers();
    const router = renderToasts();
    act(() => {
      toasts.show({ type: 'success', content: 'saved' });
    });
    await act(async () => {
      await import('@cloudscape-design/components/flashbar');
    });
    expect(screen.getByText('saved')).toBeTruthy();

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByText('saved')).toBeNull();
    // Its place stays, empty and hidden from assistive technology, while the page is the same.
    const place = screen.getByTestId('toast-place');
    expect(place.getAttribute('aria-hidden')).toBe('true');
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByTestId('toast-place')).toBeTruthy();

    // The next toast takes the place; dismissed by hand, it goes with it (the person asked for it).
    act(() => {
      toasts.show({ type: 'info', content: 'next' });
    });
    expect(screen.getByText('next')).toBeTruthy();
    expect(screen.queryByTestId('toast-place')).toBeNull();
    act(() => toasts.clear());
    expect(screen.queryByTestId('toast-place')).toBeNull();

    // Timed out again, then another page: the place goes with the page it was on.
    act(() => {
      toasts.show({ type: 'success', content: 'again' });
    });
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.getByTestId('toast-place')).toBeTruthy();
    await act(async () => {
      await router.navigate('/b');
    });
    expect(screen.queryByTestId('toast-place')).toBeNull();
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});

describe('global progress', () => {
  it('covers the console and makes it inert while any task runs', async () => {
    const appRoot = document.createElement('div');
    appRoot.id = 'app-root';
    document.body.append(appRoot);
    render(<ProgressOverlay appRootId="app-root" />);
    expect(screen.queryByTestId('global-progress')).toBeNull();

    let finish: (() => void) | undefined;
    let tracked: Promise<void> = Promise.resolve();
    act(() => {
      tracked = progress.track(new Promise<void>((resolve) => (finish = resolve)));
    });
    let end: (() => void) | undefined;
    act(() => {
      end = progress.start();
    });
    expect(screen.getByTestId('global-progress').getAttribute('aria-valuenow')).toBe('2');
    expect(appRoot.inert).toBe(true);

    await act(async () => {
      finish?.();
      await tracked;
    });
    expect(screen.getByTestId('global-progress')).toBeTruthy();
    act(() => end?.());
    expect(screen.queryByTestId('global-progress')).toBeNull();
    expect(appRoot.inert).toBe(false);
    appRoot.remove();
  });

  it('lifts inert as the last task ends, so the code after it can give the focus back into the console', async () => {
    // As a form modal's submit does (use-server-form.ts): `await progress.track(…)`, then the modal
    // closes and its focus lock focuses the button that opened it, inside the app root. No render
    // may come between: on Preact the overlay's passive effects run only after the next frame.
    const appRoot = document.createElement('div');
    appRoot.id = 'app-root';
    const opener = document.createElement('button');
    opener.textContent = 'Create project';
    appRoot.append(opener);
    document.body.append(appRoot);
    render(<ProgressOverlay appRootId="app-root" />);

    let finish: (() => void) | undefined;
    let tracked: Promise<void> = Promise.resolve();
    act(() => {
      tracked = progress.track(new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(appRoot.inert).toBe(true);

    finish?.();
    await tracked;
    const inertAfterTask = appRoot.inert;
    opener.focus();
    const focused = document.activeElement;
    await act(async () => {});
    expect(inertAfterTask).toBe(false);
    expect(focused).toBe(opener);
    appRoot.remove();
  });
});
