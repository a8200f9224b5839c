import { createProjectAuthentication, listProjectAuthentications, updateProjectAuthentication, type ProjectAppKey } from '@console/contracts/products';
import { getProjectSelfRoles } from '@console/contracts/projects';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bundleAnswer, describedText, renderConsole, englishPageTests } from '../../../test/console.tsx';
import { PROJECT_ID, projectAdminSelfRoles } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { fill } from '../../../test/fill.ts';
import { DisableServiceForm } from '../components/DisableServiceForm.tsx';
import { ProjectAppKeysPage } from './ProjectAppKeysPage.tsx';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';

// The page loads its table on demand (React.lazy): load it once here, so a slow first import on a
// busy machine does not eat the queries' wait.
beforeAll(async () => {
  await import('../components/ProjectAppKeysTable.tsx');
});

const page = englishPageTests();

const key = (patch: Partial<ProjectAppKey>): ProjectAppKey => ({
  authId: 'a1',
  projectId: PROJECT_ID,
  authAlias: 'batch',
  authCategory: 'NULL',
  authKey: 'AK1',
  authStatus: 'STABLE',
  authType: 'PROJECT_APP_KEY',
  ipAclList: [],
  referenceId: null,
  secretKey: 'SK1',
  lastUsedDatetime: null,
  reIssueDatetime: null,
  regDatetime: '2026-11-01T00:00:00.000Z',
  modDatetime: '2026-11-01T00:00:00.000Z',
  ...patch,
});

describe('project Appkey forms', () => {
  it('creates and edits an Appkey: the rules on blur and the server’s field errors next to their fields', async () => {
    const user = userEvent.setup({ delay: null });
    const keys: ProjectAppKey[] = [];
    const posted: unknown[] = [];
    const updated: unknown[] = [];
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      [`GET /api/cab/v6/projects/${PROJECT_ID}/self/roles`]: () => ok(getProjectSelfRoles, projectAdminSelfRoles()),
      [`GET /api/cab/v4/authentications/projects/${PROJECT_ID}`]: () => ok(listProjectAuthentications, { authenticationList: keys }),
      'POST /api/cab/v4/authentications': (request: RecordedRequest) => {
        posted.push(request.body);
        if (posted.length === 1) return fail(400, { resultCode: 10001, fieldErrors: [{ field: 'body.authentication.authAlias', message: 'The name is taken.' }] });
        keys.push(key({}));
        return ok(createProjectAuthentication, { authentication: keys[0]! });
      },
      'PUT /api/cab/v4/authentications/a1': (request: RecordedRequest) => {
        updated.push(request.body);
        keys[0] = key({ authAlias: 'nightly', ipAclList: ['198.51.100.7'] });
        return ok(updateProjectAuthentication, { authentication: keys[0] });
      },
    });
    renderConsole([{ path: '/project/:projectId/authentication', Component: ProjectAppKeysPage }], `/project/${PROJECT_ID}/authentication`, page.english);

    const create = await screen.findByRole('button', { name: 'Create Appkey' });
    await waitFor(() => expect(create.getAttribute('aria-disabled')).toBeNull());
    await user.click(create);
    const alias = await screen.findByTestId('appkey-alias');
    const ips = screen.getByTestId('appkey-ips');
    await fill(user, ips, '203.0.113.0/24, 999.1.1.1');
    await user.click(screen.getByTestId('appkey-form-submit'));
    await waitFor(() => expect(describedText(alias)).toContain('This field is required.'));
    expect(describedText(ips)).toContain('CIDR');
    expect(posted).toEqual([]);

    await fill(user, alias, 'batch');
    await user.clear(ips);
    await fill(user, ips, '203.0.113.0/24 198.51.100.7');
    await user.click(screen.getByTestId('appkey-form-submit'));
    await waitFor(() => expect(describedText(alias)).toContain('The name is taken.'));
    await user.click(screen.getByTestId('appkey-form-submit'));
    await waitFor(() => expect(screen.queryByTestId('appkey-form')).toBeNull());
    expect(posted).toEqual([
      { authentication: { projectId: PROJECT_ID, authAlias: 'batch', ipAclList: ['203.0.113.0/24', '198.51.100.7'] } },
      { authentication: { projectId: PROJECT_ID, authAlias: 'batch', ipAclList: ['203.0.113.0/24', '198.51.100.7'] } },
    ]);

    const table = screen.getByTestId('project-appkeys-table');
    await user.click(await within(table).findByRole('button', { name: 'Edit batch' }));
    const editAlias = await screen.findByTestId('appkey-alias');
    expect((editAlias as HTMLInputElement).value).toBe('batch');
    await user.clear(editAlias);
    await fill(user, editAlias, 'nightly');
    await user.clear(screen.getByTestId('appkey-ips'));
    await fill(user, screen.getByTestId('appkey-ips'), '198.51.100.7');
    await user.click(screen.getByTestId('appkey-form-submit'));
    await waitFor(() => expect(within(table).getByText('nightly')).toBeTruthy());
    expect(updated).toEqual([{ authentication: { authAlias: 'nightly', ipAclList: ['198.51.100.7'] } }]);
  });

  it('disabling needs the consent (shown next to the check); a refusal stays in the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({ 'GET /api/i18n/messages/bundle': bundleAnswer({}) });
    const onConfirm = vi.fn().mockRejectedValueOnce(new Error('Resources remain.')).mockResolvedValueOnce({});
    const onDone = vi.fn();
    render(
      <AppProviders queryClient={createQueryClient()} initialLocale={page.english}>
        <DisableServiceForm name="Email" onConfirm={onConfirm} onDone={onDone} onCancel={() => {}} />
      </AppProviders>,
    );
    await user.click(await screen.findByTestId('disable-service-submit'));
    await waitFor(() => expect(screen.getByTestId('disable-consent-error').textContent).toBe('Check the box to agree to the data deletion.'));
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('disable-consent'));
    await user.click(screen.getByTestId('disable-service-submit'));
    await waitFor(() => expect(screen.getAllByTestId('disable-service-error')[0]!.textContent).toContain('Failed to disable the Email service.'));
    expect(onDone).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('disable-service-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });
});
