import { createIamMembers, listIamMembers } from '@console/contracts/refs/iam';
import { getOrgSelfRoles } from '@console/contracts/refs/organizations';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { usePermissions } from '../../../shared/permissions/use-permissions.ts';
import { bundleAnswer, describedText, renderConsole, englishPageTests } from '../../../test/console.tsx';
import { ORG_ID, orgSelfRoles } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { fill } from '../../../test/fill.ts';
import { IamAccountsTable } from './IamAccountsTable.tsx';
import { paths } from '../../../shared/paths.ts';

const frame = englishPageTests();

const IN_USE = 'The ID is already in use.';

function TablePage() {
  const permissions = usePermissions({ orgId: ORG_ID });
  return <IamAccountsTable orgId={ORG_ID} permissions={permissions} />;
}

describe('IamAccountsTable', () => {
  it('creates an account: the rules on blur, -200204 next to the ID field, then created', async () => {
    const user = userEvent.setup({ delay: null });
    const created: unknown[] = [];
    const { requests } = mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({ 'errors.-200204': IN_USE }),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('OWNER')),
      [`GET /api/iam/v4/organizations/${ORG_ID}/members`]: () => ok(listIamMembers, { result: { totalCount: 0, contents: [] } }),
      [`POST /api/iam/v4/organizations/${ORG_ID}/members`]: (request: RecordedRequest) => {
        created.push(request.body);
        return created.length === 1
          ? fail(400, { resultCode: '-200204', fieldErrors: [{ field: 'body.members.0.userCode', message: IN_USE }] })
          : ok(createIamMembers, { result: { contents: [] } });
      },
    });
    renderConsole([{ path: '/org/:orgId/member', Component: TablePage }], paths.org(ORG_ID).member, frame.english);

    const create = await screen.findByTestId('iam-create');
    await waitFor(() => expect(create.getAttribute('aria-disabled')).toBeNull());
    await user.click(create);
    const email = await screen.findByTestId('iam-create-form-email');
    await fill(user, email, 'not-an-email');
    await user.tab();
    await waitFor(() => expect(describedText(email)).toContain('Invalid email format.'));

    const userCode = screen.getByTestId('iam-create-form-user-code');
    await fill(user, userCode, 'iam.user');
    await fill(user, screen.getByTestId('iam-create-form-name'), 'Jung.IAM');
    await user.clear(email);
    await fill(user, email, 'jung@example.com');
    await user.click(screen.getByTestId('iam-create-form-submit'));
    await waitFor(() => expect(describedText(userCode)).toContain(IN_USE));
    expect(screen.queryByTestId('iam-create-form-error')).toBeNull();
    expect(created).toEqual([
      {
        members: [
          {
            userCode: 'iam.user',
            name: 'Jung.IAM',
            emailAddress: 'jung@example.com',
            mobileNumber: '',
            countryCode: 'KR',
            status: 'STABLE',
            creationType: 'CONSOLE',
          },
        ],
      },
    ]);

    await user.clear(userCode);
    await fill(user, userCode, 'iam.other');
    await user.click(screen.getByTestId('iam-create-form-submit'));
    await waitFor(() => expect(screen.queryByTestId('iam-create-form')).toBeNull());
    expect(created).toHaveLength(2);
    expect(requests.filter((request) => request.method === 'GET' && request.url.pathname.endsWith('/members')).length).toBeGreaterThan(1);
  });

  it('sorts on the server: a column header asks for that order, again for the other way, from page 1', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('OWNER')),
      [`GET /api/iam/v4/organizations/${ORG_ID}/members`]: () => ok(listIamMembers, { result: { totalCount: 0, contents: [] } }),
    });
    renderConsole([{ path: '/org/:orgId/member', Component: TablePage }], paths.org(ORG_ID).member, frame.english);
    const listed = () =>
      requests
        .filter((request) => request.url.pathname.endsWith('/members'))
        .map((request) => `${request.url.searchParams.get('sort')}@${request.url.searchParams.get('page')}`);
    await waitFor(() => expect(listed()).toEqual(['userCode,asc@0']));
    await user.click(screen.getByText('Name'));
    await waitFor(() => expect(listed().at(-1)).toBe('name,asc@0'));
    await user.click(screen.getByText('Name'));
    await waitFor(() => expect(listed().at(-1)).toBe('name,desc@0'));
  });
});
