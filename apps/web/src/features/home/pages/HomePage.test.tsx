import { getSession } from '@console/contracts/refs/auth';
import { createOrganization, listOrganizationInfos, listOrganizations } from '@console/contracts/refs/organizations';
import { listProjects } from '@console/contracts/refs/projects';
import { listMyProjects } from '@console/contracts/refs/projects';
import type { OrgInfo } from '@console/contracts/organizations';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleAnswer, describedText, renderConsole, englishPageTests } from '../../../test/console.tsx';
import { organization, orgInfo, project, session } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { HomePage } from './HomePage.tsx';
import { paths } from '../../../shared/paths.ts';

const frame = englishPageTests();

// The page loads its projects table on demand (React.lazy): load it once here, so a slow first
// import on a busy machine does not eat the queries' one-second wait.
beforeAll(async () => {
  await import('../components/MyProjectsTable.tsx');
});

const NEW_ORG_ID = '7f3e2d1c-0b9a-4887-a665-544332211000';
const MESSAGES = {
  'errors.22021': 'The organization cannot be added because it exceeds the quota.',
  'errors.20005': 'This account is restricted from this action. Contact the customer center.',
};

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function homeApi(infos: OrgInfo[], extra: Record<string, Handler> = {}) {
  const orgs = infos.map((info) => organization({ orgId: info.orgId, orgName: info.orgName }));
  return mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer(MESSAGES),
    'GET /api/console/v1/session': () => ok(getSession, { session: session() }),
    'GET /api/cab/v6/organizations/infos': () =>
      ok(listOrganizationInfos, {
        orgInfos: infos,
        paging: { page: 1, limit: 9999, totalCount: infos.length },
        orgCreation: { canCreate: true, blockedBy: null, ownedOrgCount: infos.length, orgLimit: 10 },
      }),
    'GET /api/cab/v7/organizations': () => ok(listOrganizations, { orgs, paging: { page: 1, limit: 9999, totalCount: orgs.length } }),
    'GET /api/cab/v5/projects': () => ok(listProjects, { projects: [project()], paging: { page: 1, limit: 1000, totalCount: 1 } }),
    'GET /api/cab/v6/projects': () => ok(listMyProjects, { projects: [project()], paging: { page: 1, limit: 10, totalCount: 1 } }),
    ...extra,
  });
}

const renderHome = () =>
  renderConsole(
    [
      { path: '/', Component: HomePage },
      { path: '/org/:orgId/dashboard', Component: () => <p>dashboard</p> },
    ],
    '/',
    frame.english,
    { signedIn: true },
  );

async function openCreateOrganization(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByTestId('home-empty-create-organization'));
  return screen.findByTestId('create-org-name', {}, { timeout: 10_000 });
}

describe('HomePage', () => {
  it('lists the organizations with their projects', async () => {
    homeApi([orgInfo({ projectCount: 1 })]);
    renderHome();
    const card = await screen.findByTestId(`home-org-${orgInfo().orgId}`);
    expect(within(card).getByText('Acme Cloud')).toBeTruthy();
    expect(await within(card).findByText('Web Service')).toBeTruthy();
    expect(within(card).getByText('1 of 5 projects')).toBeTruthy();
  });

  it('explains organizations to a first-time user and offers to create one', async () => {
    homeApi([]);
    renderHome();
    const empty = await screen.findByTestId('home-no-organizations');
    expect(empty.textContent).toContain('You do not belong to any organization yet.');
    expect(empty.textContent).toContain('An organization holds your projects');
    const createProject = screen.getByTestId('home-create-project');
    expect(createProject.getAttribute('aria-disabled')).toBe('true');
    expect(describedText(createProject)).toBe('Create an organization first: projects belong to an organization.');
  });

  it('checks the organization name when the field loses focus, then creates it and opens its dashboard', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    homeApi([], {
      'POST /api/cab/v5/organizations': (request) => {
        bodies.push(request.body);
        return ok(createOrganization, {
          org: organization({ orgId: NEW_ORG_ID, orgName: 'Acme Cloud' }),
          duplicateNameWarning: false,
        });
      },
    });
    const { router } = renderHome();

    const name = await openCreateOrganization(user);
    await user.type(name, 'Acme <Cloud>');
    expect(describedText(name)).not.toContain('Use only');
    await user.tab();
    await waitFor(() =>
      expect(describedText(name)).toContain('Use only Latin, Korean, Japanese or Chinese letters, digits, spaces and . _ -'),
    );
    await user.clear(name);
    await user.tab();
    await waitFor(() => expect(describedText(name)).toContain('This field is required.'));

    await user.type(name, '  Acme Cloud ');
    await user.click(screen.getByTestId('create-org-submit'));
    await screen.findByText('dashboard');
    expect(router.state.location.pathname).toBe(paths.org(NEW_ORG_ID).dashboard);
    expect(bodies).toEqual([{ org: { orgName: 'Acme Cloud' } }]);
  });

  it('puts a server field error next to the name and shows the quota refusal (22021) on the form', async () => {
    const user = userEvent.setup({ delay: null });
    let answer = 0;
    homeApi([], {
      'POST /api/cab/v5/organizations': () =>
        ++answer === 1
          ? fail(400, { resultCode: 10001, fieldErrors: [{ field: 'body.org.orgName', message: 'Name refused by the server.' }] })
          : fail(400, { resultCode: 22021 }),
    });
    renderHome();

    const name = await openCreateOrganization(user);
    await user.type(name, 'Acme');
    await user.click(screen.getByTestId('create-org-submit'));
    await waitFor(() => expect(describedText(name)).toContain('Name refused by the server.'));
    expect(screen.queryByTestId('create-org-form-error')).toBeNull();

    await user.type(name, ' Two');
    await user.click(screen.getByTestId('create-org-submit'));
    const [error] = await screen.findAllByTestId('create-org-form-error');
    expect(error?.textContent).toBe('The organization cannot be added because it exceeds the quota.');
  });

  it('says which restriction keeps the account from creating (20005)', async () => {
    const user = userEvent.setup({ delay: null });
    homeApi([], {
      'POST /api/cab/v5/organizations': () => fail(400, { resultCode: 20005, restriction: 'ORG_CREATE' }),
    });
    renderHome();
    const name = await openCreateOrganization(user);
    await user.type(name, 'Acme');
    await user.click(screen.getByTestId('create-org-submit'));
    const [error] = await screen.findAllByTestId('create-org-form-error');
    expect(error?.textContent).toBe(
      'This account is restricted from this action. Contact the customer center. The account may not create organizations.',
    );
  });

  it('tells a MEMBER who is in none of the organization’s projects so, instead of "no projects"', async () => {
    homeApi([orgInfo({ projectCount: 2, orgRoleCodes: ['MEMBER'], isOrgOwner: false })], {
      'GET /api/cab/v5/projects': () => ok(listProjects, { projects: [], paging: { page: 1, limit: 1000, totalCount: 0 } }),
      'GET /api/cab/v6/projects': () => ok(listMyProjects, { projects: [], paging: { page: 1, limit: 10, totalCount: 0 } }),
    });
    renderHome();
    const card = await screen.findByTestId(`home-org-${orgInfo().orgId}`);
    expect((await within(card).findByTestId('home-org-not-member')).textContent).toBe(
      'You are not a member of any project of this organization (projects in it: 2). Ask an administrator of the organization or of a project to add you.',
    );
    expect(within(card).queryByText('No projects')).toBeNull();
    expect((await screen.findByTestId('home-my-projects-empty')).textContent).toBe(
      'You are not a member of any project yet (projects in your organizations: 2). Ask an administrator of the organization or of a project to add you.',
    );
  });

  it('counts the projects a MEMBER is not in next to those they are in, and still says "no projects" when there are none', async () => {
    homeApi([orgInfo({ projectCount: 3, orgRoleCodes: ['MEMBER'], isOrgOwner: false })]);
    renderHome();
    const card = await screen.findByTestId(`home-org-${orgInfo().orgId}`);
    expect(await within(card).findByText('Web Service')).toBeTruthy();
    expect(within(card).getByTestId('home-org-not-member').textContent).toBe('Projects you are not a member of: 2');
    cleanup();

    homeApi([orgInfo({ projectCount: 0 })], {
      'GET /api/cab/v5/projects': () => ok(listProjects, { projects: [], paging: { page: 1, limit: 1000, totalCount: 0 } }),
      'GET /api/cab/v6/projects': () => ok(listMyProjects, { projects: [], paging: { page: 1, limit: 10, totalCount: 0 } }),
    });
    renderHome();
    const empty = await screen.findByTestId(`home-org-${orgInfo().orgId}`);
    expect(await within(empty).findByText('No projects')).toBeTruthy();
    expect(within(empty).queryByTestId('home-org-not-member')).toBeNull();
    expect((await screen.findByTestId('home-my-projects-empty')).textContent).toBe('You have no projects yet.');
  });
});
