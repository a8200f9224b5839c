import * as api from '@console/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, orgDomains, organizations } from '../../db/schema/index.ts';
import { type Caller, type TestApp } from '../../test/helper.ts';
import { createMember, createProject, FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { world } from '../../test/world.ts';

let t: TestApp;
let owner: Caller;
let member: Caller;
let billing: Caller;
let outsider: Caller;
let iam: Caller;
let orgId: string;
let otherProjectId: string;
/** A project the MEMBER is not in. */
let hiddenProjectId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const w = await world({
    env: { PUBLIC_URL: 'https://console.example.com/' },
    mailDomain: 'feed.example.com',
    org: { name: 'Feed Co', domain: 'feed-co', projectLimit: 50 },
    roles: { owner: 'OWNER', member: 'MEMBER', billing: 'BILLING_VIEWER', outsider: null },
    iam: { iam: { userCode: 'feed.iam', name: 'Feed IAM', email: 'feed.iam@feed.example.com' } },
    otherOrg: { name: 'Other Co' },
    projects: { hidden: { name: 'Hidden' }, other: { name: 'Other project', org: 'other' } },
  });
  ({ t, orgId } = w);
  hiddenProjectId = w.projects.hidden;
  otherProjectId = w.projects.other;
  Object.assign(ids, w.ids);
  ({ owner, member, billing, outsider, iam } = w.as);
});

const feed = (who: Caller, query = '') => t.call(who, 'GET', `/api/cab/v6/organizations/${orgId}/activities${query}`);
const eventCount = async () => (await t.db.select({ value: count() }).from(activityEvents))[0]!.value;

describe('recording', () => {
  it('records a created project with its actor, target and the request clock, in the org and project feeds', async () => {
    t.clock.advanceMinutes(1);
    const created = await t.call(owner, api.createProject, { body: { orgId, projectName: 'Launch' } });
    expect(created.statusCode, created.body).toBe(200);
    const projectId = created.json().project.projectId as string;

    const response = await feed(owner, '?limit=1');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().activities).toEqual([
      {
        activityId: expect.any(String),
        orgId,
        projectId,
        actor: { memberType: 'TOAST_CLOUD', memberUuid: ids.owner, name: 'owner name' },
        actionCode: 'PROJECT_CREATE',
        target: { type: 'PROJECT', id: projectId, name: 'Launch' },
        occurredDateTime: t.clock.now().toISOString(),
      },
    ]);
    const projectFeed = await t.call(owner, api.listProjectActivities, { params: { projectId } });
    expect(projectFeed.statusCode, projectFeed.body).toBe(200);
    expect(projectFeed.json().activities.map((event: { actionCode: string }) => event.actionCode)).toEqual(['PROJECT_CREATE']);
  });

  it('keeps the name of a deleted project, read before the delete', async () => {
    const projectId = (await createProject(t.db, orgId, 'Doomed', ids.owner!)).id;
    const response = await t.call(owner, api.deleteProject, { params: { projectId } });
    expect(response.statusCode, response.body).toBe(200);
    const [latest] = (await feed(owner, '?limit=1')).json().activities;
    expect(latest).toMatchObject({ actionCode: 'PROJECT_DELETE', projectId, target: { type: 'PROJECT', id: projectId, name: 'Doomed' } });
  });

  it('records one event per account of a batch, and suspension as IAM_ACCOUNT_SUSPEND', async () => {
    const created = await t.call(owner, api.createIamMembers, { params: { orgId }, body: {
      members: [
        { userCode: 'batch.one', name: 'Batch_One', emailAddress: 'batch.one@feed.example.com', password: 'Batch#One2026x' },
        { userCode: 'batch.two', name: 'Batch_Two', emailAddress: 'batch.two@feed.example.com', password: 'Batch#Two2026x' },
      ],
    } });
    expect(created.statusCode, created.body).toBe(200);
    const accountId = created.json().result.contents[0].memberId as string;
    const suspended = await t.call(owner, api.updateIamMemberStatus, { params: { orgId, memberId: accountId }, body: { status: 'BLOCKED' } });
    expect(suspended.statusCode, suspended.body).toBe(200);

    const events = (await feed(owner, '?limit=3')).json().activities;
    expect(events.map((event: { actionCode: string; target: { name: string } }) => [event.actionCode, event.target.name])).toEqual([
      ['IAM_ACCOUNT_SUSPEND', 'Batch_One (batch.one)'],
      ['IAM_ACCOUNT_CREATE', 'Batch_Two (batch.two)'],
      ['IAM_ACCOUNT_CREATE', 'Batch_One (batch.one)'],
    ]);
  });

  it('records a region change and a domain change with what they became', async () => {
    expect((await t.call(owner, api.updateOrgRegions, { params: { orgId }, body: { regionCodeList: ['KR1', 'JP1'] } })).statusCode).toBe(200);
    const [domain] = await t.db.select().from(orgDomains).where(eq(orgDomains.orgId, orgId));
    expect((await t.call(owner, api.updateOrgDomain, { params: { orgId, domainId: domain!.id }, body: { domainName: 'feed-co2' } })).statusCode).toBe(200);
    const events = (await feed(owner, '?limit=2')).json().activities;
    expect(events.map((event: { actionCode: string; target: object }) => [event.actionCode, event.target])).toEqual([
      ['ORG_DOMAIN_CHANGE', { type: 'DOMAIN', id: domain!.id, name: 'feed-co2' }],
      ['ORG_REGIONS_CHANGE', { type: 'REGION', id: null, name: expect.stringMatching(/^(KR1, JP1|JP1, KR1)$/) }],
    ]);
  });

  it('records an accepted invitation, the person who joined as its actor — signed in, or signing up in the same call', async () => {
    const joiner = await createMember(t.db, 'joiner@feed.example.com', { name: 'Joe Joiner' });
    await t.call(owner, api.inviteOrgMembers, { params: { orgId }, body: { emailList: ['joiner@feed.example.com', 'fresh@feed.example.com'], orgRoleCodes: ['MEMBER'] } });
    await t.runPendingJobs();
    const tokenOf = async (email: string) =>
      decodeURIComponent(/invitation#token=([A-Za-z0-9_-]+)/.exec((await t.mails()).find((mail) => mail.toAddress === email)!.textBody)![1]!);
    t.clock.advanceMinutes(1);
    const signedIn = await t.login('joiner@feed.example.com', FIXTURE_PASSWORD);
    expect((await t.call(signedIn, api.acceptInvitation, { params: { token: await tokenOf('joiner@feed.example.com') }, body: {} })).statusCode).toBe(200);
    const signedUp = await t.app.inject({
      method: 'POST',
      url: `/api/cab/v5/invitations/${await tokenOf('fresh@feed.example.com')}/accept`,
      payload: { name: 'Fay Fresh', password: 'Welcome#2026', passwordConfirm: 'Welcome#2026' },
    });
    expect(signedUp.statusCode, signedUp.body).toBe(200);
    const events = (await feed(owner, '?actionCode=ORG_INVITATION_ACCEPT')).json().activities;
    expect(events).toEqual([
      expect.objectContaining({ actor: { memberType: 'TOAST_CLOUD', memberUuid: signedUp.json().memberUuid, name: 'Fay Fresh' }, target: { type: 'ORGANIZATION', id: orgId, name: 'Feed Co' }, projectId: null }),
      expect.objectContaining({ actor: { memberType: 'TOAST_CLOUD', memberUuid: joiner.id, name: 'Joe Joiner' }, occurredDateTime: t.clock.now().toISOString() }),
    ]);
  });

  it('records nothing for refused calls: bad input, missing permission, another organization', async () => {
    const before = await eventCount();
    await t.expectRefusal(() => t.call(owner, api.createProject, { body: { orgId, projectName: '' } }), 400, 10001);
    await t.expectRefusal(() => t.call(member, api.updateOrganization, { params: { orgId }, body: { org: { orgName: 'Hijack' } } }), 403, -6);
    await t.expectRefusal(() => t.call(owner, api.deleteProject, { params: { projectId: otherProjectId } }), 404, 40017);
    await t.expectRefusal(
      () => t.call(owner, api.updateOrganization, { params: { orgId }, body: { org: { orgName: 'Feed Co', timeZone: 'Mars/Olympus' } } }),
      400,
      10001,
    );
    expect(await eventCount()).toBe(before);
  });

  it('fails the call, and keeps nothing of the change, when its event cannot be recorded', async () => {
    await t.db.execute(sql`alter table activity_events rename to activity_events_away`);
    try {
      const response = await t.call(owner, api.updateOrganization, { params: { orgId }, body: { org: { orgName: 'Feed Co Renamed' } } });
      expect(response.statusCode, response.body).toBe(500);
    } finally {
      await t.db.execute(sql`alter table activity_events_away rename to activity_events`);
    }
    // The change and its event are one transaction (db/unit-of-work.ts): neither was kept.
    const [org] = await t.db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, orgId));
    expect(org!.name).toBe('Feed Co');
  });
});

describe('reading', () => {
  it('pages on the server, newest first, and filters by action and project', async () => {
    const total = (await feed(owner, '?limit=1')).json().paging.totalCount as number;
    expect(total).toBeGreaterThanOrEqual(6);
    const first = (await feed(owner, '?page=1&limit=2')).json();
    const second = (await feed(owner, '?page=2&limit=2')).json();
    expect(first.paging).toEqual({ page: 1, limit: 2, totalCount: total });
    expect(second.activities).toHaveLength(2);
    const times = [...first.activities, ...second.activities].map((event: { occurredDateTime: string }) => event.occurredDateTime);
    expect(times.toSorted().toReversed()).toEqual(times);
    expect(new Set([...first.activities, ...second.activities].map((event: { activityId: string }) => event.activityId)).size).toBe(4);

    const creates = (await feed(owner, '?actionCode=IAM_ACCOUNT_CREATE')).json();
    expect(creates.paging.totalCount).toBe(2);
    const bad = await feed(owner, '?actionCode=NOPE');
    expect(bad.statusCode).toBe(400);
  });

  it('lets every organization role read the feed, but a MEMBER sees only events of projects they can see', async () => {
    const visible = await createProject(t.db, orgId, 'Visible', ids.owner!, [{ memberId: ids.member!, roleCodes: ['MEMBER'] }]);
    await t.db.insert(activityEvents).values([
      { orgId, projectId: hiddenProjectId, actorType: 'TOAST_CLOUD', actorId: ids.owner!, actorName: 'owner name', actionCode: 'PROJECT_UPDATE', targetType: 'PROJECT', targetId: hiddenProjectId, targetName: 'Hidden', createdAt: t.clock.now() },
      { orgId, projectId: visible.id, actorType: 'TOAST_CLOUD', actorId: ids.owner!, actorName: 'owner name', actionCode: 'PROJECT_UPDATE', targetType: 'PROJECT', targetId: visible.id, targetName: 'Visible', createdAt: t.clock.now() },
    ]);
    const names = async (who: Caller) =>
      ((await feed(who, '?actionCode=PROJECT_UPDATE&limit=100')).json().activities as { target: { name: string } }[]).map((event) => event.target.name).sort();
    expect(await names(owner)).toEqual(['Hidden', 'Visible']);
    expect(await names(member)).toEqual(['Visible']);
    expect(await names(billing)).toEqual([]);
    // Org-wide events (no project) are seen by every role.
    expect((await feed(billing, '?actionCode=ORG_REGIONS_CHANGE')).json().paging.totalCount).toBe(1);
  });

  it("answers not-found for another organization's feed or project, and -6 to an account without a role", async () => {
    await t.expectRefusal(() => feed(outsider), 404, 23005);
    await t.expectRefusal(() => t.call(outsider, api.listOrgActivities, { params: { orgId }, query: { projectId: hiddenProjectId } }), 404, 23005);
    await t.expectRefusal(() => t.call(owner, api.listProjectActivities, { params: { projectId: otherProjectId } }), 404, 40017);
    await t.expectRefusal(() => t.call(member, api.listProjectActivities, { params: { projectId: hiddenProjectId } }), 404, 40017);
    await t.expectRefusal(() => feed(iam), 403, -6);
    // Asking the org feed for another organization's project answers nothing of it.
    expect((await feed(owner, `?projectId=${otherProjectId}`)).json().paging.totalCount).toBe(0);
  });
});
