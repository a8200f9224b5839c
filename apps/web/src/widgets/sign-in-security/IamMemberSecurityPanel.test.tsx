import { getOrgSelfRoles } from '@console/contracts/refs/organizations';
import {
  endIamMemberSessions,
  getIamMemberTotp,
  listIamMemberSessions,
  resetIamMemberTotp,
} from '@console/contracts/refs/sign-in-security';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../../shared/i18n/switch-locale.ts';
import { modals } from '../../shared/ui/modals.ts';
import { bundleAnswer, renderConsole } from '../../test/console.tsx';
import { ORG_ID, orgSelfRoles } from '../../test/fixtures.ts';
import { mockFetch, ok } from '../../test/http.ts';
import { IamMemberSecurityPanel } from './IamMemberSecurityPanel.tsx';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
});
afterEach(() => {
  modals.closeAll();
  cleanup();
  vi.unstubAllGlobals();
});

const MEMBER_ID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const base = `/api/iam/v4/organizations/${ORG_ID}/members/${MEMBER_ID}`;
const session = { sessionId: 's1', clientIp: '10.0.0.1', userAgent: 'UA', createdAt: '2026-11-20T00:00:00Z', lastSeenAt: '2026-11-20T00:00:00Z', endsAt: '2026-11-20T01:00:00Z', current: false };

describe('IamMemberSecurityPanel', () => {
  it('resets the authenticator and ends all sessions, each after a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    let enrolled = true;
    let open = 2;
    const { requests } = mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('OWNER')),
      [`GET ${base}/totp`]: () => ok(getIamMemberTotp, { totp: { enrolled, enrolledAt: enrolled ? '2026-11-01T00:00:00Z' : null } }),
      [`DELETE ${base}/totp`]: () => {
        enrolled = false;
        return ok(resetIamMemberTotp, { totp: { enrolled: false, enrolledAt: null } });
      },
      [`GET ${base}/sessions`]: () => ok(listIamMemberSessions, { totalCount: open, sessions: Array.from({ length: open }, (_, index) => ({ ...session, sessionId: `s${index}` })) }),
      [`DELETE ${base}/sessions`]: () => {
        const endedCount = open;
        open = 0;
        return ok(endIamMemberSessions, { endedCount });
      },
    });
    renderConsole([{ path: '/org/:orgId/m', Component: () => <IamMemberSecurityPanel orgId={ORG_ID} memberId={MEMBER_ID} /> }], `/org/${ORG_ID}/m`, english);

    expect((await screen.findByTestId('iam-member-totp')).textContent).toContain('Set up on');
    await waitFor(() => expect(screen.getByTestId('iam-member-session-count').textContent).toBe('2'));
    await user.click(screen.getByTestId('iam-member-totp-reset'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset authenticator' }));
    await waitFor(() => expect(screen.getByTestId('iam-member-totp').textContent).toContain('Not set up'));
    expect(requests.some((request) => request.method === 'DELETE' && request.url.pathname === `${base}/totp`)).toBe(true);

    await user.click(screen.getByTestId('iam-member-sessions-end'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End all sessions' }));
    await waitFor(() => expect(screen.getByTestId('iam-member-session-count').textContent).toBe('0'));
    expect(requests.filter((request) => request.method === 'DELETE' && request.url.pathname === `${base}/sessions`)).toHaveLength(1);
  });
});
