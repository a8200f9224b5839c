import { deflateRawSync } from 'node:zlib';
import { IMPORT_MARKER_SHEET, importMarkerOf } from '@console/contracts';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { iamMembers, importJobs, orgInvitations } from '../../db/schema/index.ts';
import { createMember, createOrg, FIXTURE_PASSWORD } from '../../test/fixtures.ts';
import { buildTestApp, type Caller, type TestApp } from '../../test/helper.ts';
import { importsRepository } from './imports.repository.ts';
import { IMPORT_COMMIT_CHUNK, IMPORT_COMMIT_JOB } from './imports.service.ts';
import { buildFilledTemplate } from './spreadsheet.ts';

let t: TestApp;
let admin: Caller;
let member: Caller;
let outsider: Caller;
let orgId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '1000', PUBLIC_URL: 'https://console.example.com/' });
  for (const name of ['owner', 'admin', 'member', 'outsider']) {
    ids[name] = (await createMember(t.db, `${name}@imp.example.com`, { name: `${name} name` })).id;
  }
  orgId = (
    await createOrg(t.db, 'Import Org', ids.owner!, [
      { memberId: ids.admin!, role: 'ADMIN' },
      { memberId: ids.member!, role: 'MEMBER' },
    ])
  ).id;
  await createOrg(t.db, 'Other Tenant', ids.outsider!);
  admin = await t.login('admin@imp.example.com', FIXTURE_PASSWORD);
  member = await t.login('member@imp.example.com', FIXTURE_PASSWORD);
  outsider = await t.login('outsider@imp.example.com', FIXTURE_PASSWORD);
});

const base = () => `/api/cab/v6/organizations/${orgId}/members`;

/** Posts a file as the raw body, the way the console uploads it. */
const upload = (who: Caller, path: string, file: Buffer, fileName = 'members.xlsx', lang = 'en_US') =>
  t.app.inject(
    who.as({
      method: 'POST',
      url: `${base()}/${path}?fileName=${encodeURIComponent(fileName)}`,
      headers: { lang, 'content-type': 'application/octet-stream' },
      payload: file,
    }),
  );

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
    const en = await t.app.inject(admin.as({ method: 'GET', url: '/api/cab/v4/templates/ORG_MEMBER/download', headers: { lang: 'en_US' } }));
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toContain('spreadsheetml');
    expect(en.headers['content-disposition']).toContain('org_member-template-en.xlsx');
    const { workbook, headers } = await headerRow(en.rawPayload);
    expect(headers).toEqual(['Member type (TOAST_CLOUD/IAM)', 'Email', 'Roles (comma-separated)', 'IAM ID', 'Name']);
    const marker = workbook.getWorksheet(IMPORT_MARKER_SHEET)!;
    expect(marker.state).toBe('veryHidden');
    expect(marker.getCell('A1').value).toBe(importMarkerOf('ORG_MEMBER'));

    const ko = await t.app.inject(admin.as({ method: 'GET', url: '/api/cab/v4/templates/PROJECT/download', headers: { lang: 'ko_KR' } }));
    expect((await headerRow(ko.rawPayload)).headers).toEqual(['프로젝트 이름', '소유자 이메일', '설명']);
  });

  it('refuses an unknown template type with 10001', async () => {
    const response = await t.call(admin, 'GET', '/api/cab/v4/templates/BILLING/download');
    expect(response.json().header.resultCode).toBe(10001);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/cab/v4/templates/ORG_MEMBER/download' });
    expect(response.json().header.resultCode).toBe(100);
  });
});

describe('refused files (nothing written)', () => {
  it('refuses a name not ending in xls or xlsx with the spec message', async () => {
    const body = await t.expectRefusal(async () => upload(admin, 'import/validate', await file([cloud('a@x.example.com')]), 'members.csv'), 400, 21101);
    expect(body.header.resultMessage).toBe('File names must end in xls or xlsx.');
    await t.expectRefusal(async () => upload(admin, 'import', await file([cloud('a@x.example.com')]), 'members.xlsx.exe'), 400, 21101);
  });

  it('refuses what is not a zip, and a legacy BIFF .xls, as unreadable', async () => {
    await t.expectRefusal(() => upload(admin, 'import/validate', Buffer.from('email\na@x.example.com\n'), 'members.xlsx'), 400, 21102);
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    await t.expectRefusal(() => upload(admin, 'import', ole2, 'members.xls'), 400, 21102);
  });

  it('refuses zip bombs before parsing: too much unpacked, a lying size, too many entries', async () => {
    const zeros = Buffer.alloc(30 * 1024 * 1024);
    await t.expectRefusal(() => upload(admin, 'import/validate', zipOf([{ name: 'xl/worksheets/sheet1.xml', data: zeros }])), 400, 21103);
    // Declares 1 KB, inflates to 30 MB: the capped inflate stops it.
    await t.expectRefusal(() => upload(admin, 'import/validate', zipOf([{ name: 'xl/worksheets/sheet1.xml', data: zeros, declared: 1024 }])), 400, 21103);
    const many = Array.from({ length: 101 }, (_, index) => ({ name: `f${index}.xml`, data: Buffer.from('x') }));
    await t.expectRefusal(() => upload(admin, 'import', zipOf(many)), 400, 21103);
  });

  it('refuses multipart/form-data (no multipart parser; the file is the raw body) with 10001', async () => {
    const boundary = 'x-boundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.xlsx"\r\n\r\nabc\r\n--${boundary}--\r\n`;
    await t.expectRefusal(
      () =>
        t.app.inject(
          admin.as({
            method: 'POST',
            url: `${base()}/import/validate?fileName=m.xlsx`,
            headers: { lang: 'en_US', 'content-type': `multipart/form-data; boundary=${boundary}` },
            payload,
          }),
        ),
      400,
      10001,
    );
  });

  it('refuses a body above the route limit with 10413', async () => {
    await t.expectRefusal(() => upload(admin, 'import/validate', Buffer.alloc(2 * 1024 * 1024 + 1)), 413, 10413);
  });

  it('refuses more than 1,000 rows', async () => {
    const rows = Array.from({ length: 1001 }, (_, index) => cloud(`many${index}@x.example.com`));
    const body = await t.expectRefusal(async () => upload(admin, 'import/validate', await file(rows)), 400, 21104);
    expect(body.header.resultMessage).toBe('A file may hold at most 1000 rows.');
  });

  it("refuses another template's file or a workbook without the marker: 'template mismatch'", async () => {
    const project = await buildFilledTemplate('PROJECT', 'en', [{ projectName: 'P', ownerEmail: 'a@x.example.com' }]);
    await t.expectRefusal(() => upload(admin, 'import/validate', project), 400, 21105);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('members').addRow(['TOAST_CLOUD', 'plain@x.example.com', 'MEMBER']);
    const plain = Buffer.from(await workbook.xlsx.writeBuffer());
    await t.expectRefusal(() => upload(admin, 'import', plain), 400, 21105);
  });

  it('answers -6 to a MEMBER and 23005 to another tenant', async () => {
    const content = await file([cloud('a@x.example.com')]);
    await t.expectRefusal(() => upload(member, 'import/validate', content), 403, -6);
    await t.expectRefusal(() => upload(outsider, 'import', content), 404, 23005);
  });
});

describe('validate (dry run)', () => {
  it('classifies every row with the batch result codes and cell errors, writing nothing', async () => {
    await t.call(admin, 'POST', `/api/cab/v5/organizations/${orgId}/invitations`, { emailList: ['waiting@imp.example.com'], orgRoleCodes: ['MEMBER'] });
    await t.db.insert(iamMembers).values({ orgId, userCode: 'taken.id', name: 'Taken', email: 'taken@imp.example.com' });
    const content = await file([
      cloud('new.one@imp.example.com', 'MEMBER, BILLING_VIEWER'),
      cloud('member@imp.example.com'),
      cloud('waiting@imp.example.com'),
      cloud('NEW.ONE@imp.example.com'),
      cloud('not-an-email'),
      { email: 'typeless@imp.example.com', roleList: 'MEMBER' },
      cloud('roleless@imp.example.com', ''),
      cloud('owner.role@imp.example.com', 'OWNER'),
      iam('new.iam', 'New Iam', 'new.iam@imp.example.com'),
      iam('', 'No Id', 'noid@imp.example.com'),
      iam('taken.id', 'Taken Again', 'other@imp.example.com'),
      iam('nameless', '', 'nameless@imp.example.com'),
    ]);
    const before = await t.db.select().from(importJobs);
    const response = await upload(admin, 'import/validate', content);
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
    expect(await t.db.select().from(importJobs)).toEqual(before);
    await t.db.delete(iamMembers).where(eq(iamMembers.userCode, 'taken.id'));
  });

  it('takes corrected rows as JSON for the re-run, cell messages in the caller language', async () => {
    const rows = [
      { rowNumber: 6, orgMemberTypeCode: 'TOAST_CLOUD', email: 'fixed@imp.example.com', roleList: 'MEMBER' },
      { rowNumber: 7, orgMemberTypeCode: 'TOAST_CLOUD', email: 'still wrong', roleList: 'MEMBER' },
    ];
    const response = await t.call(admin, 'POST', `${base()}/import/validate-rows`, { rows }, 'ko_KR');
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
      const response = await t.app.inject(admin.as({ method: 'POST', url: `${base()}/import/validation-report`, headers: { lang }, payload: { rows } }));
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
    await t.expectRefusal(async () => upload(admin, 'import/validate', await file(rows)), 400, 1503);
    await t.expectRefusal(async () => upload(admin, 'import', await file(rows)), 400, 1503);
  });
});

describe('import (async job)', () => {
  it("refuses a file whose every row is erroneous: 'all data erroneous'", async () => {
    const body = await t.expectRefusal(async () => upload(admin, 'import', await file([cloud('bad'), cloud('worse', '')])), 400, 21106);
    expect(body.header.resultMessage).toBe('All data is erroneous.');
  });

  it('records the batch and its job in one transaction, 1502 while it runs, then commits every accepted row once', async () => {
    const content = await file([
      cloud('batch.a@imp.example.com', 'MEMBER'),
      cloud('batch.a@imp.example.com', 'MEMBER'),
      cloud('batch.b@imp.example.com', 'BILLING_VIEWER'),
      cloud('member@imp.example.com'),
      cloud('broken'),
      iam('batch.iam', 'Batch Iam', 'batch.iam@imp.example.com'),
    ]);
    const started = await upload(admin, 'import', content, 'Members.XLSX');
    expect(started.statusCode, started.body).toBe(200);
    const { asyncJobId } = started.json();
    expect(await t.pendingJobs(IMPORT_COMMIT_JOB)).toEqual([{ name: IMPORT_COMMIT_JOB, data: { importId: asyncJobId, orgId } }]);

    const waiting = await t.call(admin, 'GET', `${base()}/import/${asyncJobId}`);
    expect(waiting.json()).toMatchObject({ asyncJobId, state: 'WAIT', progress: { processed: 0, total: 6 }, result: null });
    await t.expectRefusal(async () => upload(admin, 'import', await file([cloud('later@imp.example.com')])), 400, 1502);
    await t.expectRefusal(() => t.call(admin, 'GET', `${base()}/import/${asyncJobId}/report`), 400, 1502);

    // The commit happens later than the request: the invitations are dated by the job's clock.
    t.clock.advanceMinutes(5);
    await t.runPendingJobs();
    const done = (await t.call(admin, 'GET', `${base()}/import/${asyncJobId}`)).json();
    expect(done).toMatchObject({ state: 'COMPLETE', progress: { processed: 6, total: 6 }, completedDateTime: t.clock.now().toISOString() });
    expect(done.result).toMatchObject({ totalCount: 6, successCount: 5, failCount: 1 });
    expect(done.result.rows.map((row: { resultCode: string }) => row.resultCode)).toEqual([
      'SUCCESS',
      'DUPLICATED_DATA',
      'SUCCESS',
      'ALREADY_REGISTERED_DATA',
      'INVALID_DATA_FORMAT',
      'SUCCESS',
    ]);

    const invitations = await t.db.select().from(orgInvitations).where(and(eq(orgInvitations.orgId, orgId), sql`${orgInvitations.email} like 'batch.%'`));
    expect(invitations.map((row) => [row.email, row.roleCodes, row.status]).sort()).toEqual([
      ['batch.a@imp.example.com', ['MEMBER'], 'WAIT'],
      ['batch.b@imp.example.com', ['BILLING_VIEWER'], 'WAIT'],
    ]);
    expect(invitations[0]!.expiresAt.toISOString()).toBe(new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString());
    const accounts = await t.db.select().from(iamMembers).where(eq(iamMembers.userCode, 'batch.iam'));
    expect(accounts).toMatchObject([{ name: 'Batch Iam', email: 'batch.iam@imp.example.com', status: 'STABLE', passwordHash: null }]);
    const mails = (await t.mails()).filter((mail) => mail.toAddress.startsWith('batch.'));
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual(['batch.a@imp.example.com', 'batch.b@imp.example.com']);

    // A re-run of the same job (a crash after the commit, a duplicate delivery) changes nothing.
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(orgInvitations);
    await t.app.jobs.trigger(IMPORT_COMMIT_JOB, { importId: asyncJobId, orgId });
    expect(await t.runPendingJobs()).toBeGreaterThanOrEqual(1);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(orgInvitations)).toEqual(before);
    expect(await t.db.select().from(iamMembers).where(eq(iamMembers.userCode, 'batch.iam'))).toHaveLength(1);
    expect((await t.mails()).filter((mail) => mail.toAddress.startsWith('batch.'))).toHaveLength(2);

    // The report: rows not plainly registered, the reason in the reader's language.
    for (const [lang, header, message] of [
      ['en_US', 'Result', 'The data format is invalid.'],
      ['ja_JP', '結果', 'データ形式が正しくありません。'],
    ] as const) {
      const report = await t.app.inject(admin.as({ method: 'GET', url: `${base()}/import/${asyncJobId}/report`, headers: { lang } }));
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
    const rows = Array.from({ length: 2 * IMPORT_COMMIT_CHUNK + 10 }, (_, index) => iam(`progress.${index}`, `Progress ${index}`, `progress.${index}@imp.example.com`));
    const started = await t.call(admin, 'POST', `${base()}/import-rows`, { rows: [...rows, cloud('member@imp.example.com')] });
    expect(started.statusCode, started.body).toBe(200);
    const { asyncJobId } = started.json();
    const seen: { state: string; processed: number; total: number; visibleAccounts: number }[] = [];
    const original = importsRepository.setProgress.bind(importsRepository);
    const spy = vi.spyOn(importsRepository, 'setProgress').mockImplementation(async (...args) => {
      await original(...args);
      // What another request sees while the job's transaction is still open.
      const status = (await t.call(admin, 'GET', `${base()}/import/${asyncJobId}`)).json();
      const [visible] = await t.db.select({ n: sql<number>`count(*)::int` }).from(iamMembers).where(sql`${iamMembers.userCode} like 'progress.%'`);
      seen.push({ state: status.state, ...status.progress, visibleAccounts: visible!.n });
    });
    try {
      await t.runPendingJobs();
    } finally {
      spy.mockRestore();
    }
    const total = rows.length + 1;
    // The one row already registered is handled first, then each chunk of new accounts.
    expect(seen).toEqual([1, 21, 41, 51].map((processed) => ({ state: 'WAIT', processed, total, visibleAccounts: 0 })));
    const done = (await t.call(admin, 'GET', `${base()}/import/${asyncJobId}`)).json();
    expect(done).toMatchObject({ state: 'COMPLETE', progress: { processed: total, total } });
    const [written] = await t.db.select({ n: sql<number>`count(*)::int` }).from(iamMembers).where(sql`${iamMembers.userCode} like 'progress.%'`);
    expect(written!.n).toBe(rows.length);
  });

  it('an import whose commit fails midway leaves no row, no mail, and reads FAIL', async () => {
    // A fault after the invitations are written: the IAM insert raises inside the job's transaction.
    await t.db.execute(sql`create function import_test_fault() returns trigger language plpgsql as $$
      begin if new.user_code = 'boom' then raise exception 'injected fault'; end if; return new; end $$`);
    await t.db.execute(sql`create trigger import_test_fault before insert on iam_members for each row execute function import_test_fault()`);
    try {
      const started = await upload(admin, 'import', await file([cloud('atomic.a@imp.example.com'), cloud('atomic.b@imp.example.com'), iam('boom', 'Boom', 'boom@imp.example.com')]));
      const { asyncJobId } = started.json();
      const jobsBefore = await t.pendingJobs('mail.send');
      await expect(t.runPendingJobs()).rejects.toThrow();
      expect(await t.db.select().from(orgInvitations).where(sql`${orgInvitations.email} like 'atomic.%'`)).toEqual([]);
      expect(await t.db.select().from(iamMembers).where(eq(iamMembers.userCode, 'boom'))).toEqual([]);
      expect(await t.pendingJobs('mail.send')).toEqual(jobsBefore);
      const failed = (await t.call(admin, 'GET', `${base()}/import/${asyncJobId}`)).json();
      expect(failed).toMatchObject({ state: 'FAIL', result: null });
      const report = await t.call(admin, 'GET', `${base()}/import/${asyncJobId}/report`);
      expect(report.json().header).toMatchObject({ resultCode: 21107, resultMessage: 'Fail to member batch registration' });
      // The organization's import slot is free again.
      const again = await t.call(admin, 'POST', `${base()}/import-rows`, { rows: [{ orgMemberTypeCode: 'TOAST_CLOUD', email: 'atomic.a@imp.example.com', roleList: 'MEMBER' }] });
      expect(again.statusCode, again.body).toBe(200);
      await t.runPendingJobs();
      expect(await t.db.select().from(orgInvitations).where(sql`${orgInvitations.email} like 'atomic.%'`)).toHaveLength(1);
    } finally {
      await t.db.execute(sql`drop trigger import_test_fault on iam_members`);
      await t.db.execute(sql`drop function import_test_fault()`);
    }
  });

  it('answers 21108 for an import of another organization or none', async () => {
    const [job] = await t.db.select().from(importJobs).limit(1);
    const otherOrg = (await createOrg(t.db, 'Third Tenant', ids.admin!)).id;
    const response = await t.call(admin, 'GET', `/api/cab/v6/organizations/${otherOrg}/members/import/${job!.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().header.resultCode).toBe(21108);
  });
});
