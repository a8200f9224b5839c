import type { ProjectMember } from '@console/contracts/members';
import { addProjectMember, listProjectMemberCandidates } from '@console/contracts/refs/project-members';
import { BUILT_IN_PROJECT_ROLES } from '@console/contracts/permissions';
import { getProjectSelfRoles } from '@console/contracts/refs/projects';
import { listProjectRoleGroups } from '@console/contracts/refs/role-groups';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { toastQueue } from '../../../shared/ui/toasts.ts';
import { bundleAnswer, describedText, renderConsole, englishPageTests } from '../../../test/console.tsx';
import { PROJECT_ID, projectAdminSelfRoles, projectMember } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { chooseOption, selectTrigger } from '../../../test/select.ts';
import { ProjectCloudMemberAddPage, ProjectIamMemberAddPage } from './ProjectMemberAddPage.tsx';
import { paths } from '../../../shared/paths.ts';

// The page loads its form on demand (React.lazy): load it once here, so a slow first import on a
// busy machine does not eat the first test's wait.
beforeAll(async () => {
  await import('../components/ProjectMemberForm.tsx');
});

const frame = englishPageTests();

const LEE = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const IAM_ID = '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';
const GROUP_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const ALREADY_ADDED = 'Already added user';

const added = (patch: Partial<ProjectMember>): ProjectMember => projectMember({ projectMemberUuid: LEE, ...patch });

/** A project ADMIN's answers: self/roles, the candidates of each kind, one role group. */
function routes(extra: Record<string, (request: RecordedRequest) => Response>, permissions: readonly string[] = BUILT_IN_PROJECT_ROLES.ADMIN) {
  return mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer({}),
    [`GET /api/cab/v6/projects/${PROJECT_ID}/self/roles`]: () =>
      ok(getProjectSelfRoles, projectAdminSelfRoles(permissions)),
    [`GET /api/cab/v5/projects/${PROJECT_ID}/member-candidates`]: (request) =>
      ok(listProjectMemberCandidates, {
        candidates:
          request.url.searchParams.get('memberTypeCode') === 'IAM'
            ? [{ memberUuid: IAM_ID, memberType: 'IAM', userCode: 'dev-park', email: 'park@example.com', name: 'Park Iam' }]
            : [{ memberUuid: LEE, memberType: 'TOAST_CLOUD', userCode: null, email: 'lee@example.com', name: 'Lee Member' }],
        paging: { page: 1, limit: 1000, totalCount: 1 },
      }),
    [`GET /api/cab/v6/projects/${PROJECT_ID}/role-groups`]: () =>
      ok(listProjectRoleGroups, {
        roleGroups: [
          {
            roleGroupId: GROUP_ID,
            roleGroupName: 'Office hours',
            description: '',
            typeCode: 'PROJECT',
            orgId: '0c7e3f52-8f3d-4c59-a3a8-1d2b7e4f9a10',
            projectId: PROJECT_ID,
            roleCount: 1,
            memberCount: 0,
            regDateTime: '2026-11-20T00:00:00Z',
            modDateTime: '2026-11-20T00:00:00Z',
            editable: true,
          },
        ],
        paging: { page: 1, limit: 1000, totalCount: 1 },
      }),
    ...extra,
  });
}

const renderAdd = (kind: 'cloud' | 'iam') =>
  renderConsole(
    [
      { path: '/project/:projectId/member/cloud/add', Component: ProjectCloudMemberAddPage },
      { path: '/project/:projectId/member/iam/add', Component: ProjectIamMemberAddPage },
      { path: '/project/:projectId/member', Component: () => <p>project members list</p> },
    ],
    paths.project(PROJECT_ID).memberAdd(kind),
    frame.english,
  );


/**
 * The form's fields are disabled until the caller's permission check is in; a disabled trigger
 * takes no click. (Its `disabled` property: Cloudscape's trigger sets no aria-disabled.)
 */
const fieldsEnabled = () =>
  waitFor(() => {
    for (const testId of ['project-member-select', 'project-member-roles']) expect((selectTrigger(testId) as HTMLButtonElement).disabled).toBe(false);
  });

describe('project member add pages', () => {
  it('asks for a member and a role before any call, then adds the chosen cloud member with roles and a role group', async () => {
    const user = userEvent.setup({ delay: null });
    const sent: unknown[] = [];
    const { requests } = routes({
      [`POST /api/cab/v5/projects/${PROJECT_ID}/members`]: (request) => {
        sent.push(request.body);
        return ok(addProjectMember, { projectMember: added({}) });
      },
    });
    const { router } = renderAdd('cloud');
    expect(await screen.findByRole('heading', { name: 'Add cloud member' })).toBeTruthy();

    // Nothing chosen, and the default Member role taken away: both rules show next to their fields.
    await fieldsEnabled();
    await chooseOption(user, 'project-member-roles', 'MEMBER');
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('project-member-submit'));
    await waitFor(() => expect(describedText(selectTrigger('project-member-select'))).toContain('This field is required.'));
    expect(describedText(selectTrigger('project-member-roles'))).toContain('Choose at least one role.');
    expect(sent).toEqual([]);

    // The candidates are of this page's kind only.
    const candidateCalls = requests.filter((request) => request.url.pathname.endsWith('/member-candidates'));
    expect(candidateCalls.every((request) => request.url.searchParams.get('memberTypeCode') === 'TOAST_CLOUD')).toBe(true);

    await chooseOption(user, 'project-member-select', LEE);
    await chooseOption(user, 'project-member-role-groups', GROUP_ID);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(describedText(selectTrigger('project-member-roles'))).not.toContain('Choose at least one role.'));
    // Taking the group away again leaves neither: the roles say so at once.
    await chooseOption(user, 'project-member-role-groups', GROUP_ID);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(describedText(selectTrigger('project-member-roles'))).toContain('Choose at least one role.'));
    await chooseOption(user, 'project-member-role-groups', GROUP_ID);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(describedText(selectTrigger('project-member-roles'))).not.toContain('Choose at least one role.'));
    await user.click(screen.getByTestId('project-member-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe(paths.project(PROJECT_ID).member));
    expect(sent).toEqual([
      {
        projectMemberUuid: LEE,
        projectMemberRoleCodeList: [],
        projectMemberRoleGroupIdList: [GROUP_ID],
        projectMemberStatusCode: 'STABLE',
      },
    ]);
    expect(await screen.findByText('project members list')).toBeTruthy();
    expect(toastQueue.get().map((toast) => toast.content)).toEqual(['Lee Member was added to the project.']);
  });

  it('shows the server’s refusal of the member next to the member field, not above the form', async () => {
    const user = userEvent.setup({ delay: null });
    routes({
      [`POST /api/cab/v5/projects/${PROJECT_ID}/members`]: () =>
        fail(400, { resultCode: -2, fieldErrors: [{ field: 'body.projectMemberUuid', message: ALREADY_ADDED }] }),
    });
    const { router } = renderAdd('iam');
    expect(await screen.findByRole('heading', { name: 'Add IAM account' })).toBeTruthy();
    await fieldsEnabled();
    await chooseOption(user, 'project-member-select', IAM_ID);
    await user.click(screen.getByTestId('project-member-submit'));

    await waitFor(() => expect(describedText(selectTrigger('project-member-select'))).toContain(ALREADY_ADDED));
    expect(screen.queryByTestId('project-member-form-error')).toBeNull();
    expect(router.state.location.pathname).toBe(paths.project(PROJECT_ID).memberAdd('iam'));
  });

  it('finds a role among the 27 by typing part of its name', async () => {
    const user = userEvent.setup({ delay: null });
    routes({});
    renderAdd('cloud');
    await fieldsEnabled();
    await user.click(selectTrigger('project-member-roles'));
    const roles = screen.getByTestId('project-member-roles');
    const shown = () => [...roles.querySelectorAll('[role="option"] [data-value]')].map((option) => option.getAttribute('data-value'));
    await waitFor(() => expect(shown().length).toBeGreaterThan(20));
    const all = shown().length;
    await user.type(within(roles).getByRole('combobox'), 'view');
    await waitFor(() => expect(shown()).toContain('VIEWER'));
    expect(shown()).not.toContain('ADMIN');
    expect(shown().length).toBeLessThan(all);
    const labels = [...roles.querySelectorAll('[role="option"] [data-value]')].map((option) => option.getAttribute('title') ?? '');
    expect(labels.length).toBe(shown().length);
    expect(labels.every((label) => /view/i.test(label))).toBe(true);
  });

  it("says 'Failed to add member.' (spec §8) before the reason of a refusal that names no field", async () => {
    const user = userEvent.setup({ delay: null });
    routes({
      'GET /api/i18n/messages/bundle': bundleAnswer({ 'errors.21009': 'The IAM account must first be a member of the organization.' }),
      [`POST /api/cab/v5/projects/${PROJECT_ID}/members`]: () => fail(400, { resultCode: 21009 }),
    });
    renderAdd('iam');
    await fieldsEnabled();
    await chooseOption(user, 'project-member-select', IAM_ID);
    await user.click(screen.getByTestId('project-member-submit'));
    // Cloudscape renders the form's error twice (visible text and its live region).
    const [error] = await screen.findAllByTestId('project-member-form-error');
    expect(error?.textContent).toBe('Failed to add member. The IAM account must first be a member of the organization.');
  });

  it('asks before leaving with a chosen member; staying keeps the page, leaving goes back to the list', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = routes({});
    const { router } = renderAdd('iam');
    await fieldsEnabled();
    expect(
      requests.some(
        (request) => request.url.pathname.endsWith('/member-candidates') && request.url.searchParams.get('memberTypeCode') === 'IAM',
      ),
    ).toBe(true);
    await chooseOption(user, 'project-member-select', IAM_ID);

    await user.click(screen.getByTestId('project-member-cancel'));
    expect(await screen.findByText('Leave this page?')).toBeTruthy();
    await user.click(screen.getByTestId('modal-cancel'));
    await waitFor(() => expect(screen.queryByText('Leave this page?')).toBeNull());
    expect(router.state.location.pathname).toBe(paths.project(PROJECT_ID).memberAdd('iam'));

    await user.click(screen.getByTestId('project-member-cancel'));
    await user.click(await screen.findByTestId('modal-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.project(PROJECT_ID).member));
  });

  it('keeps the IAM add disabled, saying which role allows it, for a caller without Project.Member.Iam.Create', async () => {
    routes(
      {},
      BUILT_IN_PROJECT_ROLES.ADMIN.filter((permission) => !permission.startsWith('Project.Member.Iam.')),
    );
    renderAdd('iam');
    await waitFor(() => expect(describedText(screen.getByTestId('project-member-submit'))).toMatch(/Requires/));
    expect(screen.getByTestId('project-member-submit').hasAttribute('disabled') || screen.getByTestId('project-member-submit').getAttribute('aria-disabled') === 'true').toBe(true);
  });
});
