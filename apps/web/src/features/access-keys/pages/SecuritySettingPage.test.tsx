import { createUserAccessKey, listUserAccessKeys, updateUserAccessKey, type UserAccessKey } from '@console/contracts/access-keys';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleAnswer, englishPageTests, renderConsole } from '../../../test/console.tsx';
import { mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { SecuritySettingPage } from './SecuritySettingPage.tsx';

// The page loads its list on demand (React.lazy): load it once here, so a slow first import on a
// busy machine does not eat the queries' wait.
beforeAll(async () => {
  await import('../components/UserAccessKeys.tsx');
});

const page = englishPageTests();

const key = (patch: Partial<UserAccessKey>): UserAccessKey => ({
  userAccessKeyId: 'OLDKEY',
  status: 'STABLE',
  tokenExpirySeconds: 86_400,
  createdAt: '2026-06-01T00:00:00.000Z',
  reissuedAt: null,
  lastUsedAt: '2026-11-20T09:00:00.000Z',
  rotationAdvised: true,
  activeTokenCount: 1,
  ...patch,
});

describe('user access keys: the guided rotation', () => {
  it('advises rotating an old key, creates the new one (its secret shown once), follows the old key’s last use, then deactivates the old key', async () => {
    const user = userEvent.setup({ delay: null });
    let keys: UserAccessKey[] = [key({})];
    const updates: { keyId: string; body: unknown }[] = [];
    let listed = 0;
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      'GET /api/iam/v1/user-access-keys': () => {
        listed += 1;
        return ok(listUserAccessKeys, { userAccessKeys: keys, limit: 5, rotationDays: 90 });
      },
      'POST /api/iam/v1/user-access-keys': () => {
        const created = key({ userAccessKeyId: 'NEWKEY', createdAt: '2026-11-27T00:00:00.000Z', lastUsedAt: null, rotationAdvised: false, activeTokenCount: 0 });
        keys = [...keys, created];
        return ok(createUserAccessKey, { userAccessKey: created, secretAccessKey: 'the-new-secret' });
      },
      'PUT /api/iam/v1/user-access-keys/OLDKEY': (request: RecordedRequest) => {
        updates.push({ keyId: 'OLDKEY', body: request.body });
        keys = keys.map((each) => (each.userAccessKeyId === 'OLDKEY' ? { ...each, status: 'STOP', activeTokenCount: 0 } : each));
        return ok(updateUserAccessKey, { userAccessKey: keys[0]! });
      },
    });
    renderConsole([{ path: '/security-setting', Component: SecuritySettingPage }], '/security-setting', page.english);

    // The page says the key is old enough to rotate, and starts the rotation from its row.
    expect((await screen.findAllByText('Rotation advised')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Rotate' }));
    const panel = await screen.findByTestId('rotation-panel');
    expect(panel.textContent).toContain('Rotate OLDKEY');
    // Deactivating the old key waits for the new one.
    expect(within(panel).getByRole('button', { name: 'Deactivate the old key' }).getAttribute('disabled')).not.toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Create the new key' }));
    // The new secret is shown once, in a modal; closing it continues the rotation.
    expect((await screen.findByTestId('new-key-secret')).textContent).toContain('the-new-secret');
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(within(panel).getByText('New key: NEWKEY')).toBeTruthy());

    // Step 2: the old key's last use, refreshed on demand.
    expect(within(panel).getByTestId('rotation-last-used').textContent).toContain('Old key last used:');
    const before = listed;
    await user.click(within(panel).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(listed).toBeGreaterThan(before));

    // Step 3: deactivating the old key asks first, then stops it.
    await user.click(within(panel).getByRole('button', { name: 'Deactivate the old key' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(updates).toEqual([{ keyId: 'OLDKEY', body: { status: 'STOP' } }]));
    expect(await within(panel).findByText('Rotation finished: the old key is inactive.')).toBeTruthy();
  });
});
