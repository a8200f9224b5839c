import type { ProjectMember } from '@console/contracts/members';
import { getProjectMember, updateProjectMember } from '@console/contracts/refs/project-members';
import { getProjectSelfRoles } from '@console/contracts/refs/projects';
import { listProjectRoleGroups } from '@console/contracts/refs/role-groups';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { toastQueue } from '../../../shared/ui/toasts.ts';
import { fakeClock } from '../../../test/clock.ts';
import { bundleAnswer, describedText, renderConsole, englishPageTests } from '../../../test/console.tsx';
import { PROJECT_ID, projectAdminSelfRoles, projectMember } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { ProjectCloudMemberModifyPage, ProjectIamMemberModifyPage } from './ProjectMemberModifyPage.tsx';
import { paths } from '../../../shared/paths.ts';

// The page loads its form on demand (React.lazy): load it once here, so a slow first import on a
// busy machine does not eat the first test's wait.
beforeAll(async () => {
  await import('../components/ProjectMemberForm.tsx');
});

const frame = englishPageTests();

const OWNER = '1d0e9b7a-6c5d-4e3f-8a2b-1c0d9e8f7a6b';
const PARK = '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';
const STRANGER = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b';
const SOLE_ADMIN = 'The project has no ADMIN. A project needs at least one ADMIN.';

const member = (patch: Partial<ProjectMember>): ProjectMember =>
  projectMember({
    projectMemberUuid: OWNER,
    email: 'kim@example.com',
    name: 'Kim Cloud',
    projectMemberRoleCodeList: ['ADMIN'],
    isProjectOwner: true,
    regDateTime: '2026-11-01T00:00:00Z',
    projectMemberRoleGroups: [],
    ...patch,
  });
const park = member({
  projectMemberUuid: PARK,
  memberType: 'IAM',
  userCode: 'dev-park',
  email: 'park@example.com',
  name: 'Park Iam',
  projectMemberRoleCodeList: ['VIEWER'],
  isProjectOwner: false,
});

/** A project ADMIN; one member is read by id (12100 for an id that is no member, as the server answers). */
function routes(extra: Record<string, (request: RecordedRequest) => Response>) {
  return mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer({ 'errors.10012': SOLE_ADMIN }),
    [`GET /api/cab/v6/projects/${PROJECT_ID}/self/roles`]: () =>
      ok(getProjectSelfRoles, projectAdminSelfRoles()),
    [`GET /api/cab/v5/projects/${PROJECT_ID}/members/${OWNER}`]: () => ok(getProjectMember, { projectMember: member({}) }),
    [`GET /api/cab/v5/projects/${PROJECT_ID}/members/${PARK}`]: () => ok(getProjectMember, { projectMember: park }),
    [`GET /api/cab/v5/projects/${PROJECT_ID}/members/${STRANGER}`]: () => fail(400, { resultCode: 12100 }),
    [`GET /api/cab/v6/projects/${PROJECT_ID}/role-groups`]: () =>
      ok(listProjectRoleGroups, { roleGroups: [], paging: { page: 1, limit: 1000, totalCount: 0 } }),
    ...extra,
  });
}

const renderModify = (kind: 'cloud' | 'iam', memberId: string) =>
  renderConsole(
    [
      { path: '/project/:projectId/member/cloud/modify', Component: ProjectCloudMemberModifyPage },
      { path: '/project/:projectId/member/iam/modify', Component: ProjectIamMemberModifyPage },
      { path: '/project/:projectId/member', Component: () => <p>project members list</p> },
    ],
    paths.project(PROJECT_ID).memberModify(kind, memberId),
    frame.english,
  );

const rolesTrigger = () => {
  const root = screen.getByTestId('project-member-roles');
  return (root.querySelector('button[aria-haspopup]') ?? root.querySelector('button')) as HTMLElement;
};

/** Opens the roles and clicks these (each is added or taken away). */
async function toggleRoles(user: ReturnType<typeof userEvent.setup>, values: readonly string[]) {
  // Enabled once the caller's own roles have arrived, as a person would see it.
  await waitFor(() => expect((rolesTrigger() as HTMLButtonElement).disabled).toBe(false));
  await user.click(rolesTrigger());
  for (const value of values) {
    const option = await waitFor(() => {
      const found = screen.getByTestId('project-member-roles').querySelector(`[role="option"] [data-value="${value}"]`);
      if (!found) throw new Error(`no option ${value}`);
      return found as HTMLElement;
    });
    await user.click(option);
  }
  await user.keyboard('{Escape}');
}

describe('project member modify pages', () => {
  it('reads the IAM account with the single project-member call, changes its roles and goes back to the list', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: unknown[] = [];
    const { requests } = routes({
      [`PUT /api/cab/v5/projects/${PROJECT_ID}/members/${PARK}`]: (request) => {
        saved.push(request.body);
        return ok(updateProjectMember, { projectMember: { ...park, projectMemberRoleCodeList: ['MEMBER'] } });
      },
    });
    const { router } = renderModify('iam', PARK);
    expect(await screen.findByRole('heading', { name: 'Park Iam' })).toBeTruthy();
    expect(within(screen.getByTestId('project-member-summary')).getByText('dev-park')).toBeTruthy();
    // The member is read by the single call, never through the member list.
    const memberCalls = requests.filter((request) => request.url.pathname.startsWith(`/api/cab/v5/projects/${PROJECT_ID}/members`));
    expect(memberCalls.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([`GET /api/cab/v5/projects/${PROJECT_ID}/members/${PARK}`]);

    await toggleRoles(user, ['VIEWER', 'MEMBER']);
    await user.click(screen.getByTestId('project-member-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.project(PROJECT_ID).member));
    expect(saved).toEqual([{ projectMemberRoleCodeList: ['MEMBER'], projectMemberRoleGroupIdList: [] }]);
    expect(toastQueue.get().map((toast) => toast.content)).toEqual(['The roles of Park Iam were saved.']);
  });

  it('refuses ADMIN with another role next to the roles before any call, and shows the sole-ADMIN refusal (10012) there too', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: unknown[] = [];
    routes({
      [`PUT /api/cab/v5/projects/${PROJECT_ID}/members/${OWNER}`]: (request) => {
        saved.push(request.body);
        return fail(400, { resultCode: 10012 });
      },
    });
    const { router } = renderModify('cloud', OWNER);
    expect(await screen.findByRole('heading', { name: 'Kim Cloud (Owner)' })).toBeTruthy();

    await toggleRoles(user, ['MEMBER']);
    await user.click(screen.getByTestId('project-member-submit'));
    await waitFor(() => expect(describedText(rolesTrigger())).toContain('The Admin role cannot be combined with other project roles.'));
    expect(saved).toEqual([]);

    await toggleRoles(user, ['ADMIN']);
    await user.click(screen.getByTestId('project-member-submit'));
    await waitFor(() => expect(describedText(rolesTrigger())).toContain(SOLE_ADMIN));
    expect(saved).toEqual([{ projectMemberRoleCodeList: ['MEMBER'], projectMemberRoleGroupIdList: [] }]);
    expect(screen.queryByTestId('project-member-form-error')).toBeNull();
    expect(router.state.location.pathname).toBe(`/project/${PROJECT_ID}/member/cloud/modify`);

    // Leaving with the unsaved change asks first.
    await user.click(screen.getByTestId('project-member-cancel'));
    await user.click(await screen.findByTestId('modal-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.project(PROJECT_ID).member));
  });

  it('says the member is not in the project for an id of the other kind, an id that is no member (12100), or no id', async () => {
    const { requests } = routes({});
    renderModify('cloud', PARK);
    expect(await screen.findByTestId('project-member-modify-missing')).toBeTruthy();
    expect(screen.queryByTestId('project-member-form')).toBeNull();
    cleanup();
    renderModify('iam', STRANGER);
    expect(await screen.findByTestId('project-member-modify-missing')).toBeTruthy();
    expect(screen.queryByTestId('error-state')).toBeNull();
    cleanup();
    renderModify('iam', 'not-an-id');
    expect((await screen.findByTestId('missing-parameter')).textContent).toContain('The address is not valid');
    cleanup();
    renderModify('iam', '');
    const missing = await screen.findByTestId('missing-parameter');
    expect(missing.textContent).toContain('This page needs the project member to change (“memberId” in the address), and the address has none.');
    expect(within(missing).getByRole('link', { name: 'Back to project members' }).getAttribute('href')).toBe(paths.project(PROJECT_ID).member);
    const memberCalls = requests.filter((request) => request.url.pathname.includes('/members'));
    expect(memberCalls.map((request) => request.url.pathname)).toEqual([
      `/api/cab/v5/projects/${PROJECT_ID}/members/${PARK}`,
      `/api/cab/v5/projects/${PROJECT_ID}/members/${STRANGER}`,
    ]);
  });

  it('shows any other failure as an error with a retry', async () => {
    const clock = fakeClock();
    const { requests } = routes({ [`GET /api/cab/v5/projects/${PROJECT_ID}/members/${OWNER}`]: () => fail(500, { resultCode: -1 }) });
    renderModify('cloud', OWNER);
    // A 5xx is tried three times in all (spec §8), 1 s and 2 s apart: the clock skips the back-off.
    expect(await clock.until(() => screen.getByTestId('error-state'))).toBeTruthy();
    expect(requests.filter((request) => request.url.pathname.endsWith(OWNER))).toHaveLength(3);
    expect(screen.queryByTestId('project-member-modify-missing')).toBeNull();
  });
});
