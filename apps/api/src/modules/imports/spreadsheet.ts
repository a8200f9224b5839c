import { inflateRawSync } from 'node:zlib';
import {
  IMPORT_COLUMN_HEADERS,
  IMPORT_FILE_MAX_BYTES,
  IMPORT_FILE_NAME_PATTERN,
  IMPORT_MARKER_SHEET,
  IMPORT_MAX_ROWS,
  IMPORT_TEMPLATE_COLUMNS,
  IMPORT_ZIP_MAX_ENTRIES,
  IMPORT_ZIP_MAX_RATIO,
  IMPORT_ZIP_MAX_UNCOMPRESSED_BYTES,
  IMPORT_ZIP_RATIO_FLOOR_BYTES,
  importMarkerOf,
  ORG_MEMBER_TYPE_CODES,
  ORG_MEMBER_TYPE_NAMES,
  RESULT_CODES,
  type BatchRowResult,
  type ImportTemplateType,
  type Lang,
} from '@console/contracts';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/errors.ts';

/**
 * Import spreadsheets: the templates, the checks an uploaded file passes before it is parsed, the
 * parse, and the error report. exceljs 4.4 (the npm `xlsx` package is frozen with known CVEs).
 */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The OLE2 compound file signature of a legacy .xls (BIFF): a name the spec allows, a format exceljs cannot read. */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const unreadable = () => new AppError('IMPORT_FILE_UNREADABLE');
const tooLarge = () => new AppError('IMPORT_FILE_TOO_LARGE');

/** Spec §5: 'File names must end in xls or xlsx.' */
export function checkFileName(fileName: string) {
  if (!IMPORT_FILE_NAME_PATTERN.test(fileName.trim())) throw new AppError('IMPORT_FILE_NAME_INVALID');
}

/**
 * Zip-bomb guard, BEFORE exceljs sees the file: reads the zip's central directory and refuses
 * more than IMPORT_ZIP_MAX_ENTRIES entries, more than IMPORT_ZIP_MAX_UNCOMPRESSED_BYTES declared
 * in total, an entry (above 1 MB) compressed more than IMPORT_ZIP_MAX_RATIO : 1, ZIP64 and
 * encrypted entries. Declared sizes can lie, so every entry is then inflated with a hard output
 * cap of its declared size (zlib stops there): what exceljs inflates afterwards is bounded by the
 * checked total. Answers nothing; throws IMPORT_FILE_UNREADABLE (not a zip) or IMPORT_FILE_TOO_LARGE (too big).
 */
export function inspectZip(file: Buffer) {
  if (file.length > IMPORT_FILE_MAX_BYTES) throw tooLarge();
  if (file.length >= OLE2.length && file.subarray(0, OLE2.length).equals(OLE2)) throw unreadable();
  if (file.length < 22 || file.readUInt32LE(0) !== LOCAL) throw unreadable();
  let eocd = -1;
  for (let at = file.length - 22; at >= Math.max(0, file.length - 22 - 0xffff); at--) {
    if (file.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const entries = file.readUInt16LE(eocd + 10);
  const directorySize = file.readUInt32LE(eocd + 12);
  const directoryOffset = file.readUInt32LE(eocd + 16);
  // ZIP64 markers: an xlsx of our size never needs them.
  if (entries === 0xffff || directoryOffset === 0xffffffff || directorySize === 0xffffffff) throw tooLarge();
  if (entries > IMPORT_ZIP_MAX_ENTRIES) throw tooLarge();
  if (directoryOffset + directorySize > eocd) throw unreadable();
  let at = directoryOffset;
  let total = 0;
  for (let index = 0; index < entries; index++) {
    if (at + 46 > eocd || file.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const flags = file.readUInt16LE(at + 8);
    const method = file.readUInt16LE(at + 10);
    const compressed = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    const localOffset = file.readUInt32LE(at + 42);
    if (flags & 0x1) throw unreadable();
    if (compressed === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) throw tooLarge();
    total += size;
    if (total > IMPORT_ZIP_MAX_UNCOMPRESSED_BYTES) throw tooLarge();
    if (size > IMPORT_ZIP_RATIO_FLOOR_BYTES && size > compressed * IMPORT_ZIP_MAX_RATIO) throw tooLarge();
    // The entry's data, found through its local header.
    if (localOffset + 30 > file.length || file.readUInt32LE(localOffset) !== LOCAL) throw unreadable();
    const dataStart = localOffset + 30 + file.readUInt16LE(localOffset + 26) + file.readUInt16LE(localOffset + 28);
    if (dataStart + compressed > file.length) throw unreadable();
    const data = file.subarray(dataStart, dataStart + compressed);
    if (method === 0) {
      if (compressed !== size) throw unreadable();
    } else if (method === 8) {
      let inflated: Buffer;
      try {
        inflated = inflateRawSync(data, { maxOutputLength: Math.max(size, 1) });
      } catch (error) {
        if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
        throw unreadable();
      }
      if (inflated.length !== size) throw unreadable();
    } else {
      throw unreadable();
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
}

/** A cell's text whatever exceljs made of it: rich text, hyperlinks (emails often are), formulas, numbers. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('text' in value && value.text && typeof value.text === 'object') {
      const rich = (value.text as { richText?: { text: string }[] }).richText;
      if (rich) return rich.map((part) => part.text).join('').trim();
    }
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  }
  return '';
}

export interface ParsedRow {
  rowNumber: number;
  cells: Record<string, string>;
}

/**
 * Parses an uploaded template of `type`: the hidden marker must name the type and version
 * (IMPORT_TEMPLATE_MISMATCH 'template mismatch'), the data are on the first sheet from row 2, empty rows are skipped,
 * more than IMPORT_MAX_ROWS rows answer 21104. Call inspectZip first.
 */
export async function parseTemplate(file: Buffer, type: ImportTemplateType): Promise<ParsedRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw unreadable();
  }
  const marker = workbook.getWorksheet(IMPORT_MARKER_SHEET);
  if (!marker || cellText(marker.getCell('A1').value) !== importMarkerOf(type)) throw new AppError('IMPORT_TEMPLATE_MISMATCH');
  const sheet = workbook.worksheets.find((candidate) => candidate.name !== IMPORT_MARKER_SHEET);
  if (!sheet) throw new AppError('IMPORT_TEMPLATE_MISMATCH');
  const columns = IMPORT_TEMPLATE_COLUMNS[type];
  const rows: ParsedRow[] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1 || tooMany) return;
    const cells: Record<string, string> = {};
    let empty = true;
    columns.forEach((column, index) => {
      const text = cellText(row.getCell(index + 1).value);
      cells[column] = text;
      if (text) empty = false;
    });
    if (empty) return;
    if (rows.length >= IMPORT_MAX_ROWS) {
      tooMany = true;
      return;
    }
    rows.push({ rowNumber, cells });
  });
  if (tooMany) throw new AppError('IMPORT_TOO_MANY_ROWS', { params: { max: IMPORT_MAX_ROWS } });
  return rows;
}

const headerOf = (column: string, lang: Lang) => IMPORT_COLUMN_HEADERS[column]?.[lang] ?? column;

function styleHeader(sheet: ExcelJS.Worksheet) {
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE9EBED' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

/**
 * The member type column offers the types' display names in `lang` as a drop-down (the cell still
 * takes a code, or a display name in another language: the drop-down does not refuse them).
 */
function offerMemberTypes(sheet: ExcelJS.Worksheet, type: ImportTemplateType, lang: Lang) {
  const index = IMPORT_TEMPLATE_COLUMNS[type].indexOf('orgMemberTypeCode');
  if (index < 0) return;
  const column = String.fromCharCode(65 + index);
  const names = ORG_MEMBER_TYPE_CODES.map((code) => ORG_MEMBER_TYPE_NAMES[code][lang]).join(',');
  (sheet as unknown as { dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void } }).dataValidations.add(
    `${column}2:${column}${IMPORT_MAX_ROWS + 1}`,
    { type: 'list', allowBlank: true, formulae: [`"${names}"`], showErrorMessage: false },
  );
}

/** The empty template of `type`, headers in `lang`, with the very hidden marker sheet. */
export async function buildTemplate(type: ImportTemplateType, lang: Lang): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Cloud console';
  const sheet = workbook.addWorksheet(type);
  sheet.columns = IMPORT_TEMPLATE_COLUMNS[type].map((column) => ({ header: headerOf(column, lang), key: column, width: 32 }));
  styleHeader(sheet);
  offerMemberTypes(sheet, type, lang);
  const marker = workbook.addWorksheet(IMPORT_MARKER_SHEET, { state: 'veryHidden' });
  marker.getCell('A1').value = importMarkerOf(type);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A filled template (tests, bench): the rows' cells in the template's column order. */
export async function buildFilledTemplate(type: ImportTemplateType, lang: Lang, rows: readonly Record<string, string>[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(type);
  sheet.columns = IMPORT_TEMPLATE_COLUMNS[type].map((column) => ({ header: headerOf(column, lang), key: column, width: 32 }));
  for (const row of rows) sheet.addRow(row);
  const marker = workbook.addWorksheet(IMPORT_MARKER_SHEET, { state: 'veryHidden' });
  marker.getCell('A1').value = importMarkerOf(type);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The message of a row result in `lang` (SUCCESS is the batch 'Registered.'), with its cell errors. */
export function rowMessage(row: BatchRowResult, lang: Lang): string {
  const key = row.resultCode === 'SUCCESS' ? 'BATCH_SUCCESS' : row.resultCode;
  const base = RESULT_CODES[key].messages[lang];
  return row.cellErrors.length === 0 ? base : `${base} (${row.cellErrors.map((error) => `${headerOf(error.column, lang)}: ${error.message}`).join('; ')})`;
}

/**
 * A cell written from user data, safe to open in a spreadsheet program: text that starts with
 * = + - @ (or a tab or carriage return) would be read as a formula (CSV/formula injection), so
 * it gets a leading apostrophe, the spreadsheet's own mark for "text".
 */
export const spreadsheetText = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The error report: every row not registered, with its values, result code and reason in `lang`. */
export async function buildReport(type: ImportTemplateType, lang: Lang, rows: readonly (BatchRowResult & { cells: Record<string, string> })[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(type);
  const columns = ['rowNumber', ...IMPORT_TEMPLATE_COLUMNS[type], 'resultCode', 'resultMessage'];
  sheet.columns = columns.map((column) => ({ header: headerOf(column, lang), key: column, width: column === 'resultMessage' ? 60 : 24 }));
  styleHeader(sheet);
  for (const row of rows) {
    const cells = Object.fromEntries(Object.entries(row.cells).map(([column, value]) => [column, spreadsheetText(value)]));
    sheet.addRow({ ...cells, rowNumber: row.rowNumber, resultCode: row.resultCode, resultMessage: spreadsheetText(rowMessage(row, lang)) });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
