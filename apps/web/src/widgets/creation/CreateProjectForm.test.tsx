import { getOrgSelfRoles, listOrganizationInfos } from '@console/contracts/refs/organizations';
import { listProjects } from '@console/contracts/refs/projects';
import { createProject } from '@console/contracts/refs/projects';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toastQueue } from '../../shared/ui/toasts.ts';
import { bundleAnswer, describedText, renderConsole, englishPageTests } from '../../test/console.tsx';
import { ORG_ID, orgInfo, orgInfosAnswer, orgSelfRoles, project } from '../../test/fixtures.ts';
import { mockFetch, ok, type RecordedRequest } from '../../test/http.ts';
import { ToastFlashbar } from '../../app/feedback/ToastFlashbar.tsx';
import { useCreateProject } from './use-create-project.tsx';

const frame = englishPageTests();

const NEW_PROJECT_ID = '4a3b2c1d-0e9f-4a8b-9c7d-6e5f4a3b2c1d';

function CreateButton() {
  const create = useCreateProject();
  return (
    <>
      <button onClick={() => void create(ORG_ID)}>create</button>
      <ToastFlashbar />
    </>
  );
}

/** An OWNER of an organization that has the project "Web Service"; the server warns as told. */
function api(duplicateNameWarning: boolean) {
  const bodies: unknown[] = [];
  mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer({}),
    'GET /api/cab/v6/organizations/infos': () =>
      ok(listOrganizationInfos, orgInfosAnswer([orgInfo({ projectCount: 1 })])),
    [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('OWNER')),
    'GET /api/cab/v5/projects': () => ok(listProjects, { projects: [project()], paging: { page: 1, limit: 1000, totalCount: 1 } }),
    'POST /api/cab/v5/projects': (request: RecordedRequest) => {
      bodies.push(request.body);
      const name = (request.body as { projectName: string }).projectName;
      return ok(createProject, { project: project({ projectId: NEW_PROJECT_ID, projectName: name }), duplicateNameWarning });
    },
  });
  return bodies;
}

describe('Create project', () => {
  it('warns while typing a name another project of the organization has, creates it anyway and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies = api(true);
    renderConsole([{ path: '/', Component: CreateButton }], '/', frame.english);
    await user.click(await screen.findByText('create'));
    const name = await screen.findByTestId('create-project-name', {}, { timeout: 10_000 });
    await user.type(name, 'web service ');
    await waitFor(() =>
      expect(describedText(name)).toContain('This organization already has a project with this name.'),
    );
    await user.click(screen.getByTestId('create-project-submit'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies).toEqual([{ orgId: ORG_ID, projectName: 'web service', description: '' }]);
    expect((await screen.findByTestId('project-created-toast')).textContent).toContain(
      'Project “web service” was created. The organization has another project with the same name;',
    );
    expect(toastQueue.get()[0]?.type).toBe('warning');
  });

  it('says nothing of duplicates for a new name, and the toast is a plain success', async () => {
    const user = userEvent.setup({ delay: null });
    api(false);
    renderConsole([{ path: '/', Component: CreateButton }], '/', frame.english);
    await user.click(await screen.findByText('create'));
    const name = await screen.findByTestId('create-project-name', {}, { timeout: 10_000 });
    await user.type(name, 'Data Platform');
    await user.tab();
    expect(describedText(name)).not.toContain('already has a project');
    await user.click(screen.getByTestId('create-project-submit'));
    expect((await screen.findByTestId('project-created-toast')).textContent).toContain('Project “Data Platform” was created. Open project');
    expect(toastQueue.get()[0]?.type).toBe('success');
  });
});
