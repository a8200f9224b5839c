import { validateIpAcl } from '@console/contracts/refs/organizations';
import { getMessageBundle } from '@console/contracts/refs/i18n';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { ErrorPage } from '../../features/errors/pages/ErrorPage.tsx';
import { mockFetch, ok } from '../../test/http.ts';
import { switchLocale, type LocaleResources } from '../i18n/switch-locale.ts';
import { IpAccessGate } from './IpAccessGate.tsx';
import { ipAccessQuery } from './ip-access.ts';
import { paths } from '../paths.ts';

const ORG_ID = '0c7e3f52-8f3d-4c59-a3a8-1d2b7e4f9a10';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function OrgPage() {
  const { orgId = '' } = useParams();
  return (
    <IpAccessGate orgId={orgId}>
      <p>organization pages</p>
    </IpAccessGate>
  );
}

describe('IpAccessGate', () => {
  it('sends a refused IP to the IP error page, and Retry checks again on the refused page', async () => {
    let allowed = false;
    const { requests } = mockFetch({
      'GET /api/i18n/messages/bundle': () => ok(getMessageBundle, { messages: [] }),
      [`GET /api/cab/v4/organizations/${ORG_ID}/ip-acl/validate`]: () =>
        ok(validateIpAcl, { allowed, clientIp: '203.0.113.50' }),
    });
    const router = createMemoryRouter(
      [
        { path: '/org/:orgId/dashboard', Component: OrgPage },
        { path: '/error/:errorId', Component: ErrorPage },
      ],
      { initialEntries: [`/org/${ORG_ID}/dashboard?tab=1`] },
    );
    render(
      <AppProviders queryClient={createQueryClient()} initialLocale={english}>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    expect(await screen.findByTestId('error-page-ip-acl')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/error/ip-acl');
    expect(router.state.location.search).toBe('?clientIp=203.0.113.50');
    expect(screen.getByText('203.0.113.50')).toBeTruthy();
    expect(screen.queryByText('organization pages')).toBeNull();

    allowed = true;
    await userEvent.setup({ delay: null }).click(screen.getByTestId('ip-acl-retry'));
    expect(await screen.findByText('organization pages')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.org(ORG_ID).dashboard);
    expect(router.state.location.search).toBe('?tab=1');
    expect(requests.filter((request) => request.url.pathname.endsWith('/ip-acl/validate'))).toHaveLength(2);
  });

  it("renders the pages from the answer the route's loader just got, without asking again", async () => {
    const { requests } = mockFetch({
      'GET /api/i18n/messages/bundle': () => ok(getMessageBundle, { messages: [] }),
      [`GET /api/cab/v4/organizations/${ORG_ID}/ip-acl/validate`]: () => ok(validateIpAcl, { allowed: true, clientIp: '198.51.100.7' }),
    });
    const queryClient = createQueryClient();
    // What the route's prefetch does as the document opens (data/prefetch/area-access.ts), then the page's code arrives.
    await queryClient.fetchQuery(ipAccessQuery(ORG_ID));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const router = createMemoryRouter([{ path: '/org/:orgId/dashboard', Component: OrgPage }], { initialEntries: [`/org/${ORG_ID}/dashboard`] });
    render(
      <AppProviders queryClient={queryClient} initialLocale={english}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('organization pages')).toBeTruthy();
    expect(requests.filter((request) => request.url.pathname.endsWith('/ip-acl/validate'))).toHaveLength(1);
  });
});
