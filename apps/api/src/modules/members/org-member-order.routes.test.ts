import * as api from '@console/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { containsPattern } from '../../db/like.ts';
import { members, orgMembers } from '../../db/schema/index.ts';
import { fixturePasswordHash } from '../../test/fixtures.ts';
import { worldOf } from '../../test/world.ts';

/**
 * The organization member page reads its order from the kept sort keys (`org_member_keys`,
 * migration 0030) instead of grouping every member (issue 8, fifth pass). These tests hold it to
 * the statement it replaced, run here as the reference: for every sort of spec §7, with and without
 * the filters, page by page, after each kind of change to the rows the keys are kept from (a role
 * added earlier, a role taken away, a rename, a new email, a member removed, an account deleted,
 * a change made with SQL). The data has the ties that decide an order: one join time shared by
 * many, names equal but for letter case or wholly, emails whose order differs with letter case.
 */
const w = worldOf({ mailDomain: 'order.example.com', org: { name: 'Order Org' }, signIn: ['owner', 'admin'] });

const T0 = new Date('2026-01-01T00:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** The statement the page ran before the kept keys, verbatim in its grouping and order. */
const REFERENCE_ORDER: Record<api.OrgMemberSort, string> = {
  'regDateTime,asc': 'min(om.created_at) asc, m.email asc, m.id asc',
  'regDateTime,desc': 'min(om.created_at) desc, m.email desc, m.id desc',
  'name,asc': 'lower(m.name) asc, m.id asc',
  'name,desc': 'lower(m.name) desc, m.id desc',
  'email,asc': 'lower(m.email) asc, m.id asc',
  'email,desc': 'lower(m.email) desc, m.id desc',
};

async function reference(sort: api.OrgMemberSort, filters: { emailLike?: string; nameLike?: string }) {
  const rows = await w.t.db.execute<{ id: string; joined: Date }>(sql`
    select m.id, min(om.created_at) as joined from org_members om join members m on m.id = om.member_id
    where om.org_id = ${w.orgId}
      ${filters.emailLike ? sql`and m.email ilike ${containsPattern(filters.emailLike)}` : sql``}
      ${filters.nameLike ? sql`and m.name ilike ${containsPattern(filters.nameLike)}` : sql``}
    group by m.id order by ${sql.raw(REFERENCE_ORDER[sort])}`);
  return rows.rows.map((row) => row.id);
}

async function listed(sort: api.OrgMemberSort, filters: { emailLike?: string; nameLike?: string }, page: number, limit: number) {
  const response = await w.t.call(w.as.admin, api.listOrgMembers, {
    params: { orgId: w.orgId },
    query: { sort, page: String(page), limit: String(limit), ...filters },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { members: { memberUuid: string; regDateTime: string }[]; paging: { totalCount: number } };
  return { ids: body.members.map((row) => row.memberUuid), joined: body.members.map((row) => row.regDateTime), total: body.paging.totalCount };
}

const FILTERS = [{}, { emailLike: 'ORDER' }, { nameLike: 'same' }, { emailLike: 'b', nameLike: 'o' }];

/** Every sort and filter as one page of all, and unfiltered in pages of 7 too: equal to the reference. */
async function expectSameAsReference() {
  for (const sort of api.ORG_MEMBER_SORTS) {
    for (const filters of FILTERS) {
      const expected = await reference(sort, filters);
      const whole = await listed(sort, filters, 1, 100);
      expect(whole.ids, `${sort} ${JSON.stringify(filters)}`).toEqual(expected);
      expect(whole.total).toBe(expected.length);
      if (Object.keys(filters).length > 0) continue;
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 7) + 1; page++) {
        const part = await listed(sort, filters, page, 7);
        expect(part.total, `${sort} ${JSON.stringify(filters)} page ${page}`).toBe(expected.length);
        paged.push(...part.ids);
      }
      expect(paged, `${sort} ${JSON.stringify(filters)} in pages of 7`).toEqual(expected);
    }
  }
}

/** Members added with SQL straight into the organization, one role each at the given minute. */
async function addMembers(rows: { email: string; name: string; minute: number }[]) {
  const passwordHash = await fixturePasswordHash();
  const added = await w.t.db
    .insert(members)
    .values(rows.map((row) => ({ email: row.email, name: row.name, passwordHash })))
    .returning({ id: members.id, email: members.email });
  await w.t.db
    .insert(orgMembers)
    .values(added.map((member, index) => ({ orgId: w.orgId, memberId: member.id, roleCode: 'MEMBER' as const, createdAt: at(rows[index]!.minute) })));
  return Object.fromEntries(added.map((member) => [member.email, member.id]));
}

describe('the organization member page, in the order of the statement it replaced', () => {
  it('orders and filters as before, through every kind of change to its members', async () => {
    // Ten joined at one instant (ties go to the email as stored, letter case included), names equal
    // but for letter case, wholly equal (ties go to the id), and a spread of join times.
    const byEmail = await addMembers([
      ...['Zed', 'alpha', 'Alpha2', 'bravo', 'Bravo1', 'charlie', 'DELTA', 'echo', 'Echo0', 'foxtrot'].map((local, index) => ({
        email: `${local}@order.example.com`,
        name: index % 3 === 0 ? 'Same Name' : index % 3 === 1 ? 'same name' : `Person ${local}`,
        minute: 10,
      })),
      ...Array.from({ length: 12 }, (_, index) => ({
        email: `m${String(index).padStart(2, '0')}@Order.example.com`,
        name: ['bob', 'Bob', 'BOB', 'Same Name', 'alice', 'Alice Z'][index % 6]!,
        minute: 20 + ((index * 7) % 5),
      })),
    ]);
    await expectSameAsReference();

    // A second role given earlier than the first: the member's join time is the earlier one.
    const zed = byEmail['Zed@order.example.com']!;
    await w.t.db.insert(orgMembers).values({ orgId: w.orgId, memberId: zed, roleCode: 'BILLING_VIEWER', createdAt: at(-5) });
    expect((await listed('regDateTime,asc', {}, 1, 1)).ids).toEqual([zed]);
    await expectSameAsReference();

    // That role taken away again: the join time is the remaining role's.
    await w.t.db.delete(orgMembers).where(and(eq(orgMembers.memberId, zed), eq(orgMembers.roleCode, 'BILLING_VIEWER')));
    expect((await listed('regDateTime,asc', {}, 1, 1)).ids).not.toEqual([zed]);
    await expectSameAsReference();

    // A rename and a new email, with SQL (as an account's own profile change would write them).
    const m03 = byEmail['m03@Order.example.com']!;
    await w.t.db.update(members).set({ name: 'AAA First Now', email: 'zzz.last@order.example.com' }).where(eq(members.id, m03));
    expect((await listed('name,asc', {}, 1, 1)).ids).toEqual([m03]);
    expect((await listed('email,desc', {}, 1, 1)).ids).toEqual([m03]);
    await expectSameAsReference();

    // One statement over several members: their rows moved to other times (an UPDATE), then roles
    // given to three members at once (an INSERT of five rows), then those taken away again.
    const [alpha, delta] = [byEmail['alpha@order.example.com']!, byEmail['DELTA@order.example.com']!];
    await w.t.db.update(orgMembers).set({ createdAt: at(-30) }).where(inArray(orgMembers.memberId, [alpha, byEmail['m05@Order.example.com']!]));
    expect((await listed('regDateTime,asc', {}, 1, 2)).ids.toSorted()).toEqual([alpha, byEmail['m05@Order.example.com']!].toSorted());
    await w.t.db.insert(orgMembers).values([
      { orgId: w.orgId, memberId: delta, roleCode: 'BILLING_VIEWER', createdAt: at(-40) },
      { orgId: w.orgId, memberId: delta, roleCode: 'ADMIN', createdAt: at(-50) },
      { orgId: w.orgId, memberId: zed, roleCode: 'BILLING_VIEWER', createdAt: at(-45) },
      { orgId: w.orgId, memberId: zed, roleCode: 'ADMIN', createdAt: at(-35) },
      // A role given later than the first keeps the first's join time.
      { orgId: w.orgId, memberId: byEmail['foxtrot@order.example.com']!, roleCode: 'ADMIN', createdAt: at(100) },
    ]);
    expect((await listed('regDateTime,asc', {}, 1, 2)).ids).toEqual([delta, zed]);
    await expectSameAsReference();
    await w.t.db
      .delete(orgMembers)
      .where(and(inArray(orgMembers.memberId, [delta, zed, byEmail['foxtrot@order.example.com']!]), inArray(orgMembers.roleCode, ['BILLING_VIEWER', 'ADMIN'])));
    await expectSameAsReference();

    // Roles replaced through the API (all rows deleted and written again in one transaction).
    const bravo = byEmail['bravo@order.example.com']!;
    const changed = await w.t.call(w.as.owner, api.updateOrgMemberRoles, {
      params: { orgId: w.orgId, memberId: bravo },
      body: { orgRoleCodes: ['BILLING_VIEWER'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectSameAsReference();

    // Removed through the API, removed with SQL, and an account deleted (its rows go by cascade).
    const removed = await w.t.call(w.as.owner, api.removeOrgMember, { params: { orgId: w.orgId, memberId: byEmail['charlie@order.example.com']! } });
    expect(removed.statusCode, removed.body).toBe(200);
    await w.t.db.delete(orgMembers).where(eq(orgMembers.memberId, byEmail['m07@Order.example.com']!));
    await w.t.db.delete(members).where(eq(members.id, byEmail['echo@order.example.com']!));
    const { total } = await listed('name,asc', {}, 1, 1);
    expect(total).toBe((await reference('name,asc', {})).length);
    await expectSameAsReference();
  });

  it('answers the join time the statement it replaced computed, and past the last page the total', async () => {
    const whole = await listed('regDateTime,asc', {}, 1, 100);
    const joined = await w.t.db.execute<{ id: string; joined: Date }>(
      sql`select member_id as id, min(created_at) as joined from org_members where org_id = ${w.orgId} group by member_id`,
    );
    const joinedOf = new Map(joined.rows.map((row) => [row.id, new Date(row.joined).toISOString()]));
    expect(whole.joined.map((value) => new Date(value).toISOString())).toEqual(whole.ids.map((id) => joinedOf.get(id)));
    const past = await listed('name,desc', { nameLike: 'same' }, 50, 10);
    expect(past.ids).toEqual([]);
    expect(past.total).toBe((await reference('name,desc', { nameLike: 'same' })).length);
  });
});
