import type { ProjectMember } from '@console/contracts/members';
import { getProjectMember, listProjectMembers, updateProjectMember } from '@console/contracts/refs/project-members';
import { getProjectSelfRoles } from '@console/contracts/refs/projects';
import type { RoleGroupSummary } from '@console/contracts/role-groups';
import { listProjectRoleGroups } from '@console/contracts/refs/role-groups';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleAnswer, renderConsole, englishPageTests } from '../../../test/console.tsx';
import { ORG_ID, PROJECT_ID, projectAdminSelfRoles, projectMember } from '../../../test/fixtures.ts';
import { mockFetch, ok } from '../../../test/http.ts';
import { ProjectCloudMemberModifyPage } from '../pages/ProjectMemberModifyPage.tsx';
import { ProjectMembersPage } from '../pages/ProjectMembersPage.tsx';
import { paths } from '../../../shared/paths.ts';

// The page loads its list on demand (React.lazy): load it once here, so a slow first import on a
// busy machine does not eat the queries' wait.
beforeAll(async () => {
  await import('./ProjectMembersList.tsx');
});

const frame = englishPageTests();

const MEMBER_UUID = '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e';
const PROJECT_GROUP = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const COMMON_GROUP = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';

const summary = (roleGroupId: string, roleGroupName: string, typeCode: 'PROJECT' | 'COMMON'): RoleGroupSummary => ({
  roleGroupId,
  roleGroupName,
  description: '',
  typeCode,
  orgId: ORG_ID,
  projectId: typeCode === 'PROJECT' ? PROJECT_ID : null,
  roleCount: 1,
  memberCount: 0,
  regDateTime: '2026-11-20T00:00:00Z',
  modDateTime: '2026-11-20T00:00:00Z',
  editable: typeCode === 'PROJECT',
});

const member = (patch: Partial<ProjectMember> = {}): ProjectMember =>
  projectMember({
    projectMemberUuid: MEMBER_UUID,
    projectMemberRoleGroups: [{ roleGroupId: COMMON_GROUP, roleGroupName: 'Weekday Operators', typeCode: 'COMMON' }],
    ...patch,
  });

describe('role groups of a project member', () => {
  it('shows the groups a member holds and sends the chosen groups with the roles', async () => {
    const user = userEvent.setup({ delay: null });
    const sent: unknown[] = [];
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      [`GET /api/cab/v6/projects/${PROJECT_ID}/self/roles`]: () =>
        ok(getProjectSelfRoles, projectAdminSelfRoles()),
      [`GET /api/cab/v5/projects/${PROJECT_ID}/members`]: () =>
        ok(listProjectMembers, { projectMembers: [member()], paging: { page: 1, limit: 20, totalCount: 1 } }),
      [`GET /api/cab/v5/projects/${PROJECT_ID}/members/${MEMBER_UUID}`]: () => ok(getProjectMember, { projectMember: member() }),
      [`GET /api/cab/v6/projects/${PROJECT_ID}/role-groups`]: () =>
        ok(listProjectRoleGroups, {
          roleGroups: [summary(PROJECT_GROUP, 'Office hours', 'PROJECT'), summary(COMMON_GROUP, 'Weekday Operators', 'COMMON')],
          paging: { page: 1, limit: 1000, totalCount: 2 },
        }),
      [`PUT /api/cab/v5/projects/${PROJECT_ID}/members/${MEMBER_UUID}`]: (request) => {
        sent.push(request.body);
        return ok(updateProjectMember, { projectMember: member() });
      },
    });
    renderConsole(
      [
        { path: '/project/:projectId/member', Component: ProjectMembersPage },
        { path: '/project/:projectId/member/cloud/modify', Component: ProjectCloudMemberModifyPage },
      ],
      paths.project(PROJECT_ID).member,
      frame.english,
    );

    const row = (await screen.findByText('Lee Member')).closest('tr')!;
    expect(row.textContent).toContain('Weekday Operators');
    await user.click(within(row).getByRole('radio'));
    await user.click(screen.getByTestId('project-member-modify'));

    const groups = await screen.findByTestId('project-member-role-groups');
    await waitFor(() => expect(groups.textContent).toContain('Weekday Operators'));
    await user.click(within(groups).getAllByRole('button')[0]!);
    await user.click(await screen.findByText('Office hours'));
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('project-member-submit'));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ projectMemberRoleCodeList: ['MEMBER'], projectMemberRoleGroupIdList: [COMMON_GROUP, PROJECT_GROUP] });
  });
});
