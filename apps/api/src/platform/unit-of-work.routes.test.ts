import * as api from '@console/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { Client } from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityEvents, auditEvents, projects } from '../db/schema/index.ts';
import { type Caller, type TestApp } from '../test/helper.ts';
import { exchangesOf, statementsOf, wireMessagesOf } from '../test/statements.ts';
import { world } from '../test/world.ts';

/**
 * One commit per change (db/unit-of-work.ts): a change's statements, its activity row and its audit
 * row are one transaction, committed by registerEndpoint once all are written — together or not at all.
 */
let t: TestApp;
let owner: Caller;
let member: Caller;
let orgId: string;
let projectId: string;

beforeAll(async () => {
  const w = await world({
    mailDomain: 'unit.example.com',
    org: { name: 'Unit Co', domain: 'unit-co', projectLimit: 50 },
    roles: { owner: 'OWNER', member: 'MEMBER' },
    projects: { kept: { name: 'Kept' } },
  });
  ({ t, orgId } = w);
  projectId = w.projects.kept;
  ({ owner, member } = w.as);
});

const describeProject = (description: string) => t.call(owner, api.updateProject, { params: { projectId }, body: { projectName: 'Kept', description } });
const descriptionNow = async () => (await t.db.select({ description: projects.description }).from(projects).where(eq(projects.id, projectId)))[0]!.description;
const activityOf = async (target: string) =>
  t.db.select().from(activityEvents).where(and(eq(activityEvents.targetId, target), eq(activityEvents.actionCode, 'PROJECT_UPDATE')));
const auditOf = async (action: string, result: 'SUCCESS' | 'FAILURE') =>
  t.db.select().from(auditEvents).where(and(eq(auditEvents.action, action), eq(auditEvents.result, result), eq(auditEvents.orgId, orgId)));

describe('one commit per change', () => {
  it('a failure after the change (its audit row refused) leaves neither the change nor its activity row', async () => {
    const activityBefore = (await activityOf(projectId)).length;
    await t.db.execute(sql`
      create function refuse_project_audit() returns trigger language plpgsql as $$
      begin
        if new.action = 'cab.updateProject' and new.result = 'SUCCESS' then raise exception 'audit row refused'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`create trigger refuse_project_audit before insert on audit_events for each row execute function refuse_project_audit()`);
    try {
      const refused = await describeProject('never kept');
      expect(refused.statusCode, refused.body).toBe(500);
      expect(await descriptionNow()).not.toBe('never kept');
      expect(await activityOf(projectId)).toHaveLength(activityBefore);
      expect(await auditOf('cab.updateProject', 'SUCCESS')).toHaveLength(0);
    } finally {
      await t.db.execute(sql`drop trigger refuse_project_audit on audit_events`);
      await t.db.execute(sql`drop function refuse_project_audit()`);
    }
    // The same call with the audit row allowed: the change and both rows, together.
    expect((await describeProject('kept')).statusCode).toBe(200);
    expect(await descriptionNow()).toBe('kept');
    expect(await activityOf(projectId)).toHaveLength(activityBefore + 1);
    expect(await auditOf('cab.updateProject', 'SUCCESS')).toHaveLength(1);
  });

  it('writes the change, its activity row and its audit row in one transaction, then commits once', async () => {
    let status = 0;
    const statements = await statementsOf(async () => {
      status = (await describeProject('once')).statusCode;
    }, t.db.$client);
    expect(status).toBe(200);
    const begins = statements.flatMap((text, index) => (/^begin\b/i.test(text) ? [index] : []));
    const commits = statements.flatMap((text, index) => (/^commit\b/i.test(text) ? [index] : []));
    expect(begins, statements.join('\n')).toHaveLength(1);
    expect(commits, statements.join('\n')).toHaveLength(1);
    // The records are one statement (insertRecords): the activity row's insert a WITH part of the audit row's.
    const records = statements.findIndex((text) => /^with record_0 as \(insert into "activity_events" .*\) insert into "audit_events"/s.test(text));
    const update = statements.findIndex((text) => text.startsWith('update "projects"'));
    expect(statements.filter((text) => /insert into "(activity|audit)_events"/.test(text)), statements.join('\n')).toHaveLength(1);
    for (const index of [update, records]) {
      expect(index, statements.join('\n')).toBeGreaterThan(begins[0]!);
      expect(index, statements.join('\n')).toBeLessThan(commits[0]!);
    }
  });

  it('sends the statements of a change one at a time on its connection, even reads side by side after its first write', async () => {
    // pg 8 queues a statement sent while another runs on the same client with a deprecation warning;
    // pg 9 refuses it. Every statement must find its client idle — but in pg's pipeline mode, which
    // the unit turns on only to send its BEGIN with its first statement (and its records with its
    // COMMIT) in one write.
    const running = new WeakMap<Client, number>();
    const busy: string[] = [];
    const query = Client.prototype.query as (...args: unknown[]) => unknown;
    Client.prototype.query = function (this: Client, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if ((running.get(this) ?? 0) > 0 && (this as unknown as { pipeline?: boolean }).pipeline !== true) busy.push(String(text));
      running.set(this, (running.get(this) ?? 0) + 1);
      const done = () => running.set(this, running.get(this)! - 1);
      const result = query.apply(this, args) as Promise<unknown> | undefined;
      if (typeof result?.then === 'function') result.then(done, done);
      else done();
      return result;
    } as typeof Client.prototype.query;
    const unit = t.app.unitOfWork.open();
    let read: string[] = [];
    try {
      await t.app.unitOfWork.within(unit, async () => {
        await t.db.update(projects).set({ description: 'one at a time' }).where(eq(projects.id, projectId));
        const reads = await Promise.all([1, 2, 3].map(() => t.db.select({ description: projects.description }).from(projects).where(eq(projects.id, projectId))));
        read = reads.map((rows) => rows[0]!.description ?? '');
      });
    } finally {
      await unit.end(false);
      Client.prototype.query = query as typeof Client.prototype.query;
    }
    expect(busy).toEqual([]);
    // The reads ran in the change (they see its write), and it rolled back.
    expect(read).toEqual(['one at a time', 'one at a time', 'one at a time']);
    expect(await descriptionNow()).not.toBe('one at a time');
  });

  it("names a change's statements: run again, the change sends no Parse (its statements prepared on the connection)", async () => {
    // Twice first: the pool hands back the connection used last, so the third run finds its statements there.
    for (const description of ['named 1', 'named 2']) expect((await describeProject(description)).statusCode).toBe(200);
    let parsed: { text?: string }[] = [];
    const exchanged = await exchangesOf(async () => {
      parsed = await wireMessagesOf('parse', async () => expect((await describeProject('named 3')).statusCode).toBe(200));
    }, t.db.$client);
    expect(parsed.map((config) => config.text)).toEqual([]);
    const update = exchanged.statements.findIndex((text) => text.startsWith('update "projects"'));
    const records = exchanged.statements.findIndex((text) => text.startsWith('with record_0 as (insert into "activity_events"'));
    // The update is a prepared statement of its own (db/prepared.ts runPrepared, built once); the records are named here.
    expect(exchanged.names[update], exchanged.statements.join('\n')).toMatch(/^project_update_named_/);
    expect(exchanged.names[records], exchanged.statements.join('\n')).toMatch(/^change_\d+$/);
    expect(await descriptionNow()).toBe('named 3');
  });

  it('a refusal is still audited, outside the change, and writes no change', async () => {
    const deniedBefore = (await t.db.select().from(auditEvents).where(and(eq(auditEvents.category, 'PERMISSION_DENIED'), eq(auditEvents.orgId, orgId)))).length;
    // expectRefusal also proves the database unchanged but for the audit log.
    await t.expectRefusal(() => t.call(member, api.updateOrganization, { params: { orgId }, body: { org: { orgName: 'Hijack' } } }), 403, -6);
    const denied = await t.db.select().from(auditEvents).where(and(eq(auditEvents.category, 'PERMISSION_DENIED'), eq(auditEvents.orgId, orgId)));
    expect(denied).toHaveLength(deniedBefore + 1);
  });
});
