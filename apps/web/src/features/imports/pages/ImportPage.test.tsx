import type { BatchResult, BatchRowResult } from '@console/contracts/imports';
import {
  getOrgMemberImport,
  startOrgMemberImportRows,
  validateOrgMemberImport,
  validateOrgMemberImportRows,
} from '@console/contracts/refs/imports';
import { getOrgSelfRoles } from '@console/contracts/refs/organizations';
import { getProjectSelfRoles } from '@console/contracts/refs/projects';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeClock } from '../../../test/clock.ts';
import { bundleAnswer, renderConsole, englishPageTests } from '../../../test/console.tsx';
import { ORG_ID, orgSelfRoles, PROJECT_ID, projectAdminSelfRoles } from '../../../test/fixtures.ts';
import { fail, mockFetch, ok, type RecordedRequest } from '../../../test/http.ts';
import { fill } from '../../../test/fill.ts';
import { IMPORT_POLL_MS } from '../../../data/imports/queries.ts';
import { ImportEntryButton } from '../../../widgets/imports/ImportEntryButton.tsx';
import { cellsOf } from '../components/ImportFlow.tsx';
import { OrgMemberImportPage, ProjectMemberImportPage } from './ImportPage.tsx';
import { paths } from '../../../shared/paths.ts';

const frame = englishPageTests();
// Cloudscape's FileInput copies its value into input.files through a DataTransfer where the window
// has one; user-event's upload has made input.files a getter, so on happy-dom (which has
// DataTransfer) that assignment throws. Without it the FileInput takes the path it takes on jsdom.
const dataTransfer = window.DataTransfer;
beforeAll(() => {
  (window as { DataTransfer?: unknown }).DataTransfer = undefined;
});
afterAll(() => {
  window.DataTransfer = dataTransfer;
});
afterEach(() => {
  vi.restoreAllMocks();
});

const JOB_ID = '8f1c2d3e-4b5a-4c6d-9e8f-0a1b2c3d4e5f';
const BASE = `/api/cab/v6/organizations/${ORG_ID}/members/import`;
const BUNDLE = {
  'errors.SUCCESS': 'Registered.',
  'errors.INVALID_DATA_FORMAT': 'The data format is invalid.',
  'errors.ALREADY_REGISTERED_DATA': 'This data is already registered.',
  'errors.21104': 'The file has too many rows.',
};

const row = (rowNumber: number, email: string, patch: Partial<BatchRowResult> = {}): BatchRowResult => ({
  rowNumber,
  email,
  orgMemberTypeCode: 'TOAST_CLOUD',
  ownerEmail: null,
  projectName: null,
  projectDescription: null,
  resultCode: 'SUCCESS',
  roleList: ['MEMBER'],
  successful: true,
  userCode: null,
  name: null,
  cellErrors: [],
  ...patch,
});

const resultOf = (rows: BatchRowResult[]): BatchResult => {
  const successCount = rows.filter((item) => item.successful).length;
  return { totalCount: rows.length, successCount, failCount: rows.length - successCount, failList: rows.filter((item) => item.resultCode !== 'SUCCESS'), rows };
};

/** A row whose email the dry run refused. */
const broken = (rowNumber: number, email: string) =>
  row(rowNumber, email, { resultCode: 'INVALID_DATA_FORMAT', successful: false, cellErrors: [{ column: 'email', message: 'Invalid email format.' }] });
/** The open editor of a row's email cell. */
const editorOf = (rowNumber: number) => within(screen.getByTestId(`import-cell-input-${rowNumber}-email`)).getByRole('textbox');

const selfRoles = (role: 'OWNER' | 'MEMBER') => () => ok(getOrgSelfRoles, { ...orgSelfRoles(role), roleGroups: [] } as never);

const renderImport = () =>
  renderConsole(
    [
      { path: '/org/:orgId/member/import', Component: OrgMemberImportPage },
      { path: '/org/:orgId/member', Component: () => <p>members page</p> },
    ],
    paths.org(ORG_ID).memberImport,
    frame.english,
  );

const fileInput = () => screen.getByTestId('import-file').querySelector<HTMLInputElement>('input[type="file"]')!;
const xlsx = (name = 'members.xlsx') =>
  new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
const button = (testId: string) => {
  const element = screen.getByTestId(testId);
  return element.tagName === 'BUTTON' ? element : element.querySelector('button') ?? element;
};

// Long flows (the job is polled every second: a fake clock skips the waits); the machine may be busy.
describe('OrgMemberImportPage', () => {
  it('uploads, shows the cell error, fixes the cell, re-validates, imports, follows the progress and shows the result', async () => {
    const clock = fakeClock();
    const user = userEvent.setup({ delay: null });
    const uploads: RecordedRequest[] = [];
    const revalidated: unknown[] = [];
    const imported: unknown[] = [];
    let polls = 0;
    const fixed = resultOf([row(2, 'new.one@example.com'), row(3, 'fixed@example.com'), row(4, 'member@example.com', { resultCode: 'ALREADY_REGISTERED_DATA' })]);
    const { requests } = mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer(BUNDLE),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: selfRoles('OWNER'),
      [`POST ${BASE}/validate`]: (request) => {
        uploads.push(request);
        return ok(
          validateOrgMemberImport,
          {
            result: resultOf([
              row(2, 'new.one@example.com'),
              row(3, 'broken-address', {
                resultCode: 'INVALID_DATA_FORMAT',
                successful: false,
                cellErrors: [{ column: 'email', message: 'Invalid email format.' }],
              }),
              row(4, 'member@example.com', { resultCode: 'ALREADY_REGISTERED_DATA' }),
            ]),
          },
        );
      },
      [`POST ${BASE}/validate-rows`]: (request) => {
        revalidated.push(request.body);
        return ok(validateOrgMemberImportRows, { result: fixed });
      },
      [`POST /api/cab/v6/organizations/${ORG_ID}/members/import-rows`]: (request) => {
        imported.push(request.body);
        return ok(startOrgMemberImportRows, { asyncJobId: JOB_ID });
      },
      [`GET ${BASE}/${JOB_ID}`]: () => {
        polls += 1;
        const done = polls > 1;
        return ok(getOrgMemberImport, {
          asyncJobId: JOB_ID,
          state: done ? 'COMPLETE' : 'WAIT',
          progress: { processed: done ? 3 : 0, total: 3 },
          result: done ? fixed : null,
          regDateTime: '2026-11-22T00:00:00Z',
          startedDateTime: done ? '2026-11-22T00:00:01Z' : null,
          completedDateTime: done ? '2026-11-22T00:00:02Z' : null,
        });
      },
    });
    renderImport();

    await screen.findByTestId('import-page');
    await user.upload(fileInput(), xlsx());
    await user.click(button('import-validate'));

    // The dry run: counts, the invalid cell marked with its message, Import held back by the error.
    const invalidCell = await screen.findByTestId('import-cell-3-email');
    expect(invalidCell.dataset.invalid).toBe('true');
    expect(screen.getByTestId('import-cell-error-3-email').textContent).toContain('Invalid email format.');
    expect(screen.getByTestId('import-row-result-3').textContent).toContain('The data format is invalid.');
    expect(screen.getByTestId('import-row-result-4').textContent).toContain('This data is already registered.');
    expect(screen.getByTestId('import-count-total').textContent).toBe('3');
    expect(screen.getByTestId('import-count-ready').textContent).toBe('1');
    expect(screen.getByTestId('import-count-invalid').textContent).toBe('1');
    expect(uploads[0]!.url.searchParams.get('fileName')).toBe('members.xlsx');
    expect(uploads[0]!.headers.get('content-type')).toBe('application/octet-stream');

    // Fix the cell in place: the row is "changed" and Import waits for a re-validation.
    await user.click(screen.getByRole('button', { name: 'Edit Email of row 3' }));
    const editor = within(screen.getByTestId('import-cell-input-3-email')).getByRole('textbox');
    await user.clear(editor);
    await fill(user, editor, 'fixed@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('import-cell-3-email').textContent).toBe('fixed@example.com'));
    expect(screen.getByTestId('import-row-result-3').textContent).toContain('Changed, not checked yet');
    expect(button('import-start').hasAttribute('disabled') || button('import-start').getAttribute('aria-disabled') === 'true').toBe(true);

    await user.click(button('import-revalidate'));
    await waitFor(() => expect(screen.getByTestId('import-count-invalid').textContent).toBe('0'));
    expect(revalidated).toEqual([
      {
        rows: [
          { rowNumber: 2, orgMemberTypeCode: 'TOAST_CLOUD', email: 'new.one@example.com', roleList: 'MEMBER', userCode: '', name: '', projectName: '', ownerEmail: '' },
          { rowNumber: 3, orgMemberTypeCode: 'TOAST_CLOUD', email: 'fixed@example.com', roleList: 'MEMBER', userCode: '', name: '', projectName: '', ownerEmail: '' },
          { rowNumber: 4, orgMemberTypeCode: 'TOAST_CLOUD', email: 'member@example.com', roleList: 'MEMBER', userCode: '', name: '', projectName: '', ownerEmail: '' },
        ],
      },
    ]);
    expect(screen.getByTestId('import-cell-3-email').dataset.invalid).toBeUndefined();
    expect(screen.getByTestId('import-count-ready').textContent).toBe('2');

    // Import the corrected rows (as JSON: they are no longer the file's), follow the job.
    await user.click(button('import-start'));
    await waitFor(() => expect(imported).toHaveLength(1));
    expect((imported[0] as { rows: { email: string }[] }).rows.map((item) => item.email)).toEqual(['new.one@example.com', 'fixed@example.com', 'member@example.com']);
    const bar = await screen.findByTestId('import-progress');
    expect(bar.dataset.state).toBe('WAIT');
    // The job is polled every second: the clock skips the wait for the next answer.
    await clock.until(() => expect(screen.getByTestId('import-progress').dataset.state).toBe('COMPLETE'));
    expect(screen.getByTestId('import-progress').dataset.value).toBe('100');
    expect(screen.getByTestId('import-result-total').textContent).toBe('3');
    expect(screen.getByTestId('import-result-registered').textContent).toBe('2');
    expect(screen.getByTestId('import-fail-4').textContent).toContain('This data is already registered.');

    // Polling stops once the job is done.
    const polled = requests.filter((request) => request.url.pathname.endsWith(JOB_ID)).length;
    await clock.skip(3 * IMPORT_POLL_MS);
    expect(requests.filter((request) => request.url.pathname.endsWith(JOB_ID))).toHaveLength(polled);

    // The report is the server's file, saved by the browser.
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const reportRoutes = mockFetch({
      [`GET ${BASE}/${JOB_ID}/report`]: () =>
        new Response(new Uint8Array([0x50, 0x4b]), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename="import-report-${JOB_ID}-en.xlsx"`,
          },
        }),
    });
    await user.click(button('import-report-download'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalled();
    expect(reportRoutes.requests[0]!.headers.get('lang')).toBe('en_US');
  });

  it('fixes cells in place: Enter saves, Escape cancels, Re-validate keeps every fix (also an edit still open)', async () => {
    const user = userEvent.setup({ delay: null });
    const revalidated: { rows: { rowNumber: number; email: string }[] }[] = [];
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer(BUNDLE),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: selfRoles('OWNER'),
      [`POST ${BASE}/validate`]: () => ok(validateOrgMemberImport, { result: resultOf([broken(2, 'broken-two'), broken(3, 'broken-three')]) }),
      [`POST ${BASE}/validate-rows`]: (request) => {
        const body = request.body as { rows: { rowNumber: number; email: string }[] };
        revalidated.push(body);
        return ok(validateOrgMemberImportRows, { result: resultOf(body.rows.map((item) => row(item.rowNumber, item.email))) });
      },
    });
    renderImport();
    await screen.findByTestId('import-page');
    await user.upload(fileInput(), xlsx());
    await user.click(button('import-validate'));
    await screen.findByTestId('import-cell-error-2-email');
    // Enter saves, as ✓ does.
    await user.click(screen.getByRole('button', { name: 'Edit Email of row 2' }));
    await user.clear(editorOf(2));
    await user.type(editorOf(2), 'fixed.two@example.com{Enter}');
    await waitFor(() => expect(screen.queryByTestId('import-cell-input-2-email')).toBeNull());
    expect(screen.getByTestId('import-cell-2-email').textContent).toBe('fixed.two@example.com');
    expect(screen.getByTestId('import-row-result-2').textContent).toContain('Changed, not checked yet');

    // Escape cancels: the cell keeps its value.
    await user.click(screen.getByRole('button', { name: 'Edit Email of row 3' }));
    await user.clear(editorOf(3));
    await user.type(editorOf(3), 'typo{Escape}');
    await waitFor(() => expect(screen.queryByTestId('import-cell-input-3-email')).toBeNull());
    expect(screen.getByTestId('import-cell-3-email').textContent).toContain('broken-three');

    // A fix still being typed when Re-validate is pressed is kept, not dropped.
    await user.click(screen.getByRole('button', { name: 'Edit Email of row 3' }));
    await user.clear(editorOf(3));
    await fill(user, editorOf(3), 'fixed.three@example.com');
    await user.click(button('import-revalidate'));
    await waitFor(() => expect(revalidated).toHaveLength(1));
    expect(revalidated[0]!.rows.map((item) => [item.rowNumber, item.email])).toEqual([
      [2, 'fixed.two@example.com'],
      [3, 'fixed.three@example.com'],
    ]);
    await waitFor(() => expect(screen.getByTestId('import-count-invalid').textContent).toBe('0'));
    expect(screen.getByTestId('import-cell-2-email').textContent).toBe('fixed.two@example.com');
    expect(screen.getByTestId('import-cell-3-email').textContent).toBe('fixed.three@example.com');

    // Re-validating again sends the fixes again: nothing went back to the file's values.
    await user.click(button('import-revalidate'));
    await waitFor(() => expect(revalidated).toHaveLength(2));
    expect(revalidated[1]!.rows.map((item) => item.email)).toEqual(['fixed.two@example.com', 'fixed.three@example.com']);
  });

  it('checks the file next to the field and shows the refusal of the server there, translated', async () => {
    const user = userEvent.setup({ applyAccept: false, delay: null });
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer(BUNDLE),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: selfRoles('OWNER'),
      [`POST ${BASE}/validate`]: () => fail(400, { resultCode: 21104, resultMessage: 'too many' }),
    });
    renderImport();
    await screen.findByTestId('import-page');

    await user.click(button('import-validate'));
    expect((await screen.findByTestId('import-file-error')).textContent).toBe('Choose a file.');

    await user.upload(fileInput(), new File(['a,b'], 'members.csv', { type: 'text/csv' }));
    expect((await screen.findByTestId('import-file-error')).textContent).toBe('File names must end in xls or xlsx.');

    await user.upload(fileInput(), xlsx('big.xlsx'));
    await waitFor(() => expect(screen.queryByTestId('import-file-error')).toBeNull());
    await user.click(button('import-validate'));
    expect((await screen.findByTestId('import-file-error')).textContent).toBe('The file has too many rows.');
    expect(screen.queryByTestId('import-dry-run-table')).toBeNull();
  });

  it('imports the unchanged file itself after confirming that rows with errors are left out; a failed commit goes back to the rows', async () => {
    const user = userEvent.setup({ delay: null });
    const started: RecordedRequest[] = [];
    const dryRun = resultOf([
      row(2, 'new.one@example.com'),
      row(3, 'broken-address', { resultCode: 'INVALID_DATA_FORMAT', successful: false, cellErrors: [{ column: 'email', message: 'Invalid email format.' }] }),
    ]);
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({ ...BUNDLE, 'errors.21107': 'Fail to member batch registration' }),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: selfRoles('OWNER'),
      [`POST ${BASE}/validate`]: () => ok(validateOrgMemberImport, { result: dryRun }),
      [`POST ${BASE}`]: (request) => {
        started.push(request);
        return ok(startOrgMemberImportRows, { asyncJobId: JOB_ID });
      },
      [`GET ${BASE}/${JOB_ID}`]: () =>
        ok(getOrgMemberImport, {
          asyncJobId: JOB_ID,
          state: 'FAIL',
          progress: { processed: 0, total: 2 },
          result: null,
          regDateTime: '2026-11-22T00:00:00Z',
          startedDateTime: null,
          completedDateTime: '2026-11-22T00:00:02Z',
        }),
    });
    renderImport();
    await screen.findByTestId('import-page');
    await user.upload(fileInput(), xlsx());
    await user.click(button('import-validate'));
    await screen.findByTestId('import-invalid-warning');

    await user.click(button('import-start'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('1 rows have errors and will not be registered. Import the other 1 rows?');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]!.url.searchParams.get('fileName')).toBe('members.xlsx');
    expect(started[0]!.headers.get('content-type')).toBe('application/octet-stream');

    await waitFor(() => expect(screen.getByTestId('import-progress').dataset.state).toBe('FAIL'));
    expect(screen.getByTestId('import-progress').textContent).toContain('Fail to member batch registration');
    await user.click(button('import-job-back'));
    expect(await screen.findByTestId('import-dry-run-table')).toBeTruthy();
    expect(screen.getByTestId('import-cell-error-3-email').textContent).toContain('Invalid email format.');
  });

  it("says 'Failed to download file. Try again later.' (spec §8) before the reason when the template cannot be downloaded", async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer({ ...BUNDLE, 'errors.10001': 'Check the values you entered.' }),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: selfRoles('OWNER'),
      'GET /api/cab/v4/templates/ORG_MEMBER/download': () => fail(400, { resultCode: 10001 }),
    });
    renderImport();
    await screen.findByTestId('import-page');
    await user.click(button('import-template-download'));
    expect((await screen.findByTestId('import-error')).textContent).toContain('Failed to download file. Try again later. Check the values you entered.');
  });

  it('asks before leaving mid-flow', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer(BUNDLE),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: selfRoles('OWNER'),
    });
    renderImport();
    await screen.findByTestId('import-page');
    await user.upload(fileInput(), xlsx());
    await user.click(screen.getByTestId('import-cancel'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on page' }));
    expect(screen.getByTestId('import-page')).toBeTruthy();
    await user.click(screen.getByTestId('import-cancel'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('members page')).toBeTruthy();
  });

  it('is closed to roles without BatchRegister: the page says which roles may, the entry button is disabled', async () => {
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer(),
      [`GET /api/cab/v6/organizations/${ORG_ID}/self/roles`]: selfRoles('MEMBER'),
    });
    renderConsole(
      [
        { path: '/org/:orgId/member/import', Component: OrgMemberImportPage },
        { path: '/org/:orgId/member', Component: () => <ImportEntryButton type="ORG_MEMBER" scopeId={ORG_ID} /> },
      ],
      paths.org(ORG_ID).memberImport,
      frame.english,
    );
    expect((await screen.findByTestId('import-denied')).textContent).toContain('Requires one of these roles: Admin or Owner.');
    cleanup();

    renderConsole([{ path: '/org/:orgId/member', Component: () => <ImportEntryButton type="ORG_MEMBER" scopeId={ORG_ID} /> }], paths.org(ORG_ID).member, frame.english);
    const entry = await screen.findByTestId('import-entry-orgMember');
    await waitFor(() => expect(entry.getAttribute('aria-disabled')).toBe('true'));
  });

  it('runs a project member import against the project of the URL, with its columns', async () => {
    const user = userEvent.setup({ delay: null });
    const base = `/api/cab/v6/projects/${PROJECT_ID}/members/import`;
    const uploads: RecordedRequest[] = [];
    mockFetch({
      'GET /api/i18n/messages/bundle': bundleAnswer(BUNDLE),
      [`GET /api/cab/v6/projects/${PROJECT_ID}/self/roles`]: () =>
        ok(getProjectSelfRoles, projectAdminSelfRoles() as never),
      [`POST ${base}/validate`]: (request) => {
        uploads.push(request);
        return ok(validateOrgMemberImport, { result: resultOf([row(2, 'member@example.com', { roleList: ['ADMIN'] })]) });
      },
    });
    renderConsole([{ path: '/project/:projectId/member/import', Component: ProjectMemberImportPage }], paths.project(PROJECT_ID).memberImport, frame.english);
    await screen.findByTestId('import-page');
    await user.upload(fileInput(), xlsx('project-members.xlsx'));
    await user.click(button('import-validate'));
    expect((await screen.findByTestId('import-cell-2-roleList')).textContent).toBe('ADMIN');
    expect(screen.queryByTestId('import-cell-2-name')).toBeNull();
    expect(uploads[0]!.headers.get('x-project-id')).toBe(PROJECT_ID);
    expect(button('import-start').getAttribute('aria-disabled') === 'true' || button('import-start').hasAttribute('disabled')).toBe(false);
  });
});

describe('cellsOf', () => {
  it("sends a project row back whole, description included; other rows carry no description", () => {
    const project = row(2, '', { email: null, orgMemberTypeCode: null, roleList: [], projectName: 'Batch', ownerEmail: 'o@x.example.com', projectDescription: 'first' });
    expect(cellsOf(project)).toMatchObject({ projectName: 'Batch', ownerEmail: 'o@x.example.com', projectDescription: 'first' });
    expect(cellsOf(row(3, 'a@x.example.com'))).not.toHaveProperty('projectDescription');
  });
});

