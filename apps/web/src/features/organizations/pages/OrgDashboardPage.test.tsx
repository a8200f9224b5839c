import type { ActivityEvent } from '@console/contracts/activity';
import { listOrgActivities } from '@console/contracts/refs/activity';
import {
  getOrganization,
  getOrgMembersSummary,
  getOrgSelfRoles,
  listOrganizationInfos,
  listRegions,
} from '@console/contracts/refs/organizations';
import { listProjects } from '@console/contracts/refs/projects';
import type { OrgRoleName } from '@console/contracts/permissions';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../../../shared/i18n/switch-locale.ts';
import { bundleAnswer, renderConsole } from '../../../test/console.tsx';
import { ORG_ID, organization, orgInfosAnswer, orgSelfRoles, PROJECT_ID, regions, session } from '../../../test/fixtures.ts';
import { mockFetch, ok } from '../../../test/http.ts';
import { getSession } from '@console/contracts/refs/auth';
import { OrgDashboardPage } from './OrgDashboardPage.tsx';
import { paths } from '../../../shared/paths.ts';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
  // The page loads its projects table and widgets on demand (React.lazy): load them once here, so
  // a slow first import on a busy machine does not eat the queries' one-second wait.
  await Promise.all([
    import('../components/OrgProjectsTable.tsx'),
    import('../components/OrgMembersWidget.tsx'),
    import('../../../widgets/activity/RecentActivityWidget.tsx'),
  ]);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const event = (minutesAgo: number, patch: Partial<ActivityEvent> = {}): ActivityEvent => ({
  activityId: `a-${minutesAgo}`,
  orgId: ORG_ID,
  projectId: PROJECT_ID,
  actor: { memberType: 'TOAST_CLOUD', memberUuid: 'm1', name: 'Kim Cloud' },
  actionCode: 'PROJECT_CREATE',
  target: { type: 'PROJECT', id: PROJECT_ID, name: 'Web Service' },
  occurredDateTime: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
  ...patch,
});

function dashboardApi(role: OrgRoleName) {
  return mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer(),
    'GET /api/console/v1/session': () => ok(getSession, { session: session() }),
    [`GET /api/cab/v7/organizations/${ORG_ID}`]: () => ok(getOrganization, { org: organization() }),
    'GET /api/cab/v6/organizations/infos': () =>
      ok(listOrganizationInfos, orgInfosAnswer()),
    [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles(role)),
    'GET /api/cab/v1/regions': () => ok(listRegions, { regionCodeList: ['GLOBAL', 'KR1'], regions }),
    'GET /api/cab/v5/projects': () => ok(listProjects, { projects: [], paging: { page: 1, limit: 10, totalCount: 0 } }),
    [`GET /api/cab/v6/organizations/${ORG_ID}/members/summary`]: () =>
      ok(getOrgMembersSummary, {
        summary: {
          cloudMemberCount: 3,
          roleCounts: [
            { roleCode: 'ADMIN', count: 1 },
            { roleCode: 'MEMBER', count: 1 },
            { roleCode: 'OWNER', count: 1 },
          ],
          iamAccountCount: 2,
          newest: [
            { memberType: 'IAM', memberUuid: 'i1', name: 'Lee Helper', email: 'lee@example.com', userCode: 'lee.helper', joinedDateTime: '2026-11-20T00:00:00Z', orgRoleCodes: [] },
            { memberType: 'TOAST_CLOUD', memberUuid: 'm2', name: 'Park Admin', email: 'park@example.com', userCode: null, joinedDateTime: '2026-11-10T00:00:00Z', orgRoleCodes: ['ADMIN'] },
          ],
        },
      }),
    [`GET /api/cab/v6/organizations/${ORG_ID}/activities`]: () =>
      ok(listOrgActivities, {
        activities: [
          event(3),
          event(120, {
            activityId: 'a-2',
            actor: { memberType: 'IAM', memberUuid: 'i1', name: 'Lee Helper' },
            actionCode: 'IAM_ACCOUNT_SUSPEND',
            target: { type: 'IAM_ACCOUNT', id: 'i2', name: 'Choi (choi.user)' },
          }),
        ],
        paging: { page: 1, limit: 10, totalCount: 2 },
      }),
  });
}

const renderDashboard = () =>
  renderConsole([{ path: '/org/:orgId/dashboard', Component: OrgDashboardPage }], paths.org(ORG_ID).dashboard, english, { signedIn: true });

describe('OrgDashboardPage widgets', () => {
  it('shows members by role, IAM accounts and the newest, with a link to the members page', async () => {
    dashboardApi('OWNER');
    const { router } = renderDashboard();
    const widget = await screen.findByTestId('org-members-widget');
    await waitFor(() => expect(within(widget).getByTestId('org-members-cloud-count').textContent).toBe('3'));
    expect(within(widget).getByTestId('org-members-role-counts').textContent).toBe('Owner: 1Admin: 1Member: 1');
    expect(within(widget).getByTestId('org-members-iam-count').textContent).toBe('2');
    expect(within(widget).getAllByTestId('org-members-newest-item').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Lee Helper (IAM account)'),
      expect.stringContaining('Park Admin'),
    ]);
    await userEvent.setup({ delay: null }).click(within(widget).getByTestId('org-members-widget-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.org(ORG_ID).member));
  });

  it('lists the last 10 events with translated actions and relative times, and links to the full list', async () => {
    const { requests } = dashboardApi('OWNER');
    const { router } = renderDashboard();
    const widget = await screen.findByTestId('recent-activity');
    await waitFor(() => expect(within(widget).getAllByTestId('recent-activity-item')).toHaveLength(2));
    const [first, second] = within(widget).getAllByTestId('recent-activity-item');
    expect(first!.textContent).toBe('Kim Cloud · Project created: Web Service3 minutes ago');
    expect(second!.textContent).toBe('Lee Helper (IAM account) · IAM account suspended: Choi (choi.user)2 hours ago');
    const asked = requests.find((request) => request.url.pathname.endsWith('/activities'));
    expect(asked!.url.searchParams.get('limit')).toBe('10');
    await userEvent.setup({ delay: null }).click(within(widget).getByTestId('recent-activity-all'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.org(ORG_ID).activity));
  });

  it('shows a BILLING_VIEWER the members widget without its data, naming the roles that would allow it', async () => {
    const { requests } = dashboardApi('BILLING_VIEWER');
    renderDashboard();
    const denied = await screen.findByTestId('org-members-widget-denied');
    expect(denied.textContent).toBe('You cannot view the members here. Requires one of these roles: Admin or Owner.');
    expect(requests.some((request) => request.url.pathname.endsWith('/members/summary'))).toBe(false);
    // Every organization role reads the activity.
    await waitFor(() => expect(screen.getAllByTestId('recent-activity-item')).toHaveLength(2));
  });
});
