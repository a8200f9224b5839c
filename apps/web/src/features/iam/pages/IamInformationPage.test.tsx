import { getSession } from '@console/contracts/auth';
import { getIamSelf } from '@console/contracts/iam';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installErrorRouting } from '../../../app/error-routing.ts';
import { bundleAnswer, englishPageTests, renderConsole } from '../../../test/console.tsx';
import { iamMember, ORG_ID, session } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok } from '../../../test/http.ts';
import { IamInformationPage } from './IamInformationPage.tsx';

const page = englishPageTests();
let uninstall: (() => void) | undefined;
afterEach(() => uninstall?.());

const IAM_ID = '6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const me = iamMember({
  memberId: IAM_ID,
  mobileNumber: '01012345678',
  lastAccessedDateTime: '2026-11-22T01:30:00Z',
  modDateTime: '2026-11-02T00:00:00Z',
});

function renderPage() {
  const view = renderConsole([{ path: '/iam-information', Component: IamInformationPage }], '/iam-information', page.english, { signedIn: true });
  uninstall = installErrorRouting(view.router, view.queryClient);
  return view;
}

describe('IamInformationPage (/iam-information)', () => {
  it('shows the IAM account holder their ID, name, email, phone, status, last sign-in and organization', async () => {
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      'GET /api/console/v1/session': () =>
        ok(getSession, { session: session({ memberType: 'IAM', uuid: IAM_ID, orgId: ORG_ID, domain: 'acme-corp', userName: 'Jung IAM' }) }),
      'GET /api/iam/v4/members/self': () =>
        ok(getIamSelf, { member: me, organization: { orgId: ORG_ID, orgName: 'Acme Cloud', domain: 'acme-corp' } }),
    });
    renderPage();
    const account = await screen.findByTestId('iam-information');
    expect(screen.getByTestId('iam-information-user-code').textContent).toBe('iam.user');
    for (const text of ['Jung IAM', 'jung@example.com', '01012345678', 'Normal', 'IAM account', 'Set']) {
      expect(account.textContent).toContain(text);
    }
    // Last sign-in in the console's time zone (Asia/Seoul).
    expect(account.textContent).toContain('Nov 22, 2026, 10:30');
    expect(screen.getByTestId('iam-information-org').textContent).toBe('Acme Cloud');
    expect(screen.getByText(`${window.location.origin}/login?domain=acme-corp`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My roles' }).getAttribute('href')).toBe('/roles/projects');
  });

  it('tells a cloud member (21008) the page is for IAM accounts, and stays', async () => {
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      'GET /api/console/v1/session': () => ok(getSession, { session: session() }),
      'GET /api/iam/v4/members/self': () => fail(404, { resultCode: 21008 }),
    });
    const { router } = renderPage();
    expect((await screen.findByTestId('iam-information-not-iam')).textContent).toContain(
      'You are signed in with a cloud account, which has none.',
    );
    expect(router.state.location.pathname).toBe('/iam-information');
  });
});
