import * as api from '@console/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { members } from '../db/schema/index.ts';
import { createMember, snapshot, snapshotTableByTable, stillness } from './fixtures.ts';
import { world, type World } from './world.ts';

/**
 * The "nothing changed" check of refused calls (`snapshot`, used by `expectRefusal` and the
 * permission matrix) reads every table in one statement; it must see exactly what the former
 * statement per table saw, row for row, in the same order, and notice any change.
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
    // Nothing written: the same snapshot before and after, and no new one. The server's own work
    // (the job queue's upkeep) and the other worker's test files (one PostgreSQL cluster, one log
    // position for all its databases) can move the log position meanwhile, and a new snapshot is then
    // the right answer: the check is tried again, a pause between tries, until a quiet moment shows
    // the reuse (50 tries back to back all met a write of the other worker once, in a clean clone).
    let reused = false;
    for (let attempt = 0; attempt < 200 && !reused; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      const settled = await still.before();
      const before = taken();
      reused = (await still.before()) === settled && (await still.after(settled)) === settled.rows && taken() === before;
    }
    expect(reused).toBe(true);
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
});
