import * as api from '@console/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizations, projectMembers, projects } from '../../db/schema/index.ts';
import { createProject } from '../../test/fixtures.ts';
import { type Caller, type TestApp } from '../../test/helper.ts';
import { IMPORT_COMMIT_JOB } from './imports.service.ts';
import { buildFilledTemplate } from './spreadsheet.ts';
import { world } from '../../test/world.ts';

let t: TestApp;
let admin: Caller;
let member: Caller;
let orgId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const w = await world({
    mailDomain: 'pi.example.com',
    org: { name: 'Project Batch Org', projectLimit: 4 },
    roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', billing: 'BILLING_VIEWER', restricted: { role: 'MEMBER', restrictTypes: ['PROJECT_CREATE'] }, outside: { role: null, name: 'outside' } },
    projects: { existing: { name: 'Existing', members: { owner: ['ADMIN'] } } },
    signIn: ['admin', 'member'],
  });
  ({ t, orgId } = w);
  Object.assign(ids, w.ids);
  ({ admin, member } = w.as);
});

const base = () => `/api/cab/v6/organizations/${orgId}/projects`;
type Cells = Partial<Record<'projectName' | 'ownerEmail' | 'projectDescription', string>>;
const file = (rows: Cells[]) => buildFilledTemplate('PROJECT', 'en', rows as Record<string, string>[]);
const upload = (who: Caller, path: string, content: Buffer) =>
  t.app.inject(
    who.as({
      method: 'POST',
      url: `${base()}/${path}?fileName=projects.xlsx`,
      headers: { lang: 'en_US', 'content-type': 'application/octet-stream' },
      payload: content,
    }),
  );

const sample: Cells[] = [
  { projectName: 'Batch One', ownerEmail: 'member@pi.example.com', projectDescription: 'first' },
  { projectName: 'existing', ownerEmail: 'member@pi.example.com' },
  { projectName: 'Batch One', ownerEmail: 'admin@pi.example.com' },
  { projectName: '', ownerEmail: 'member@pi.example.com' },
  { projectName: 'No Owner', ownerEmail: '' },
  { projectName: 'Stranger Owned', ownerEmail: 'outside@pi.example.com' },
  { projectName: 'Billing Owned', ownerEmail: 'billing@pi.example.com' },
  { projectName: 'Restricted Owned', ownerEmail: 'restricted@pi.example.com' },
  { projectName: 'Batch Two', ownerEmail: 'admin@pi.example.com' },
  { projectName: 'Batch Three', ownerEmail: 'owner@pi.example.com' },
  { projectName: 'Over Quota', ownerEmail: 'owner@pi.example.com' },
];
const expected = [
  'SUCCESS',
  'ALREADY_REGISTERED_DATA',
  'DUPLICATED_DATA',
  'NOT_EXIST_PROJECT_NAME',
  'NOT_EXIST_OWNER_ID',
  'NOT_EXIST_OWNER_ID',
  'UNAUTHORIZED_USER_CREATE_PROJECTS',
  'UNAUTHORIZED_USER_CREATE_PROJECTS',
  'SUCCESS',
  'SUCCESS',
  'FAIL_TO_CREATE_PROJECT',
];

describe('project import', () => {
  it('classifies rows: names, owners, their right to create projects, and the project limit', async () => {
    const response = await upload(admin, 'import/validate', await file(sample));
    expect(response.statusCode, response.body).toBe(200);
    const { result } = response.json();
    expect(result.rows.map((row: { resultCode: string }) => row.resultCode)).toEqual(expected);
    expect(result.rows[0]).toMatchObject({ projectName: 'Batch One', ownerEmail: 'member@pi.example.com', projectDescription: 'first' });
    // A row without one answers null, so a row fixed in the browser is sent back whole.
    expect(result.rows[1].projectDescription).toBeNull();
    expect(result.rows[6].cellErrors).toEqual([{ column: 'ownerEmail', message: 'This member may not create projects.' }]);
    expect(result.rows[10].cellErrors).toEqual([{ column: 'projectName', message: 'The organization has reached its project limit.' }]);
  });

  it('creates the accepted projects once, each owner its ADMIN; a re-run adds nothing', async () => {
    const started = await upload(admin, 'import', await file(sample));
    expect(started.statusCode, started.body).toBe(200);
    const { asyncJobId } = started.json();
    await t.runPendingJobs();
    const done = (await t.call(admin, api.getProjectImport, { params: { orgId, asyncJobId } })).json();
    expect(done.state).toBe('COMPLETE');
    expect(done.result.rows.map((row: { resultCode: string }) => row.resultCode)).toEqual(expected);
    const created = await t.db.select().from(projects).where(eq(projects.orgId, orgId));
    expect(created.map((project) => project.name).sort()).toEqual(['Batch One', 'Batch Three', 'Batch Two', 'Existing']);
    const batchOne = created.find((project) => project.name === 'Batch One')!;
    expect(batchOne).toMatchObject({ ownerMemberId: ids.member, description: 'first' });
    expect(await t.db.select().from(projectMembers).where(eq(projectMembers.projectId, batchOne.id))).toMatchObject([{ memberId: ids.member, roleCodes: ['ADMIN'] }]);

    await t.app.jobs.trigger(IMPORT_COMMIT_JOB, { importId: asyncJobId, orgId });
    await t.runPendingJobs();
    expect(await t.db.select().from(projects).where(eq(projects.orgId, orgId))).toHaveLength(4);
  });

  it('answers -6 to an organization MEMBER (no Organization.Project.BatchRegister)', async () => {
    await t.expectRefusal(async () => upload(member, 'import/validate', await file(sample)), 403, -6);
  });

  it('re-checks the limit at commit time: projects created meanwhile turn rows into FAIL_TO_CREATE_PROJECT', async () => {
    await t.db.update(organizations).set({ projectLimit: 6 }).where(eq(organizations.id, orgId));
    const started = await t.call(admin, api.startProjectImportRows, { params: { orgId }, body: {
      rows: [
        { projectName: 'Late One', ownerEmail: 'admin@pi.example.com' },
        { projectName: 'Late Two', ownerEmail: 'admin@pi.example.com' },
      ],
    } });
    expect(started.statusCode, started.body).toBe(200);
    await createProject(t.db, orgId, 'Sneaked In', ids.owner!);
    await t.runPendingJobs();
    const done = (await t.call(admin, api.getProjectImport, { params: { orgId, asyncJobId: started.json().asyncJobId } })).json();
    expect(done.result.rows.map((row: { resultCode: string }) => row.resultCode)).toEqual(['SUCCESS', 'FAIL_TO_CREATE_PROJECT']);
    expect(await t.db.select().from(projects).where(eq(projects.orgId, orgId))).toHaveLength(6);
  });

  it('names the rule a cell breaks: a name too long says at most 100 characters', async () => {
    const response = await t.call(admin, api.validateProjectImportRows, { params: { orgId }, body: {
      rows: [
        { projectName: 'p'.repeat(101), ownerEmail: 'admin@pi.example.com' },
        { projectName: 'Bad/Name', ownerEmail: 'admin@pi.example.com', projectDescription: 'two\nlines are fine' },
        { projectName: 'Long Description', ownerEmail: 'admin@pi.example.com', projectDescription: 'd'.repeat(501) },
      ],
    } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.rows.map((row: { resultCode: string; cellErrors: unknown[] }) => [row.resultCode, row.cellErrors])).toEqual([
      ['INVALID_DATA_FORMAT', [{ column: 'projectName', message: 'Enter at most 100 characters.' }]],
      ['INVALID_DATA_FORMAT', [{ column: 'projectName', message: 'Use only Latin, Korean, Japanese or Chinese letters, digits, spaces and . _ -' }]],
      ['INVALID_DATA_FORMAT', [{ column: 'projectDescription', message: 'Enter at most 500 characters.' }]],
    ]);
  });

  it.each(['projectName', 'ownerEmail', 'projectDescription', 'name', 'userCode', 'orgMemberTypeCode'])('refuses a NUL in %s of a row with 400, writing nothing', async (column) => {
    const body = await t.expectRefusal(
      () => t.call(admin, api.startProjectImportRows, { params: { orgId }, body: { rows: [{ projectName: 'Nul Row', ownerEmail: 'admin@pi.example.com', [column]: 'a\u0000b' }] } }),
      400,
      10001,
    );
    expect(body.fieldErrors).toEqual([{ field: `body.rows.0.${column}`, message: 'Control characters are not allowed.' }]);
  });
});
