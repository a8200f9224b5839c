import { listProjects } from '@console/contracts/refs/projects';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { OrgProjectsTable } from '../../features/organizations/components/OrgProjectsTable.tsx';
import { sessionQuery } from '../session/session.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { bundleAnswer, renderConsole, englishPageTests } from '../../test/console.tsx';
import { ORG_ID, OWNER_UUID, project, session } from '../../test/fixtures.ts';
import { mockFetch, ok, type RecordedRequest } from '../../test/http.ts';
import { resolveContentDisplay } from './use-table-preferences.tsx';
import { paths } from '../paths.ts';

// Registered before the frame's own afterEach, so it runs after the page is unmounted (hooks run as a stack).
afterEach(() => {
  window.localStorage.clear();
});
const page = englishPageTests();

const OTHER_USER = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';

describe('resolveContentDisplay', () => {
  it('keeps the stored order and visibility of known columns, adds new ones, and never hides an always-visible one', () => {
    expect(
      resolveContentDisplay(
        ['name', 'status', 'owner', 'createdAt'],
        [
          { id: 'owner', visible: true },
          { id: 'name', visible: false },
          { id: 'gone', visible: true },
          { id: 'owner', visible: false },
        ],
        ['createdAt'],
        ['name'],
      ),
    ).toEqual([
      { id: 'owner', visible: true },
      { id: 'name', visible: true },
      { id: 'status', visible: true },
      { id: 'createdAt', visible: false },
    ]);
  });
});

/** The organization's project table of a signed-in account (its session already loaded, as the shell does). */
function renderTable(uuid = OWNER_UUID) {
  const { requests } = mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer(),
    'GET /api/cab/v5/projects': () => ok(listProjects, { projects: [project()], paging: { page: 1, limit: 10, totalCount: 1 } }),
  });
  const view = renderConsole(
    [{ path: '/org/:orgId/dashboard', Component: () => <OrgProjectsTable orgId={ORG_ID} /> }],
    paths.org(ORG_ID).dashboard,
    page.english,
  );
  view.queryClient.setQueryData(sessionQuery().queryKey, { session: session({ uuid }) } satisfies { session: ReturnType<typeof session> });
  return { ...view, requests };
}

const projectRequests = (requests: RecordedRequest[]) => requests.filter((request) => request.url.pathname === '/api/cab/v5/projects');
const columnHeaders = () => within(screen.getByTestId('org-projects')).getAllByRole('columnheader').map((header) => header.textContent?.trim());

describe('table preferences', () => {
  it('lets the user hide a column, choose rows per page and wrapping; kept for that account only', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderTable();
    expect(await screen.findByText('Web Service')).toBeTruthy();
    expect(columnHeaders()).toContain('Description');
    expect(projectRequests(requests).at(-1)?.url.searchParams.get('limit')).toBe('10');

    await user.click(await within(screen.getByTestId('org-projects')).findByRole('button', { name: 'Preferences' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '50 rows' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Description' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Wrap lines/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(columnHeaders()).not.toContain('Description'));
    expect(columnHeaders()).toContain('Project name');
    await waitFor(() => expect(projectRequests(requests).at(-1)?.url.searchParams.get('limit')).toBe('50'));
    expect(projectRequests(requests).at(-1)?.url.searchParams.get('page')).toBe('1');
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.tablePreferences('org-projects', OWNER_UUID)) ?? '{}');
    expect(stored).toMatchObject({ pageSize: 50, wrapLines: false });
    expect(stored.contentDisplay).toContainEqual({ id: 'description', visible: false });
    cleanup();

    // The same account finds its choice again; another account of this browser does not.
    const again = renderTable();
    expect(await screen.findByText('Web Service')).toBeTruthy();
    expect(columnHeaders()).not.toContain('Description');
    // The session is set after the first render (renderTable): the rows of its first ask may show before the saved size's.
    await waitFor(() => expect(projectRequests(again.requests).at(-1)?.url.searchParams.get('limit')).toBe('50'));
    cleanup();
    const other = renderTable(OTHER_USER);
    expect(await screen.findByText('Web Service')).toBeTruthy();
    expect(columnHeaders()).toContain('Description');
    expect(projectRequests(other.requests).at(-1)?.url.searchParams.get('limit')).toBe('10');
  });

  it('does not offer to hide the row header column', async () => {
    const user = userEvent.setup({ delay: null });
    renderTable();
    expect(await screen.findByText('Web Service')).toBeTruthy();
    await user.click(await within(screen.getByTestId('org-projects')).findByRole('button', { name: 'Preferences' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByRole('checkbox', { name: 'Project name' }) as HTMLInputElement).disabled).toBe(true);
  });
});

