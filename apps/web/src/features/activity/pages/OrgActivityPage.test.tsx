import type { ActivityEvent } from '@console/contracts/activity';
import { listOrgActivities } from '@console/contracts/refs/activity';
import { getOrgSelfRoles } from '@console/contracts/refs/organizations';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../../../shared/i18n/switch-locale.ts';
import { bundleAnswer, renderConsole } from '../../../test/console.tsx';
import { ORG_ID, orgSelfRoles } from '../../../test/fixtures.ts';
import { mockFetch, ok } from '../../../test/http.ts';
import { OrgActivityPage } from './OrgActivityPage.tsx';
import { paths } from '../../../shared/paths.ts';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
  // The page loads its table on demand (React.lazy): load it once here, so a slow first import on
  // a busy machine does not eat the queries' wait.
  await import('../components/OrgActivityTable.tsx');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOTAL = 45;
const eventAt = (index: number): ActivityEvent => ({
  activityId: `a-${index}`,
  orgId: ORG_ID,
  projectId: null,
  actor: { memberType: 'TOAST_CLOUD', memberUuid: 'm1', name: `Actor ${index}` },
  actionCode: 'ORG_REGIONS_CHANGE',
  target: { type: 'REGION', id: null, name: 'KR1' },
  occurredDateTime: new Date(Date.UTC(2026, 10, 22, 9, 0) - index * 60_000).toISOString(),
});

/**
 * A server holding `matching(actionCode)` events, each page served; its count says `counted`
 * (the real one stops at 1,000, `totalCountCapped`) where given, else the exact number.
 */
function serveFeed(matching: (actionCode: string | null) => number, counted?: number) {
  return mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer(),
    [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('MEMBER')),
    [`GET /api/cab/v6/organizations/${ORG_ID}/activities`]: (request) => {
      const page = Number(request.url.searchParams.get('page'));
      const limit = Number(request.url.searchParams.get('limit'));
      const total = matching(request.url.searchParams.get('actionCode'));
      const activities = Array.from({ length: Math.max(0, Math.min(limit, total - (page - 1) * limit)) }, (_, i) => eventAt((page - 1) * limit + i));
      const paging = { page, limit, totalCount: counted ?? total };
      return ok(listOrgActivities, counted === undefined ? { activities, paging } : { activities, paging, totalCountCapped: true });
    },
  });
}

describe('OrgActivityPage', () => {
  it('pages on the server and filters by action', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = serveFeed((actionCode) => (actionCode === 'PROJECT_DELETE' ? 0 : TOTAL));
    renderConsole([{ path: '/org/:orgId/activity', Component: OrgActivityPage }], paths.org(ORG_ID).activity, english);

    const table = await screen.findByTestId('activity-table');
    await waitFor(() => expect(within(table).getByText('Actor 0')).toBeTruthy());
    expect(within(table).getAllByText('Regions changed')).toHaveLength(20);
    await user.click(within(table).getByText('3', { selector: 'button' }));
    await waitFor(() => expect(within(table).getByText('Actor 40')).toBeTruthy());
    expect(within(table).getAllByText('Regions changed')).toHaveLength(5);
    const pages = requests.filter((request) => request.url.pathname.endsWith('/activities')).map((request) => request.url.searchParams.get('page'));
    expect(pages).toEqual(['1', '3']);

    await user.click(screen.getByText('All actions'));
    await user.click(await screen.findByText('Project deleted'));
    await waitFor(() => expect(screen.getByTestId('activity-table-empty').textContent).toBe('No activity yet.'));
    const last = requests.filter((request) => request.url.pathname.endsWith('/activities')).at(-1)!;
    expect([last.url.searchParams.get('actionCode'), last.url.searchParams.get('page')]).toEqual(['PROJECT_DELETE', '1']);
  });

  it('goes on past the counted pages while a capped feed comes back full', async () => {
    const user = userEvent.setup({ delay: null });
    // A server whose count stops at 40 (the real cap is 1,000) for a feed of 50 events: every page served.
    const { requests } = serveFeed(() => 50, 40);
    renderConsole([{ path: '/org/:orgId/activity', Component: OrgActivityPage }], paths.org(ORG_ID).activity, english);

    const table = await screen.findByTestId('activity-table');
    await waitFor(() => expect(within(table).getByText('Actor 0')).toBeTruthy());
    expect(within(table).getByText('(40+)')).toBeTruthy();
    const next = () => within(table).getByRole('button', { name: /next/i });
    await user.click(within(table).getByText('2', { selector: 'button' }));
    await waitFor(() => expect(within(table).getByText('Actor 20')).toBeTruthy());
    // The last counted page is full: the pager goes on.
    expect(next().getAttribute('aria-disabled')).toBeNull();
    await user.click(next());
    await waitFor(() => expect(within(table).getByText('Actor 40')).toBeTruthy());
    expect(within(table).getAllByText('Regions changed')).toHaveLength(10);
    // Page 3 is not full: the last one.
    expect(next().getAttribute('aria-disabled')).toBe('true');
    const pages = requests.filter((request) => request.url.pathname.endsWith('/activities')).map((request) => request.url.searchParams.get('page'));
    expect(pages).toEqual(['1', '2', '3']);
  });
});
