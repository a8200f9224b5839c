import * as api from '@console/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { iamMembers, importJobs, projectMembers } from '../../db/schema/index.ts';
import { FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { type Caller } from '../../test/helper.ts';
import { IMPORT_COMMIT_JOB } from './imports.service.ts';
import { buildFilledTemplate } from './spreadsheet.ts';
import { worldOf } from '../../test/world.ts';

const w = worldOf({
  mailDomain: 'pm.example.com',
  org: { name: 'Project Import Org' },
  roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', manager: 'MEMBER', inside: 'MEMBER', joiner: 'MEMBER', stranger: null, outside: { role: null, name: 'outside' } },
  iam: {
    iam: { userCode: 'pm.iam', name: 'Pm Iam', password: false },
    left: { userCode: 'pm.left', name: 'Pm Left', password: false, extra: { status: 'LEAVED' } },
  },
  projects: {
    target: { name: 'Import Target', members: { owner: ['ADMIN'], manager: ['PROJECT_MEMBER_ADMIN'], inside: ['MEMBER'] } },
    other: { name: 'Other Project', members: { owner: ['ADMIN'] } },
  },
  signIn: ['admin', 'manager', 'member'],
});

const base = (project = w.projects.target) => `/api/cab/v6/projects/${project}/members`;
type Cells = Partial<Record<'orgMemberTypeCode' | 'email' | 'userCode' | 'roleList', string>>;
const file = (rows: Cells[]) => buildFilledTemplate('PROJECT_MEMBER', 'en', rows as Record<string, string>[]);
const upload = (who: Caller, path: string, content: Buffer, project = w.projects.target) =>
  w.t.app.inject(
    who.as({
      method: 'POST',
      url: `${base(project)}/${path}?fileName=project-members.xlsx`,
      headers: { lang: 'en_US', 'content-type': 'application/octet-stream' },
      payload: content,
    }),
  );

describe('project member import', () => {
  it('classifies rows: organization membership, IAM accounts, already in the project, duplicates, roles', async () => {
    const response = await upload(
      w.as.admin,
      'import/validate',
      await file([
        { orgMemberTypeCode: 'TOAST_CLOUD', email: 'joiner@pm.example.com', roleList: 'MEMBER' },
        { orgMemberTypeCode: 'TOAST_CLOUD', email: 'outside@pm.example.com', roleList: 'MEMBER' },
        { orgMemberTypeCode: 'IAM', userCode: 'pm.iam', roleList: 'VIEWER' },
        { orgMemberTypeCode: 'IAM', userCode: 'pm.left', roleList: 'VIEWER' },
        { orgMemberTypeCode: 'IAM', userCode: 'nobody', roleList: 'VIEWER' },
        { orgMemberTypeCode: 'TOAST_CLOUD', email: 'inside@pm.example.com', roleList: 'MEMBER' },
        { orgMemberTypeCode: 'TOAST_CLOUD', email: 'JOINER@pm.example.com', roleList: 'VIEWER' },
        { orgMemberTypeCode: 'TOAST_CLOUD', email: 'member@pm.example.com', roleList: 'ADMIN, MEMBER' },
        { orgMemberTypeCode: 'TOAST_CLOUD', email: 'member@pm.example.com', roleList: '' },
        { orgMemberTypeCode: 'IAM', userCode: '', roleList: 'VIEWER' },
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { result } = response.json();
    expect(result.rows.map((row: { resultCode: string }) => row.resultCode)).toEqual([
      'SUCCESS',
      'NOT_EXIST_ID',
      'SUCCESS',
      'NOT_EXIST_IAM_MEMBER',
      'NOT_EXIST_IAM_MEMBER',
      'ALREADY_REGISTERED_DATA',
      'DUPLICATED_DATA',
      'INVALID_DATA_FORMAT',
      'NOT_EXIST_PROJECT_MEMBER_ROLE',
      'NOT_EXIST_ID',
    ]);
    expect(result.rows[1].cellErrors).toEqual([{ column: 'email', message: 'Not a member of the organization.' }]);
    expect(result.rows[3].cellErrors).toEqual([{ column: 'userCode', message: 'No IAM account of the organization has this ID.' }]);
  });

  it("refuses an organization member template: 'template mismatch'", async () => {
    const orgTemplate = await buildFilledTemplate('ORG_MEMBER', 'en', [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'joiner@pm.example.com', roleList: 'MEMBER' }]);
    await w.t.expectRefusal(() => upload(w.as.admin, 'import/validate', orgTemplate), 400, 21105);
  });

  it('answers 1503 above 50 rows to register', async () => {
    const rows = Array.from({ length: 51 }, (_, index) => ({ orgMemberTypeCode: 'IAM', userCode: `cap${index}`, roleList: 'VIEWER' }));
    await w.t.db.insert(iamMembers).values(rows.map((row) => ({ orgId: w.orgId, userCode: row.userCode, name: 'Cap', email: `${row.userCode}@pm.example.com` })));
    await w.t.expectRefusal(() => w.t.call(w.as.admin, api.startProjectMemberImportRows, { params: { projectId: w.projects.target }, body: { rows } }), 400, 1503);
  });

  it('lets a PROJECT_MEMBER_ADMIN of the project import; commits once; a re-run adds nothing', async () => {
    const started = await upload(
      w.as.manager,
      'import',
      await file([
        { orgMemberTypeCode: 'TOAST_CLOUD', email: 'joiner@pm.example.com', roleList: 'MEMBER' },
        { orgMemberTypeCode: 'IAM', userCode: 'pm.iam', roleList: 'VIEWER' },
        { orgMemberTypeCode: 'TOAST_CLOUD', email: 'outside@pm.example.com', roleList: 'MEMBER' },
      ]),
    );
    expect(started.statusCode, started.body).toBe(200);
    const { asyncJobId } = started.json();
    await w.t.expectRefusal(() => w.t.call(w.as.admin, api.startProjectMemberImportRows, { params: { projectId: w.projects.target }, body: { rows: [{ orgMemberTypeCode: 'IAM', userCode: 'cap1', roleList: 'VIEWER' }] } }), 400, 1502);
    await w.t.runPendingJobs();
    const done = (await w.t.call(w.as.manager, api.getProjectMemberImport, { params: { projectId: w.projects.target, asyncJobId } })).json();
    expect(done).toMatchObject({ state: 'COMPLETE', result: { totalCount: 3, successCount: 2, failCount: 1 } });
    const rows = await w.t.db.select().from(projectMembers).where(eq(projectMembers.projectId, w.projects.target));
    expect(rows.find((row) => row.memberId === w.ids.joiner)?.roleCodes).toEqual(['MEMBER']);
    expect(rows.find((row) => row.iamMemberId === w.ids.iam)?.roleCodes).toEqual(['VIEWER']);

    await w.t.app.jobs.trigger(IMPORT_COMMIT_JOB, { importId: asyncJobId, orgId: w.orgId });
    await w.t.runPendingJobs();
    expect(await w.t.db.select().from(projectMembers).where(eq(projectMembers.projectId, w.projects.target))).toHaveLength(rows.length);

    const report = await w.t.call(w.as.manager, api.downloadProjectMemberImportReport, { params: { projectId: w.projects.target, asyncJobId } });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('spreadsheetml');
    // The import belongs to its project: asked through another project it is not found.
    const elsewhere = await w.t.call(w.as.admin, 'GET', `${base(w.projects.other)}/import/${asyncJobId}`);
    expect(elsewhere.json().header.resultCode).toBe(21108);
    expect(await w.t.db.select().from(importJobs).where(and(eq(importJobs.id, asyncJobId), eq(importJobs.projectId, w.projects.target)))).toHaveLength(1);
  });

  it('answers 40017 to an organization member outside the project and -6 to a plain project member', async () => {
    const content = await file([{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'joiner@pm.example.com', roleList: 'MEMBER' }]);
    await w.t.expectRefusal(() => upload(w.as.member, 'import/validate', content), 404, 40017);
    const inside = await w.t.login('inside@pm.example.com', FIXTURE_PASSWORD);
    await w.t.expectRefusal(() => upload(inside, 'import', content), 403, -6);
  });

  it('names project roles as project roles, and refuses a NUL in any cell with 400, writing nothing', async () => {
    const response = await w.t.call(w.as.admin, api.validateProjectMemberImportRows, {
      params: { projectId: w.projects.target },
      body: { rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'member@pm.example.com', roleList: 'BUDGET_ADMIN' }] },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result.rows[0]).toMatchObject({
      resultCode: 'NOT_EXIST_PROJECT_MEMBER_ROLE',
      cellErrors: [{ column: 'roleList', message: 'Not a project role: BUDGET_ADMIN' }],
    });
    for (const column of ['name', 'projectName', 'ownerEmail', 'projectDescription', 'userCode']) {
      const body = await w.t.expectRefusal(
        () => w.t.call(w.as.admin, api.startProjectMemberImportRows, { params: { projectId: w.projects.target }, body: { rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'member@pm.example.com', roleList: 'MEMBER', [column]: '\u0000' }] } }),
        400,
        10001,
      );
      expect(body.fieldErrors).toEqual([{ field: `body.rows.0.${column}`, message: 'Control characters are not allowed.' }]);
    }
  });
});
