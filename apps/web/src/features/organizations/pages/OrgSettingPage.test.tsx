import {
  createOrgDomain,
  deleteOrganization,
  getOrganization,
  getOrgSelfRoles,
  transferOrganizationOwnership,
  listOrganizationInfos,
  listOrganizations,
  listRegions,
  validateOrgDomain,
} from '@console/contracts/refs/organizations';
import type { OrgMember } from '@console/contracts/members';
import { listOrgMembers } from '@console/contracts/refs/members';
import type { OrgRoleName } from '@console/contracts/permissions';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../../../test/clock.ts';
import { bundleAnswer, describedText, renderConsole, englishPageTests } from '../../../test/console.tsx';
import { ORG_ID, organization, orgInfo, orgInfosAnswer, orgSelfRoles, regions } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { OrgSettingPage } from './OrgSettingPage.tsx';
import { paths } from '../../../shared/paths.ts';

const frame = englishPageTests();

// The page loads its sections on demand (React.lazy): load them once here, so a slow first import
// on a busy machine does not eat the queries' one-second wait.
beforeAll(async () => {
  await import('../components/OrgSettingSections.tsx');
}, 120_000);

const MESSAGES = {
  'errors.22010': 'The domain contains a prohibited word.',
  'errors.22011': 'The domain does not follow the rules.',
  'errors.21013': 'The organization cannot be deleted while it has projects. Delete its projects first.',
  'errors.20005': 'The account may not do this.',
};

/** The API of one organization, "Acme Cloud", as a caller with `role` sees it. */
function orgApi(role: OrgRoleName, extra: Record<string, (request: RecordedRequest) => Response | Promise<Response>> = {}) {
  const org = organization({ isOrgOwner: role === 'OWNER', orgRoleCodes: role === 'OWNER' ? ['OWNER'] : ['MEMBER'] });
  return mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer(MESSAGES),
    [`GET /api/cab/v7/organizations/${ORG_ID}`]: () => ok(getOrganization, { org }),
    'GET /api/cab/v7/organizations': () => ok(listOrganizations, { orgs: [org], paging: { page: 1, limit: 9999, totalCount: 1 } }),
    'GET /api/cab/v6/organizations/infos': () =>
      ok(listOrganizationInfos, orgInfosAnswer([orgInfo({ projectCount: 2 })])),
    [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles(role)),
    'GET /api/cab/v1/regions': () => ok(listRegions, { regionCodeList: ['GLOBAL', 'KR1'], regions }),
    ...extra,
  });
}

const member = (id: string, name: string, isOrgOwner = false): OrgMember => ({
  memberUuid: id,
  memberType: 'TOAST_CLOUD',
  email: `${name.toLowerCase()}@example.com`,
  name,
  mobileNumber: null,
  orgRoleCodes: isOrgOwner ? ['OWNER'] : ['MEMBER'],
  isOrgOwner,
  memberStatusCode: 'STABLE',
  regDateTime: '2026-01-01T00:00:00.000Z',
});

const renderSetting = () =>
  renderConsole([{ path: '/org/:orgId/setting', Component: OrgSettingPage }], paths.org(ORG_ID).setting, frame.english);

describe('OrgSettingPage', () => {
  it('shows a MEMBER every action, disabled, with the role that would allow it', async () => {
    orgApi('MEMBER');
    renderSetting();

    const remove = await screen.findByTestId('org-delete', {}, { timeout: 15_000 });
    await waitFor(() => expect(remove.getAttribute('aria-disabled')).toBe('true'));
    expect(describedText(remove)).toBe('Requires the Owner role.');
    expect(screen.getByTestId('org-delete-reason').textContent).toBe('Requires the Owner role.');
    const rename = screen.getByTestId('org-rename-submit');
    expect(describedText(rename)).toBe('Requires one of these roles: Admin or Owner.');
    expect((screen.getByTestId('org-rename-name') as HTMLInputElement).disabled).toBe(true);
    expect(describedText(screen.getByTestId('org-domain-submit'))).toBe('Requires one of these roles: Admin or Owner.');
  });

  it('mounts its sections one at a time, top to bottom, not all in one task (issue 16)', async () => {
    orgApi('OWNER');
    // What each batch of DOM changes left on the page: one commit per batch, and a turn is a task.
    const batches: string[][] = [];
    const sections = ['org-general-form', 'org-domain-form', 'org-delete'];
    const seen = new Set<string>();
    const observer = new MutationObserver((records) => {
      // Only the added subtrees are searched (a section, once shown, stays).
      for (const node of records.flatMap((record) => [...record.addedNodes])) {
        if (!(node instanceof Element)) continue;
        for (const id of sections) if (node.matches(`[data-testid="${id}"]`) || node.querySelector(`[data-testid="${id}"]`)) seen.add(id);
      }
      const present = sections.filter((id) => seen.has(id));
      if (present.length && present.join() !== batches.at(-1)?.join()) batches.push(present);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderSetting();
    // Ten turns, each a task: more time than one mount on a loaded machine.
    await screen.findByTestId('org-delete', {}, { timeout: 15_000 });
    observer.disconnect();
    expect(batches[0]).toEqual(['org-general-form']);
    expect(batches.at(-1)).toEqual(sections);
  });

  it('checks the domain while it is typed and shows the refusal next to the field, then saves a good one', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: unknown[] = [];
    const { requests } = orgApi('OWNER', {
      [`POST /api/cab/v5/organizations/${ORG_ID}/domains/validation`]: (request) => {
        const { domainName } = request.body as { domainName: string };
        if (domainName === 'admin') {
          return fail(400, { resultCode: 22010, fieldErrors: [{ field: 'body.domainName', message: MESSAGES['errors.22010'] }] });
        }
        if (domainName === '-bad') {
          return fail(400, { resultCode: 22011, fieldErrors: [{ field: 'body.domainName', message: MESSAGES['errors.22011'] }] });
        }
        return ok(validateOrgDomain, { domainName, available: true });
      },
      [`POST /api/cab/v5/organizations/${ORG_ID}/domains`]: (request) => {
        saved.push(request.body);
        return ok(createOrgDomain, { domain: { domainId: 'd1', domainName: 'acme-cloud' } });
      },
    });
    const clock = fakeClock();
    renderSetting();

    // The domain is checked once the typing pauses (a debounce): the clock skips the pause.
    const input = await screen.findByTestId('org-domain-input');
    await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false));
    await user.type(input, 'admin');
    await clock.until(() => expect(describedText(input)).toContain('The domain contains a prohibited word.'));
    expect(input.getAttribute('aria-invalid')).toBe('true');

    await user.clear(input);
    await user.type(input, '-bad');
    await clock.until(() => expect(describedText(input)).toContain('The domain does not follow the rules.'));

    await user.clear(input);
    await user.type(input, 'acme-cloud');
    await clock.until(() => expect(screen.getByTestId('org-domain-status').textContent).toContain('Available'));
    expect(describedText(input)).not.toContain('rules');

    await user.click(screen.getByTestId('org-domain-submit'));
    await waitFor(() => expect(saved).toEqual([{ domainName: 'acme-cloud' }]));
    const checked = requests
      .filter((request) => request.url.pathname.endsWith('/domains/validation'))
      .map((request) => (request.body as { domainName: string }).domainName);
    expect(checked).toEqual(expect.arrayContaining(['admin', '-bad', 'acme-cloud']));
  });

  it("says 'fail modify organization domain name' (spec §8) before the reason when changing the domain fails", async () => {
    const user = userEvent.setup({ delay: null });
    const org = organization({ isOrgOwner: true, orgRoleCodes: ['OWNER'], orgDomainList: [{ domainId: 'd1', domainName: 'acme-old' }] });
    orgApi('OWNER', {
      [`GET /api/cab/v7/organizations/${ORG_ID}`]: () => ok(getOrganization, { org }),
      [`POST /api/cab/v5/organizations/${ORG_ID}/domains/validation`]: (request) =>
        ok(validateOrgDomain, { domainName: (request.body as { domainName: string }).domainName, available: true }),
      [`PUT /api/cab/v5/organizations/${ORG_ID}/domains/d1`]: () => fail(403, { resultCode: 20005 }),
    });
    const clock = fakeClock();
    renderSetting();
    const input = await screen.findByTestId('org-domain-input');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('acme-old'));
    await user.clear(input);
    await user.type(input, 'acme-new');
    await clock.until(() => expect(screen.getByTestId('org-domain-status').textContent).toContain('Available'));
    await user.click(screen.getByTestId('org-domain-submit'));
    const [error] = await screen.findAllByTestId('org-domain-error');
    expect(error?.textContent).toBe('fail modify organization domain name: The account may not do this.');
  });

  it('deletes only once the exact name is typed, and shows 21013 while projects remain', async () => {
    const user = userEvent.setup({ delay: null });
    const deletions: unknown[] = [];
    orgApi('OWNER', {
      [`DELETE /api/cab/v5/organizations/${ORG_ID}`]: (request) => {
        deletions.push(request.body);
        return deletions.length === 1 ? fail(400, { resultCode: 21013 }) : ok(deleteOrganization, { orgId: ORG_ID });
      },
    });
    const { router } = renderSetting();

    const remove = await screen.findByTestId('org-delete', {}, { timeout: 15_000 });
    await waitFor(() => expect(remove.getAttribute('aria-disabled')).toBeNull());
    await user.click(remove);

    const input = await screen.findByTestId('delete-confirm-input');
    const submit = screen.getByTestId('delete-confirm-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await user.type(input, 'acme cloud');
    expect(submit.disabled).toBe(true);
    await user.clear(input);
    await user.type(input, 'Acme Cloud');
    expect(submit.disabled).toBe(false);

    await user.click(submit);
    const [error] = await screen.findAllByTestId('delete-confirm-error');
    expect(error?.textContent).toBe(
      'Failed to delete Organization. The organization cannot be deleted while it has projects. Delete its projects first. The organization still has 2 projects.',
    );
    expect(deletions).toEqual([{ orgName: 'Acme Cloud' }]);

    await user.click(submit);
    await screen.findByText('home page');
    expect(router.state.location.pathname).toBe('/');
    expect(deletions).toHaveLength(2);
  });

  it('lets the OWNER hand the organization to a member, with a confirmation, and shows the refusal translated', async () => {
    const user = userEvent.setup({ delay: null });
    const transfers: unknown[] = [];
    const NEW_OWNER = '00000000-0000-4000-8000-0000000000b2';
    orgApi('OWNER', {
      [`GET /api/cab/v5/organizations/${ORG_ID}/members`]: () =>
        ok(listOrgMembers, {
          members: [member('00000000-0000-4000-8000-0000000000b1', 'Olivia', true), member(NEW_OWNER, 'Brian')],
          paging: { page: 1, limit: 1000, totalCount: 2 },
        }),
      [`PUT /api/cab/v5/organizations/${ORG_ID}/owner`]: (request) => {
        transfers.push(request.body);
        return transfers.length === 1
          ? fail(403, { resultCode: 20005, restriction: 'ORG_TRANSFER' })
          : ok(transferOrganizationOwnership, { org: organization({ isOrgOwner: false, orgRoleCodes: ['ADMIN'] }) });
      },
    });
    renderSetting();

    const transfer = await screen.findByTestId('org-ownership-transfer', {}, { timeout: 15_000 });
    await waitFor(() => expect(transfer.getAttribute('aria-disabled')).toBeNull());
    await user.click(transfer);
    const select = await screen.findByTestId('transfer-ownership-select');
    await user.click(select.querySelector('button')!);
    expect(screen.queryByText('Olivia')).toBeNull();
    await user.click(await screen.findByText('Brian'));
    await user.click(screen.getByTestId('transfer-ownership-submit'));
    await user.click(await screen.findByTestId('modal-confirm'));

    const [error] = await screen.findAllByTestId('transfer-ownership-error');
    expect(error?.textContent).toBe('The account may not do this. The account may not hand over or receive organizations.');
    expect(transfers).toEqual([{ ownerUuid: NEW_OWNER }]);

    await user.click(screen.getByTestId('transfer-ownership-submit'));
    await user.click(await screen.findByTestId('modal-confirm'));
    await waitFor(() => expect(screen.queryByTestId('transfer-ownership-form')).toBeNull());
    expect(transfers).toHaveLength(2);
  });

  it('shows a MEMBER the transfer disabled with the Owner role', async () => {
    orgApi('MEMBER');
    renderSetting();
    const transfer = await screen.findByTestId('org-ownership-transfer', {}, { timeout: 15_000 });
    await waitFor(() => expect(transfer.getAttribute('aria-disabled')).toBe('true'));
    expect(describedText(transfer)).toBe('Requires the Owner role.');
  });
});
