import * as api from '@console/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizations, projectMembers, projects } from '../../db/schema/index.ts';
import { createProject } from '../../test/fixtures.ts';
import { type Caller } from '../../test/helper.ts';
import { IMPORT_COMMIT_JOB } from './imports.service.ts';
import { buildFilledTemplate } from './spreadsheet.ts';
import { worldOf } from '../../test/world.ts';

const w = worldOf({
  mailDomain: 'pi.example.com',
  org: { name: 'Project Batch Org', projectLimit: 4 },
  roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', billing: 'BILLING_VIEWER', restricted: { role: 'MEMBER', restrictTypes: ['PROJECT_CREATE'] }, outside: { role: null, name: 'outside' } },
  projects: { existing: { name: 'Existing', members: { owner: ['ADMIN'] } } },
  signIn: ['admin', 'member'],
});

const base = () => `/api/cab/v6/organizations/${w.orgId}/projects`;
type Cells = Partial<Record<'projectName' | 'ownerEmail' | 'projectDescription', string>>;
const file = (rows: Cells[]) => buildFilledTemplate('PROJECT', 'en', rows as Record<string, string>[]);
const upload = (who: Caller, path: string, content: Buffer) =>
  w.t.app.inject(
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
    const response = await upload(w.as.admin, 'import/validate', await file(sample));
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
    const started = await upload(w.as.admin, 'import', await file(sample));
    expect(started.statusCode, started.body).toBe(200);
    const { asyncJobId } = started.json();
    await w.t.runPendingJobs();
    const done = (await w.t.call(w.as.admin, api.getProjectImport, { params: { orgId: w.orgId, asyncJobId } })).json();
    expect(done.state).toBe('COMPLETE');
    expect(done.result.rows.map((row: { resultCode: string }) => row.resultCode)).toEqual(expected);
    const created = await w.t.db.select().from(projects).where(eq(projects.orgId, w.orgId));
    expect(created.map((project) => project.name).sort()).toEqual(['Batch One', 'Batch Three', 'Batch Two', 'Existing']);
    const batchOne = created.find((project) => project.name === 'Batch One')!;
    expect(batchOne).toMatchObject({ ownerMemberId: w.ids.member, description: 'first' });
    expect(await w.t.db.select().from(projectMembers).where(eq(projectMembers.projectId, batchOne.id))).toMatchObject([{ memberId: w.ids.member, roleCodes: ['ADMIN'] }]);

    await w.t.app.jobs.trigger(IMPORT_COMMIT_JOB, { importId: asyncJobId, orgId: w.orgId });
    await w.t.runPendingJobs();
    expect(await w.t.db.select().from(projects).where(eq(projects.orgId, w.orgId))).toHaveLength(4);
  });

  it('answers -6 to an organization MEMBER (no Organization.Project.BatchRegister)', async () => {
    await w.t.expectRefusal(async () => upload(w.as.member, 'import/validate', await file(sample)), 403, -6);
  });

  it('re-checks the limit at commit time: projects created meanwhile turn rows into FAIL_TO_CREATE_PROJECT', async () => {
    await w.t.db.update(organizations).set({ projectLimit: 6 }).where(eq(organizations.id, w.orgId));
    const started = await w.t.call(w.as.admin, api.startProjectImportRows, { params: { orgId: w.orgId }, body: {
      rows: [
        { projectName: 'Late One', ownerEmail: 'admin@pi.example.com' },
        { projectName: 'Late Two', ownerEmail: 'admin@pi.example.com' },
      ],
    } });
    expect(started.statusCode, started.body).toBe(200);
    await createProject(w.t.db, w.orgId, 'Sneaked In', w.ids.owner!);
    await w.t.runPendingJobs();
    const done = (await w.t.call(w.as.admin, api.getProjectImport, { params: { orgId: w.orgId, asyncJobId: started.json().asyncJobId } })).json();
    expect(done.result.rows.map((row: { resultCode: string }) => row.resultCode)).toEqual(['SUCCESS', 'FAIL_TO_CREATE_PROJECT']);
    expect(await w.t.db.select().from(projects).where(eq(projects.orgId, w.orgId))).toHaveLength(6);
  });

  it('names the rule a cell breaks: a name too long says at most 100 characters', async () => {
    const response = await w.t.call(w.as.admin, api.validateProjectImportRows, { params: { orgId: w.orgId }, body: {
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
    const body = await w.t.expectRefusal(
      () => w.t.call(w.as.admin, api.startProjectImportRows, { params: { orgId: w.orgId }, body: { rows: [{ projectName: 'Nul Row', ownerEmail: 'admin@pi.example.com', [column]: 'a\u0000b' }] } }),
      400,
      10001,
    );
    expect(body.fieldErrors).toEqual([{ field: `body.rows.0.${column}`, message: 'Control characters are not allowed.' }]);
  });
});
