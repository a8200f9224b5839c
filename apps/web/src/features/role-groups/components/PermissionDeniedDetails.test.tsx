import { deleteProjectRoleGroup } from '@console/contracts/refs/role-groups';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installErrorRouting } from '../../../app/error-routing.ts';
import { callApi } from '../../../shared/api/client.ts';
import { permissionDetailsOf } from '../../../shared/api/permission-details.ts';
import { switchLocale, type LocaleResources } from '../../../shared/i18n/switch-locale.ts';
import { modals } from '../../../shared/ui/modals.ts';
import { bundleAnswer, renderConsole } from '../../../test/console.tsx';
import { PROJECT_ID } from '../../../test/fixtures.ts';
import { mockFetch } from '../../../test/http.ts';

let english: LocaleResources;
let korean: LocaleResources;
beforeAll(async () => {
  korean = await switchLocale('ko_KR');
  english = await switchLocale('en_US');
});
afterEach(() => {
  modals.closeAll();
  cleanup();
  vi.unstubAllGlobals();
});

const GROUP_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** A -6 answer as the API sends it: the header, what is missing, and the engine's details next to it. */
const deniedBody = {
  header: { isSuccessful: false, resultCode: -6, resultMessage: 'Permission denied' },
  clientIp: '203.0.113.7',
  neededPermissions: ['Project.RoleGroup.Delete'],
  neededRoles: [{ category: 'PROJECT_ROLE', roleName: 'PROJECT_MEMBER_ADMIN' }],
  relatedRoles: [{ permissionId: 'Project.RoleGroup.Delete', roleNames: ['PROJECT_ROLE:PROJECT_MEMBER_ADMIN', 'PROJECT_ROLE:ADMIN'], roleGroupNames: ['Office hours'] }],
  failedConditions: [
    {
      permissionId: 'Project.RoleGroup.Delete',
      roleGroupId: GROUP_ID,
      roleGroupName: 'Office hours',
      roleId: 'PROJECT_ROLE:PROJECT_MEMBER_ADMIN',
      attributeId: 'TIME',
      attributeOperatorTypeCode: 'BETWEEN',
      attributeValues: ['12:00', '14:00'],
      timeZone: 'Asia/Seoul',
      validFrom: '2026-11-23T03:00:00.000Z',
      reason: 'OUTSIDE_TIME',
    },
    {
      permissionId: 'Project.RoleGroup.Delete',
      roleGroupId: GROUP_ID,
      roleGroupName: 'Office network',
      roleId: 'PROJECT_ROLE:ADMIN',
      attributeId: 'REQUEST_IP',
      attributeOperatorTypeCode: 'ALLOW',
      attributeValues: ['10.0.0.0/8'],
      timeZone: 'Asia/Seoul',
      reason: 'IP_NOT_ALLOWED',
    },
  ],
  deniedBy: [{ permissionId: 'Project.RoleGroup.Delete', roleGroupName: 'No deletes', roleId: 'PROJECT_ROLE:ADMIN' }],
};

async function denyOnce(locale: LocaleResources) {
  const { fetchMock } = mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer({}),
    [`DELETE /api/cab/v6/projects/${PROJECT_ID}/role-groups/${GROUP_ID}`]: () => Response.json(deniedBody, { status: 403 }),
  });
  const view = renderConsole([{ path: '/', Component: () => <p>page</p> }], '/', locale);
  const uninstall = installErrorRouting(view.router, view.queryClient);
  await act(async () => {
    await expect(callApi(deleteProjectRoleGroup, { params: { projectId: PROJECT_ID, roleGroupId: GROUP_ID } })).rejects.toThrow();
  });
  return { ...view, uninstall, fetchMock };
}

describe('the permission-denied modal (-6)', () => {
  it('names the failed condition in words, when access is possible again, the deny, and who would grant the permission', async () => {
    const { uninstall, fetchMock } = await denyOnce(english);
    const failed = await screen.findByTestId('permission-failed-conditions');
    const items = [...failed.querySelectorAll('[data-testid="permission-failed-condition"]')].map((item) => item.textContent ?? '');
    expect(items[0]).toContain('Office hours · Project member admin (project): outside 12:00–14:00 Asia/Seoul');
    // 03:00 UTC is 12:00 in Seoul, in English and in the organization's time zone.
    expect(items[0]).toContain('Access is possible again from Nov 23, 2026, 12:00 PM (Asia/Seoul).');
    expect(items[1]).toContain('IP 203.0.113.7 is not in the allowed list (10.0.0.0/8)');
    expect(items[1]).not.toContain('Access is possible again');
    expect(screen.getByTestId('permission-denied-by').textContent).toContain('The role group No deletes denies Admin (project) (Project.RoleGroup.Delete).');
    const related = screen.getByTestId('permission-related-role').textContent ?? '';
    expect(related).toContain('Roles: Project member admin (project), Admin (project)');
    expect(related).toContain('Role groups: Office hours');
    // Nothing is fetched again: the one refused call only (and the message bundle).
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/role-groups/'))).toHaveLength(1);
    uninstall();
  });

  it('speaks the user’s language (Korean by default) with the same facts', async () => {
    const { uninstall } = await denyOnce(korean);
    const failed = await screen.findByTestId('permission-failed-conditions');
    await waitFor(() => expect(failed.textContent).toContain('12:00–14:00'));
    expect(screen.getByTestId('permission-valid-from').textContent).toContain('2026');
    expect(screen.getByTestId('permission-valid-from').textContent).toContain('Asia/Seoul');
    uninstall();
  });
});

describe('permissionDetailsOf', () => {
  it('keeps the well-formed entries and drops the others', () => {
    const details = permissionDetailsOf({ ...deniedBody, failedConditions: [...deniedBody.failedConditions, { permissionId: 1 }] });
    expect(details?.failedConditions).toHaveLength(2);
    expect(details?.relatedRoles).toHaveLength(1);
    expect(details?.deniedBy).toHaveLength(1);
    expect(permissionDetailsOf({ header: deniedBody.header })).toBeUndefined();
  });
});
