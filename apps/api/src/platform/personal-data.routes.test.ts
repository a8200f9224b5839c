import * as api from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignRoleGroup, createRoleGroup } from '../test/fixtures.ts';
import { anonymous, type Caller } from '../test/helper.ts';
import { worldOf } from '../test/world.ts';
import { disclosureOf } from './personal-data.ts';

/**
 * Personal data of others in answers (docs/decisions.md "Personal data in answers"): plain for
 * callers who may list the members where the answer is about, and for the person themselves;
 * masked for everyone else. Every route that names other people, as each kind of caller.
 */

const w = worldOf({
  env: { PUBLIC_URL: 'https://console.example.com/' },
  mailDomain: 'mask.example.com',
  org: { name: 'Mask Co', domain: 'mask-co' },
  roles: {
    owner: { role: 'OWNER', name: 'Olivia Owner' },
    admin: { role: 'ADMIN', name: 'Adam Admin' },
    member: { role: 'MEMBER', name: 'Mina Member' },
    billing: { role: 'BILLING_VIEWER', name: 'Bill Viewer' },
    support: { role: 'SUPPORT_ADMIN', name: 'Sue Support' },
    // Organization MEMBERs with project roles in "Shared": its ADMIN, a BILLING_VIEWER (cannot list its
    // members) and a PROJECT_MEMBER_VIEWER whose group DENYs VIEWER (reads role groups, cannot list members).
    padmin: { role: 'MEMBER', name: 'Paula Admin' },
    pbill: { role: 'MEMBER', name: 'Peter Billing' },
    rgv: { role: 'MEMBER', name: 'Rita Groups' },
    leaver: { role: 'MEMBER', name: 'Leo Leaver' },
  },
  // A project the organization MEMBER owns (created directly: no event), to see their own data in lists.
  projects: { mine: { name: 'Mine', owner: 'member' } },
});
/** "Shared", created through the API so the feed records it. */
let projectId: string;
let deskGroupId: string;
/** The person who accepts the invitation, signed in. */
let invitee: Caller;
let iamId: string;

beforeAll(async () => {
  const { t, orgId, ids, as: who } = w;
  // What the feed records: an invitation, its acceptance by a new person, an IAM account, a member
  // removed, the support team, a project and its members.
  const invited = await t.call(who.owner, api.inviteOrgMembers, { params: { orgId }, body: { emailList: ['invitee@mask.example.com'], orgRoleCodes: ['MEMBER'] } });
  expect(invited.statusCode, invited.body).toBe(200);
  await t.runPendingJobs();
  const mail = (await t.mails()).find((row) => row.toAddress === 'invitee@mask.example.com')!;
  const token = decodeURIComponent(/invitation#token=([A-Za-z0-9_-]+)/.exec(mail.textBody)![1]!);
  const accepted = await t.call(anonymous, api.acceptInvitation, { params: { token }, body: { name: 'Ivy Invitee', password: 'Welcome#2026', passwordConfirm: 'Welcome#2026' } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  invitee = await t.login('invitee@mask.example.com', 'Welcome#2026');
  const iam = await t.call(who.owner, api.createIamMembers, { params: { orgId }, body: {
    members: [{ userCode: 'iam.person', name: 'Ian.Account', emailAddress: 'iam.person@mask.example.com', password: 'Iam#Person2026' }],
  } });
  expect(iam.statusCode, iam.body).toBe(200);
  iamId = iam.json().result.contents[0].memberId;
  expect((await t.call(who.admin, api.removeOrgMember, { params: { orgId, memberId: ids.leaver } })).statusCode).toBe(200);
  const team = await t.call(who.owner, api.updateOrgSupportTeam, { params: { orgId }, body: {
    members: [
      { memberType: 'TOAST_CLOUD', memberUuid: ids.admin },
      { memberType: 'IAM', memberUuid: iamId },
    ],
  } });
  expect(team.statusCode, team.body).toBe(200);
  const created = await t.call(who.owner, api.createProject, { body: { orgId, projectName: 'Shared' } });
  expect(created.statusCode, created.body).toBe(200);
  projectId = created.json().project.projectId;
  for (const [key, roles] of [
    ['padmin', ['ADMIN']],
    ['pbill', ['BILLING_VIEWER']],
    ['rgv', ['PROJECT_MEMBER_VIEWER']],
  ] as const) {
    const added = await t.call(who.owner, api.addProjectMember, { params: { projectId }, body: { projectMemberUuid: ids[key], projectMemberRoleCodeList: roles } });
    expect(added.statusCode, added.body).toBe(200);
  }
  const deny = await createRoleGroup(t.db, orgId, 'No viewing', [{ roleId: 'PROJECT_ROLE:VIEWER', denialSetting: 'DENY' }], { projectId });
  await assignRoleGroup(t.db, orgId, projectId, deny.id, [ids.rgv]);
  deskGroupId = (await createRoleGroup(t.db, orgId, 'Desk', ['PROJECT_ROLE:SUPPORT_VIEWER'], { projectId })).id;
  await assignRoleGroup(t.db, orgId, projectId, deskGroupId, [ids.rgv, ids.pbill]);
});

interface Event {
  actionCode: string;
  actor: { name: string };
  target: { name: string | null };
}
/** The organization's feed as `caller` (or the project's, given one). */
const feed = async (caller: Caller, inProject?: string) => {
  const response = await (inProject === undefined
    ? w.t.call(caller, api.listOrgActivities, { params: { orgId: w.orgId }, query: { limit: 100 } })
    : w.t.call(caller, api.listProjectActivities, { params: { projectId: inProject }, query: { limit: 100 } }));
  expect(response.statusCode, response.body).toBe(200);
  return response.json().activities as Event[];
};
const event = (events: Event[], actionCode: string) => {
  const found = events.find((item) => item.actionCode === actionCode);
  if (!found) throw new Error(`no ${actionCode} in ${events.map((item) => item.actionCode).join(', ')}`);
  return { actor: found.actor.name, target: found.target.name };
};
const projectFeed = (caller: Caller) => feed(caller, projectId);

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
    for (const caller of [w.as.owner, w.as.admin]) expect(orgEvents(await feed(caller))).toEqual(PLAIN_ORG_EVENTS);
  });

  it('masks them for MEMBER, BILLING_VIEWER and SUPPORT_ADMIN, who may not list members — and leaves nothing of them in the answer', async () => {
    for (const caller of [w.as.member, w.as.billing, w.as.support]) {
      const events = await feed(caller);
      expect(orgEvents(events)).toEqual(MASKED_ORG_EVENTS);
      const text = JSON.stringify(events);
      for (const secret of ['invitee@', 'Ivy', 'Ian', 'iam.person', 'Leo', 'Leaver', 'Olivia', 'Adam', 'mask.example']) expect(text).not.toContain(secret);
    }
  });

  it('shows the person their own data: the invitee their invitation and their joining', async () => {
    const events = orgEvents(await feed(invitee));
    expect(events.ORG_MEMBER_INVITE).toEqual({ actor: 'O***', target: 'invitee@mask.example.com' });
    expect(events.ORG_INVITATION_ACCEPT).toEqual({ actor: 'Ivy Invitee', target: 'Mask Co' });
    expect(events.IAM_ACCOUNT_CREATE).toEqual(MASKED_ORG_EVENTS.IAM_ACCOUNT_CREATE);
  });

  it("a project's events are plain to whoever may list that project's members: its ADMIN, not its BILLING_VIEWER", async () => {
    expect(addedMembers(await feed(w.as.padmin))).toEqual([
      ['Olivia Owner', 'Paula Admin'],
      ['Olivia Owner', 'Peter Billing'],
      ['Olivia Owner', 'Rita Groups'],
    ]);
    // The project ADMIN is an organization MEMBER: the organization's own events stay masked.
    expect(event(await feed(w.as.padmin), 'ORG_MEMBER_INVITE')).toEqual(MASKED_ORG_EVENTS.ORG_MEMBER_INVITE);
    expect(addedMembers(await feed(w.as.pbill))).toEqual([
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
    for (const caller of [w.as.owner, w.as.admin, w.as.padmin]) expect(await added(caller)).toEqual(['Paula Admin', 'Peter Billing', 'Rita Groups']);
    expect(await added(w.as.pbill)).toEqual(['P***', 'Peter Billing', 'R***']);
    expect(event(await projectFeed(w.as.pbill), 'PROJECT_CREATE')).toEqual({ actor: 'O***', target: 'Shared' });
  });
});

/** The owner fields of "Shared" as one caller reads them: the same in the two lists and the project call. */
const sharedOwner = async (caller: Caller) => {
  const mine = (await w.t.call(caller, api.listMyProjects, { query: { limit: '100' } })).json().projects as { projectId: string; ownerName: string; ownerEmail: string }[];
  const inOrg = (await w.t.call(caller, api.listProjects, { query: { orgId: w.orgId, limit: '100' } })).json().projects as typeof mine;
  const one = (await w.t.call(caller, api.getProject, { params: { projectId } })).json().project as (typeof mine)[number];
  const owners = [mine, inOrg, [one]].map((list) => list.find((project) => project.projectId === projectId)).map((project) => [project!.ownerName, project!.ownerEmail]);
  expect(new Set(owners.map((owner) => owner.join()))).toHaveProperty('size', 1);
  return owners[0];
};

describe("project answers' owner fields", () => {
  it('are plain to OWNER, ADMIN and those who may list the project members; masked for a project BILLING_VIEWER', async () => {
    for (const caller of [w.as.owner, w.as.admin, w.as.padmin, w.as.rgv]) {
      // rgv's DENY of VIEWER takes Project.Member.List: masked too.
      const expected = caller === w.as.rgv ? ['O***', 'o***@m***.com'] : ['Olivia Owner', 'owner@mask.example.com'];
      expect(await sharedOwner(caller)).toEqual(expected);
    }
    expect(await sharedOwner(w.as.pbill)).toEqual(['O***', 'o***@m***.com']);
  });

  it('show the owner themselves in plain, wherever they may not list members', async () => {
    const mine = (await w.t.call(w.as.member, api.getProject, { params: { projectId: w.projects.mine } })).json().project;
    expect([mine.ownerName, mine.ownerEmail]).toEqual(['Mina Member', 'member@mask.example.com']);
  });
});

/** The holders of "Desk" (name, email) as one caller reads them, in the group and in a preview. */
const deskMembers = async (caller: Caller) => {
  const response = await w.t.call(caller, api.getProjectRoleGroup, { params: { projectId, roleGroupId: deskGroupId } });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().roleGroup.members as { name: string; email: string }[]).map((member) => [member.name, member.email]).sort();
};
const deskPreview = async (caller: Caller) => {
  const response = await w.t.call(caller, api.previewProjectRoleGroup, { params: { projectId }, body: {
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
    for (const caller of [w.as.owner, w.as.admin, w.as.padmin]) {
      expect(await deskMembers(caller)).toEqual(PLAIN);
      expect(await deskPreview(caller)).toEqual(PLAIN);
    }
  });

  it('are masked for one who reads role groups but may not list members, except themselves', async () => {
    const expected = [
      ['P***', 'p***@m***.com'],
      ['Rita Groups', 'rgv@mask.example.com'],
    ];
    expect(await deskMembers(w.as.rgv)).toEqual(expected);
    expect(await deskPreview(w.as.rgv)).toEqual(expected);
  });

  it('of a common group are plain to OWNER and ADMIN; MEMBER and BILLING_VIEWER may not read it', async () => {
    const common = await createRoleGroup(w.t.db, w.orgId, 'Common desk', ['PROJECT_ROLE:SUPPORT_VIEWER']);
    await assignRoleGroup(w.t.db, w.orgId, projectId, common.id, [w.ids.pbill]);
    for (const caller of [w.as.owner, w.as.admin]) {
      const detail = (await w.t.call(caller, api.getOrgRoleGroup, { params: { orgId: w.orgId, roleGroupId: common.id } })).json().roleGroup;
      expect(detail.members.map((member: { email: string }) => member.email)).toEqual(['pbill@mask.example.com']);
    }
    for (const caller of [w.as.member, w.as.billing]) {
      await w.t.expectRefusal(() => w.t.call(caller, api.getOrgRoleGroup, { params: { orgId: w.orgId, roleGroupId: common.id } }), 403, -6);
    }
  });
});

const supportTeam = async (caller: Caller) =>
  ((await w.t.call(caller, api.getOrgSupportTeam, { params: { orgId: w.orgId } })).json().supportTeam.members as { name: string; email: string; userCode: string | null }[])
    .map((member) => [member.name, member.email, member.userCode])
    .sort();

describe('the support team and the members summary', () => {
  it('lists the support team in plain to OWNER, ADMIN and SUPPORT_ADMIN (who chooses it by name and email); MEMBER and BILLING_VIEWER may not read it', async () => {
    for (const caller of [w.as.owner, w.as.admin, w.as.support]) {
      expect(await supportTeam(caller)).toEqual([
        ['Adam Admin', 'admin@mask.example.com', null],
        ['Ian.Account', 'iam.person@mask.example.com', 'iam.person'],
      ]);
    }
    for (const caller of [w.as.member, w.as.billing]) {
      await w.t.expectRefusal(() => w.t.call(caller, api.getOrgSupportTeam, { params: { orgId: w.orgId } }), 403, -6);
    }
  });

  it('answers the newest members only to those who may list members', async () => {
    const summary = (await w.t.call(w.as.admin, api.getOrgMembersSummary, { params: { orgId: w.orgId } })).json().summary;
    expect(summary.newest).toHaveLength(5);
    for (const member of summary.newest as { email: string }[]) expect(member.email).toMatch(/^[a-z.]+@mask\.example\.com$/);
    for (const caller of [w.as.member, w.as.billing, w.as.support]) {
      await w.t.expectRefusal(() => w.t.call(caller, api.getOrgMembersSummary, { params: { orgId: w.orgId } }), 403, -6);
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
