import * as api from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { orgDomains } from '../db/schema/index.ts';
import { assignRoleGroup, createMember, createOrg, createProject, createRoleGroup, FIXTURE_PASSWORD } from '../test/fixtures.ts';
import { buildTestApp, type Caller, type TestApp } from '../test/helper.ts';
import { disclosureOf } from './personal-data.ts';

/**
 * Personal data of others in answers (docs/decisions.md "Personal data in answers"): plain for
 * callers who may list the members where the answer is about, and for the person themselves;
 * masked for everyone else. Every route that names other people, as each kind of caller.
 */

let t: TestApp;
let orgId: string;
let projectId: string;
let otherProjectId: string;
let deskGroupId: string;
const who: Record<string, Caller> = {};
const ids: Record<string, string> = {};

const PEOPLE = {
  owner: { name: 'Olivia Owner', role: 'OWNER' },
  admin: { name: 'Adam Admin', role: 'ADMIN' },
  member: { name: 'Mina Member', role: 'MEMBER' },
  billing: { name: 'Bill Viewer', role: 'BILLING_VIEWER' },
  support: { name: 'Sue Support', role: 'SUPPORT_ADMIN' },
  // Organization MEMBERs with project roles in "Shared": its ADMIN, a BILLING_VIEWER (cannot list its
  // members) and a PROJECT_MEMBER_VIEWER whose group DENYs VIEWER (reads role groups, cannot list members).
  padmin: { name: 'Paula Admin', role: 'MEMBER' },
  pbill: { name: 'Peter Billing', role: 'MEMBER' },
  rgv: { name: 'Rita Groups', role: 'MEMBER' },
  leaver: { name: 'Leo Leaver', role: 'MEMBER' },
} as const;
const emailOf = (name: keyof typeof PEOPLE) => `${name}@mask.example.com`;

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000', PUBLIC_URL: 'https://console.example.com/' });
  for (const [key, person] of Object.entries(PEOPLE)) ids[key] = (await createMember(t.db, emailOf(key as keyof typeof PEOPLE), { name: person.name })).id;
  orgId = (
    await createOrg(
      t.db,
      'Mask Co',
      ids.owner!,
      Object.entries(PEOPLE)
        .filter(([key]) => key !== 'owner')
        .map(([key, person]) => ({ memberId: ids[key]!, role: person.role })),
    )
  ).id;
  await t.db.insert(orgDomains).values({ orgId, domainName: 'mask-co' });
  for (const key of Object.keys(PEOPLE)) who[key] = await t.login(emailOf(key as keyof typeof PEOPLE), FIXTURE_PASSWORD);

  // What the feed records: an invitation, its acceptance by a new person, an IAM account, a member
  // removed, the support team, a project and its members.
  const invited = await t.call(who.owner!, api.inviteOrgMembers, { params: { orgId }, body: { emailList: ['invitee@mask.example.com'], orgRoleCodes: ['MEMBER'] } });
  expect(invited.statusCode, invited.body).toBe(200);
  await t.runPendingJobs();
  const mail = (await t.mails()).find((row) => row.toAddress === 'invitee@mask.example.com')!;
  const token = decodeURIComponent(/invitation#token=([A-Za-z0-9_-]+)/.exec(mail.textBody)![1]!);
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/api/cab/v5/invitations/${token}/accept`,
    payload: { name: 'Ivy Invitee', password: 'Welcome#2026', passwordConfirm: 'Welcome#2026' },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  ids.invitee = accepted.json().memberUuid;
  who.invitee = await t.login('invitee@mask.example.com', 'Welcome#2026');
  const iam = await t.call(who.owner!, api.createIamMembers, { params: { orgId }, body: {
    members: [{ userCode: 'iam.person', name: 'Ian.Account', emailAddress: 'iam.person@mask.example.com', password: 'Iam#Person2026' }],
  } });
  expect(iam.statusCode, iam.body).toBe(200);
  ids.iam = iam.json().result.contents[0].memberId;
  expect((await t.call(who.admin!, api.removeOrgMember, { params: { orgId, memberId: ids.leaver } })).statusCode).toBe(200);
  const team = await t.call(who.owner!, api.updateOrgSupportTeam, { params: { orgId }, body: {
    members: [
      { memberType: 'TOAST_CLOUD', memberUuid: ids.admin },
      { memberType: 'IAM', memberUuid: ids.iam },
    ],
  } });
  expect(team.statusCode, team.body).toBe(200);
  const created = await t.call(who.owner!, api.createProject, { body: { orgId, projectName: 'Shared' } });
  expect(created.statusCode, created.body).toBe(200);
  projectId = created.json().project.projectId;
  for (const [key, roles] of [
    ['padmin', ['ADMIN']],
    ['pbill', ['BILLING_VIEWER']],
    ['rgv', ['PROJECT_MEMBER_VIEWER']],
  ] as const) {
    const added = await t.call(who.owner!, api.addProjectMember, { params: { projectId }, body: { projectMemberUuid: ids[key], projectMemberRoleCodeList: roles } });
    expect(added.statusCode, added.body).toBe(200);
  }
  const deny = await createRoleGroup(t.db, orgId, 'No viewing', [{ roleId: 'PROJECT_ROLE:VIEWER', denialSetting: 'DENY' }], { projectId });
  await assignRoleGroup(t.db, orgId, projectId, deny.id, [ids.rgv!]);
  deskGroupId = (await createRoleGroup(t.db, orgId, 'Desk', ['PROJECT_ROLE:SUPPORT_VIEWER'], { projectId })).id;
  await assignRoleGroup(t.db, orgId, projectId, deskGroupId, [ids.rgv!, ids.pbill!]);
  // A project the organization MEMBER owns (created directly: no event), to see their own data in lists.
  otherProjectId = (await createProject(t.db, orgId, 'Mine', ids.member!)).id;
});

interface Event {
  actionCode: string;
  actor: { name: string };
  target: { name: string | null };
}
const feed = async (caller: Caller, url = `/api/cab/v6/organizations/${orgId}/activities?limit=100`) => {
  const response = await t.call(caller, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().activities as Event[];
};
const event = (events: Event[], actionCode: string) => {
  const found = events.find((item) => item.actionCode === actionCode);
  if (!found) throw new Error(`no ${actionCode} in ${events.map((item) => item.actionCode).join(', ')}`);
  return { actor: found.actor.name, target: found.target.name };
};
const projectFeed = (caller: Caller) => feed(caller, `/api/cab/v6/projects/${projectId}/activities?limit=100`);

const PLAIN_ORG_EVENTS = {
  ORG_MEMBER_INVITE: { actor: 'Olivia Owner', target: 'invitee@mask.example.com' },
  ORG_INVITATION_ACCEPT: { actor: 'Ivy Invitee', target: 'Mask Co' },
  IAM_ACCOUNT_CREATE: { actor: 'Olivia Owner', target: 'Ian.Account (iam.person)' },
  ORG_MEMBER_REMOVE: { actor: 'Adam Admin', target: 'Leo Leaver' },
  ORG_SUPPORT_TEAM_CHANGE: { actor: 'Olivia Owner', target: expect.stringMatching(/^(Adam Admin, Ian.Account|Ian.Account, Adam Admin)$/) },
};
const MASKED_ORG_EVENTS = {
  ORG_MEMBER_INVITE: { actor: 'O***', target: 'i***@m***.com' },
  ORG_INVITATION_ACCEPT: { actor: 'I***', target: 'Mask Co' },
  IAM_ACCOUNT_CREATE: { actor: 'O***', target: 'I*** (i***)' },
  ORG_MEMBER_REMOVE: { actor: 'A***', target: 'L***' },
  ORG_SUPPORT_TEAM_CHANGE: { actor: 'O***', target: expect.stringMatching(/^(A\*\*\*, I\*\*\*|I\*\*\*, A\*\*\*)$/) },
};
/** Who added whom to the project, as the feed names them. */
const addedMembers = (events: Event[]) =>
  events
    .filter((item) => item.actionCode === 'PROJECT_MEMBER_ADD')
    .map((item) => [item.actor.name, item.target.name])
    .sort();
const orgEvents = (events: Event[]) => Object.fromEntries(Object.keys(PLAIN_ORG_EVENTS).map((code) => [code, event(events, code)]));

describe('the organization activity feed', () => {
  it('shows invitees, IAM accounts, removed members and actors in plain to OWNER and ADMIN', async () => {
    for (const caller of [who.owner!, who.admin!]) expect(orgEvents(await feed(caller))).toEqual(PLAIN_ORG_EVENTS);
  });

  it('masks them for MEMBER, BILLING_VIEWER and SUPPORT_ADMIN, who may not list members — and leaves nothing of them in the answer', async () => {
    for (const caller of [who.member!, who.billing!, who.support!]) {
      const events = await feed(caller);
      expect(orgEvents(events)).toEqual(MASKED_ORG_EVENTS);
      const text = JSON.stringify(events);
      for (const secret of ['invitee@', 'Ivy', 'Ian', 'iam.person', 'Leo', 'Leaver', 'Olivia', 'Adam', 'mask.example']) expect(text).not.toContain(secret);
    }
  });

  it('shows the person their own data: the invitee their invitation and their joining', async () => {
    const events = orgEvents(await feed(who.invitee!));
    expect(events.ORG_MEMBER_INVITE).toEqual({ actor: 'O***', target: 'invitee@mask.example.com' });
    expect(events.ORG_INVITATION_ACCEPT).toEqual({ actor: 'Ivy Invitee', target: 'Mask Co' });
    expect(events.IAM_ACCOUNT_CREATE).toEqual(MASKED_ORG_EVENTS.IAM_ACCOUNT_CREATE);
  });

  it("a project's events are plain to whoever may list that project's members: its ADMIN, not its BILLING_VIEWER", async () => {
    expect(addedMembers(await feed(who.padmin!))).toEqual([
      ['Olivia Owner', 'Paula Admin'],
      ['Olivia Owner', 'Peter Billing'],
      ['Olivia Owner', 'Rita Groups'],
    ]);
    // The project ADMIN is an organization MEMBER: the organization's own events stay masked.
    expect(event(await feed(who.padmin!), 'ORG_MEMBER_INVITE')).toEqual(MASKED_ORG_EVENTS.ORG_MEMBER_INVITE);
    expect(addedMembers(await feed(who.pbill!))).toEqual([
      ['O***', 'P***'],
      ['O***', 'Peter Billing'],
      ['O***', 'R***'],
    ]);
  });
});

describe('the project activity feed', () => {
  it('is plain to OWNER, ADMIN and the project ADMIN; masked for a project BILLING_VIEWER, who still sees themselves', async () => {
    const added = async (caller: Caller) =>
      (await projectFeed(caller))
        .filter((item) => item.actionCode === 'PROJECT_MEMBER_ADD')
        .map((item) => item.target.name)
        .sort();
    for (const caller of [who.owner!, who.admin!, who.padmin!]) expect(await added(caller)).toEqual(['Paula Admin', 'Peter Billing', 'Rita Groups']);
    expect(await added(who.pbill!)).toEqual(['P***', 'Peter Billing', 'R***']);
    expect(event(await projectFeed(who.pbill!), 'PROJECT_CREATE')).toEqual({ actor: 'O***', target: 'Shared' });
  });
});

/** The owner fields of "Shared" as one caller reads them: the same in the two lists and the project call. */
const sharedOwner = async (caller: Caller) => {
  const mine = (await t.call(caller, api.listMyProjects, { query: { limit: '100' } })).json().projects as { projectId: string; ownerName: string; ownerEmail: string }[];
  const inOrg = (await t.call(caller, api.listProjects, { query: { orgId, limit: '100' } })).json().projects as typeof mine;
  const one = (await t.call(caller, api.getProject, { params: { projectId } })).json().project as (typeof mine)[number];
  const owners = [mine, inOrg, [one]].map((list) => list.find((project) => project.projectId === projectId)).map((project) => [project!.ownerName, project!.ownerEmail]);
  expect(new Set(owners.map((owner) => owner.join()))).toHaveProperty('size', 1);
  return owners[0];
};

describe("project answers' owner fields", () => {
  it('are plain to OWNER, ADMIN and those who may list the project members; masked for a project BILLING_VIEWER', async () => {
    for (const caller of [who.owner!, who.admin!, who.padmin!, who.rgv!]) {
      // rgv's DENY of VIEWER takes Project.Member.List: masked too.
      const expected = caller === who.rgv ? ['O***', 'o***@m***.com'] : ['Olivia Owner', 'owner@mask.example.com'];
      expect(await sharedOwner(caller)).toEqual(expected);
    }
    expect(await sharedOwner(who.pbill!)).toEqual(['O***', 'o***@m***.com']);
  });

  it('show the owner themselves in plain, wherever they may not list members', async () => {
    const mine = (await t.call(who.member!, api.getProject, { params: { projectId: otherProjectId } })).json().project;
    expect([mine.ownerName, mine.ownerEmail]).toEqual(['Mina Member', 'member@mask.example.com']);
  });
});

/** The holders of "Desk" (name, email) as one caller reads them, in the group and in a preview. */
const deskMembers = async (caller: Caller) => {
  const response = await t.call(caller, api.getProjectRoleGroup, { params: { projectId, roleGroupId: deskGroupId } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().roleGroup.members as { name: string; email: string }[]).map((member) => [member.name, member.email]).sort();
};
const deskPreview = async (caller: Caller) => {
  const response = await t.call(caller, api.previewProjectRoleGroup, { params: { projectId }, body: {
    roleGroupName: 'Desk',
    description: '',
    roles: [{ roleId: 'PROJECT_ROLE:SUPPORT_ADMIN', denialSetting: 'ALLOW', conditions: [] }],
    roleGroupId: deskGroupId,
  } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().members as { name: string; email: string }[]).map((member) => [member.name, member.email]).sort();
};
describe('role-group members and previews', () => {
  const PLAIN = [
    ['Peter Billing', 'pbill@mask.example.com'],
    ['Rita Groups', 'rgv@mask.example.com'],
  ];

  it('are plain to OWNER, ADMIN and the project ADMIN', async () => {
    for (const caller of [who.owner!, who.admin!, who.padmin!]) {
      expect(await deskMembers(caller)).toEqual(PLAIN);
      expect(await deskPreview(caller)).toEqual(PLAIN);
    }
  });

  it('are masked for one who reads role groups but may not list members, except themselves', async () => {
    const expected = [
      ['P***', 'p***@m***.com'],
      ['Rita Groups', 'rgv@mask.example.com'],
    ];
    expect(await deskMembers(who.rgv!)).toEqual(expected);
    expect(await deskPreview(who.rgv!)).toEqual(expected);
  });

  it('of a common group are plain to OWNER and ADMIN; MEMBER and BILLING_VIEWER may not read it', async () => {
    const common = await createRoleGroup(t.db, orgId, 'Common desk', ['PROJECT_ROLE:SUPPORT_VIEWER']);
    await assignRoleGroup(t.db, orgId, projectId, common.id, [ids.pbill!]);
    for (const caller of [who.owner!, who.admin!]) {
      const detail = (await t.call(caller, api.getOrgRoleGroup, { params: { orgId, roleGroupId: common.id } })).json().roleGroup;
      expect(detail.members.map((member: { email: string }) => member.email)).toEqual(['pbill@mask.example.com']);
    }
    for (const caller of [who.member!, who.billing!]) {
      await t.expectRefusal(() => t.call(caller, api.getOrgRoleGroup, { params: { orgId, roleGroupId: common.id } }), 403, -6);
    }
  });
});

const supportTeam = async (caller: Caller) =>
  ((await t.call(caller, api.getOrgSupportTeam, { params: { orgId } })).json().supportTeam.members as { name: string; email: string; userCode: string | null }[])
    .map((member) => [member.name, member.email, member.userCode])
    .sort();

describe('the support team and the members summary', () => {
  it('lists the support team in plain to OWNER, ADMIN and SUPPORT_ADMIN (who chooses it by name and email); MEMBER and BILLING_VIEWER may not read it', async () => {
    for (const caller of [who.owner!, who.admin!, who.support!]) {
      expect(await supportTeam(caller)).toEqual([
        ['Adam Admin', 'admin@mask.example.com', null],
        ['Ian.Account', 'iam.person@mask.example.com', 'iam.person'],
      ]);
    }
    for (const caller of [who.member!, who.billing!]) {
      await t.expectRefusal(() => t.call(caller, api.getOrgSupportTeam, { params: { orgId } }), 403, -6);
    }
  });

  it('answers the newest members only to those who may list members', async () => {
    const summary = (await t.call(who.admin!, api.getOrgMembersSummary, { params: { orgId } })).json().summary;
    expect(summary.newest).toHaveLength(5);
    for (const member of summary.newest as { email: string }[]) expect(member.email).toMatch(/^[a-z.]+@mask\.example\.com$/);
    for (const caller of [who.member!, who.billing!, who.support!]) {
      await t.expectRefusal(() => t.call(caller, api.getOrgMembersSummary, { params: { orgId } }), 403, -6);
    }
  });
});

/** A view of the engine holding exactly these permissions. */
const holding = (...permissions: string[]) => ({ has: (permission: string) => permissions.includes(permission) });

describe('the rule', () => {
  const caller = { memberType: 'TOAST_CLOUD', uuid: 'me', profile: { email: 'Me@Example.com' } } as never;

  it('asks the engine for the list permission of the kind of person, in any of the views given', () => {
    const cloudOnly = disclosureOf(caller, [holding('Project.Member.List')]);
    expect(cloudOnly.name('Kim', { kind: 'TOAST_CLOUD', id: 'x' })).toBe('Kim');
    expect(cloudOnly.name('Kim', { kind: 'IAM', id: 'x' })).toBe('K***');
    expect(cloudOnly.all).toBe(false);
    expect(disclosureOf(caller, [holding(), holding('Organization.Member.List', 'Organization.Member.Iam.List')]).all).toBe(true);
  });

  it('shows the caller themselves by id or by the email an invitation names; a permission named in `also` shows everyone', () => {
    const none = disclosureOf(caller, [holding('Organization.Support.Get')]);
    expect(none.email('me@example.com', { kind: 'TOAST_CLOUD', email: 'me@example.com' })).toBe('me@example.com');
    expect(none.phone('010-1234-5678', { kind: 'TOAST_CLOUD', id: 'me' })).toBe('010-1234-5678');
    expect(none.phone('010-1234-5678', { kind: 'IAM', id: 'me' })).toBe('***78');
    expect(none.userCode('iam.x', { kind: 'IAM', id: 'other' })).toBe('i***');
    const managers = disclosureOf(caller, [holding('Organization.Support.Get', 'Organization.Support.Update')], ['Organization.Support.Update']);
    expect(managers.email('other@example.com', { kind: 'IAM', id: 'other' })).toBe('other@example.com');
  });
});
