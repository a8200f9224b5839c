import * as api from '@console/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../db/schema/index.ts';
import { createMember, snapshot, snapshotTableByTable, stillness } from './fixtures.ts';
import { world, type World } from './world.ts';

/**
 * The "nothing changed" check of refused calls (`snapshot`, taken through `stillness` by
 * `expectRefusal` and the permission matrix) reads every table in one statement; it must see
 * exactly what the former statement per table saw, row for row, in the same order, and notice any
 * change; `stillness` reuses one only while no row version of those tables changed.
 */
let w: World<'owner' | 'admin' | 'member' | 'billing' | 'outsider', never, 'web'>;

beforeAll(async () => {
  w = await world({ mailDomain: 'snapshot.example.com', projects: { web: { name: 'Web', members: { member: ['MEMBER'] } } } });
  // Text that the array form must carry unchanged: quotes, commas, braces, backslashes, NULL-like words, non-ASCII, line breaks.
  await createMember(w.t.db, 'odd@snapshot.example.com', { name: `O'Brien, "Q" {a,b} \\ NULL 한글 é\nline` });
  await createMember(w.t.db, 'empty@snapshot.example.com', { name: '' });
  // A queued job (pgboss.job is one of the tables).
  const invited = await w.t.call(w.as.owner, api.inviteOrgMembers, { params: { orgId: w.orgId }, body: { emailList: ['new@snapshot.example.com'], orgRoleCodes: ['MEMBER'] } });
  expect(invited.statusCode, invited.body).toBe(200);
});

describe('snapshot', () => {
  it('answers what one statement per table answered, table by table, row by row', async () => {
    const one = await snapshot(w.t.db);
    const each = await snapshotTableByTable(w.t.db);
    expect(Object.keys(one)).toEqual(Object.keys(each));
    expect(one).toEqual(each);
    // The data is there: not two empty answers.
    expect(one.members!.length).toBeGreaterThanOrEqual(7);
    expect(one.members!.some((row) => row.includes("O'Brien"))).toBe(true);
    expect(one.org_invitations!.length).toBe(1);
    expect(one['pgboss.job']!.length).toBeGreaterThan(0);
  });

  it('sees a changed field, an added row and a deleted row', async () => {
    const before = await snapshot(w.t.db);
    await w.t.db.update(members).set({ name: 'Renamed' }).where(eq(members.email, 'empty@snapshot.example.com'));
    expect(await snapshot(w.t.db)).not.toEqual(before);
    await w.t.db.update(members).set({ name: '' }).where(eq(members.email, 'empty@snapshot.example.com'));
    expect(await snapshot(w.t.db)).toEqual(before);
    await createMember(w.t.db, 'added@snapshot.example.com');
    const added = await snapshot(w.t.db);
    expect(added.members).toHaveLength(before.members!.length + 1);
    await w.t.db.delete(members).where(eq(members.email, 'added@snapshot.example.com'));
    expect(await snapshot(w.t.db)).toEqual(before);
    await w.t.db.execute(sql`delete from org_invitations`);
    expect((await snapshot(w.t.db)).org_invitations).toEqual([]);
  });
});

/** Snapshots the `stillness` watchers have taken so far. */
const taken = () => stillness.snapshots;

describe('stillness', () => {
  it('reuses a snapshot only while nothing is written, and sees every write made in between', async () => {
    const still = stillness(w.t.db);
    const start = taken();
    const first = await still.before();
    expect(taken()).toBe(start + 1);
    expect(first.rows).toEqual(await snapshot(w.t.db));
    // Nothing written in the snapshot tables: the same snapshot before and after, and no new one,
    // whatever the other worker's files write in their databases meanwhile.
    const settled = await still.before();
    expect(settled).toBe(first);
    expect(await still.after(settled)).toBe(settled.rows);
    expect(taken()).toBe(start + 1);
    const base = await still.before();
    const taking = taken();
    // A change during the "call" is seen by a new snapshot.
    await w.t.db.update(members).set({ name: 'Moved' }).where(eq(members.email, 'empty@snapshot.example.com'));
    const after = await still.after(base);
    expect(taken()).toBe(taking + 1);
    expect(after).not.toEqual(base.rows);
    expect(after.members!.some((row) => row.includes('Moved'))).toBe(true);
    // A write between two refusals: the next before() is a new snapshot, not the stale one.
    await w.t.db.update(members).set({ name: '' }).where(eq(members.email, 'empty@snapshot.example.com'));
    const next = await still.before();
    expect(next.rows.members).toEqual(first.rows.members);
    expect(next.rows).not.toEqual(after);
    expect(taken()).toBeGreaterThanOrEqual(taking + 2);
  });

  it('sees an insert, a delete and a queued job during a call; a rewrite to the same values compares equal', async () => {
    const still = stillness(w.t.db);
    const during = async (write: () => Promise<unknown>) => {
      const before = await still.before();
      const count = taken();
      await write();
      const after = await still.after(before);
      return { before, after, newSnapshot: taken() === count + 1 };
    };
    const added = await during(() => createMember(w.t.db, 'during@snapshot.example.com'));
    expect(added.newSnapshot).toBe(true);
    expect(added.after.members).toHaveLength(added.before.rows.members!.length + 1);
    const removed = await during(() => w.t.db.delete(members).where(eq(members.email, 'during@snapshot.example.com')));
    expect(removed.newSnapshot).toBe(true);
    expect(removed.after.members).toHaveLength(removed.before.rows.members!.length - 1);
    // pgboss.job is partitioned: a job goes to its queue's partition.
    const queued = await during(() => w.t.call(w.as.owner, api.inviteOrgMembers, { params: { orgId: w.orgId }, body: { emailList: ['queued@snapshot.example.com'], orgRoleCodes: ['MEMBER'] } }));
    expect(queued.newSnapshot).toBe(true);
    expect(queued.after['pgboss.job']!.length).toBeGreaterThan(queued.before.rows['pgboss.job']!.length);
    // The same values written again: new row versions, so a full comparison, which finds the rows as they were.
    const rewritten = await during(() => w.t.db.execute(sql`update members set name = name`));
    expect(rewritten.newSnapshot).toBe(true);
    expect(rewritten.after).toEqual(rewritten.before.rows);
    // A write outside the snapshot tables (a refusal's audit record, a session's use) needs no new snapshot.
    const outside = await during(() => w.t.db.execute(sql`update sessions set expires_at = expires_at`));
    expect(outside.newSnapshot).toBe(false);
    expect(outside.after).toBe(outside.before.rows);
  });
});
