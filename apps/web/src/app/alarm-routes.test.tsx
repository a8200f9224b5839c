import type { ConsoleConfig } from '@console/contracts/config';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { toRouteObjects, type RouteDeps } from './route-objects.ts';
import { ORG_ROUTE } from './routes-org.ts';
import { PROJECT_ROUTE } from './routes-project.ts';
import type { RouteEntry } from './route-types.ts';

afterEach(cleanup);

const config = (customDashboard: boolean): ConsoleConfig => ({
  edition: 'PUBLIC',
  features: { partner: true, marketplace: true, technicalSupport: true, station: true, customDashboard, costAnalysis: true, projectAuthInfo: true },
  languages: ['ko_KR', 'en_US'],
  partnerCenterUrl: 'https://partner.example.com',
  recommendedChromeVersion: 124,
  defaultRegion: 'KR1',
  productDomain: null,
});

const layout = () => Promise.resolve(() => <Outlet />);

/**
 * The console's real organization and project route entries (paths, redirects, gates), with each
 * page replaced by one that names its route id, so the test sees where a path lands.
 */
function withNamedPages(entry: RouteEntry): RouteEntry {
  const named = () => Promise.resolve(() => <p>{`page ${entry.id}`}</p>);
  return {
    ...entry,
    path: entry.path && !entry.index && (entry.id === 'org' || entry.id === 'project') ? `/${entry.path}` : entry.path,
    load: entry.load ? (entry.children ? layout : named) : undefined,
    messages: [],
    children: entry.children?.map(withNamedPages),
  };
}

function renderAt(path: string, customDashboard = true) {
  const deps: RouteDeps = { getConfig: () => Promise.resolve(config(customDashboard)), leave: vi.fn(), loadMessages: () => Promise.resolve() };
  const router = createMemoryRouter(
    [{ path: '/', HydrateFallback: () => null, children: toRouteObjects([withNamedPages(ORG_ROUTE), withNamedPages(PROJECT_ROUTE)], deps) }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('alarm routes (spec §2: unknown alarm paths redirect to alarm/management)', () => {
  it.each([
    ['/org/o1/alarm/nothing-here', '/org/o1/alarm/management', 'org-alarm-management'],
    ['/org/o1/alarm/add/extra', '/org/o1/alarm/management', 'org-alarm-management'],
    ['/project/p1/alarm/unknown/deeper', '/project/p1/alarm/management', 'project-alarm-management'],
    ['/project/p1/alarm/modify', '/project/p1/alarm/management', 'project-alarm-management'],
    ['/org/o1/custom-dashboard/alarm/whatever', '/org/o1/custom-dashboard/alarm/management', 'org-custom-dashboard-alarm-management'],
    ['/org/o1/custom-dashboard/alarm/modify', '/org/o1/custom-dashboard/alarm/management', 'org-custom-dashboard-alarm-management'],
    ['/org/o1/custom-dashboard/alarm', '/org/o1/custom-dashboard/alarm/management', 'org-custom-dashboard-alarm-management'],
  ])('%s goes to %s', async (from, to, page) => {
    const router = renderAt(from);
    expect(await screen.findByText(`page ${page}`)).toBeTruthy();
    expect(router.state.location.pathname).toBe(to);
  });

  it.each([
    ['/org/o1/custom-dashboard/alarm/occurrence', 'org-custom-dashboard-alarm-occurrence'],
    ['/org/o1/custom-dashboard/alarm/add', 'org-custom-dashboard-alarm-add'],
    ['/org/o1/custom-dashboard/alarm/modify/a1?projectId=p1', 'org-custom-dashboard-alarm-modify'],
  ])('the custom dashboard page %s loads when the feature is on', async (from, page) => {
    renderAt(from);
    expect(await screen.findByText(`page ${page}`)).toBeTruthy();
  });

  it.each([
    '/org/o1/custom-dashboard/alarm/management',
    '/org/o1/custom-dashboard/alarm/add',
    '/org/o1/custom-dashboard/alarm/unknown',
  ])("%s sends the user to the organization's dashboard when the custom dashboard is off", async (from) => {
    const router = renderAt(from, false);
    expect(await screen.findByText('page org-dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/org/o1/dashboard');
  });
});
