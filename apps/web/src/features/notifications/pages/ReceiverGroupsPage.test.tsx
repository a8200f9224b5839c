import { createOrgSilence, createSilence, deleteOrgSilence, deleteSilence, listOrgSilences, listSilences, type Silence } from '@console/contracts';
import {
  createProjectReceiverGroup,
  getOrgReceiverGroup,
  getProjectReceiverGroup,
  listOrgReceiverGroups,
  listProjectReceiverGroups,
  updateOrgReceiverGroup,
  type ReceiverGroupDetail,
} from '@console/contracts/notifications';
import { listOrgInvitations } from '@console/contracts/members';
import { getOrgSelfRoles } from '@console/contracts/organizations';
import { getProjectSelfRoles } from '@console/contracts/projects';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleAnswer, describedText, renderConsole, englishPageTests } from '../../../test/console.tsx';
import { fill } from '../../../test/fill.ts';
import { ORG_ID, orgSelfRoles, PROJECT_ID, projectAdminSelfRoles } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { ReceiverGroupsPage } from './ReceiverGroupsPage.tsx';

// The page loads its list on demand (React.lazy): load it once here, so a slow first import on a
// busy machine does not eat the queries' wait.
beforeAll(async () => {
  await import('../components/ReceiverGroupsList.tsx');
});

const page = englishPageTests();

const GROUP_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const BASE = `/api/alarm/v6/projects/${PROJECT_ID}`;
const group: ReceiverGroupDetail = {
  receiverGroupId: GROUP_ID,
  name: 'On call',
  description: '',
  scope: 'PROJECT',
  memberCount: 0,
  roleGroupCount: 0,
  webhookCount: 0,
  regDateTime: '2026-11-01T00:00:00.000Z',
  modDateTime: '2026-11-01T00:00:00.000Z',
  members: [],
  roleGroups: [],
  webhooks: [],
};

function routes(extra: Record<string, (request: RecordedRequest) => Response> = {}, permissions?: readonly string[]) {
  return {
    'GET /api/i18n/messages/bundle': bundleAnswer({}),
    [`GET /api/cab/v6/projects/${PROJECT_ID}/self/roles`]: () => ok(getProjectSelfRoles, projectAdminSelfRoles(permissions)),
    [`GET ${BASE}/receiver-groups`]: () => ok(listProjectReceiverGroups, { receiverGroups: [group], paging: { page: 1, limit: 20, totalCount: 1 } }),
    [`GET ${BASE}/receiver-groups/${GROUP_ID}`]: () => ok(getProjectReceiverGroup, { receiverGroup: group }),
    ...extra,
  };
}

/** Chooses the 'On call' group, sees it not silenced, and opens its silence form: answers the group's silence panel. */
async function openSilenceForm(user: ReturnType<typeof userEvent.setup>) {
  const table = await screen.findByTestId('receiver-groups-table');
  await user.click(await within(table).findByRole('radio', { name: 'On call' }));
  const panel = await screen.findByTestId('receiver-group-silence-panel');
  await waitFor(() => expect(within(panel).getByTestId('receiver-group-not-silenced').textContent).toContain('Not silenced'));
  const silence = within(panel).getByTestId('receiver-group-silence');
  await waitFor(() => expect(silence.getAttribute('aria-disabled')).toBeNull());
  await user.click(silence);
  return panel;
}

describe('receiver groups of a project', { timeout: 60_000 }, () => {
  it('silences a group from its detail for a duration with a reason, shows it in the list, and ends it', async () => {
    const user = userEvent.setup({ delay: null });
    let silences: Silence[] = [];
    const posted: { receiverGroupId?: string; reason: string; startsAt: string; endsAt: string }[] = [];
    const ended: string[] = [];
    mockFetch(
      routes({
        [`GET ${BASE}/silences`]: () => ok(listSilences, { silences }),
        [`POST ${BASE}/silences`]: (request) => {
          const body = request.body as (typeof posted)[number];
          posted.push(body);
          const silence = { silenceId: 's1', projectId: PROJECT_ID, alarmId: null, receiverGroupId: body.receiverGroupId ?? null, startsAt: body.startsAt, endsAt: body.endsAt, reason: body.reason, createdBy: 'Kim Admin', isActive: true };
          silences = [silence];
          return ok(createSilence, { silence });
        },
        [`DELETE ${BASE}/silences/s1`]: () => {
          ended.push('s1');
          silences = [];
          return ok(deleteSilence, {});
        },
      }),
    );
    renderConsole([{ path: '/project/:projectId/receiver-group', Component: ReceiverGroupsPage }], `/project/${PROJECT_ID}/receiver-group`, page.english);

    const panel = await openSilenceForm(user);
    const table = screen.getByTestId('receiver-groups-table');

    const duration = await screen.findByTestId('silence-duration');
    await user.clear(duration);
    await user.type(duration, '30');
    // The reason is required: nothing is sent without it.
    await user.click(screen.getByTestId('silence-save'));
    await waitFor(() => expect(describedText(screen.getByTestId('silence-reason'))).not.toBe(''));
    expect(posted).toEqual([]);
    await fill(user, screen.getByTestId('silence-reason'), 'Maintenance window');
    await user.click(screen.getByTestId('silence-save'));
    await waitFor(() => expect(screen.queryByTestId('silence-form')).toBeNull());

    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ receiverGroupId: GROUP_ID, reason: 'Maintenance window' });
    expect(Date.parse(posted[0]!.endsAt) - Date.parse(posted[0]!.startsAt)).toBe(30 * 60_000);
    // Shown in the detail (until when, why, who) and in the list's silence column.
    const silenced = await within(panel).findByTestId('receiver-group-silenced');
    expect(silenced.textContent).toContain('Maintenance window');
    expect(within(panel).getByText('by Kim Admin')).toBeTruthy();
    expect((await within(table).findByTestId('receiver-group-row-silenced')).textContent).toContain('Muted until');

    await user.click(within(panel).getByTestId('receiver-group-silence-end'));
    await waitFor(() => expect(within(panel).queryByTestId('receiver-group-silenced')).toBeNull());
    expect(ended).toEqual(['s1']);
    expect(within(table).queryByTestId('receiver-group-row-silenced')).toBeNull();
  });

  it('without the permission to change notifications, Silence is disabled', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch(
      routes({ [`GET ${BASE}/silences`]: () => ok(listSilences, { silences: [] }) }, ['Project.AlarmGroup.List', 'Project.AlarmGroup.Get', 'Project.SystemNotification.List']),
    );
    renderConsole([{ path: '/project/:projectId/receiver-group', Component: ReceiverGroupsPage }], `/project/${PROJECT_ID}/receiver-group`, page.english);
    const table = await screen.findByTestId('receiver-groups-table');
    await user.click(await within(table).findByRole('radio', { name: 'On call' }));
    const silence = await screen.findByTestId('receiver-group-silence');
    await waitFor(() => expect(silence.getAttribute('aria-disabled')).toBe('true'));
  });

  it('the form checks as typed and puts the server’s refusals next to their fields', async () => {
    const user = userEvent.setup({ delay: null });
    const posted: unknown[] = [];
    mockFetch(
      routes({
        [`GET ${BASE}/silences`]: () => ok(listSilences, { silences: [] }),
        [`POST ${BASE}/receiver-groups`]: (request) => {
          posted.push(request.body);
          if (posted.length === 1) {
            return fail(400, {
              resultCode: 40103,
              fieldErrors: [
                { field: 'body.name', message: 'The notification receiver group name you entered already exists.' },
                { field: 'body.webhooks.0.targetUrl', message: 'The webhook address resolves to a private address.' },
              ],
            });
          }
          return ok(createProjectReceiverGroup, { receiverGroup: { ...group, name: 'Night shift', webhookCount: 1 } });
        },
      }),
    );
    renderConsole([{ path: '/project/:projectId/receiver-group', Component: ReceiverGroupsPage }], `/project/${PROJECT_ID}/receiver-group`, page.english);
    const add = await screen.findByTestId('receiver-group-add');
    await waitFor(() => expect(add.getAttribute('aria-disabled')).toBeNull());
    await user.click(add);

    // Empty name, a webhook without a valid address, a secret too short: refused before any call.
    await user.click(await screen.findByTestId('webhook-add'));
    await fill(user, screen.getByTestId('webhook-name-0'), 'Pager');
    await fill(user, screen.getByTestId('webhook-target-0'), 'ftp://pager.example.com');
    await fill(user, screen.getByTestId('webhook-secret-0'), 'short');
    await user.click(screen.getByTestId('receiver-group-save'));
    await waitFor(() => expect(describedText(screen.getByTestId('receiver-group-name'))).not.toBe(''));
    expect(describedText(screen.getByTestId('webhook-target-0'))).not.toBe('');
    expect(describedText(screen.getByTestId('webhook-secret-0'))).not.toBe('');
    expect(posted).toEqual([]);

    await fill(user, screen.getByTestId('receiver-group-name'), 'Night shift');
    await user.clear(screen.getByTestId('webhook-target-0'));
    await fill(user, screen.getByTestId('webhook-target-0'), 'https://pager.example.com/hook');
    await user.clear(screen.getByTestId('webhook-secret-0'));
    await fill(user, screen.getByTestId('webhook-secret-0'), 'a-long-enough-secret');
    await user.click(screen.getByTestId('receiver-group-save'));
    await waitFor(() => expect(describedText(screen.getByTestId('receiver-group-name'))).toContain('already exists'));
    expect(describedText(screen.getByTestId('webhook-target-0'))).toContain('private address');
    expect(screen.queryByTestId('receiver-group-form-error')).toBeNull();

    await user.click(screen.getByTestId('receiver-group-save'));
    await waitFor(() => expect(screen.queryByTestId('receiver-group-form')).toBeNull());
    expect(posted[1]).toEqual({
      name: 'Night shift',
      description: '',
      memberIds: [],
      invitationIds: [],
      roleGroupIds: [],
      webhooks: [{ name: 'Pager', targetUrl: 'https://pager.example.com/hook', secret: 'a-long-enough-secret', typeCode: 'DEFAULT', method: 'POST', headers: [], sender: '' }],
    });
  });
});

/** A pending invitation of the organization, as the invitations list answers it. */
const pendingInvitation = (invitationId: string, email: string) => ({
  invitationId,
  email,
  orgRoleCodes: ['MEMBER' as const],
  invitationStatus: 'WAIT' as const,
  invitedByUuid: null,
  invitedByName: null,
  sentDateTime: '2026-11-01T00:00:00.000Z',
  expireDateTime: '2026-12-01T00:00:00.000Z',
  acceptedDateTime: null,
  regDateTime: '2026-11-01T00:00:00.000Z',
});

describe('receiver groups of the organization', { timeout: 60_000 }, () => {
  it("silences an organization group for every project's alarms; a project's silence of it is not shown as the organization's", async () => {
    const user = userEvent.setup({ delay: null });
    const ORG_BASE = `/api/alarm/v6/organizations/${ORG_ID}`;
    const orgGroup = { ...group, scope: 'ORG' as const };
    // One project muted the group for its own alarms: not the organization's silence.
    const projects: Silence = { silenceId: 'p1', projectId: PROJECT_ID, alarmId: null, receiverGroupId: GROUP_ID, startsAt: '2026-11-01T00:00:00.000Z', endsAt: '2099-11-01T00:00:00.000Z', reason: 'Project window', createdBy: 'Lee', isActive: true };
    let silences: Silence[] = [projects];
    const posted: { receiverGroupId?: string; reason: string }[] = [];
    const ended: string[] = [];
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('ADMIN')),
      [`GET ${ORG_BASE}/receiver-groups`]: () => ok(listOrgReceiverGroups, { receiverGroups: [orgGroup], paging: { page: 1, limit: 20, totalCount: 1 } }),
      [`GET ${ORG_BASE}/receiver-groups/${GROUP_ID}`]: () => ok(getOrgReceiverGroup, { receiverGroup: orgGroup }),
      [`GET ${ORG_BASE}/silences`]: () => ok(listOrgSilences, { silences }),
      [`POST ${ORG_BASE}/silences`]: (request) => {
        const body = request.body as { receiverGroupId?: string; reason: string; startsAt: string; endsAt: string };
        posted.push(body);
        const silence: Silence = { silenceId: 'o1', projectId: null, alarmId: null, receiverGroupId: body.receiverGroupId ?? null, startsAt: body.startsAt, endsAt: body.endsAt, reason: body.reason, createdBy: 'Kim Admin', isActive: true };
        silences = [...silences, silence];
        return ok(createOrgSilence, { silence });
      },
      [`DELETE ${ORG_BASE}/silences/o1`]: () => {
        ended.push('o1');
        silences = silences.filter((silence) => silence.silenceId !== 'o1');
        return ok(deleteOrgSilence, {});
      },
    });
    renderConsole([{ path: '/org/:orgId/receiver-group', Component: ReceiverGroupsPage }], `/org/${ORG_ID}/receiver-group`, page.english);

    const panel = await openSilenceForm(user);
    await fill(user, await screen.findByTestId('silence-reason'), 'Org window');
    await user.click(screen.getByTestId('silence-save'));
    await waitFor(() => expect(screen.queryByTestId('silence-form')).toBeNull());
    expect(posted).toEqual([expect.objectContaining({ receiverGroupId: GROUP_ID, reason: 'Org window' })]);
    expect((await within(panel).findByTestId('receiver-group-silenced')).textContent).toContain('Org window');
    await user.click(within(panel).getByTestId('receiver-group-silence-end'));
    await waitFor(() => expect(within(panel).queryByTestId('receiver-group-silenced')).toBeNull());
    expect(ended).toEqual(['o1']);
  });

  it('lists each receiver as Added or Invited, offers pending invitations in the picker as invited, and saves them apart', async () => {
    const user = userEvent.setup({ delay: null });
    const ORG_BASE = `/api/alarm/v6/organizations/${ORG_ID}`;
    const ADDED_ID = '11111111-1111-4111-8111-111111111111';
    const INVITED_ID = '22222222-2222-4222-8222-222222222222';
    const OTHER_INVITATION = '33333333-3333-4333-8333-333333333333';
    const orgGroup: ReceiverGroupDetail = {
      ...group,
      scope: 'ORG',
      memberCount: 2,
      members: [
        { membership: 'ADDED', memberId: ADDED_ID, invitationId: null, name: 'Kim Added', email: 'kim@example.com' },
        { membership: 'INVITED', memberId: null, invitationId: INVITED_ID, name: '', email: 'lee@example.com' },
      ],
    };
    const invitationQueries: string[] = [];
    const saved: unknown[] = [];
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({}),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: () => ok(getOrgSelfRoles, orgSelfRoles('ADMIN')),
      [`GET ${ORG_BASE}/receiver-groups`]: () => ok(listOrgReceiverGroups, { receiverGroups: [orgGroup], paging: { page: 1, limit: 20, totalCount: 1 } }),
      [`GET ${ORG_BASE}/receiver-groups/${GROUP_ID}`]: () => ok(getOrgReceiverGroup, { receiverGroup: orgGroup }),
      [`GET ${ORG_BASE}/silences`]: () => ok(listOrgSilences, { silences: [] }),
      [`GET /api/cab/v5/organizations/${ORG_ID}/invitations`]: (request) => {
        invitationQueries.push(request.url.searchParams.getAll('invitationStatuses').join(','));
        return ok(listOrgInvitations, { invitations: [pendingInvitation(INVITED_ID, 'lee@example.com'), pendingInvitation(OTHER_INVITATION, 'park@example.com')], paging: { page: 1, limit: 1000, totalCount: 2 } });
      },
      [`PUT ${ORG_BASE}/receiver-groups/${GROUP_ID}`]: (request) => {
        saved.push(request.body);
        return ok(updateOrgReceiverGroup, { receiverGroup: orgGroup });
      },
    });
    renderConsole([{ path: '/org/:orgId/receiver-group', Component: ReceiverGroupsPage }], `/org/${ORG_ID}/receiver-group`, page.english);

    const table = await screen.findByTestId('receiver-groups-table');
    await user.click(await within(table).findByRole('radio', { name: 'On call' }));
    const detail = await screen.findByTestId('receiver-group-detail');
    await waitFor(() => expect(within(detail).getAllByTestId('receiver-group-member')).toHaveLength(2));
    expect(within(detail).getAllByTestId('receiver-group-member').map((item) => item.textContent)).toEqual(['Added Kim Added (kim@example.com)', 'Invited lee@example.com']);

    const modify = screen.getByTestId('receiver-group-modify');
    await waitFor(() => expect(modify.getAttribute('aria-disabled')).toBeNull());
    await user.click(modify);
    const picker = await screen.findByTestId('receiver-group-members');
    // Only pending invitations are asked for; each is offered with the Invited label.
    await waitFor(() => expect(invitationQueries).toContain('WAIT'));
    await user.click(within(picker).getAllByRole('button').find((button) => button.getAttribute('aria-haspopup'))!);
    const offered = await within(picker).findByRole('option', { name: /park@example\.com/ });
    expect(offered.textContent).toContain('Invited');
    await user.click(offered);
    await user.click(screen.getByTestId('receiver-group-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ memberIds: [ADDED_ID], invitationIds: [INVITED_ID, OTHER_INVITATION] });
  });
});
