import { crc32, inflateRawSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../a11y.ts';

/** The template types of GET /api/cab/v4/templates/:type/download. */
export type TemplateType = 'ORG_MEMBER' | 'PROJECT_MEMBER' | 'PROJECT';

interface ZipEntry {
  readonly name: string;
  readonly data: Buffer;
}

/** The entries of a zip (an .xlsx), read through its central directory. */
function readZip(file: Buffer): ZipEntry[] {
  let eocd = file.length - 22;
  while (eocd >= 0 && file.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a zip');
  const count = file.readUInt16LE(eocd + 10);
  let at = file.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    const method = file.readUInt16LE(at + 10);
    const compressed = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const skip = nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    const name = file.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const local = file.readUInt32LE(at + 42);
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const raw = file.subarray(start, start + compressed);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + skip;
  }
  return entries;
}

/** A zip of stored (uncompressed) entries. */
function writeZip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
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

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const columnLetter = (index: number) => String.fromCharCode(65 + index);

/**
 * Fills a downloaded template: data rows (cells in the template's column order, inline strings)
 * go after the header row of its first sheet; the hidden type marker stays as it is.
 */
export function fillTemplate(template: Buffer, rows: readonly (readonly string[])[]): Buffer {
  const entries = readZip(template);
  const sheet = entries.find((entry) => entry.name === 'xl/worksheets/sheet1.xml');
  if (!sheet) throw new Error('the template has no first sheet');
  const xml = sheet.data.toString('utf8');
  const data = rows
    .map((cells, index) => {
      const rowNumber = index + 2;
      const cellXml = cells
        .map((text, column) => (text === '' ? '' : `<c r="${columnLetter(column)}${rowNumber}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`))
        .join('');
      return `<row r="${rowNumber}">${cellXml}</row>`;
    })
    .join('');
  const filled = xml.replace('</sheetData>', `${data}</sheetData>`).replace(/<dimension ref="[^"]*"\/>/, '');
  return writeZip(entries.map((entry) => (entry === sheet ? { name: entry.name, data: Buffer.from(filled, 'utf8') } : entry)));
}

/**
 * The spreadsheet import pages (`/org/:orgId/member/import`, `/project/:projectId/member/import`,
 * `/org/:orgId/project-import`): template, upload, dry run with in-place fixes, import, result.
 */
export class ImportPage {
  private readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** From the organization members page, its "Add in bulk" button. */
  async openFromOrgMembers() {
    await this.page.getByTestId('import-entry-orgMember').click();
    await expect(this.page).toHaveURL(/\/org\/[0-9a-f-]{36}\/member\/import$/);
    await expect(this.page.getByTestId('import-page')).toBeVisible();
    await expectAccessible(this.page);
  }

  /** The template of `type` as the signed-in user downloads it (headers in `lang`), filled with `rows`. */
  async filledTemplate(type: TemplateType, rows: readonly (readonly string[])[], lang = 'ko_KR'): Promise<Buffer> {
    const answer = await this.page.request.get(`/api/cab/v4/templates/${type}/download`, { headers: { lang } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('spreadsheetml');
    return fillTemplate(await answer.body(), rows);
  }

  async chooseFile(name: string, buffer: Buffer) {
    await this.page
      .getByTestId('import-file')
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer });
  }

  async validate() {
    await this.page.getByTestId('import-validate').click();
    await expect(this.page.getByTestId('import-dry-run-table')).toBeVisible();
  }

  count(name: 'total' | 'ready' | 'skipped' | 'invalid'): Locator {
    return this.page.getByTestId(`import-count-${name}`);
  }

  cell(rowNumber: number, column: string): Locator {
    return this.page.getByTestId(`import-cell-${rowNumber}-${column}`);
  }

  cellError(rowNumber: number, column: string): Locator {
    return this.page.getByTestId(`import-cell-error-${rowNumber}-${column}`);
  }

  rowResult(rowNumber: number): Locator {
    return this.page.getByTestId(`import-row-result-${rowNumber}`);
  }

  /** Fixes one cell in place: its edit button (named "<row>행의 <column> 수정" in Korean), the value, save. */
  async fixCell(rowNumber: number, column: string, editLabel: string, value: string, saveLabel: string) {
    await this.page.getByRole('button', { name: editLabel, exact: true }).click();
    const input = this.page.getByTestId(`import-cell-input-${rowNumber}-${column}`).locator('input');
    await input.fill(value);
    await this.page.getByRole('button', { name: saveLabel, exact: true }).click();
    await expect(this.cell(rowNumber, column)).toHaveText(value);
  }

  /** Fixes one cell in place with the keyboard: its edit button, the value, Enter. */
  async fixCellWithEnter(rowNumber: number, column: string, editLabel: string, value: string) {
    await this.page.getByRole('button', { name: editLabel, exact: true }).click();
    const input = this.page.getByTestId(`import-cell-input-${rowNumber}-${column}`).locator('input');
    await input.fill(value);
    await input.press('Enter');
    await expect(input).toBeHidden();
    await expect(this.cell(rowNumber, column)).toHaveText(value);
  }

  /** Starts fixing a cell and types the value, leaving the editor open (no Enter, no save button). */
  async typeIntoCell(rowNumber: number, column: string, editLabel: string, value: string) {
    await this.page.getByRole('button', { name: editLabel, exact: true }).click();
    await this.page.getByTestId(`import-cell-input-${rowNumber}-${column}`).locator('input').fill(value);
  }

  /** Starts fixing a cell, types a value, then presses Escape: the cell keeps what it had. */
  async typeAndCancel(rowNumber: number, column: string, editLabel: string, value: string) {
    const before = await this.cell(rowNumber, column).textContent();
    await this.page.getByRole('button', { name: editLabel, exact: true }).click();
    const input = this.page.getByTestId(`import-cell-input-${rowNumber}-${column}`).locator('input');
    await input.fill(value);
    await input.press('Escape');
    await expect(input).toBeHidden();
    await expect(this.cell(rowNumber, column)).toHaveText(before ?? '');
  }

  async revalidate() {
    await this.page.getByTestId('import-revalidate').click();
  }

  importButton(): Locator {
    return this.page.getByTestId('import-start');
  }

  async startImport() {
    await this.importButton().click();
    await expect(this.progress()).toBeVisible();
  }

  progress(): Locator {
    return this.page.getByTestId('import-progress');
  }

  async expectCompleted() {
    await expect(this.progress()).toHaveAttribute('data-state', 'COMPLETE', { timeout: 30_000 });
    await expect(this.progress()).toHaveAttribute('data-value', '100');
  }

  result(name: 'total' | 'registered' | 'success' | 'fail'): Locator {
    return this.page.getByTestId(`import-result-${name}`);
  }

  failRow(rowNumber: number): Locator {
    return this.page.getByTestId(`import-fail-${rowNumber}`);
  }

  /** The result's report (.xlsx), as the browser downloads it. */
  async downloadReport() {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId('import-report-download').click()]);
    return download;
  }

  async backToList() {
    await this.page.getByTestId('import-back').click();
  }
}
