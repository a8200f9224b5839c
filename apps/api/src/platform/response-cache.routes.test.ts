import { authorizeProject, getProject, listOrgMembers, listProjects, updateOrgMemberRoles, updateProject } from '@console/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../test/helper.ts';
import { statementsOf } from '../test/statements.ts';
import { world, type World } from '../test/world.ts';
import { untilListening } from './auth-notify.ts';
import { AppError } from './errors.ts';

/**
 * Reads registered with `cache: true` answer a repeated call from memory (platform/response-cache.ts):
 * no statement at all, and never an answer from before a change that committed — through the API
 * or outside it — nor one computed for someone else, another minute or another address. `sync()`
 * waits until everything committed so far has been heard (no timed waits).
 */
let w: World<'owner' | 'admin' | 'member' | 'billing' | 'outsider', never, 'web' | 'api'>;
let t: TestApp;

beforeAll(async () => {
  w = await world({
    env: { AUTH_CACHE: 'on', RESPONSE_CACHE: 'on' },
    mailDomain: 'cache.example.com',
    otherOrg: {},
    projects: { web: { name: 'Web', members: { member: ['MEMBER'] } }, api: { name: 'Api' } },
  });
  t = w.t;
  expect(await untilListening(t.app.authNotifications!)).toBe(true);
});

const projectsOf = (who: keyof typeof w.as) => t.call(w.as[who], listProjects, { query: { orgId: w.orgId } });
const projectOf = (who: keyof typeof w.as) => t.call(w.as[who], getProject, { params: { projectId: w.projects.web } });

/** Runs `read` twice: answers the second answer and the statements it ran. */
async function readTwice(read: () => Promise<{ statusCode: number; body: string }>) {
  const first = await read();
  expect(first.statusCode, first.body).toBe(200);
  let second: { statusCode: number; body: string } | undefined;
  const statements = await statementsOf(async () => (second = await read()), t.db.$client);
  return { first: first.body, second: second!, statements };
}

describe('a repeated read answers from memory', () => {
  it('with the same body and no statement', async () => {
    const { first, second, statements } = await readTwice(() => projectsOf('owner'));
    expect(statements).toEqual([]);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first);
    expect(second.body).toContain('"isSuccessful":true');
  });

  it('unless the client asks for a fresh answer (Cache-Control: no-cache, as a hard reload sends)', async () => {
    await readTwice(() => projectsOf('owner'));
    const statements = await statementsOf(
      () => t.call(w.as.owner, listProjects, { query: { orgId: w.orgId }, headers: { 'cache-control': 'no-cache' } }),
      t.db.$client,
    );
    expect(statements.length).toBeGreaterThan(0);
    expect(await statementsOf(() => projectsOf('owner'), t.db.$client)).toEqual([]);
  });

  it('a fresh answer is encoded once: the bytes sent are those kept, measured from the bytes (issue 8, twelfth pass)', async () => {
    const store = vi.spyOn(t.app.responseCache!, 'store');
    const byteLength = vi.spyOn(Buffer, 'byteLength');
    try {
      const answer = await t.call(w.as.owner, listProjects, { query: { orgId: w.orgId }, headers: { 'cache-control': 'no-cache' } });
      expect(answer.statusCode).toBe(200);
      const kept = store.mock.calls.at(-1)![1];
      expect(Buffer.isBuffer(kept)).toBe(true);
      expect(kept.toString()).toBe(answer.body);
      expect(answer.headers['content-length']).toBe(String(kept.length));
      // Fastify's content-length check measured the bytes, not the text once more.
      expect(byteLength.mock.calls.filter(([value]) => value === answer.body)).toEqual([]);
    } finally {
      store.mockRestore();
      byteLength.mockRestore();
    }
  });

  it('lets an answer go once its request is answered: the timer of those who would wait for it is cleared (issue 8, thirteenth pass)', async () => {
    // Left to run, the timer kept every answer computed alive for five seconds (100 MB of fresh pages a
    // second under load, collected by full mark-compacts).
    const made: ReturnType<typeof setTimeout>[] = [];
    const realSetTimeout = globalThis.setTimeout;
    const setSpy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((...args: Parameters<typeof setTimeout>) => {
      const timer = realSetTimeout(...args);
      if (new Error().stack!.includes('response-cache.ts')) made.push(timer);
      return timer;
    }) as typeof setTimeout);
    const clearSpy = vi.spyOn(globalThis, 'clearTimeout');
    try {
      const answer = await t.call(w.as.owner, listProjects, { query: { orgId: w.orgId }, headers: { 'cache-control': 'no-cache' } });
      expect(answer.statusCode).toBe(200);
      expect(made).toHaveLength(1);
      expect(clearSpy.mock.calls.map(([timer]) => timer)).toContain(made[0]);
    } finally {
      setSpy.mockRestore();
      clearSpy.mockRestore();
    }
  });

  it('identical reads arriving together compute the answer once, and all get it', async () => {
    t.clock.advanceMinutes(1); // nothing kept for this minute yet
    let answers: { statusCode: number; body: string }[] = [];
    const statements = await statementsOf(async () => (answers = await Promise.all(Array.from({ length: 8 }, () => projectsOf('owner')))), t.db.$client);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(statements.filter((text) => text.includes('from "projects"')).length).toBe(1);
  });

  it('in the language asked for: another language is read again', async () => {
    await readTwice(() => t.call(w.as.owner, listOrgMembers, { params: { orgId: w.orgId }, lang: 'en_US' }));
    const statements = await statementsOf(() => t.call(w.as.owner, listOrgMembers, { params: { orgId: w.orgId }, lang: 'ja_JP' }), t.db.$client);
    expect(statements.length).toBeGreaterThan(0);
  });
});

describe('never an answer from before a change', () => {
  it('a change through the API shows in the caller’s next read', async () => {
    await readTwice(() => projectOf('owner'));
    const updated = await t.call(w.as.owner, updateProject, { params: { projectId: w.projects.web }, body: { projectName: 'Web', description: 'changed through the API' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await projectOf('owner')).json().project.projectDescription).toBe('changed through the API');
  });

  it('a change made outside the app shows once it is heard', async () => {
    await readTwice(() => projectOf('owner'));
    await t.db.execute(sql`update projects set description = 'changed with psql' where id = ${w.projects.web}`);
    await t.app.authNotifications!.sync();
    expect((await projectOf('owner')).json().project.projectDescription).toBe('changed with psql');
  });

  it('a change to a person (another table, outside any one organization) shows in the member list', async () => {
    await readTwice(() => t.call(w.as.owner, listOrgMembers, { params: { orgId: w.orgId } }));
    await t.db.execute(sql`update members set name = 'Renamed Admin' where id = ${w.ids.admin}`);
    await t.app.authNotifications!.sync();
    const names = (await t.call(w.as.owner, listOrgMembers, { params: { orgId: w.orgId } })).json().members.map((member: { name: string }) => member.name);
    expect(names).toContain('Renamed Admin');
  });

  it('a rolled-back change drops nothing: the next read is still answered from memory, unchanged', async () => {
    const { second } = await readTwice(() => projectOf('owner'));
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update projects set description = 'rolled back' where id = ${w.projects.web}`);
        throw new Error('roll back');
      })
      .catch(() => {});
    await t.app.authNotifications!.sync();
    let again: { body: string } | undefined;
    const statements = await statementsOf(async () => (again = await projectOf('owner')), t.db.$client);
    expect(statements).toEqual([]);
    expect(again!.body).toBe(second.body);
  });

  it('a change in another organization keeps this organization’s answers', async () => {
    await readTwice(() => projectsOf('owner'));
    await t.db.execute(sql`update organizations set name = 'Other renamed' where id = ${w.otherOrgId}`);
    await t.app.authNotifications!.sync();
    expect(await statementsOf(() => projectsOf('owner'), t.db.$client)).toEqual([]);
  });
});

describe('never an answer computed for someone else, or before a refusal', () => {
  it('a member sees their own projects, not the list kept for the owner', async () => {
    await readTwice(() => projectsOf('owner'));
    const owners = (await projectsOf('owner')).json().projects.map((project: { projectId: string }) => project.projectId);
    const members = (await projectsOf('member')).json().projects.map((project: { projectId: string }) => project.projectId);
    expect(owners).toEqual(expect.arrayContaining([w.projects.web, w.projects.api]));
    expect(members).toEqual([w.projects.web]);
  });

  it('a caller whose role was taken away is refused, though their answer was kept', async () => {
    await readTwice(() => t.call(w.as.admin, listOrgMembers, { params: { orgId: w.orgId } }));
    const demoted = await t.call(w.as.owner, updateOrgMemberRoles, { params: { orgId: w.orgId, memberId: w.ids.admin }, body: { orgRoleCodes: ['BILLING_VIEWER'] } });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const refused = await t.call(w.as.admin, listOrgMembers, { params: { orgId: w.orgId } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().header.resultCode).toBe(-6);
  });

  it('a member taken out of a project is refused there at once, though their grant and answer were kept (changed with psql)', async () => {
    const project = () => t.call(w.as.member, getProject, { params: { projectId: w.projects.api } });
    await t.db.execute(sql`insert into project_members (org_id, project_id, member_id, role_codes) values (${w.orgId}, ${w.projects.api}, ${w.ids.member}, array['MEMBER'])`);
    await t.app.authNotifications!.sync();
    const { statements } = await readTwice(project);
    expect(statements).toEqual([]);
    await t.db.execute(sql`delete from project_members where project_id = ${w.projects.api} and member_id = ${w.ids.member}`);
    await t.app.authNotifications!.sync();
    const refused = await project();
    expect(refused.statusCode, refused.body).not.toBe(200);
    expect(refused.body).not.toContain('"isSuccessful":true');
  });

  it('another minute is read again (time conditions are decided to the minute)', async () => {
    await readTwice(() => projectsOf('owner'));
    t.clock.advanceMinutes(1);
    expect((await statementsOf(() => projectsOf('owner'), t.db.$client)).length).toBeGreaterThan(0);
  });

  it('another client address is read again (network conditions and privacy protection read it)', async () => {
    await readTwice(() => projectsOf('owner'));
    const statements = await statementsOf(
      () => t.app.inject(w.as.owner.as({ method: 'GET', url: `/api/cab/v5/projects?orgId=${w.orgId}`, remoteAddress: '10.1.2.3' })),
      t.db.$client,
    );
    expect(statements.length).toBeGreaterThan(0);
  });
});

const ask = (permissionIds: string[]) => t.call(w.as.member, authorizeProject, { params: { projectId: w.projects.web }, body: { permissionIds } });
const answerOf = async (permissionIds: string[]) => (await ask(permissionIds)).json().permissionIds;

/** The member's question as raw JSON text. */
const send = (payload: string) =>
  t.app.inject(w.as.member.as({ method: 'POST', url: `/api/console/v1/projects/${w.projects.web}/authorize`, payload, headers: { 'content-type': 'application/json' } }));

describe('a question with a body (authorize) is kept by its body', () => {

  it('another question is answered for itself, the same one again from memory', async () => {
    const held = await answerOf(['Project.Member.List']);
    const notHeld = await answerOf(['Project.Setting.Delete']);
    expect(held).toEqual([expect.objectContaining({ permissionId: 'Project.Member.List', authorized: true })]);
    expect(notHeld).toEqual([expect.objectContaining({ permissionId: 'Project.Setting.Delete', authorized: false })]);
    expect(await answerOf(['Project.Member.List'])).toEqual(held);
  });
});

const projectsAt = (query: string) => t.app.inject(w.as.owner.as({ method: 'GET', url: `/api/cab/v5/projects?${query}` }));

describe('asked before validation, by the bytes sent', () => {
  it("a kept answer is sent only after the caller's access check ran again, on the id its own check was made on", async () => {
    const first = await readTwice(() => projectOf('owner'));
    expect(first.statements).toEqual([]);
    const authorize = vi.spyOn(t.app.authorizer, 'authorize');
    try {
      const statements = await statementsOf(() => projectOf('owner'), t.db.$client);
      expect(statements).toEqual([]);
      expect(authorize).toHaveBeenCalledTimes(1);
      expect(authorize.mock.calls[0]![2]).toBe(w.projects.web);
      // The check refuses (as it would for a caller who lost the project): the kept answer is not sent.
      authorize.mockRejectedValueOnce(new AppError('PERMISSION_DENIED'));
      const refused = await projectOf('owner');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().header.resultCode).toBe(-6);
      expect(refused.body).not.toContain(w.projects.web);
    } finally {
      authorize.mockRestore();
    }
  });

  it('an invalid spelling next to a kept valid one is refused, never answered from memory', async () => {
    const valid = `orgId=${w.orgId}&page=1&limit=50`;
    expect((await projectsAt(valid)).statusCode).toBe(200);
    expect((await projectsAt(valid)).statusCode).toBe(200);
    for (const invalid of [`orgId=${w.orgId}&page=1&limit=abc`, `orgId=${w.orgId}&page=1&limit=-1`, `orgId=${w.orgId.toUpperCase()}x&page=1&limit=50`, `orgId=${w.orgId}&page=0&limit=50`]) {
      const refused = await projectsAt(invalid);
      expect(refused.statusCode, invalid).toBe(400);
      expect(refused.json().header.resultCode, invalid).toBe(10001);
    }
  });

  it('two spellings of one query each get its answer; two inputs never share one', async () => {
    const a = (await projectsAt(`orgId=${w.orgId}&page=1&limit=50`)).json();
    const b = (await projectsAt(`limit=50&page=1&orgId=${w.orgId}`)).json();
    expect(b.projects).toEqual(a.projects);
    const one = (await projectsAt(`orgId=${w.orgId}&page=1&limit=1`)).json();
    expect(one.projects).toHaveLength(1);
    expect((await projectsAt(`orgId=${w.orgId}&page=1&limit=1`)).json().projects).toHaveLength(1);
    expect((await projectsAt(`orgId=${w.orgId}&page=1&limit=50`)).json().projects.length).toBeGreaterThan(1);
  });

  it('a question is kept by its JSON text: the same text from memory, another spelling and another question each for itself', async () => {
    const held = '{"permissionIds":["Project.Member.List"]}';
    const first = await send(held);
    expect(first.statusCode, first.body).toBe(200);
    expect(await statementsOf(() => send(held), t.db.$client)).toEqual([]);
    const spaced = await send('{ "permissionIds" : [ "Project.Member.List" ] , "extra": 1 }');
    expect(spaced.json().permissionIds).toEqual(first.json().permissionIds);
    const other = await send('{"permissionIds":["Project.Setting.Delete"]}');
    expect(other.json().permissionIds).toEqual([expect.objectContaining({ permissionId: 'Project.Setting.Delete', authorized: false })]);
    const invalid = await send('{"permissionIds":"Project.Member.List"}');
    expect(invalid.statusCode).toBe(400);
  });

  it('a kept question is answered without parsing its body; one that is not JSON is refused each time (issue 8, fifteenth pass)', async () => {
    const held = '{"permissionIds":["Project.Member.List","Project.Quota.Get"]}';
    const parse = vi.spyOn(JSON, 'parse');
    const parsed = (text: string) => parse.mock.calls.filter(([value]) => value === text).length;
    try {
      for (const times of [1, 1, 1]) {
        const answer = await send(held);
        expect(answer.json().permissionIds).toEqual([
          expect.objectContaining({ permissionId: 'Project.Member.List', authorized: true }),
          expect.objectContaining({ permissionId: 'Project.Quota.Get' }),
        ]);
        expect(parsed(held)).toBe(times);
      }
      const broken = held.slice(0, -1);
      for (const times of [1, 2]) {
        const refused = await send(broken);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().fieldErrors).toEqual([expect.objectContaining({ field: 'body' })]);
        expect(parsed(broken)).toBe(times);
      }
    } finally {
      parse.mockRestore();
    }
  });
});

describe('every table announces its changes, or says why not', () => {
  /** Tables no cached read reads, written often by machinery: announcing them would only drop answers. */
  const SILENT: Record<string, string> = {
    audit_events: 'the audit log is not a cached read; written on every call',
    authz_epoch: 'announces itself on console_authz_epoch (migration 0008)',
    credential_reminders: 'reminder job bookkeeping',
    iam_login_failures: 'written on failed sign-ins; no cached read shows it',
    iam_password_setup_tokens: 'sign-in machinery',
    sign_in_challenges: 'sign-in machinery',
    sessions: 'the session cache has its own notifications (console_sessions)',
    access_tokens: 'token issuance; no cached read lists tokens',
    mail_outbox: 'delivery machinery',
    notification_outbox: 'delivery machinery',
    notification_webhook_attempts: 'delivery machinery',
    notification_webhook_deliveries: 'delivery machinery',
    product_hook_events: 'delivery machinery',
    sms_outbox: 'delivery machinery',
    metric_samples: 'ingestion: thousands of rows a second',
    metric_minute: 'rollups of ingestion',
    metric_5min: 'rollups of ingestion',
    metric_hour: 'rollups of ingestion',
    metric_day: 'rollups of ingestion',
    rollup_dirty: 'rollup bookkeeping',
    usage_records: 'ingestion',
    usage_hourly: 'rollups of ingestion',
    usage_daily: 'rollups of ingestion',
    usage_idempotency_keys: 'ingestion bookkeeping',
    org_member_keys: 'written only by the triggers of org_members and members (migration 0030), whose own triggers announce the change',
    org_counts: 'written only by the triggers of org_member_keys and projects (migration 0032); org_members and projects announce the change',
  };

  it('each table of the public schema has a data trigger or is listed as silent', async () => {
    const { rows } = await t.db.$client.query<{ table: string; announced: boolean }>(`
      select c.relname as table,
             exists (select 1 from pg_trigger tr where tr.tgrelid = c.oid and tr.tgname = c.relname || '_data_changed') as announced
        from pg_class c
       where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
         and c.relname not like '\\_\\_%'`);
    const unaccounted = rows.filter((row) => !row.announced && !(row.table in SILENT)).map((row) => row.table);
    expect(unaccounted).toEqual([]);
    const both = rows.filter((row) => row.announced && row.table in SILENT).map((row) => row.table);
    expect(both).toEqual([]);
  });
});
