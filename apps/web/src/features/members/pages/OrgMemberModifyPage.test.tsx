import type { OrgMember } from '@console/contracts/members';
import { getOrgMember, updateOrgMemberRoles } from '@console/contracts/refs/members';
import { getOrgSelfRoles } from '@console/contracts/refs/organizations';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleAnswer, renderConsole, englishPageTests } from '../../../test/console.tsx';
import { ORG_ID, orgSelfRoles } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok } from '../../../test/http.ts';
import { OrgMemberModifyPage } from './OrgMemberModifyPage.tsx';
import { paths } from '../../../shared/paths.ts';

// The page loads its form on demand (React.lazy): load it once here, so a slow first import on a
// busy machine does not eat the first test's wait.
beforeAll(async () => {
  await import('../components/OrgMemberModifyForm.tsx');
});

const frame = englishPageTests();

const MEMBER_ID = '7b0d3c9e-5a51-4c55-9a5e-0d6f3b1f2a10';
const member: OrgMember = {
  memberUuid: MEMBER_ID,
  memberType: 'TOAST_CLOUD',
  email: 'choi@example.com',
  name: 'Choi Billing',
  mobileNumber: null,
  orgRoleCodes: ['BILLING_VIEWER'],
  isOrgOwner: false,
  memberStatusCode: 'STABLE',
  regDateTime: '2026-11-01T00:00:00.000Z',
};

const renderModify = (memberId: string) =>
  renderConsole(
    [
      { path: '/org/:orgId/member/cloud/modify', Component: OrgMemberModifyPage },
      { path: '/org/:orgId/member', Component: () => <p>members page</p> },
    ],
    paths.org(ORG_ID).memberCloudModify(memberId),
    frame.english,
  );

describe('OrgMemberModifyPage', () => {
  it('reads the one member it changes (not the whole list) and saves the new roles', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: unknown[] = [];
    const { requests } = mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('OWNER')),
      [`GET /api/cab/v5/organizations/${ORG_ID}/members/${MEMBER_ID}`]: () => ok(getOrgMember, { member }),
      [`PUT /api/cab/v5/organizations/${ORG_ID}/members/${MEMBER_ID}`]: (request) => {
        saved.push(request.body);
        return ok(updateOrgMemberRoles, { member: { ...member, orgRoleCodes: ['BILLING_VIEWER', 'BUDGET_ADMIN'] } });
      },
    });
    const { router } = renderModify(MEMBER_ID);
    await screen.findByRole('heading', { name: 'Choi Billing' });
    expect(requests.some((request) => request.url.pathname === `/api/cab/v5/organizations/${ORG_ID}/members`)).toBe(false);

    // The roles field stays disabled until the caller's own roles have arrived, as a person would see.
    const roles = screen.getByTestId('org-member-modify-roles').querySelector('button') ?? screen.getByTestId('org-member-modify-roles');
    await waitFor(() => expect((roles as HTMLButtonElement).disabled).toBe(false));
    await user.click(roles);
    await user.click(await screen.findByText('Budget admin', { exact: false }));
    await user.click(screen.getByTestId('org-member-modify-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.org(ORG_ID).member));
    expect(saved).toEqual([{ orgRoleCodes: ['BILLING_VIEWER', 'BUDGET_ADMIN'] }]);
  });

  it('says the person is not a member when the server answers 22019, with a way back to the members', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('OWNER')),
      [`GET /api/cab/v5/organizations/${ORG_ID}/members/${MEMBER_ID}`]: () => fail(400, { resultCode: 22019 }),
    });
    const { router } = renderModify(MEMBER_ID);
    expect((await screen.findByTestId('org-member-modify-missing')).textContent).toBe('The member is not in the organization (any more).');
    await user.click(screen.getByRole('link', { name: 'Back to members' }));
    expect(router.state.location.pathname).toBe(paths.org(ORG_ID).member);
  });

  it('without a member id says which parameter is missing and links back, asking the server nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = mockFetch({ 'GET /api/i18n/messages/bundle': bundleAnswer({}) });
    const { router } = renderConsole(
      [
        { path: '/org/:orgId/member/cloud/modify', Component: OrgMemberModifyPage },
        { path: '/org/:orgId/member', Component: () => <p>members page</p> },
      ],
      `/org/${ORG_ID}/member/cloud/modify`,
      frame.english,
    );
    const missing = await screen.findByTestId('missing-parameter');
    expect(missing.textContent).toContain('Something is missing from the address');
    expect(missing.textContent).toContain('the cloud member whose roles to change (“memberId” in the address)');
    expect(screen.queryByTestId('page-spinner')).toBeNull();
    expect(requests.filter((request) => request.url.pathname.includes('/members'))).toEqual([]);
    await user.click(screen.getByTestId('missing-parameter-back'));
    expect(router.state.location.pathname).toBe(paths.org(ORG_ID).member);
    expect(await screen.findByText('members page')).toBeTruthy();
  });

  it('says a member id that cannot be one is not valid', async () => {
    mockFetch({ 'GET /api/i18n/messages/bundle': bundleAnswer({}) });
    renderModify('not-an-id');
    const invalid = await screen.findByTestId('missing-parameter');
    expect(invalid.textContent).toContain('The address is not valid');
    expect(invalid.textContent).toContain('“memberId”');
  });
});
