import { BUILT_IN_PROJECT_ROLES } from '@console/contracts/permissions';
import { getProjectSelfRoles } from '@console/contracts/refs/projects';
import { listProjectRoleGroups } from '@console/contracts/refs/role-groups';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../../../shared/i18n/switch-locale.ts';
import { bundleAnswer, describedText, renderConsole } from '../../../test/console.tsx';
import { ORG_ID, PROJECT_ID } from '../../../test/fixtures.ts';
import { mockFetch, ok } from '../../../test/http.ts';
import { ProjectRoleGroupsPage } from './ProjectRoleGroupsPage.tsx';
import { paths } from '../../../shared/paths.ts';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
  // The page loads its table on demand (React.lazy): load it once here, so a slow first import on
  // a busy machine does not eat the queries' wait.
  await import('../../../widgets/role-groups/RoleGroupsTable.tsx');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LIST = `/api/cab/v6/projects/${PROJECT_ID}/role-groups`;

function serve(role: keyof typeof BUILT_IN_PROJECT_ROLES) {
  return mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer({}),
    [`GET /api/cab/v6/projects/${PROJECT_ID}/self/roles`]: () =>
      ok(getProjectSelfRoles, {
        roles: [{ category: 'PROJECT_ROLE', roleName: role, categoryKey: PROJECT_ID }],
        permissions: [...BUILT_IN_PROJECT_ROLES[role]],
        roleGroups: [],
      }),
    [`GET ${LIST}`]: (request) =>
      ok(listProjectRoleGroups, {
        roleGroups: [
          {
            roleGroupId: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
            roleGroupName: request.url.searchParams.get('nameLike') ? 'Weekday Operators' : 'Office hours',
            description: '',
            typeCode: 'COMMON',
            orgId: ORG_ID,
            projectId: null,
            roleCount: 2,
            memberCount: 3,
            regDateTime: '2026-11-20T00:00:00Z',
            modDateTime: '2026-11-20T00:00:00Z',
            editable: false,
          },
        ],
        paging: { page: 1, limit: 20, totalCount: 1 },
      }),
  });
}

const renderPage = () =>
  renderConsole([{ path: '/project/:projectId/role-group', Component: ProjectRoleGroupsPage }], paths.project(PROJECT_ID).roleGroup, english);

describe('ProjectRoleGroupsPage', () => {
  it('asks the server for each page, sort and search; a common group cannot be deleted here', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = serve('ADMIN');
    renderPage();
    const table = await screen.findByTestId('role-groups-table');
    await within(table).findByText('Office hours');
    expect(table.textContent).toContain('Common');
    const lists = () => requests.filter((request) => request.url.pathname === LIST).map((request) => request.url.searchParams);
    expect(lists()[0]?.get('sort')).toBe('regDateTime,desc');

    await user.click(within(table).getByText('Name'));
    await waitFor(() => expect(lists().at(-1)?.get('sort')).toBe('name,asc'));

    await user.type(screen.getByRole('searchbox'), 'Week');
    await within(table).findByText('Weekday Operators');
    expect(lists().at(-1)?.get('nameLike')).toBe('Week');

    await user.click(within(table).getByRole('radio'));
    const remove = screen.getByTestId('role-group-delete');
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(describedText(remove)).toContain('A common role group is changed in the organization settings.');
  });

  it('keeps Add visible but disabled for a viewer, naming the role that allows it', async () => {
    serve('PROJECT_MEMBER_VIEWER');
    renderPage();
    const add = await screen.findByTestId('role-group-add');
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(describedText(add)).toMatch(/Requires (the|one of these roles:).*Project member admin/);
  });

  it('tells someone who may not list role groups which roles to request', async () => {
    serve('VIEWER');
    renderPage();
    expect((await screen.findByTestId('role-groups-denied')).textContent).toContain('Ask the organization owner or an administrator');
  });
});
