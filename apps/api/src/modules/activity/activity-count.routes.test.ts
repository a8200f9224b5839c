import * as api from '@console/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementsOf } from '../../test/statements.ts';
import { worldOf } from '../../test/world.ts';
import { ACTIVITY_COUNT_CAP } from './activity.repository.ts';

/**
 * A feed grows without bound, so its count stops at ACTIVITY_COUNT_CAP (issue 8; docs/decisions.md
 * "Counting a feed that grows"): exact up to it, "more than" beyond, and the page itself is read
 * down the (org_id, created_at, seq) index whatever the feed's size.
 */
const w = worldOf({ mailDomain: 'count-feed.example.com', nameOf: null, org: { name: 'Count Feed Co' }, roles: { owner: 'OWNER' } });

async function addEvents(count: number, from: number) {
  await w.t.db.execute(sql`
    insert into activity_events (org_id, project_id, actor_type, actor_id, actor_name, action_code, target_type, target_id, target_name, created_at)
    select ${w.orgId}, null, 'TOAST_CLOUD', gen_random_uuid(), 'Counter', 'PROJECT_UPDATE', 'PROJECT', gen_random_uuid()::text,
           'Event ' || g, timestamptz '2026-01-01T00:00:00Z' + g * interval '1 second'
    from generate_series(${from}::int, ${from + count - 1}::int) g`);
}

const feed = async (page = 1) => (await w.t.call(w.as.owner, api.listOrgActivities, { params: { orgId: w.orgId }, query: { page, limit: 50 } })).json();

describe('the activity feed count', () => {
  it('is exact up to the cap, newest first', async () => {
    await addEvents(ACTIVITY_COUNT_CAP, 1);
    const answer = await feed();
    expect(answer.paging.totalCount).toBe(ACTIVITY_COUNT_CAP);
    expect(answer.totalCountCapped).toBe(false);
    expect(answer.activities[0].target.name).toBe(`Event ${ACTIVITY_COUNT_CAP}`);
    expect(answer.activities).toHaveLength(50);
  });

  it('says "more than" beyond it, and any page is still served', async () => {
    await addEvents(5, ACTIVITY_COUNT_CAP + 1);
    const answer = await feed();
    expect(answer.paging.totalCount).toBe(ACTIVITY_COUNT_CAP);
    expect(answer.totalCountCapped).toBe(true);
    expect(answer.activities[0].target.name).toBe(`Event ${ACTIVITY_COUNT_CAP + 5}`);
    // The pages go on past the cap: the last one (page 21 of 50 rows) holds the five oldest.
    const last = await feed(Math.ceil((ACTIVITY_COUNT_CAP + 5) / 50));
    expect(last.activities.map((event: { target: { name: string } }) => event.target.name)).toEqual(['Event 5', 'Event 4', 'Event 3', 'Event 2', 'Event 1']);
  });

  it('answers the count past the last page too, where no row carries it', async () => {
    const past = await feed(40);
    expect(past.activities).toEqual([]);
    expect(past.paging.totalCount).toBe(ACTIVITY_COUNT_CAP);
    expect(past.totalCountCapped).toBe(true);
  });

  it('the page is read down the index, not sorted from the whole feed', async () => {
    const statements = await statementsOf(() => feed(), w.t.db.$client);
    const page = statements.find((text) => text.includes('from "activity_events"') && text.includes('order by'));
    // As the index is built: a plain DESC (NULLS FIRST) cannot be read from it.
    expect(page).toMatch(/order by "activity_events"\."created_at" desc nulls last, "activity_events"\."seq" desc nulls last limit/);
    // With the statistics of 1,005 events of one organization (the bench's large tenant, 50,000, had this plan).
    await w.t.db.execute(sql`analyze activity_events`);
    const { rows } = await w.t.db.execute<{ 'QUERY PLAN': string }>(sql`
      explain select * from activity_events where org_id = ${w.orgId}
      order by created_at desc nulls last, seq desc nulls last limit 50`);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toContain('activity_events_org_created_idx');
    expect(plan).not.toContain('Sort');
  });

  it('the count reads down the index for a small organization too, whatever plan a prepared statement gets', async () => {
    await addEvents(ACTIVITY_COUNT_CAP, 1);
    await w.t.db.execute(sql`analyze activity_events`);
    const statements = await statementsOf(() => feed(), w.t.db.$client);
    // The count is the page statement's subquery: prepared on its own here, as the page prepares it.
    const page = statements.find((text) => text.includes('(select count(*)::int from ((select 1 from "activity_events"'));
    expect(page).toBeDefined();
    const count = /\(select count\(\*\)::int from \(\(select 1 from "activity_events".*?\)\) as capped\)/.exec(page!)?.[0].slice(1, -1).replace('((select', '(select').replace(')) as capped', ') as capped');
    expect(count).toBeDefined();
    // The plan one statement gets for every organization: for one with no event, beside this
    // one's 1,000, it must not be a sequential scan of the table.
    const client = await w.t.db.$client.connect();
    try {
      await client.query('set plan_cache_mode = force_generic_plan');
      await client.query(`prepare counted(uuid, int) as ${count!.replace(/\$1\b/, '$1::uuid').replace(/limit \$\d+/, 'limit $2')}`);
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain execute counted('${crypto.randomUUID()}', ${ACTIVITY_COUNT_CAP + 1})`);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('activity_events_org_created_idx');
      expect(plan).not.toContain('Seq Scan');
    } finally {
      await client.query('deallocate all').catch(() => {});
      await client.query('reset plan_cache_mode').catch(() => {});
      client.release();
    }
  });
});
