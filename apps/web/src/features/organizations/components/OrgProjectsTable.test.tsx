import { listProjects } from '@console/contracts/organizations';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { switchLocale, type LocaleResources } from '../../../shared/i18n/switch-locale.ts';
import { bundleAnswer, renderConsole } from '../../../test/console.tsx';
import { ORG_ID, project } from '../../../test/fixtures.ts';
import { mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { OrgProjectsTable } from './OrgProjectsTable.tsx';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
});
afterEach(() => cleanup());

function TablePage() {
  return <OrgProjectsTable orgId={ORG_ID} />;
}

describe('OrgProjectsTable', () => {
  it('asks the server for the order the user picks, from the first page', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer(),
      'GET /api/cab/v5/projects': (request: RecordedRequest) =>
        ok(listProjects, {
          projects: [project({ projectName: `sorted ${request.url.searchParams.get('sort')}` })],
          paging: { page: 1, limit: 10, totalCount: 1 },
        }),
    });
    renderConsole([{ path: '/org/:orgId/dashboard', Component: TablePage }], `/org/${ORG_ID}/dashboard`, english);

    expect(await screen.findByText('sorted regDateTime,asc')).toBeTruthy();
    const table = screen.getByTestId('org-projects');
    const nameHeader = table.querySelector('th [role="button"], th button');
    expect(nameHeader).not.toBeNull();
    await user.click(nameHeader!);
    await waitFor(() => expect(screen.getByText('sorted name,asc')).toBeTruthy());
    const last = requests.filter((request) => request.url.pathname === '/api/cab/v5/projects').at(-1)!;
    expect(last.url.searchParams.get('page')).toBe('1');
    expect(last.url.searchParams.get('orgId')).toBe(ORG_ID);
  });
});
