import type { ProjectMember } from '@console/contracts/members';
import { listProjectMembers } from '@console/contracts/refs/project-members';
import { BUILT_IN_PROJECT_ROLES } from '@console/contracts/permissions';
import { getProjectSelfRoles } from '@console/contracts/refs/projects';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleAnswer, describedText, renderConsole, englishPageTests } from '../../../test/console.tsx';
import { PROJECT_ID, projectAdminSelfRoles, projectMember } from '../../../test/fixtures.ts';
import { mockFetch, ok } from '../../../test/http.ts';
import { ProjectMembersPage } from './ProjectMembersPage.tsx';
import { paths } from '../../../shared/paths.ts';

// The page loads its list on demand (React.lazy): load it once here, so a slow first import on a
// busy machine does not eat the queries' wait.
beforeAll(async () => {
  await import('../components/ProjectMembersList.tsx');
});

const frame = englishPageTests();

const PARK = '3c4d5e6f-7a8b-4c9d-8e0f-2a3b4c5d6e7f';
const LEE = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const member = (patch: Partial<ProjectMember>): ProjectMember => projectMember({ projectMemberUuid: LEE, ...patch });

function routes(permissions: readonly string[]) {
  const projectMembers = [member({}), member({ projectMemberUuid: PARK, memberType: 'IAM', userCode: 'dev-park', email: 'park@example.com', name: 'Park Iam' })];
  return mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer({}),
    [`GET /api/cab/v6/projects/${PROJECT_ID}/self/roles`]: () =>
      ok(getProjectSelfRoles, projectAdminSelfRoles(permissions)),
    [`GET /api/cab/v5/projects/${PROJECT_ID}/members`]: () =>
      ok(listProjectMembers, { projectMembers, paging: { page: 1, limit: 20, totalCount: projectMembers.length } }),
  });
}

const renderList = () =>
  renderConsole([{ path: '/project/:projectId/member', Component: ProjectMembersPage }], paths.project(PROJECT_ID).member, frame.english);

describe('ProjectMembersPage', () => {
  it('adds through a menu of the two kinds, each its own page', async () => {
    const user = userEvent.setup({ delay: null });
    routes(BUILT_IN_PROJECT_ROLES.ADMIN);
    const { router } = renderList();
    await screen.findByText('Park Iam');
    await user.click(within(screen.getByTestId('project-member-add')).getByRole('button'));
    await user.click(await screen.findByText('IAM account', { selector: '[data-testid="project-member-add-iam"] *' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.project(PROJECT_ID).memberAdd('iam')));

    await router.navigate(paths.project(PROJECT_ID).member);
    await screen.findByText('Park Iam');
    await user.click(within(screen.getByTestId('project-member-add')).getByRole('button'));
    await user.click(await screen.findByText('Cloud member', { selector: '[data-testid="project-member-add-cloud"] *' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.project(PROJECT_ID).memberAdd('cloud')));
  });

  it('modifies on the page of the row’s kind', async () => {
    const user = userEvent.setup({ delay: null });
    routes(BUILT_IN_PROJECT_ROLES.ADMIN);
    const { router } = renderList();
    await user.click(within((await screen.findByText('Park Iam')).closest('tr')!).getByRole('radio'));
    await user.click(screen.getByTestId('project-member-modify'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/project/${PROJECT_ID}/member/iam/modify`));
    expect(router.state.location.search).toBe(`?memberId=${PARK}`);

    await router.navigate(paths.project(PROJECT_ID).member);
    await user.click(within((await screen.findByText('Lee Member')).closest('tr')!).getByRole('radio'));
    await user.click(screen.getByTestId('project-member-modify'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/project/${PROJECT_ID}/member/cloud/modify`));
    expect(router.state.location.search).toBe(`?memberId=${LEE}`);
  });

  it('keeps an IAM account’s Modify disabled, naming the role, for a caller without Project.Member.Iam.Update', async () => {
    const user = userEvent.setup({ delay: null });
    routes(BUILT_IN_PROJECT_ROLES.ADMIN.filter((permission) => permission !== 'Project.Member.Iam.Update'));
    renderList();
    await user.click(within((await screen.findByText('Lee Member')).closest('tr')!).getByRole('radio'));
    expect(screen.getByTestId('project-member-modify').getAttribute('aria-disabled')).not.toBe('true');
    await user.click(within(screen.getByText('Park Iam').closest('tr')!).getByRole('radio'));
    await waitFor(() => expect(screen.getByTestId('project-member-modify').getAttribute('aria-disabled')).toBe('true'));
    expect(describedText(screen.getByTestId('project-member-modify'))).toMatch(/Requires/);
  });
});
