import { inviteOrgMembers } from '@console/contracts/refs/members';
import { getOrgSelfRoles } from '@console/contracts/refs/organizations';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleAnswer, describedText, renderConsole, englishPageTests } from '../../../test/console.tsx';
import { ORG_ID, orgSelfRoles } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok } from '../../../test/http.ts';
import { fill } from '../../../test/fill.ts';
import { OrgMemberInvitePage } from './OrgMemberInvitePage.tsx';
import { paths } from '../../../shared/paths.ts';

// The page loads its form on demand (React.lazy): load it once here, so a slow first import on a
// busy machine does not eat the first test's wait.
beforeAll(async () => {
  await import('../components/OrgMemberInviteForm.tsx');
});

const frame = englishPageTests();

const ALREADY_MEMBER = 'Already added user as an organization member';

const renderInvite = () =>
  renderConsole(
    [
      { path: '/org/:orgId/member/cloud/add', Component: OrgMemberInvitePage },
      { path: '/org/:orgId/member', Component: () => <p>members page</p> },
    ],
    paths.org(ORG_ID).memberCloudAdd,
    frame.english,
  );

describe('OrgMemberInvitePage', () => {
  it('checks each email on blur, shows the server refusal next to its field, then sends', async () => {
    const user = userEvent.setup({ delay: null });
    const sent: unknown[] = [];
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('OWNER')),
      [`POST /api/cab/v5/organizations/${ORG_ID}/invitations`]: (request) => {
        sent.push(request.body);
        if (sent.length === 1) {
          return fail(400, { resultCode: -2, fieldErrors: [{ field: 'body.emailList.1', message: ALREADY_MEMBER }] });
        }
        return ok(inviteOrgMembers, { invitations: [] });
      },
    });
    const { router } = renderInvite();

    const first = await screen.findByTestId('org-invite-email-0');
    await user.click(first);
    await user.tab();
    await waitFor(() => expect(describedText(first)).toContain('Enter an email.'));

    await fill(user, first, 'not-an-email');
    await user.tab();
    await waitFor(() => expect(describedText(first)).toContain('Invalid email format.'));
    await user.clear(first);
    await fill(user, first, 'new.person@example.com');
    await waitFor(() => expect(describedText(first)).not.toContain('Invalid email format.'));

    await user.click(screen.getByTestId('org-invite-add-email'));
    const second = await screen.findByTestId('org-invite-email-1');
    await fill(user, second, 'new.person@example.com');
    await user.click(screen.getByTestId('org-invite-submit'));
    await waitFor(() => expect(describedText(second)).toContain('Already added user'));
    expect(sent).toHaveLength(0);

    await user.clear(second);
    await fill(user, second, 'member@example.com');
    await user.click(screen.getByTestId('org-invite-submit'));
    await waitFor(() => expect(describedText(second)).toContain(ALREADY_MEMBER));
    expect(sent).toEqual([{ emailList: ['new.person@example.com', 'member@example.com'], orgRoleCodes: ['MEMBER'] }]);

    await user.click(screen.getByTestId('org-invite-email-remove-1'));
    await user.click(screen.getByTestId('org-invite-submit'));
    await screen.findByText('members page');
    expect(router.state.location.search).toBe('?tab=invitations');
    expect(sent).toHaveLength(2);
  });
});
