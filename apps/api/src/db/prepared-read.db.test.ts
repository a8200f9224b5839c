import { asc, DrizzleQueryError, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOrg, createProject, createRoleGroup } from '../test/fixtures.ts';
import { createTestDatabase } from '../test/helper.ts';
import { exchangesOf, wireMessagesOf } from '../test/statements.ts';
import { createDatabase, type Database } from './client.ts';
import { MOST_READS_TOGETHER } from './prepared-read.ts';
import { preparedOnce } from './prepared.ts';
import { members, projectMembers, projects, roleGroups } from './schema/index.ts';

/**
 * A named prepared read is sent without a Describe once its rows are known (db/prepared-read.ts,
 * issue 8, thirteenth pass): on PostgreSQL, its answers must be drizzle's own, column for column and
 * type for type (uuid, text, arrays, timestamps, integers, counts, booleans, JSON, nulls), on every
 * connection of the pool and after a failure; and PostgreSQL is asked to describe them once.
 * Reads asked for in the same turn go out together (one write, one Sync): each answers its own rows,
 * and a failed one fails alone.
 */
let db: Database;
let orgId: string;

beforeAll(async () => {
  db = createDatabase(await createTestDatabase(), 3);
  const owner = await createMember(db, 'owner@read.example.com', { name: 'Read Owner' });
  const other = await createMember(db, 'other@read.example.com', { name: "O'Other \u00e9\u4e2d" });
  orgId = (await createOrg(db, 'Read Org', owner.id, [{ memberId: other.id, role: 'MEMBER' }])).id;
  for (const name of ['Alpha', 'Beta', 'Gamma']) await createProject(db, orgId, name, owner.id, [{ memberId: other.id, roleCodes: ['MEMBER', 'BILLING_VIEWER'] }]);
  await createRoleGroup(db, orgId, 'Readers', ['PROJECT_ROLE:DASHBOARD_VIEWER'], { createdAt: new Date('2026-01-02T03:04:05.678Z') });
});
afterAll(async () => {
  await db.$client.end();
});

/** A page of projects with their memberships: every kind of value a hot read answers. */
const pageOf = (name: string) =>
  preparedOnce(db, name, () =>
    db
      .select({
        project: projects,
        membership: { roleCodes: projectMembers.roleCodes, createdAt: projectMembers.createdAt },
        email: members.email,
        name: members.name,
        groups: sql<unknown>`(select coalesce(json_agg(json_build_object('id', ${roleGroups.id}, 'name', ${roleGroups.name}, 'at', ${roleGroups.createdAt})), '[]'::json) from ${roleGroups} where ${roleGroups.orgId} = ${projects.orgId})`,
        none: sql<string | null>`null::text`,
        owned: sql<boolean>`${projects.ownerMemberId} = ${members.id}`,
        total: sql<number>`(count(*) over ())::int`.mapWith(Number),
      })
      .from(projects)
      .innerJoin(projectMembers, eq(projectMembers.projectId, projects.id))
      .innerJoin(members, eq(members.id, projectMembers.memberId))
      .where(eq(projects.orgId, sql.placeholder('orgId')))
      .orderBy(asc(projects.name))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );

/** A second statement: one project by id. */
const oneOf = () =>
  preparedOnce(db, 'read_one', () =>
    db
      .select({ id: projects.id, name: projects.name, at: projects.createdAt })
      .from(projects)
      .where(eq(projects.id, sql.placeholder('id')))
      .prepare('read_one'),
  );

/** How many Describe messages the pool's connections send while `run` runs. */
const describesDuring = async (run: () => Promise<unknown>): Promise<number> => (await wireMessagesOf('describe', run)).length;

describe('a prepared read without Describe (issue 8, thirteenth pass)', () => {
  it("answers drizzle's own rows, on every connection, describing them once", async () => {
    const statement = pageOf('read_page');
    const drizzles = (Object.getPrototypeOf(statement) as typeof statement).execute;
    const expected = await drizzles.call(statement, { orgId, limit: 50 });
    expect(expected).toHaveLength(3);
    const first = await describesDuring(() => statement.execute({ orgId, limit: 50 }));
    // Six at once: the pool's three connections, each parsing the statement on its first use.
    let answers: unknown[] = [];
    const later = await describesDuring(async () => {
      answers = await Promise.all(Array.from({ length: 6 }, () => statement.execute({ orgId, limit: 50 })));
    });
    expect(first).toBe(1);
    expect(later).toBe(0);
    for (const answer of answers) {
      expect(answer).toEqual(expected);
      expect(JSON.stringify(answer)).toBe(JSON.stringify(expected));
    }
    expect(await statement.execute({ orgId, limit: 1 })).toEqual(expected.slice(0, 1));
    expect(await statement.execute({ orgId: '00000000-0000-4000-8000-000000000000', limit: 50 })).toEqual([]);
  });

  it('fails as drizzle fails, and describes again after a failure', async () => {
    const statement = pageOf('read_page_failing');
    expect(await statement.execute({ orgId, limit: 2 })).toHaveLength(2);
    const error: unknown = await statement.execute({ orgId: 'not-a-uuid', limit: 2 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect(error).toMatchObject({ cause: { code: '22P02' } });
    const afterwards = await describesDuring(async () => {
      expect(await statement.execute({ orgId, limit: 2 })).toHaveLength(2);
    });
    expect(afterwards).toBe(1);
  });
});

describe('prepared reads asked for together go out together (issue 8, thirteenth pass)', () => {
  it('answers each read its own rows, in one round trip', async () => {
    const page = pageOf('read_page');
    const one = oneOf();
    const alone = await page.execute({ orgId, limit: 50 });
    const ids = alone.map((row) => row.project.id);
    const each = await Promise.all(ids.map((id) => one.execute({ id })));
    let together: unknown[] = [];
    const exchanges = await exchangesOf(async () => {
      together = await Promise.all([page.execute({ orgId, limit: 2 }), ...ids.map((id) => one.execute({ id })), page.execute({ orgId, limit: 50 })]);
    }, db.$client);
    expect(exchanges.statements).toHaveLength(ids.length + 2);
    expect(exchanges.roundTrips).toBe(1);
    expect(together).toEqual([alone.slice(0, 2), ...each, alone]);
  });

  it('fails a refused read alone: the reads before and after it answer', async () => {
    const one = oneOf();
    const page = pageOf('read_page');
    const expected = await page.execute({ orgId, limit: 50 });
    const settled = await Promise.allSettled([page.execute({ orgId, limit: 50 }), one.execute({ id: 'not-a-uuid' }), page.execute({ orgId, limit: 50 }), page.execute({ orgId, limit: 1 })]);
    expect(settled.map((each) => each.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(settled[0]).toEqual({ status: 'fulfilled', value: expected });
    expect((settled[1] as PromiseRejectedResult).reason).toBeInstanceOf(DrizzleQueryError);
    expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({ cause: { code: '22P02' } });
    expect(settled[2]).toEqual({ status: 'fulfilled', value: expected });
    expect(settled[3]).toEqual({ status: 'fulfilled', value: expected.slice(0, 1) });
  });

  it('sends more reads than a batch holds as several batches', async () => {
    const page = pageOf('read_page');
    const expected = await page.execute({ orgId, limit: 50 });
    let answers: unknown[] = [];
    const exchanges = await exchangesOf(async () => {
      answers = await Promise.all(Array.from({ length: MOST_READS_TOGETHER * 2 + 1 }, () => page.execute({ orgId, limit: 50 })));
    }, db.$client);
    expect(exchanges.roundTrips).toBe(3);
    for (const answer of answers) expect(answer).toEqual(expected);
  });
});
