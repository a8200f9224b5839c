import { listProjects } from '@console/contracts/refs/projects';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { switchLocale, type LocaleResources } from '../../../shared/i18n/switch-locale.ts';
import { bundleAnswer, renderConsole } from '../../../test/console.tsx';
import { ORG_ID, project } from '../../../test/fixtures.ts';
import { mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { OrgProjectsTable } from './OrgProjectsTable.tsx';
import { paths } from '../../../shared/paths.ts';

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
    renderConsole([{ path: '/org/:orgId/dashboard', Component: TablePage }], paths.org(ORG_ID).dashboard, english);

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

  it('tells a caller who sees none of the organization’s projects that they are not a member of them', async () => {
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer(),
      'GET /api/cab/v5/projects': () => ok(listProjects, { projects: [], paging: { page: 1, limit: 10, totalCount: 0 } }),
    });
    renderConsole(
      [{ path: '/org/:orgId/dashboard', Component: () => <OrgProjectsTable orgId={ORG_ID} orgProjectCount={2} /> }],
      paths.org(ORG_ID).dashboard,
      english,
    );
    expect((await screen.findByTestId('org-projects-empty')).textContent).toBe(
      'You are not a member of any project of this organization (projects in it: 2). Ask an administrator of the organization or of a project to add you.',
    );
  });

  it('says how many projects are not shown to a caller who sees some of them', async () => {
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer(),
      'GET /api/cab/v5/projects': () => ok(listProjects, { projects: [project()], paging: { page: 1, limit: 10, totalCount: 1 } }),
    });
    renderConsole(
      [{ path: '/org/:orgId/dashboard', Component: () => <OrgProjectsTable orgId={ORG_ID} orgProjectCount={2} /> }],
      paths.org(ORG_ID).dashboard,
      english,
    );
    expect((await screen.findByTestId('org-projects-not-member')).textContent).toBe(
      'Only projects you are a member of are shown. Projects you are not a member of: 1',
    );
  });
});
