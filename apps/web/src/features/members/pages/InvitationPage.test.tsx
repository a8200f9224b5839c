import { getSession } from '@console/contracts/refs/auth';
import type { PublicInvitationSchema } from '@console/contracts/members';
import { acceptInvitation, getInvitation } from '@console/contracts/refs/members';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bundleAnswer, describedText, renderConsole, englishPageTests } from '../../../test/console.tsx';
import { ORG_ID, session } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { fill } from '../../../test/fill.ts';
import { InvitationPage } from './InvitationPage.tsx';
import { paths } from '../../../shared/paths.ts';

const frame = englishPageTests();
afterEach(() => {
  sessionStorage.clear();
  window.location.hash = '';
});

const TOKEN = 'tok-123';
const invitation = (patch: Partial<z.infer<typeof PublicInvitationSchema>> = {}) => ({
  orgId: ORG_ID,
  orgName: 'Acme Cloud',
  email: 'new@example.com',
  orgRoleCodes: ['MEMBER' as const],
  invitationStatus: 'WAIT' as const,
  inviterName: 'Olivia Owner',
  inviterEmail: 'olivia@example.com',
  expireDateTime: '2026-12-31T00:00:00.000Z',
  accountExists: false,
  ...patch,
});

function api(options: {
  invitation?: ReturnType<typeof invitation>;
  signedInAs?: string;
  accept?: (request: RecordedRequest) => Response;
}) {
  return mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer({ 'errors.21002': 'The invitation does not exist.' }),
    [`GET /api/cab/v5/invitations/${TOKEN}`]: () =>
      options.invitation ? ok(getInvitation, { invitation: options.invitation }) : fail(404, { resultCode: 21002 }),
    'GET /api/console/v1/session': () =>
      options.signedInAs
        ? ok(getSession, { session: session({ email: options.signedInAs }) })
        : fail(401, { resultCode: 100 }),
    [`POST /api/cab/v5/invitations/${TOKEN}/accept`]:
      options.accept ??
      (() => ok(acceptInvitation, { orgId: ORG_ID, orgName: 'Acme Cloud', memberUuid: 'm1', signedUp: false, nextUrl: '/' })),
  });
}

const renderLanding = (withToken = true) => {
  window.location.hash = withToken ? `#token=${TOKEN}` : '';
  return renderConsole(
    [
      { path: '/invitation', Component: InvitationPage },
      { path: '/login', Component: () => <p>login page</p> },
      { path: '/org/:orgId/dashboard', Component: () => <p>org dashboard</p> },
    ],
    '/invitation',
    frame.english,
  );
};

describe('InvitationPage', () => {
  it('says the link is incomplete without a token', async () => {
    api({});
    renderLanding(false);
    expect((await screen.findByTestId('invitation-invalid')).textContent).toContain('The link is incomplete.');
  });

  it('shows an unknown token as the server code, translated', async () => {
    api({});
    renderLanding();
    expect((await screen.findByTestId('invitation-error')).textContent).toContain('The invitation does not exist.');
  });

  it('shows an expired invitation without actions', async () => {
    api({ invitation: invitation({ invitationStatus: 'EXPIRE' }) });
    renderLanding();
    expect((await screen.findByTestId('invitation-status')).textContent).toBe('Expired');
    expect(screen.getByTestId('invitation-closed').textContent).toContain('This invitation has expired.');
    expect(screen.queryByTestId('invitation-accept')).toBeNull();
  });

  it('lets the invited member, signed in, join and opens the organization', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = api({ invitation: invitation(), signedInAs: 'NEW@example.com' });
    const { router } = renderLanding();
    expect((await screen.findByTestId('invitation-page')).textContent).toContain('Olivia Owner invites you to the organization Acme Cloud.');
    await user.click(screen.getByTestId('invitation-accept'));
    await screen.findByText('org dashboard');
    expect(router.state.location.pathname).toBe(paths.org(ORG_ID).dashboard);
    expect(requests.some((request) => request.method === 'POST' && request.url.pathname.endsWith('/accept'))).toBe(true);
  });

  it('tells someone signed in with another account to sign out first', async () => {
    api({ invitation: invitation(), signedInAs: 'other@example.com' });
    renderLanding();
    expect((await screen.findByTestId('invitation-other-account')).textContent).toContain(
      'You are signed in as other@example.com, but the invitation is for new@example.com.',
    );
  });

  it('asks a signed-out person with an account to accept, which the API answers 100 (sign in), keeping the token', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = api({ invitation: invitation({ accountExists: true }), accept: () => fail(401, { resultCode: 100 }) });
    renderLanding();
    expect((await screen.findByTestId('invitation-page')).textContent).toContain(
      'An account with new@example.com exists. Sign in with it to accept the invitation.',
    );
    await user.click(screen.getByTestId('invitation-sign-in'));
    // The client's error routing (not wired in this test console) sends 100 to /login?nextUrl=/invitation.
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([{}]),
    );
    expect(sessionStorage.getItem('console.invitationToken')).toBe(TOKEN);
  });

  it('signs a new person up: the password rules next to the fields, then sign-in', async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    api({
      invitation: invitation(),
      accept: (request) => {
        bodies.push(request.body);
        return ok(acceptInvitation, { orgId: ORG_ID, orgName: 'Acme Cloud', memberUuid: 'm1', signedUp: true, nextUrl: '/' });
      },
    });
    const { router } = renderLanding();
    const password = await screen.findByTestId('invitation-signup-password');
    expect(describedText(password)).toContain('8 to 15 characters');
    await fill(user, password, 'short');
    await user.tab();
    await waitFor(() => expect(describedText(password)).toContain('Use 8 to 15 characters.'));
    await user.clear(password);
    await fill(user, password, 'Joiner#2026x');
    await fill(user, screen.getByTestId('invitation-signup-password-confirm'), 'Joiner#2026y');
    await fill(user, screen.getByTestId('invitation-signup-name'), 'New Person');
    await user.click(screen.getByTestId('invitation-signup-submit'));
    await waitFor(() =>
      expect(describedText(screen.getByTestId('invitation-signup-password-confirm'))).toContain('The passwords do not match.'),
    );
    expect(bodies).toHaveLength(0);

    await user.clear(screen.getByTestId('invitation-signup-password-confirm'));
    await fill(user, screen.getByTestId('invitation-signup-password-confirm'), 'Joiner#2026x');
    await user.click(screen.getByTestId('invitation-signup-submit'));
    await screen.findByText('login page');
    expect(bodies).toEqual([{ name: 'New Person', password: 'Joiner#2026x', passwordConfirm: 'Joiner#2026x' }]);
    expect(router.state.location.search).toBe(`?nextUrl=${encodeURIComponent(paths.org(ORG_ID).dashboard)}`);
  });
});
