import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as api from '@console/contracts';
import { anonymous, buildTestApp, type TestApp } from '../test/helper.ts';
import { mailOutbox, orgInvitations, organizations } from '../db/schema/index.ts';
import { DEMO_INVITEE, DEMO_PASSWORD, seedDemoData } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000' });
});

const options = { publicUrl: 'http://localhost:8080', devOutbox: true };

describe('demo data', () => {
  it('loads once, with one pending invitation whose mail is in the dev outbox', async () => {
    expect(await seedDemoData(t.db, options)).toBe(true);
    expect(await seedDemoData(t.db, options)).toBe(false);
    const invitations = await t.db.select().from(orgInvitations);
    expect(invitations).toEqual([expect.objectContaining({ email: DEMO_INVITEE.email, status: 'WAIT', roleCodes: ['MEMBER'] })]);
    const mails = await t.db.select().from(mailOutbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('http://localhost:8080/invitation#token=');
  });

  it("adds the invitation to a demo organization loaded before it existed (an older release's data)", async () => {
    // What the previous release left: the organization, no invitation, no outbox.
    await t.db.delete(orgInvitations);
    await t.db.delete(mailOutbox);
    expect(await seedDemoData(t.db, options)).toBe(false);
    expect(await t.db.select().from(orgInvitations)).toHaveLength(1);
    // Accepted or withdrawn since: left as users left it, never recreated.
    await t.db.update(orgInvitations).set({ status: 'COMPLETE' });
    await seedDemoData(t.db, options);
    expect(await t.db.select().from(orgInvitations)).toHaveLength(1);
  });

  it('lets the OWNER follow the invitation link from the dev outbox', async () => {
    await t.db.delete(orgInvitations);
    await seedDemoData(t.db, options);
    const owner = await t.login('owner@demo.example.com', DEMO_PASSWORD);
    const [org] = await t.db.select().from(organizations).where(eq(organizations.name, 'Demo Organization'));
    const outbox = (await t.call(owner, api.listDevOutbox, { query: { orgId: org!.id } })).json();
    const token = /invitation#token=([A-Za-z0-9_-]+)/.exec(outbox.mails[0].text)![1]!;
    const invitation = await t.call(anonymous, api.getInvitation, { params: { token } });
    expect(invitation.json().invitation).toMatchObject({ email: DEMO_INVITEE.email, orgName: 'Demo Organization', invitationStatus: 'WAIT' });
  });
});
