import * as api from '@console/contracts';
import { deflateRawSync } from 'node:zlib';
import { IMPORT_MARKER_SHEET, importMarkerOf } from '@console/contracts';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { iamMembers, importJobs, orgInvitations } from '../../db/schema/index.ts';
import { createOrg } from '../../test/fixtures.ts';
import { anonymous, type Caller } from '../../test/helper.ts';
import { importsRepository } from './imports.repository.ts';
import { IMPORT_COMMIT_CHUNK, IMPORT_COMMIT_JOB } from './imports.service.ts';
import { buildFilledTemplate } from './spreadsheet.ts';
import { worldOf } from '../../test/world.ts';

const w = worldOf({
  env: { PUBLIC_URL: 'https://console.example.com/' },
  mailDomain: 'imp.example.com',
  org: { name: 'Import Org' },
  roles: { owner: 'OWNER', admin: 'ADMIN', member: 'MEMBER', outsider: null },
  otherOrg: { name: 'Other Tenant' },
  signIn: ['admin', 'member', 'outsider'],
});

const base = () => `/api/cab/v6/organizations/${w.orgId}/members`;

/** Posts a file as the raw body, the way the console uploads it. */
const upload = (who: Caller, path: string, file: Buffer, fileName = 'members.xlsx', lang = 'en_US') =>
  w.t.app.inject(
    who.as({
      method: 'POST',
      url: `${base()}/${path}?fileName=${encodeURIComponent(fileName)}`,
      headers: { lang, 'content-type': 'application/octet-stream' },
      payload: file,
    }),
  );

interface FormPart {
  name: string;
  data: Buffer | string;
  /** A file part's name (`filename="…"`), or its RFC 5987 form (`filename*=UTF-8''…`). */
  filename?: string;
  filenameStar?: string;
}

/** A multipart/form-data body, the way a browser form (or a spec client) posts a file. */
function formOf(parts: readonly FormPart[], boundary = '----console-test-boundary') {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const isFile = part.filename !== undefined || part.filenameStar !== undefined;
    const disposition = [
      `form-data; name="${part.name}"`,
      ...(part.filename === undefined ? [] : [`filename="${part.filename}"`]),
      ...(part.filenameStar === undefined ? [] : [`filename*=UTF-8''${part.filenameStar}`]),
    ].join('; ');
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${isFile ? 'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n' : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const uploadForm = (who: Caller, path: string, form: { payload: Buffer; contentType: string }, query = '') =>
  w.t.app.inject(who.as({ method: 'POST', url: `${base()}/${path}${query}`, headers: { lang: 'en_US', 'content-type': form.contentType }, payload: form.payload }));

type Cells = Partial<Record<'orgMemberTypeCode' | 'email' | 'roleList' | 'userCode' | 'name', string>>;
const cloud = (email: string, roleList = 'MEMBER'): Cells => ({ orgMemberTypeCode: 'TOAST_CLOUD', email, roleList });
const iam = (userCode: string, name: string, email: string): Cells => ({ orgMemberTypeCode: 'IAM', userCode, name, email });
const file = (rows: Cells[], lang: 'en' | 'ko' = 'en') => buildFilledTemplate('ORG_MEMBER', lang, rows as Record<string, string>[]);

/** A zip written by hand: `declared` lets an entry lie about its uncompressed size. */
function zipOf(entries: { name: string; data: Buffer; declared?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = deflateRawSync(entry.data);
    const size = entry.declared ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += 30 + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const headerRow = async (buffer: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return { workbook, headers: (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1) };
};

describe('template download', () => {
  it('answers an .xlsx with headers in the caller language and a very hidden type marker', async () => {
    const en = await w.t.call(w.as.admin, api.downloadImportTemplate, { params: { type: 'ORG_MEMBER' } });
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('spreadsheetml');
    expect(en.headers['content-disposition']).toContain('org_member-template-en.xlsx');
    const { workbook, headers } = await headerRow(en.rawPayload);
    expect(headers).toEqual(['Member type (Cloud account/IAM account)', 'Email', 'Roles (comma-separated)', 'IAM ID', 'Name']);
    const marker = workbook.getWorksheet(IMPORT_MARKER_SHEET)!;
    expect(marker.state).toBe('veryHidden');
    expect(marker.getCell('A1').value).toBe(importMarkerOf('ORG_MEMBER'));

    // The member type is offered by its display names (a drop-down that does not refuse codes).
    expect(workbook.worksheets[0]!.getCell('A2').dataValidation).toMatchObject({ type: 'list', formulae: ['"Cloud account,IAM account"'] });
    expect(workbook.worksheets[0]!.getCell('A1001').dataValidation).toMatchObject({ type: 'list' });

    const ko = await w.t.call(w.as.admin, api.downloadImportTemplate, { params: { type: 'PROJECT' }, lang: 'ko_KR' });
    expect((await headerRow(ko.rawPayload)).headers).toEqual(['프로젝트 이름', '소유자 이메일', '설명']);
  });

  it('refuses an unknown template type with 10001', async () => {
    const response = await w.t.call(w.as.admin, api.downloadImportTemplate, { params: { type: 'BILLING' } });
    expect(response.json().header.resultCode).toBe(10001);
  });

  it('needs a session', async () => {
    const response = await w.t.call(anonymous, api.downloadImportTemplate, { params: { type: 'ORG_MEMBER' } });
    expect(response.json().header.resultCode).toBe(100);
  });
});

describe('refused files (nothing written)', () => {
  it('refuses a name not ending in xls or xlsx with the spec message', async () => {
    const body = await w.t.expectRefusal(async () => upload(w.as.admin, 'import/validate', await file([cloud('a@x.example.com')]), 'members.csv'), 400, 21101);
    expect(body.header.resultMessage).toBe('File names must end in xls or xlsx.');
    await w.t.expectRefusal(async () => upload(w.as.admin, 'import', await file([cloud('a@x.example.com')]), 'members.xlsx.exe'), 400, 21101);
  });

  it('refuses what is not a zip, and a legacy BIFF .xls, as unreadable', async () => {
    await w.t.expectRefusal(() => upload(w.as.admin, 'import/validate', Buffer.from('email\na@x.example.com\n'), 'members.xlsx'), 400, 21102);
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    await w.t.expectRefusal(() => upload(w.as.admin, 'import', ole2, 'members.xls'), 400, 21102);
  });

  it('refuses zip bombs before parsing: too much unpacked, a lying size, too many entries', async () => {
    const zeros = Buffer.alloc(30 * 1024 * 1024);
    await w.t.expectRefusal(() => upload(w.as.admin, 'import/validate', zipOf([{ name: 'xl/worksheets/sheet1.xml', data: zeros }])), 400, 21103);
    // Declares 1 KB, inflates to 30 MB: the capped inflate stops it.
    await w.t.expectRefusal(() => upload(w.as.admin, 'import/validate', zipOf([{ name: 'xl/worksheets/sheet1.xml', data: zeros, declared: 1024 }])), 400, 21103);
    const many = Array.from({ length: 101 }, (_, index) => ({ name: `f${index}.xml`, data: Buffer.from('x') }));
    await w.t.expectRefusal(() => upload(w.as.admin, 'import', zipOf(many)), 400, 21103);
  });

  it('refuses a body above the route limit with 10413', async () => {
    await w.t.expectRefusal(() => upload(w.as.admin, 'import/validate', Buffer.alloc(2 * 1024 * 1024 + 1)), 413, 10413);
  });

  it('refuses more than 1,000 rows', async () => {
    const rows = Array.from({ length: 1001 }, (_, index) => cloud(`many${index}@x.example.com`));
    const body = await w.t.expectRefusal(async () => upload(w.as.admin, 'import/validate', await file(rows)), 400, 21104);
    expect(body.header.resultMessage).toBe('A file may hold at most 1000 rows.');
  });

  it("refuses another template's file or a workbook without the marker: 'template mismatch'", async () => {
    const project = await buildFilledTemplate('PROJECT', 'en', [{ projectName: 'P', ownerEmail: 'a@x.example.com' }]);
    await w.t.expectRefusal(() => upload(w.as.admin, 'import/validate', project), 400, 21105);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('members').addRow(['TOAST_CLOUD', 'plain@x.example.com', 'MEMBER']);
    const plain = Buffer.from(await workbook.xlsx.writeBuffer());
    await w.t.expectRefusal(() => upload(w.as.admin, 'import', plain), 400, 21105);
  });

  it('answers -6 to a MEMBER and 23005 to another tenant', async () => {
    const content = await file([cloud('a@x.example.com')]);
    await w.t.expectRefusal(() => upload(w.as.member, 'import/validate', content), 403, -6);
    await w.t.expectRefusal(() => upload(w.as.outsider, 'import', content), 404, 23005);
  });
});

describe('uploads as multipart/form-data (spec §7 "POST form data")', () => {
  it('takes the file part of a form, named by its filename, as the raw body is taken', async () => {
    const content = await file([cloud('form.one@imp.example.com'), cloud('not-an-email')]);
    const raw = (await upload(w.as.admin, 'import/validate', content)).json();
    const response = await uploadForm(w.as.admin, 'import/validate', formOf([{ name: 'note', data: 'hello' }, { name: 'file', filename: 'members.xlsx', data: content }]));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual(raw.result);
    expect(response.json().result.rows.map((row: { resultCode: string }) => row.resultCode)).toEqual(['SUCCESS', 'INVALID_DATA_FORMAT']);
  });

  it('starts an import from a form; the job keeps the part\'s file name', async () => {
    const content = await file([cloud('form.import@imp.example.com')]);
    const started = await uploadForm(w.as.admin, 'import', formOf([{ name: 'file', filename: 'Form Members.xlsx', data: content }]));
    expect(started.statusCode, started.body).toBe(200);
    const { asyncJobId } = started.json();
    const [job] = await w.t.db.select().from(importJobs).where(eq(importJobs.id, asyncJobId));
    expect(job?.fileName).toBe('Form Members.xlsx');
    await w.t.runPendingJobs();
    expect((await w.t.call(w.as.admin, api.getOrgMemberImport, { params: { orgId: w.orgId, asyncJobId } })).json()).toMatchObject({ state: 'COMPLETE', result: { successCount: 1 } });
  });

  it('refuses a form without a file, a file named otherwise than xls/xlsx, a control character in the name, a file above the limit, and a broken form', async () => {
    const content = await file([cloud('form.refused@imp.example.com')]);
    const none = await w.t.expectRefusal(() => uploadForm(w.as.admin, 'import', formOf([{ name: 'note', data: 'no file' }])), 400, 10001);
    expect(none.fieldErrors).toEqual([{ field: 'body.file', message: 'This field is required.' }]);
    const csv = await w.t.expectRefusal(() => uploadForm(w.as.admin, 'import', formOf([{ name: 'file', filename: 'members.csv', data: content }])), 400, 21101);
    expect(csv.header.resultMessage).toBe('File names must end in xls or xlsx.');
    const nul = await w.t.expectRefusal(() => uploadForm(w.as.admin, 'import', formOf([{ name: 'file', filenameStar: 'bad%00name.xlsx', data: content }])), 400, 10001);
    expect(nul.fieldErrors).toEqual([{ field: 'body.file', message: 'Control characters are not allowed.' }]);
    await w.t.expectRefusal(() => uploadForm(w.as.admin, 'import', formOf([{ name: 'file', filename: 'big.xlsx', data: Buffer.alloc(2 * 1024 * 1024 + 1) }])), 413, 10413);
    // A form cut short does not parse: the upload is unreadable.
    const whole = formOf([{ name: 'file', filename: 'members.xlsx', data: content }]);
    await w.t.expectRefusal(() => uploadForm(w.as.admin, 'import/validate', { ...whole, payload: whole.payload.subarray(0, 200) }), 400, 21102);
    await w.t.expectRefusal(() => uploadForm(w.as.admin, 'import/validate', { payload: Buffer.from('--x\r\ngarbage'), contentType: 'multipart/form-data; boundary=x' }), 400, 21102);
    await w.t.expectRefusal(() => uploadForm(w.as.admin, 'import', { payload: whole.payload, contentType: 'multipart/form-data' }), 400, 21102);
  });

  it('keeps ?fileName= for a raw body, and asks for it when it is missing', async () => {
    const content = await file([cloud('raw.nameless@imp.example.com')]);
    const body = await w.t.expectRefusal(
      () => w.t.app.inject(w.as.admin.as({ method: 'POST', url: api.buildUrl(api.validateOrgMemberImport, { orgId: w.orgId }), headers: { lang: 'en_US', 'content-type': 'application/octet-stream' }, payload: content })),
      400,
      10001,
    );
    expect(body.fieldErrors).toEqual([{ field: 'query.fileName', message: 'This field is required.' }]);
  });
});

describe('validate (dry run)', () => {
  it('classifies every row with the batch result codes and cell errors, writing nothing', async () => {
    await w.t.call(w.as.admin, api.inviteOrgMembers, { params: { orgId: w.orgId }, body: { emailList: ['waiting@imp.example.com'], orgRoleCodes: ['MEMBER'] } });
    await w.t.db.insert(iamMembers).values({ orgId: w.orgId, userCode: 'taken.id', name: 'Taken', email: 'taken@imp.example.com' });
    const content = await file([
      cloud('new.one@imp.example.com', 'MEMBER, BILLING_VIEWER'),
      cloud('member@imp.example.com'),
      cloud('waiting@imp.example.com'),
      cloud('NEW.ONE@imp.example.com'),
      cloud('not-an-email'),
      { email: 'typeless@imp.example.com', roleList: 'MEMBER' },
      cloud('roleless@imp.example.com', ''),
      cloud('owner.role@imp.example.com', 'OWNER'),
      iam('new.iam', 'New.Iam', 'new.iam@imp.example.com'),
      iam('', 'NoId', 'noid@imp.example.com'),
      iam('taken.id', 'Taken_Again', 'other@imp.example.com'),
      iam('nameless', '', 'nameless@imp.example.com'),
    ]);
    const before = await w.t.db.select().from(importJobs);
    const response = await upload(w.as.admin, 'import/validate', content);
    expect(response.statusCode, response.body).toBe(200);
    const { result } = response.json();
    expect(result.rows.map((row: { rowNumber: number; resultCode: string; successful: boolean }) => [row.rowNumber, row.resultCode, row.successful])).toEqual([
      [2, 'SUCCESS', true],
      [3, 'ALREADY_REGISTERED_DATA', true],
      [4, 'ALREADY_REGISTERED_DATA', true],
      [5, 'DUPLICATED_DATA', true],
      [6, 'INVALID_DATA_FORMAT', false],
      [7, 'NOT_EXIST_PROJECT_MEMBER_TYPE', false],
      [8, 'NOT_EXIST_PROJECT_MEMBER_ROLE', false],
      [9, 'INVALID_DATA_FORMAT', false],
      [10, 'SUCCESS', true],
      [11, 'NOT_EXIST_ID', false],
      [12, 'ALREADY_REGISTERED_DATA', true],
      [13, 'INVALID_DATA_FORMAT', false],
    ]);
    expect(result).toMatchObject({ totalCount: 12, successCount: 6, failCount: 6 });
    expect(result.failList).toHaveLength(10);
    expect(result.rows[0]).toMatchObject({ email: 'new.one@imp.example.com', orgMemberTypeCode: 'TOAST_CLOUD', roleList: ['MEMBER', 'BILLING_VIEWER'], cellErrors: [] });
    expect(result.rows[4].cellErrors).toEqual([{ column: 'email', message: 'Invalid email format.' }]);
    expect(result.rows[11].cellErrors).toEqual([{ column: 'name', message: expect.any(String) }]);
    expect(await w.t.db.select().from(importJobs)).toEqual(before);
    await w.t.db.delete(iamMembers).where(eq(iamMembers.userCode, 'taken.id'));
  });

  it('takes corrected rows as JSON for the re-run, cell messages in the caller language', async () => {
    const rows = [
      { rowNumber: 6, orgMemberTypeCode: 'TOAST_CLOUD', email: 'fixed@imp.example.com', roleList: 'MEMBER' },
      { rowNumber: 7, orgMemberTypeCode: 'TOAST_CLOUD', email: 'still wrong', roleList: 'MEMBER' },
    ];
    const response = await w.t.call(w.as.admin, api.validateOrgMemberImportRows, { params: { orgId: w.orgId }, body: { rows }, lang: 'ko_KR' });
    expect(response.statusCode, response.body).toBe(200);
    const { result } = response.json();
    expect(result.rows.map((row: { rowNumber: number; resultCode: string }) => [row.rowNumber, row.resultCode])).toEqual([
      [6, 'SUCCESS'],
      [7, 'INVALID_DATA_FORMAT'],
    ]);
    expect(result.rows[1].cellErrors[0].column).toBe('email');
    expect(result.rows[1].cellErrors[0].message).not.toBe('Invalid email format.');
  });

  it('answers the report of a dry run as .xlsx in the caller language (Korean and Chinese)', async () => {
    const rows = [
      { rowNumber: 2, orgMemberTypeCode: 'TOAST_CLOUD', email: 'fine@imp.example.com', roleList: 'MEMBER' },
      { rowNumber: 3, orgMemberTypeCode: 'TOAST_CLOUD', email: 'broken', roleList: 'MEMBER' },
      { rowNumber: 4, orgMemberTypeCode: '', email: 'typeless@imp.example.com', roleList: 'MEMBER' },
    ];
    for (const [lang, header, message] of [
      ['ko_KR', '결과', '데이터 형식이 올바르지 않습니다.'],
      ['zh_CN', '结果', '数据格式无效。'],
    ] as const) {
      const response = await w.t.call(w.as.admin, api.downloadOrgMemberValidationReport, { params: { orgId: w.orgId }, body: { rows }, lang });
      expect(response.statusCode).toBe(200);
      const { workbook, headers } = await headerRow(response.rawPayload);
      expect(headers.at(-1)).toBe(header);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.rowCount).toBe(3);
      expect((sheet.getRow(2).values as unknown[])[1]).toBe(3);
      expect(String((sheet.getRow(2).values as unknown[]).at(-1))).toContain(message);
      expect((sheet.getRow(3).values as unknown[]).at(-2)).toBe('NOT_EXIST_PROJECT_MEMBER_TYPE');
    }
  });

  it('answers 1503 when more rows would be registered than one batch holds (100)', async () => {
    const rows = Array.from({ length: 101 }, (_, index) => cloud(`cap${index}@imp.example.com`));
    await w.t.expectRefusal(async () => upload(w.as.admin, 'import/validate', await file(rows)), 400, 1503);
    await w.t.expectRefusal(async () => upload(w.as.admin, 'import', await file(rows)), 400, 1503);
  });
});

const validateRows = (rows: object[], lang = 'en_US') => w.t.call(w.as.admin, api.validateOrgMemberImportRows, { params: { orgId: w.orgId }, body: { rows }, lang: lang });
/** The rows of a dry run of `rows` as JSON. */
async function rowsOf(rows: object[], lang = 'en_US') {
  const response = await validateRows(rows, lang);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.rows as { resultCode: string; orgMemberTypeCode: string | null; cellErrors: { column: string; message: string }[] }[];
}

describe('cell messages name the rule each cell breaks (spec §5)', () => {

  it('a name too long says at most 40 characters; an IAM ID and an IAM name each have their own rule', async () => {
    const [long, badId, spaced, upper] = await rowsOf([
      { ...iam('long.name', 'n'.repeat(41), 'long.name@imp.example.com') },
      { ...iam('bad id!', 'Bad.Id', 'bad.id@imp.example.com') },
      { ...iam('spaced', 'Kim Lee', 'spaced@imp.example.com') },
      { ...iam('Upper.Case', 'Upper', 'upper@imp.example.com') },
    ]);
    expect(long).toMatchObject({ resultCode: 'INVALID_DATA_FORMAT', cellErrors: [{ column: 'name', message: 'Enter at most 40 characters.' }] });
    expect(badId).toMatchObject({
      resultCode: 'INVALID_DATA_FORMAT',
      cellErrors: [{ column: 'userCode', message: 'Use only lowercase letters, digits and - . _ in an IAM ID, not starting or ending with - . _' }],
    });
    expect(spaced!.cellErrors).toEqual([{ column: 'name', message: 'Use only letters, digits and . - _ in an IAM account name, without spaces.' }]);
    // An ID is compared in lower case (as the spreadsheet user typed it, Upper.Case is upper.case).
    expect(upper!.resultCode).toBe('SUCCESS');
    const [korean] = await rowsOf([iam('long.name', 'n'.repeat(41), 'long.name@imp.example.com')], 'ko_KR');
    expect(korean!.cellErrors).toEqual([{ column: 'name', message: '40자 이하로 입력해 주세요.' }]);
  });

  it('refuses an unknown organization role on any organization member row, naming it as an organization role', async () => {
    const [cloudRow, iamRow, iamWithRole, projectRole] = await rowsOf([
      cloud('role.cloud@imp.example.com', 'NOSUCHROLE'),
      { ...iam('role.iam', 'Role.Iam', 'role.iam@imp.example.com'), roleList: 'NOSUCHROLE' },
      { ...iam('role.iam2', 'Role.Iam', 'role.iam2@imp.example.com'), roleList: 'MEMBER' },
      cloud('role.project@imp.example.com', 'MEMBER, PROJECT_MEMBER_ADMIN'),
    ]);
    for (const row of [cloudRow, iamRow]) {
      expect(row).toMatchObject({ resultCode: 'NOT_EXIST_PROJECT_MEMBER_ROLE', cellErrors: [{ column: 'roleList', message: 'Not an organization role: NOSUCHROLE' }] });
    }
    // IAM accounts hold no organization roles: a known one is refused rather than silently dropped.
    expect(iamWithRole).toMatchObject({
      resultCode: 'INVALID_DATA_FORMAT',
      cellErrors: [{ column: 'roleList', message: 'IAM accounts take no organization roles. Leave the roles empty and give project roles in each project.' }],
    });
    expect(projectRole!.cellErrors).toEqual([{ column: 'roleList', message: 'Not an organization role: PROJECT_MEMBER_ADMIN' }]);
    // The row's result reads "member role", not "project member role", in the report.
    const report = await w.t.call(w.as.admin, api.downloadOrgMemberValidationReport, { params: { orgId: w.orgId }, body: { rows: [cloud('role.cloud@imp.example.com', 'NOSUCHROLE')] } });
    const { workbook } = await headerRow(report.rawPayload);
    expect(String((workbook.worksheets[0]!.getRow(2).values as unknown[]).at(-1))).toBe(
      'The member role is missing or does not exist. (Roles (comma-separated): Not an organization role: NOSUCHROLE)',
    );
  });

  it('takes the member type by its display name in any console language as well as by its code', async () => {
    const rows = await rowsOf([
      { ...cloud('type.en@imp.example.com'), orgMemberTypeCode: 'Cloud account' },
      { ...cloud('type.ko@imp.example.com'), orgMemberTypeCode: '클라우드 계정' },
      { ...iam('type.ja', 'Type.Ja', 'type.ja@imp.example.com'), orgMemberTypeCode: 'IAMアカウント' },
      { ...cloud('type.code@imp.example.com'), orgMemberTypeCode: 'toast_cloud' },
      { ...cloud('type.bad@imp.example.com'), orgMemberTypeCode: 'PARTNER' },
    ]);
    expect(rows.map((row) => [row.resultCode, row.orgMemberTypeCode])).toEqual([
      ['SUCCESS', 'TOAST_CLOUD'],
      ['SUCCESS', 'TOAST_CLOUD'],
      ['SUCCESS', 'IAM'],
      ['SUCCESS', 'TOAST_CLOUD'],
      ['NOT_EXIST_PROJECT_MEMBER_TYPE', 'PARTNER'],
    ]);
    expect(rows[4]!.cellErrors).toEqual([{ column: 'orgMemberTypeCode', message: 'Enter the member type as Cloud account (TOAST_CLOUD) or IAM account (IAM).' }]);
  });

  it('refuses a line break in a single-line cell as that row\'s format error, not the whole request', async () => {
    const [broken, fine] = await rowsOf([iam('line.break', 'Kim\nLee', 'line.break@imp.example.com'), { ...cloud('line.fine@imp.example.com'), name: 'ignored\nhere' }]);
    expect(broken).toMatchObject({ resultCode: 'INVALID_DATA_FORMAT', cellErrors: [{ column: 'name', message: 'Enter one line, without line breaks or tabs.' }] });
    expect(fine!.resultCode).toBe('SUCCESS');
  });

  it('escapes cells of user data that a spreadsheet would read as a formula, in the report', async () => {
    const rows = [
      { ...cloud('=HYPERLINK("http://evil.example.com","x")'), roleList: '+MEMBER' },
      { ...iam('at.sign', '@SUM(1)', 'at.sign@imp.example.com'), orgMemberTypeCode: '-IAM' },
    ];
    const report = await w.t.call(w.as.admin, api.downloadOrgMemberValidationReport, { params: { orgId: w.orgId }, body: { rows } });
    expect(report.statusCode).toBe(200);
    const { workbook } = await headerRow(report.rawPayload);
    const sheet = workbook.worksheets[0]!;
    const first = sheet.getRow(2).values as unknown[];
    const second = sheet.getRow(3).values as unknown[];
    // Columns: row, member type, email, roles, IAM ID, name, result code, result.
    expect(first.slice(1, 4)).toEqual([2, 'TOAST_CLOUD', '\'=HYPERLINK("http://evil.example.com","x")']);
    expect(first[4]).toBe("'+MEMBER");
    expect(second[2]).toBe("'-IAM");
    expect(second[6]).toBe("'@SUM(1)");
    for (const row of [first, second]) for (const value of row) if (typeof value === 'string') expect(value).not.toMatch(/^[=+\-@]/);
  });
});

describe('line breaks in a file (a wrapped cell)', () => {
  it('refuse a name or an ID that uses them, split a role list, and are ignored in a column the row does not use', async () => {
    const content = await file([
      { ...cloud('file.wrap@imp.example.com', 'MEMBER\nBILLING_VIEWER'), name: 'not\nused' },
      iam('file.wrap', 'Kim\nLee', 'file.wrap.iam@imp.example.com'),
      iam('file\nwrap', 'Wrap', 'file.wrap.id@imp.example.com'),
    ]);
    const response = await upload(w.as.admin, 'import/validate', content);
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().result.rows;
    expect(rows.map((row: { resultCode: string }) => row.resultCode)).toEqual(['SUCCESS', 'INVALID_DATA_FORMAT', 'INVALID_DATA_FORMAT']);
    expect(rows[0].roleList).toEqual(['MEMBER', 'BILLING_VIEWER']);
    expect(rows[1].cellErrors).toEqual([{ column: 'name', message: 'Enter one line, without line breaks or tabs.' }]);
    expect(rows[2].cellErrors).toEqual([{ column: 'userCode', message: 'Enter one line, without line breaks or tabs.' }]);
  });
});

describe('control characters in rows sent as JSON (400, nothing written)', () => {
  const nul = 'x\u0000y';
  it.each([
    ['projectName', { ...cloud('nul.a@imp.example.com'), projectName: nul }],
    ['ownerEmail', { ...cloud('nul.b@imp.example.com'), ownerEmail: nul }],
    ['projectDescription', { ...cloud('nul.c@imp.example.com'), projectDescription: nul }],
    ['name', { ...cloud('nul.d@imp.example.com'), name: nul }],
    ['userCode', { ...cloud('nul.e@imp.example.com'), userCode: nul }],
    ['email', { ...cloud('nul.f@imp.example.com'), email: nul }],
  ])('a NUL in %s: 400 with a field error on every rows call', async (column, row) => {
    for (const path of ['import-rows', 'import/validate-rows', 'import/validation-report']) {
      const body = await w.t.expectRefusal(() => w.t.call(w.as.admin, 'POST', `${base()}/${path}`, { rows: [cloud('nul.ok@imp.example.com'), row] }), 400, 10001);
      expect(body.fieldErrors).toEqual([{ field: `body.rows.1.${column}`, message: 'Control characters are not allowed.' }]);
    }
  });
});

describe('import (async job)', () => {
  it("refuses a file whose every row is erroneous: 'all data erroneous'", async () => {
    const body = await w.t.expectRefusal(async () => upload(w.as.admin, 'import', await file([cloud('bad'), cloud('worse', '')])), 400, 21106);
    expect(body.header.resultMessage).toBe('All data is erroneous.');
  });

  it('records the batch and its job in one transaction, 1502 while it runs, then commits every accepted row once', async () => {
    const content = await file([
      cloud('batch.a@imp.example.com', 'MEMBER'),
      cloud('batch.a@imp.example.com', 'MEMBER'),
      cloud('batch.b@imp.example.com', 'BILLING_VIEWER'),
      cloud('member@imp.example.com'),
      cloud('broken'),
      iam('batch.iam', 'Batch.Iam', 'batch.iam@imp.example.com'),
    ]);
    const started = await upload(w.as.admin, 'import', content, 'Members.XLSX');
    expect(started.statusCode, started.body).toBe(200);
    const { asyncJobId } = started.json();
    expect(await w.t.pendingJobs(IMPORT_COMMIT_JOB)).toEqual([{ name: IMPORT_COMMIT_JOB, data: { importId: asyncJobId, orgId: w.orgId } }]);

    const waiting = await w.t.call(w.as.admin, api.getOrgMemberImport, { params: { orgId: w.orgId, asyncJobId } });
    expect(waiting.json()).toMatchObject({ asyncJobId, state: 'WAIT', progress: { processed: 0, total: 6 }, result: null });
    await w.t.expectRefusal(async () => upload(w.as.admin, 'import', await file([cloud('later@imp.example.com')])), 400, 1502);
    await w.t.expectRefusal(() => w.t.call(w.as.admin, api.downloadOrgMemberImportReport, { params: { orgId: w.orgId, asyncJobId } }), 400, 1502);

    // The commit happens later than the request: the invitations are dated by the job's clock.
    w.t.clock.advanceMinutes(5);
    await w.t.runPendingJobs();
    const done = (await w.t.call(w.as.admin, api.getOrgMemberImport, { params: { orgId: w.orgId, asyncJobId } })).json();
    expect(done).toMatchObject({ state: 'COMPLETE', progress: { processed: 6, total: 6 }, completedDateTime: w.t.clock.now().toISOString() });
    expect(done.result).toMatchObject({ totalCount: 6, successCount: 5, failCount: 1 });
    expect(done.result.rows.map((row: { resultCode: string }) => row.resultCode)).toEqual([
      'SUCCESS',
      'DUPLICATED_DATA',
      'SUCCESS',
      'ALREADY_REGISTERED_DATA',
      'INVALID_DATA_FORMAT',
      'SUCCESS',
    ]);

    const invitations = await w.t.db.select().from(orgInvitations).where(and(eq(orgInvitations.orgId, w.orgId), sql`${orgInvitations.email} like 'batch.%'`));
    expect(invitations.map((row) => [row.email, row.roleCodes, row.status]).sort()).toEqual([
      ['batch.a@imp.example.com', ['MEMBER'], 'WAIT'],
      ['batch.b@imp.example.com', ['BILLING_VIEWER'], 'WAIT'],
    ]);
    expect(invitations[0]!.expiresAt.toISOString()).toBe(new Date(w.t.clock.now().getTime() + 30 * 86_400_000).toISOString());
    const accounts = await w.t.db.select().from(iamMembers).where(eq(iamMembers.userCode, 'batch.iam'));
    expect(accounts).toMatchObject([{ name: 'Batch.Iam', email: 'batch.iam@imp.example.com', status: 'STABLE', passwordHash: null }]);
    const mails = (await w.t.mails()).filter((mail) => mail.toAddress.startsWith('batch.'));
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(['batch.a@imp.example.com', 'batch.b@imp.example.com']);

    // A re-run of the same job (a crash after the commit, a duplicate delivery) changes nothing.
    const before = await w.t.db.select({ n: sql<number>`count(*)::int` }).from(orgInvitations);
    await w.t.app.jobs.trigger(IMPORT_COMMIT_JOB, { importId: asyncJobId, orgId: w.orgId });
    expect(await w.t.runPendingJobs()).toBeGreaterThanOrEqual(1);
    expect(await w.t.db.select({ n: sql<number>`count(*)::int` }).from(orgInvitations)).toEqual(before);
    expect(await w.t.db.select().from(iamMembers).where(eq(iamMembers.userCode, 'batch.iam'))).toHaveLength(1);
    expect((await w.t.mails()).filter((mail) => mail.toAddress.startsWith('batch.'))).toHaveLength(2);

    // The report: rows not plainly registered, the reason in the reader's language.
    for (const [lang, header, message] of [
      ['en_US', 'Result', 'The data format is invalid.'],
      ['ja_JP', '結果', 'データ形式が正しくありません。'],
    ] as const) {
      const report = await w.t.call(w.as.admin, api.downloadOrgMemberImportReport, { params: { orgId: w.orgId, asyncJobId }, lang });
      expect(report.statusCode).toBe(200);
      expect(report.headers['content-type']).toContain('spreadsheetml');
      const { workbook, headers } = await headerRow(report.rawPayload);
      expect(headers.at(-1)).toBe(header);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.rowCount).toBe(4);
      const broken = sheet.getRow(4).values as unknown[];
      expect(broken[1]).toBe(6);
      expect(String(broken.at(-1))).toContain(message);
    }
  });

  it('shows its progress while it commits, a chunk at a time, with nothing written visible until the end', async () => {
    const rows = Array.from({ length: 2 * IMPORT_COMMIT_CHUNK + 10 }, (_, index) => iam(`progress.${index}`, `Progress_${index}`, `progress.${index}@imp.example.com`));
    const started = await w.t.call(w.as.admin, api.startOrgMemberImportRows, { params: { orgId: w.orgId }, body: { rows: [...rows, cloud('member@imp.example.com')] } });
    expect(started.statusCode, started.body).toBe(200);
    const { asyncJobId } = started.json();
    const seen: { state: string; processed: number; total: number; visibleAccounts: number }[] = [];
    const original = importsRepository.setProgress.bind(importsRepository);
    const spy = vi.spyOn(importsRepository, 'setProgress').mockImplementation(async (...args) => {
      await original(...args);
      // What another request sees while the job's transaction is still open.
      const status = (await w.t.call(w.as.admin, api.getOrgMemberImport, { params: { orgId: w.orgId, asyncJobId } })).json();
      const [visible] = await w.t.db.select({ n: sql<number>`count(*)::int` }).from(iamMembers).where(sql`${iamMembers.userCode} like 'progress.%'`);
      seen.push({ state: status.state, ...status.progress, visibleAccounts: visible!.n });
    });
    try {
      await w.t.runPendingJobs();
    } finally {
      spy.mockRestore();
    }
    const total = rows.length + 1;
    // The one row already registered is handled first, then each chunk of new accounts.
    expect(seen).toEqual([1, 21, 41, 51].map((processed) => ({ state: 'WAIT', processed, total, visibleAccounts: 0 })));
    const done = (await w.t.call(w.as.admin, api.getOrgMemberImport, { params: { orgId: w.orgId, asyncJobId } })).json();
    expect(done).toMatchObject({ state: 'COMPLETE', progress: { processed: total, total } });
    const [written] = await w.t.db.select({ n: sql<number>`count(*)::int` }).from(iamMembers).where(sql`${iamMembers.userCode} like 'progress.%'`);
    expect(written!.n).toBe(rows.length);
  });

  it('an import whose commit fails midway leaves no row, no mail, and reads FAIL', async () => {
    // A fault after the invitations are written: the IAM insert raises inside the job's transaction.
    await w.t.db.execute(sql`create function import_test_fault() returns trigger language plpgsql as $$
      begin if new.user_code = 'boom' then raise exception 'injected fault'; end if; return new; end $$`);
    await w.t.db.execute(sql`create trigger import_test_fault before insert on iam_members for each row execute function import_test_fault()`);
    try {
      const started = await upload(w.as.admin, 'import', await file([cloud('atomic.a@imp.example.com'), cloud('atomic.b@imp.example.com'), iam('boom', 'Boom', 'boom@imp.example.com')]));
      const { asyncJobId } = started.json();
      const jobsBefore = await w.t.pendingJobs('mail.send');
      await expect(w.t.runPendingJobs()).rejects.toThrow();
      expect(await w.t.db.select().from(orgInvitations).where(sql`${orgInvitations.email} like 'atomic.%'`)).toEqual([]);
      expect(await w.t.db.select().from(iamMembers).where(eq(iamMembers.userCode, 'boom'))).toEqual([]);
      expect(await w.t.pendingJobs('mail.send')).toEqual(jobsBefore);
      const failed = (await w.t.call(w.as.admin, api.getOrgMemberImport, { params: { orgId: w.orgId, asyncJobId } })).json();
      expect(failed).toMatchObject({ state: 'FAIL', result: null });
      const report = await w.t.call(w.as.admin, api.downloadOrgMemberImportReport, { params: { orgId: w.orgId, asyncJobId } });
      expect(report.json().header).toMatchObject({ resultCode: 21107, resultMessage: 'Fail to member batch registration' });
      // The organization's import slot is free again.
      const again = await w.t.call(w.as.admin, api.startOrgMemberImportRows, { params: { orgId: w.orgId }, body: { rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'atomic.a@imp.example.com', roleList: 'MEMBER' }] } });
      expect(again.statusCode, again.body).toBe(200);
      await w.t.runPendingJobs();
      expect(await w.t.db.select().from(orgInvitations).where(sql`${orgInvitations.email} like 'atomic.%'`)).toHaveLength(1);
    } finally {
      await w.t.db.execute(sql`drop trigger import_test_fault on iam_members`);
      await w.t.db.execute(sql`drop function import_test_fault()`);
    }
  });

  it('answers 21108 for an import of another organization or none', async () => {
    const [job] = await w.t.db.select().from(importJobs).limit(1);
    const otherOrg = (await createOrg(w.t.db, 'Third Tenant', w.ids.admin!)).id;
    const response = await w.t.call(w.as.admin, api.getOrgMemberImport, { params: { orgId: otherOrg, asyncJobId: job!.id } });
    expect(response.statusCode).toBe(404);
    expect(response.json().header.resultCode).toBe(21108);
  });
});
