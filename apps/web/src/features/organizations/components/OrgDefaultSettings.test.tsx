import type { SupportTeamMember } from '@console/contracts/organizations';
import {
  getOrganization,
  getOrgSelfRoles,
  getOrgSupportTeam,
  listOrganizationInfos,
  listOrganizations,
  listRegions,
  searchOrgSupportTeamCandidates,
  updateOrganization,
  updateOrgSupportTeam,
} from '@console/contracts/refs/organizations';
import type { OrgRoleName } from '@console/contracts/permissions';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLocale, type LocaleResources } from '../../../shared/i18n/switch-locale.ts';
import { modals } from '../../../shared/ui/modals.ts';
import { toasts } from '../../../shared/ui/toasts.ts';
import { bundleAnswer, describedText, renderConsole } from '../../../test/console.tsx';
import { ORG_ID, organization, orgInfosAnswer, orgSelfRoles, regions } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { OrgSettingPage } from '../pages/OrgSettingPage.tsx';
import { paths } from '../../../shared/paths.ts';

let english: LocaleResources;
/** Zones the mocked server refuses (as if the runtime did not know them). */
const refusedZones = new Set<string>();
beforeAll(async () => {
  english = await switchLocale('en_US');
  // The page loads its sections on demand (React.lazy): load them once here, so a slow first
  // import on a busy machine does not eat the queries' one-second wait.
  await import('./OrgSettingSections.tsx');
}, 120_000);
let shown: unknown[] = [];
beforeEach(() => {
  shown = [];
  vi.spyOn(toasts, 'show').mockImplementation((toast) => {
    shown.push(toast);
    return shown.length;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  modals.closeAll();
  cleanup();
  vi.unstubAllGlobals();
});

const KIM: SupportTeamMember = { memberType: 'TOAST_CLOUD', memberUuid: '11111111-1111-4111-8111-111111111111', name: 'Kim Support', email: 'kim@example.com', userCode: null };
const LEE: SupportTeamMember = { memberType: 'IAM', memberUuid: '22222222-2222-4222-8222-222222222222', name: 'Lee Helper', email: 'lee@example.com', userCode: 'lee.helper' };

/** A Cloudscape button is disabled natively, or with aria-disabled when it explains why. */
const isDisabled = (element: HTMLElement) =>
  element.getAttribute('aria-disabled') === 'true' || (element as HTMLButtonElement).disabled || element.querySelector('button')?.disabled === true;

/** The dropdown option whose text contains `text` (Cloudscape splits the typed part into its own element). */
const findOption = (text: string) =>
  waitFor(
    () => {
      const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((element) => element.textContent?.includes(text));
      if (!option) throw new Error(`no option ${text}`);
      return option;
    },
    { timeout: 5000 },
  );

type Routes = Record<string, (request: RecordedRequest) => Response | Promise<Response>>;

function orgApi(role: OrgRoleName, extra: Routes = {}) {
  let org = organization({ orgRoleCodes: role === 'OWNER' ? ['OWNER'] : ['MEMBER'], timeZone: 'Asia/Seoul' });
  return mockFetch({
    'GET /api/i18n/messages/bundle': bundleAnswer({ 'errors.22019': 'The organization member was not found.' }),
    [`GET /api/cab/v7/organizations/${ORG_ID}`]: () => ok(getOrganization, { org }),
    [`PUT /api/cab/v5/organizations/${ORG_ID}`]: (request) => {
      const body = request.body as { org: { orgName: string; timeZone?: string } };
      if (body.org.timeZone && refusedZones.delete(body.org.timeZone)) {
        return fail(400, { resultCode: 10001, fieldErrors: [{ field: 'body.org.timeZone', message: 'This time zone is not supported.' }] });
      }
      org = { ...org, orgName: body.org.orgName, timeZone: body.org.timeZone ?? org.timeZone };
      return ok(updateOrganization, { org, duplicateNameWarning: false });
    },
    'GET /api/cab/v7/organizations': () => ok(listOrganizations, { orgs: [org], paging: { page: 1, limit: 9999, totalCount: 1 } }),
    'GET /api/cab/v6/organizations/infos': () =>
      ok(listOrganizationInfos, orgInfosAnswer()),
    [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles(role)),
    'GET /api/cab/v1/regions': () => ok(listRegions, { regionCodeList: ['GLOBAL', 'KR1'], regions }),
    [`GET /api/cab/v6/organizations/${ORG_ID}/settings/technical-support-team`]: () =>
      ok(getOrgSupportTeam, { supportTeam: { members: [KIM], limit: 10 } }),
    [`GET /api/cab/v6/organizations/${ORG_ID}/settings/technical-support-team/candidates`]: (request) => {
      const keyword = request.url.searchParams.get('keyword') ?? '';
      return ok(searchOrgSupportTeamCandidates, {
        candidates: [KIM, LEE].filter((member) => `${member.name} ${member.email} ${member.userCode}`.toLowerCase().includes(keyword.toLowerCase())),
      });
    },
    ...extra,
  });
}

// The page mounts its sections one per task (use-in-turns): a section's first find waits up to 15 s on a loaded machine.
const renderSetting = () => renderConsole([{ path: '/org/:orgId/setting', Component: OrgSettingPage }], paths.org(ORG_ID).setting, english);

describe('organization default settings', () => {
  it('changes the time zone with the organization PUT, and shows the server refusal next to the field', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = orgApi('OWNER');
    refusedZones.add('Asia/Tokyo');
    renderSetting();
    const section = await screen.findByTestId('org-time-zone', {}, { timeout: 15_000 });
    await waitFor(() => expect(within(section).getByText('Asia/Seoul (UTC+09:00)')).toBeTruthy());
    const save = within(section).getByTestId('org-time-zone-save');
    expect(isDisabled(save)).toBe(true);

    await user.click(within(section).getByText('Asia/Seoul (UTC+09:00)'));
    await user.paste('Tokyo');
    await user.click(await findOption('Asia/Tokyo (UTC+09:00)'));
    await waitFor(() => expect(isDisabled(save)).toBe(false));
    await user.click(save);
    await waitFor(() => expect(screen.getByTestId('org-time-zone-error').textContent).toBe('This time zone is not supported.'));
    await user.click(save);
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual([
        { org: { orgName: 'Acme Cloud', timeZone: 'Asia/Tokyo' } },
        { org: { orgName: 'Acme Cloud', timeZone: 'Asia/Tokyo' } },
      ]),
    );
    await waitFor(() => expect(shown).toContainEqual({ type: 'success', content: 'The time zone was set to Asia/Tokyo.' }));
  });

  it('shows a MEMBER the time zone and support team disabled, naming the role that would allow them', async () => {
    const { requests } = orgApi('MEMBER');
    renderSetting();
    const save = await screen.findByTestId('org-time-zone-save', {}, { timeout: 15_000 });
    await waitFor(() => expect(describedText(save)).toBe('Requires one of these roles: Admin or Owner.'));
    const denied = await screen.findByTestId('org-support-team-denied', {}, { timeout: 15_000 });
    expect(denied.textContent).toBe('Requires one of these roles: Support admin, Admin, or Owner.');
    // Services arrive with a later issue: the section says honestly that none are in use.
    expect(screen.getByTestId('org-services-empty').textContent).toBe('No services in use yet.');
    // Nothing is asked that the caller may not read.
    expect(requests.some((request) => request.url.pathname.includes('technical-support-team'))).toBe(false);
  });

  it('searches members on the server, saves the team, and names refused members', async () => {
    const user = userEvent.setup({ delay: null });
    const saved: unknown[] = [];
    orgApi('OWNER', {
      [`PUT /api/cab/v6/organizations/${ORG_ID}/settings/technical-support-team`]: (request) => {
        saved.push(request.body);
        if (saved.length === 1) {
          return fail(400, {
            resultCode: 22019,
            fieldErrors: [{ field: 'body.members.1.memberUuid', message: 'The organization member was not found.' }],
          });
        }
        return ok(updateOrgSupportTeam, { supportTeam: { members: [KIM, LEE], limit: 10 } });
      },
    });
    renderSetting();
    const section = await screen.findByTestId('org-support-team', {}, { timeout: 15_000 });
    await waitFor(() => expect(within(section).getByText('Kim Support')).toBeTruthy());
    const save = within(section).getByTestId('org-support-team-save');
    expect(isDisabled(save)).toBe(true);

    await user.click(within(section).getByText('Search members by name, email or IAM ID'));
    await user.keyboard('lee');
    await user.click(await findOption('Lee Helper'));
    await waitFor(() => expect(isDisabled(save)).toBe(false));
    await user.click(save);
    await waitFor(() => expect(screen.getAllByTestId('org-support-team-error')[0]!.textContent).toBe('The organization member was not found. (Lee Helper)'));
    expect(saved[0]).toEqual({
      members: [
        { memberType: 'TOAST_CLOUD', memberUuid: KIM.memberUuid },
        { memberType: 'IAM', memberUuid: LEE.memberUuid },
      ],
    });

    await user.click(save);
    await waitFor(() => expect(shown).toContainEqual({ type: 'success', content: 'The technical support team was saved.' }));
    expect(saved).toHaveLength(2);
  });
});
