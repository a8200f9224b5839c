import * as api from '@console/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationOutbox, orgInvitations, receiverGroupInvitations } from '../../db/schema/index.ts';
import { FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import type { Caller } from '../../test/helper.ts';
import { worldOf } from '../../test/world.ts';
import { INVITATION_EXPIRY_JOB } from '../members/invitations.service.ts';
import { enqueueNotification } from './outbox.ts';

/** Spec §4 "notification membership: invited vs added" (docs/decisions.md). */
const w = worldOf({
  env: { PUBLIC_URL: 'https://console.example.com/' },
  mailDomain: 'invited.example.com',
  roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', outsider: null },
  otherOrg: { name: 'Other Co' },
  projects: { main: { name: 'Main', members: { member: ['MEMBER'] } } },
});
const anonymous: Caller = { cookies: {}, headers: {}, as: (options) => options };

async function invite(email: string): Promise<string> {
  const response = await w.t.call(w.as.owner, api.inviteOrgMembers, { params: { orgId: w.orgId }, body: { emailList: [email], orgRoleCodes: ['MEMBER'] } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().invitations[0].invitationId as string;
}

/** The token of the invitation link in the last mail to `email` (after the mail job ran). */
async function linkTokenFor(email: string): Promise<string> {
  await w.t.runPendingJobs();
  const mail = (await w.t.mails()).filter((row) => row.toAddress === email).at(-1);
  const match = /invitation#token=([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '');
  if (!match) throw new Error(`no invitation link mailed to ${email}`);
  return decodeURIComponent(match[1]!);
}

async function createGroup(body: object) {
  const response = await w.t.call(w.as.owner, api.createOrgReceiverGroup, { params: { orgId: w.orgId }, body: { name: `Group ${crypto.randomUUID().slice(0, 8)}`, ...body } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().receiverGroup as api.ReceiverGroupDetail;
}

const readGroup = async (groupId: string) =>
  (await w.t.call(w.as.owner, api.getOrgReceiverGroup, { params: { orgId: w.orgId, receiverGroupId: groupId } })).json().receiverGroup as api.ReceiverGroupDetail;

async function notify(groupId: string, productName: string) {
  const eventId = await w.t.db.transaction((tx) =>
    enqueueNotification(tx, w.t.app.jobs, w.t.clock.now, { orgId: w.orgId, eventType: 'PRODUCT_ENABLED', receiverGroupIds: [groupId], params: { productName } }),
  );
  if (!eventId) throw new Error('the event was not written');
  await w.t.runPendingJobs();
  const [event] = await w.t.db.select().from(notificationOutbox).where(eq(notificationOutbox.id, eventId));
  return event!;
}

const mailsTo = async (email: string) => (await w.t.mails()).filter((mail) => mail.toAddress === email);

describe('receiver group membership: invited vs added', () => {
  it('names a pending invitation as Invited, sends it nothing, and turns it into an Added member when accepted', async () => {
    const invitationId = await invite('pending.one@example.com');
    const token = await linkTokenFor('pending.one@example.com');
    const group = await createGroup({ memberIds: [w.ids.admin], invitationIds: [invitationId] });
    expect(group.memberCount).toBe(2);
    expect(group.members).toEqual([
      { membership: 'ADDED', memberId: w.ids.admin, invitationId: null, name: 'admin name', email: 'admin@invited.example.com' },
      { membership: 'INVITED', memberId: null, invitationId, name: '', email: 'pending.one@example.com' },
    ]);
    const listed = (await w.t.call(w.as.owner, api.listOrgReceiverGroups, { params: { orgId: w.orgId } })).json().receiverGroups as api.ReceiverGroupSummary[];
    expect(listed.find((row) => row.receiverGroupId === group.receiverGroupId)?.memberCount).toBe(2);

    // Invited: nothing is sent to them, the added member gets the mail.
    const before = await notify(group.receiverGroupId, 'Before accepting');
    expect(before).toMatchObject({ statusCode: 'DISPATCHED', mailCount: 1 });
    expect(await mailsTo('pending.one@example.com')).toHaveLength(1); // the invitation mail only
    expect((await mailsTo('admin@invited.example.com')).some((mail) => mail.textBody.includes('Before accepting'))).toBe(true);

    // Accepting makes them an ordinary member entry of the group, in the acceptance's transaction.
    const accepted = await w.t.call(anonymous, api.acceptInvitation, { params: { token }, body: { name: 'Pending One', password: 'Welcome#2026', passwordConfirm: 'Welcome#2026' } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const memberId = accepted.json().memberUuid as string;
    const after = await readGroup(group.receiverGroupId);
    expect(after.members).toEqual([
      { membership: 'ADDED', memberId, invitationId: null, name: 'Pending One', email: 'pending.one@example.com' },
      { membership: 'ADDED', memberId: w.ids.admin, invitationId: null, name: 'admin name', email: 'admin@invited.example.com' },
    ]);
    expect(await w.t.db.select().from(receiverGroupInvitations).where(eq(receiverGroupInvitations.invitationId, invitationId))).toEqual([]);
    expect(await notify(group.receiverGroupId, 'After accepting')).toMatchObject({ mailCount: 2 });
    const theirs = await mailsTo('pending.one@example.com');
    expect(theirs.filter((mail) => mail.textBody.includes('accepting')).map((mail) => mail.textBody.includes('After accepting'))).toEqual([true]);
  });

  it('an invited person alone is a receiver when saving; a cancelled or expired invitation leaves the group', async () => {
    const cancelled = await invite('cancelled@example.com');
    const expiring = await invite('expiring@example.com');
    const group = await createGroup({ invitationIds: [cancelled, expiring] });
    expect(group.members.map((member) => [member.membership, member.email])).toEqual([
      ['INVITED', 'cancelled@example.com'],
      ['INVITED', 'expiring@example.com'],
    ]);
    expect((await notify(group.receiverGroupId, 'Nobody yet')).mailCount).toBe(0);

    const cancel = await w.t.call(w.as.owner, api.cancelOrgInvitation, { params: { orgId: w.orgId, invitationId: cancelled } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await readGroup(group.receiverGroupId)).members.map((member) => member.email)).toEqual(['expiring@example.com']);

    // Expiry: past due it is no longer listed (by the console's clock) even before the sweep, which then removes its row.
    w.t.clock.advanceDays(31);
    // Sessions end when the clock moves by days: sign the owner in again.
    w.as.owner = await w.t.login(w.email('owner'), FIXTURE_PASSWORD);
    expect(await readGroup(group.receiverGroupId)).toMatchObject({ memberCount: 0, members: [] });
    const listed = (await w.t.call(w.as.owner, api.listOrgReceiverGroups, { params: { orgId: w.orgId } })).json().receiverGroups as api.ReceiverGroupSummary[];
    expect(listed.find((row) => row.receiverGroupId === group.receiverGroupId)?.memberCount).toBe(0);
    expect(await w.t.db.select().from(receiverGroupInvitations).where(eq(receiverGroupInvitations.groupId, group.receiverGroupId))).toHaveLength(1);
    await w.t.app.jobs.trigger(INVITATION_EXPIRY_JOB);
    await w.t.runPendingJobs();
    expect(await w.t.db.select().from(receiverGroupInvitations).where(eq(receiverGroupInvitations.groupId, group.receiverGroupId))).toEqual([]);
    const [row] = await w.t.db.select().from(orgInvitations).where(eq(orgInvitations.id, expiring));
    expect(row!.status).toBe('EXPIRE');
  });

  it("refuses another organization's invitation, and any invitation in a project group", async () => {
    const now = w.t.clock.now();
    const [foreign] = await w.t.db
      .insert(orgInvitations)
      .values({ orgId: w.otherOrgId, email: 'foreign@example.com', roleCodes: ['MEMBER'], tokenHash: `hash-${crypto.randomUUID()}`, locale: 'en_US', sentAt: now, expiresAt: new Date(now.getTime() + 86_400_000), createdAt: now })
      .returning();
    const own = await invite('own@example.com');
    const refusal = await w.t.expectRefusal(
      () => w.t.call(w.as.owner, api.createOrgReceiverGroup, { params: { orgId: w.orgId }, body: { name: 'Foreign', invitationIds: [own, foreign!.id] } }),
      400,
      10001,
    );
    expect(refusal.fieldErrors).toEqual([{ field: 'body.invitationIds.1', message: 'Not a pending invitation of this organization.' }]);
    const project = await w.t.expectRefusal(
      () => w.t.call(w.as.owner, api.createProjectReceiverGroup, { params: { projectId: w.projects.main }, body: { name: 'Project invited', invitationIds: [own] } }),
      400,
      10001,
    );
    expect(project.fieldErrors?.map((error: api.FieldError) => error.field)).toEqual(['body.invitationIds.0']);
  });
});
