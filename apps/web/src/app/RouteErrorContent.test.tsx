import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../shared/i18n/switch-locale.ts';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { RouteErrorContent } from './RouteErrorContent.tsx';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const broken = () => {
  throw new Error('the page broke');
};

/** A page that fails while loading, at `path`, under the error content the console shows. */
function failAt(path: string) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const router = createMemoryRouter(
    [
      { path: '/', loader: broken, Component: () => null, ErrorBoundary: () => <RouteErrorContent error={new Error('x')} /> },
      { path: '/org/:orgId/dashboard', loader: broken, Component: () => null, ErrorBoundary: () => <RouteErrorContent error={new Error('x')} /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()} initialLocale={english}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('the unexpected-error page', () => {
  it("is titled 'MainPage Error' on the main page (spec §8)", async () => {
    failAt('/');
    expect(await screen.findByRole('heading', { name: 'MainPage Error' })).toBeTruthy();
  });

  it("is titled 'Page Error' on any other page (spec §8)", async () => {
    failAt('/org/o1/dashboard');
    expect(await screen.findByRole('heading', { name: 'Page Error' })).toBeTruthy();
  });
});
