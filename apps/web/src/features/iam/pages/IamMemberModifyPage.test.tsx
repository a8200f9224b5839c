import { getIamMember } from '@console/contracts/iam';
import { getOrgSelfRoles } from '@console/contracts/organizations';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, afterEach, describe, expect, it } from 'vitest';
import { installErrorRouting } from '../../../app/error-routing.ts';
import { bundleAnswer, englishPageTests, renderConsole } from '../../../test/console.tsx';
import { iamMember, ORG_ID, orgSelfRoles } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok } from '../../../test/http.ts';
import { IamMemberModifyPage } from './IamMemberModifyPage.tsx';
import { paths } from '../../../shared/paths.ts';

// The page loads its form on demand (React.lazy): load it once here, so a slow first import on a
// busy machine does not eat the first test's wait.
beforeAll(async () => {
  await import('../components/IamMemberEditSections.tsx');
});

const page = englishPageTests();
let uninstall: (() => void) | undefined;
afterEach(() => uninstall?.());

const MEMBER_ID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const account = iamMember({ memberId: MEMBER_ID });

/** The edit page inside the console's routing of failed calls (spec §8), as the app installs it. */
function renderEdit(search: string) {
  const view = renderConsole(
    [
      { path: '/org/:orgId/member/iam/modify', Component: IamMemberModifyPage },
      { path: '/org/:orgId/member', Component: () => <p>members page</p> },
    ],
    `/org/${ORG_ID}/member/iam/modify${search}`,
    page.english,
  );
  uninstall = installErrorRouting(view.router, view.queryClient);
  return view;
}

describe('IamMemberModifyPage', () => {
  it('without a member id says what is missing instead of loading forever, and links back to the IAM accounts', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = mockFetch({ 'GET /api/i18n/messages/bundle': bundleAnswer({}) });
    const { router } = renderEdit('');

    const missing = await screen.findByTestId('missing-parameter');
    expect(missing.textContent).toContain(
      'This page needs the IAM account to edit (“memberId” in the address), and the address has none.',
    );
    expect(screen.queryByTestId('page-spinner')).toBeNull();
    expect(requests.some((request) => request.url.pathname.includes('/iam/'))).toBe(false);

    await user.click(within(missing).getByRole('link', { name: 'Back to IAM accounts' }));
    expect(router.state.location.pathname).toBe(paths.org(ORG_ID).member);
    expect(router.state.location.search).toBe('?tab=iam');
  });

  it('says an id that cannot be an account is not valid', async () => {
    mockFetch({ 'GET /api/i18n/messages/bundle': bundleAnswer({}) });
    renderEdit('?memberId=42');
    expect((await screen.findByTestId('missing-parameter')).textContent).toContain('The address is not valid');
  });

  it('stays on the page and says so when the account is gone (21008), rather than leaving for the not-found page', async () => {
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      [`GET /api/iam/v4/organizations/${ORG_ID}/members/${MEMBER_ID}`]: () => fail(404, { resultCode: 21008 }),
    });
    const { router } = renderEdit(`?memberId=${MEMBER_ID}`);
    expect((await screen.findByTestId('iam-edit-not-found')).textContent).toContain(
      'This IAM account is not in the organization (any more).',
    );
    expect(router.state.location.pathname).toBe(`/org/${ORG_ID}/member/iam/modify`);
  });

  it('edits the account named by the id', async () => {
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('OWNER')),
      [`GET /api/iam/v4/organizations/${ORG_ID}/members/${MEMBER_ID}`]: () => ok(getIamMember, { member: account }),
    });
    renderEdit(`?memberId=${MEMBER_ID}`);
    expect(await screen.findByRole('heading', { name: 'iam.user' })).toBeTruthy();
    expect(screen.getByTestId('iam-edit-form')).toBeTruthy();
  });
});
