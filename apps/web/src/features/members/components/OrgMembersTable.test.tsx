import type { OrgMember } from '@console/contracts/members';
import { listOrgMembers } from '@console/contracts/refs/members';
import { getOrgSelfRoles } from '@console/contracts/refs/organizations';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../../../shared/i18n/switch-locale.ts';
import { bundleAnswer, renderConsole } from '../../../test/console.tsx';
import { ORG_ID, orgMember, orgSelfRoles } from '../../../test/fixtures.ts';
import { mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { OrgMembersPage } from '../pages/OrgMembersPage.tsx';

let english: LocaleResources;
beforeAll(async () => {
  english = await switchLocale('en_US');
  // The page loads its tabs on demand (React.lazy): load them once here, so a slow first import on
  // a busy machine does not eat the queries' wait.
  await import('./OrgMembersTabs.tsx');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const member = (index: number, name: string): OrgMember => orgMember(`00000000-0000-4000-8000-00000000000${index}`, name);
const KIM = member(1, 'Kim');
const KELLY = member(2, 'Kelly');
const LEE = member(3, 'Lee');

const page = (members: OrgMember[]) => ok(listOrgMembers, { members, paging: { page: 1, limit: 20, totalCount: members.length } });

/** The members call answers each search when the test says so (`answer(term)`), the whole list at once. */
function routes() {
  const waiting = new Map<string, (members: OrgMember[]) => void>();
  const { requests } = mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer({}),
    [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('OWNER')),
    [`GET /api/cab/v5/organizations/${ORG_ID}/members`]: (request: RecordedRequest) => {
      const term = request.url.searchParams.get('nameLike');
      if (!term) return page([KIM, KELLY, LEE]);
      return new Promise((resolve) => waiting.set(term, (members) => resolve(page(members))));
    },
  });
  const searched = () => requests.filter((request) => request.url.pathname.endsWith('/members')).map((request) => request.url.searchParams.get('nameLike'));
  const answer = async (term: string, members: OrgMember[]) => {
    await waitFor(() => expect(waiting.has(term)).toBe(true));
    waiting.get(term)!(members);
  };
  return { searched, answer };
}

describe('the organization members search', () => {
  it('shows no rows of an older search while the typed text is settling or its answer is on its way, and keeps the text', async () => {
    const user = userEvent.setup({ delay: null });
    const server = routes();
    renderConsole([{ path: '/org/:orgId/member', Component: OrgMembersPage }], `/org/${ORG_ID}/member`, english);
    const table = await screen.findByTestId('org-members-table');
    await within(table).findByText('Lee');
    const box = within(screen.getByTestId('org-members-search')).getByRole('searchbox');

    // Typed, not yet searched for: the whole list is not this search's answer, so it is not shown.
    await user.type(box, 'k');
    expect(within(table).queryByText('Lee')).toBeNull();
    // The pause: "k" is asked for; its answer is slow. More typing meanwhile: "kim".
    await waitFor(() => expect(server.searched()).toContain('k'));
    await user.type(box, 'im');
    await waitFor(() => expect(server.searched()).toContain('kim'));
    expect(within(table).queryByText('Lee')).toBeNull();

    // "kim" answers first, then the older "k": the table shows the search in the box, whatever came last.
    await server.answer('kim', [KIM]);
    await within(table).findByText('Kim');
    await server.answer('k', [KIM, KELLY]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(table).queryByText('Kelly')).toBeNull();
    expect(within(table).queryByText('Lee')).toBeNull();
    expect(box).toHaveProperty('value', 'kim');
    expect(screen.getByTestId('org-members-table').textContent).toContain('(1)');
  });
});
