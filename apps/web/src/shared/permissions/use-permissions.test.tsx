import { getOrgSelfRoles } from '@console/contracts/refs/organizations';
import type { PermissionName } from '@console/contracts/permissions';
import { getProjectSelfRoles } from '@console/contracts/refs/projects';
import { cleanup, screen, within } from '@testing-library/react';
import { useParams } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bundleAnswer, renderConsole } from '../../test/console.tsx';
import { ORG_ID, orgSelfRoles, PROJECT_ID } from '../../test/fixtures.ts';
import { fail, mockFetch, ok } from '../../test/http.ts';
import { switchLocale, type LocaleResources } from '../i18n/switch-locale.ts';
import { usePermissions } from './use-permissions.ts';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ASKED: PermissionName[] = [
  'Organization.Project.Create',
  'Organization.Setting.Update',
  'Organization.Setting.Delete',
  'Project.Setting.Update',
  'Project.Setting.Delete',
];

/** Shows what the hook answers for each permission asked about. */
function Probe({ scope }: { scope: 'org' | 'project' }) {
  const { id = '' } = useParams();
  const access = usePermissions(scope === 'org' ? { orgId: id } : { projectId: id });
  return (
    <ul>
      {ASKED.map((permission) => {
        const check = access.check(permission);
        return (
          <li key={permission} data-testid={permission}>
            {check.loading ? `loading: ${check.reason}` : check.allowed ? 'allowed' : `denied: ${check.reason}`}
          </li>
        );
      })}
    </ul>
  );
}

const routes = [
  { path: '/org/:id', Component: () => <Probe scope="org" /> },
  { path: '/project/:id', Component: () => <Probe scope="project" /> },
];
const text = (permission: PermissionName) => screen.getByTestId(permission).textContent;

describe('usePermissions', () => {
  it('is loading until the roles arrive, then allows what the roles give and names the role for the rest', async () => {
    let answer: ((response: Response) => void) | undefined;
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer(),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderConsole(routes, `/org/${ORG_ID}`, english);

    expect(await screen.findByTestId('Organization.Setting.Delete')).toBeTruthy();
    expect(text('Organization.Setting.Delete')).toBe('loading: Checking your permissions…');

    answer?.(ok(getOrgSelfRoles, orgSelfRoles('MEMBER')));
    await screen.findByText('allowed');
    expect(text('Organization.Project.Create')).toBe('allowed');
    expect(text('Organization.Setting.Delete')).toBe('denied: Requires the Owner role.');
    expect(text('Organization.Setting.Update')).toBe('denied: Requires one of these roles: Admin or Owner.');
  });

  it('allows an OWNER everything of the organization', async () => {
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer(),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('OWNER')),
    });
    renderConsole(routes, `/org/${ORG_ID}`, english);
    await screen.findAllByText('allowed');
    for (const permission of ['Organization.Project.Create', 'Organization.Setting.Update', 'Organization.Setting.Delete'] as const) {
      expect(text(permission)).toBe('allowed');
    }
  });

  it('in a project, names project and organization roles apart', async () => {
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer(),
      [`GET /api/cab/v6/projects/${PROJECT_ID}/self/roles`]: () =>
        ok(getProjectSelfRoles, {
          roles: [{ category: 'PROJECT_ROLE', roleName: 'MEMBER', categoryKey: PROJECT_ID }],
          permissions: ['Project.Setting.Get'],
          roleGroups: [],
        }),
    });
    renderConsole(routes, `/project/${PROJECT_ID}`, english);
    await screen.findAllByText(/denied/);
    expect(text('Project.Setting.Update')).toBe(
      'denied: Requires one of these roles: Project management admin (project), Admin (project), Owner (project), Admin (organization), or Owner (organization).',
    );
    expect(text('Project.Setting.Delete')).toBe(
      'denied: Requires one of these roles: Admin (project), Owner (project), Admin (organization), or Owner (organization).',
    );
  });

  it('names the role in the active language', async () => {
    const korean = await switchLocale('ko_KR');
    try {
      mockFetch({
        'GET /api/i18n/messages/bundle': bundleAnswer(),
        [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('MEMBER')),
      });
      renderConsole(routes, `/org/${ORG_ID}`, korean);
      const item = await screen.findByTestId('Organization.Setting.Delete');
      await within(item).findByText(/denied/);
      expect(item.textContent).toBe('denied: 소유자 역할이 필요합니다.');
      expect(text('Organization.Setting.Update')).toBe('denied: 다음 역할 중 하나가 필요합니다: 관리자 또는 소유자.');
    } finally {
      await switchLocale('en_US');
    }
  });

  it('disables nothing when the roles cannot be loaded: the server still decides', async () => {
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer(),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => fail(400, { resultCode: 10001 }),
    });
    renderConsole(routes, `/org/${ORG_ID}`, english);
    await screen.findAllByText('allowed');
    expect(text('Organization.Setting.Delete')).toBe('allowed');
  });
});
