import { listProjects } from '@console/contracts/refs/projects';
import { updateProject } from '@console/contracts/refs/projects';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../../../shared/i18n/switch-locale.ts';
import { toastQueue, toasts } from '../../../shared/ui/toasts.ts';
import { bundleAnswer, describedText, renderConsole } from '../../../test/console.tsx';
import { PROJECT_ID, project } from '../../../test/fixtures.ts';
import { mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { fill } from '../../../test/fill.ts';
import type { PermissionCheck } from '../../../shared/permissions/use-permissions.ts';
import { ProjectGeneralForm } from './ProjectGeneralForm.tsx';
import { paths } from '../../../shared/paths.ts';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
});
afterEach(() => {
  toasts.clear();
  cleanup();
  vi.unstubAllGlobals();
});

const OTHER_ID = '8c7b6a59-4d3e-4f2a-9b1c-0d9e8f7a6b5c';
const ALLOWED: PermissionCheck = { allowed: true, loading: false, grantingRoles: [], reason: undefined };

function renderForm(duplicateNameWarning: boolean) {
  const saved: unknown[] = [];
  mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer({}),
    // The project itself and another one of the organization, "Data Platform".
    'GET /api/cab/v5/projects': () =>
      ok(listProjects, {
        projects: [project(), project({ projectId: OTHER_ID, projectName: 'Data Platform' })],
        paging: { page: 1, limit: 1000, totalCount: 2 },
      }),
    [`PUT /api/cab/v5/projects/${PROJECT_ID}`]: (request: RecordedRequest) => {
      saved.push(request.body);
      const body = request.body as { projectName: string };
      return ok(updateProject, { project: project({ projectName: body.projectName }), duplicateNameWarning });
    },
  });
  renderConsole(
    [
      {
        path: '/project/:projectId/setting',
        Component: () => <ProjectGeneralForm project={project()} check={ALLOWED} onDirtyChange={() => undefined} />,
      },
    ],
    paths.project(PROJECT_ID).setting,
    english,
  );
  return saved;
}

describe('ProjectGeneralForm', () => {
  it('warns about the name of another project of the organization (not its own), saves anyway and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const saved = renderForm(true);
    const name = await screen.findByTestId('project-name-input');
    // Its own name is no duplicate.
    await user.type(name, ' ');
    await user.tab();
    expect(describedText(name)).not.toContain('already has a project');

    await user.clear(name);
    await fill(user, name, 'DATA platform');
    await waitFor(() => expect(describedText(name)).toContain('This organization already has a project with this name.'));
    await user.click(screen.getByTestId('project-settings-submit'));
    await waitFor(() => expect(toastQueue.get()).toHaveLength(1));
    expect(saved).toEqual([{ projectName: 'DATA platform', description: '' }]);
    expect(toastQueue.get()[0]).toMatchObject({
      type: 'warning',
      content: 'The project “DATA platform” was saved. The organization has another project with the same name.',
    });
  });

  it('saves a new name with a plain success toast', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(false);
    const name = await screen.findByTestId('project-name-input');
    await user.clear(name);
    await fill(user, name, 'Mobile App');
    await user.click(screen.getByTestId('project-settings-submit'));
    await waitFor(() => expect(toastQueue.get()).toHaveLength(1));
    expect(toastQueue.get()[0]).toMatchObject({ type: 'success', content: 'The project “Mobile App” was saved.' });
  });
});
