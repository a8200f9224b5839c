import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { projects } from '../../db/schema/index.ts';
import { callOf } from '../../test/helper.ts';
import { createMember, createOrg, createProject, FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { worldOf } from '../../test/world.ts';

/**
 * GET v6 projects across organizations (projects.repository listVisibleToMember): the caller's
 * organizations' first rows merged and paged as one list, where they see all in some and their
 * own in others (issue 8, twelfth pass).
 */
const w = worldOf({ mailDomain: 'my-pages.example.com', org: { name: 'My Pages Org' } });
const call = callOf(() => w.t);

describe('my projects, paged', () => {
  it("pages the caller's projects of several organizations as one list, in each sort", async () => {
    // ADMIN of one organization (sees all its projects), MEMBER of another (sees their own only);
    // the two organizations' projects interleave in time, so every page mixes them.
    const walker = await createMember(w.t.db, 'walker@proj.example.com');
    const other = await createMember(w.t.db, 'walker-boss@proj.example.com');
    const seesAll = await createOrg(w.t.db, 'Walker Admin Org', other.id, [{ memberId: walker.id, role: 'ADMIN' }]);
    const seesOwn = await createOrg(w.t.db, 'Walker Member Org', other.id, [{ memberId: walker.id, role: 'MEMBER' }]);
    const made = [
      await createProject(w.t.db, seesAll.id, 'Xenon', other.id),
      await createProject(w.t.db, seesOwn.id, 'yak', other.id, [{ memberId: walker.id, roleCodes: ['VIEWER'] }]),
      await createProject(w.t.db, seesAll.id, 'xylem', other.id),
      await createProject(w.t.db, seesOwn.id, 'Yarrow', walker.id),
      await createProject(w.t.db, seesAll.id, 'xeric', other.id),
      await createProject(w.t.db, seesOwn.id, 'Yonder (not theirs)', other.id),
      await createProject(w.t.db, seesAll.id, 'Xi', other.id),
    ];
    for (const [index, project] of made.entries()) {
      await w.t.db.update(projects).set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)) }).where(eq(projects.id, project.id));
    }
    const caller = await w.t.login('walker@proj.example.com', FIXTURE_PASSWORD);
    const visible = made.filter((project) => project.name !== 'Yonder (not theirs)');
    const byName = [...visible].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase(), 'en')).map((project) => project.name);
    const expected: Record<string, string[]> = {
      'regDateTime,asc': visible.map((project) => project.name),
      'regDateTime,desc': visible.map((project) => project.name).toReversed(),
      'name,asc': byName,
      'name,desc': byName.toReversed(),
    };
    for (const [sort, names] of Object.entries(expected)) {
      const pageOf = async (page: number, limit: number) => (await call(caller, 'GET', `/api/cab/v6/projects?sort=${sort}&page=${page}&limit=${limit}`)).json();
      const whole = await pageOf(1, 50);
      expect(whole.projects.map((project: { projectName: string }) => project.projectName), sort).toEqual(names);
      expect(whole.paging.totalCount).toBe(6);
      const walked: string[] = [];
      for (let page = 1; page <= 3; page++) {
        const body = await pageOf(page, 2);
        expect(body.paging.totalCount, `${sort} page ${page}`).toBe(6);
        walked.push(...body.projects.map((project: { projectName: string }) => project.projectName));
      }
      expect(walked, sort).toEqual(names);
      const pastTheEnd = await pageOf(4, 2);
      expect(pastTheEnd.projects).toEqual([]);
      expect(pastTheEnd.paging.totalCount).toBe(6);
    }
  });
});
