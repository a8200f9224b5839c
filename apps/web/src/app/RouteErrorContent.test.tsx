import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../shared/i18n/switch-locale.ts';
import { bundleAnswer } from '../test/console.tsx';
import { mockFetch } from '../test/http.ts';
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
  vi.unstubAllGlobals();
});

const broken = () => {
  throw new Error('the page broke');
};

/** A page that fails while loading, at `path`, under the error content the console shows. */
function failAt(path: string) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // The language provider asks for the server's result-code texts; a unit test answers it itself.
  const network = mockFetch({ 'GET /api/i18n/messages/bundle': bundleAnswer({}) });
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
  return network;
}

describe('the unexpected-error page', () => {
  it("is titled 'MainPage Error' on the main page (spec §8)", async () => {
    const { requests } = failAt('/');
    expect(await screen.findByRole('heading', { name: 'MainPage Error' })).toBeTruthy();
    // The error page itself calls nothing: the only request is the language's texts.
    expect(requests.map((request) => request.url.pathname)).toEqual(['/api/i18n/messages/bundle']);
  });

  it("is titled 'Page Error' on any other page (spec §8)", async () => {
    failAt('/org/o1/dashboard');
    expect(await screen.findByRole('heading', { name: 'Page Error' })).toBeTruthy();
  });
});
