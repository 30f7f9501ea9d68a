import { ErrorCode } from '@anxun/shared/errors';
import zlib from 'node:zlib';
import type ExcelJS from 'exceljs';
import { loadExcel } from './exceljs.js';
import { AppError } from '../http/app-error.js';

/** What a sheet of 10,000 rows unpacks to is a few MB: far past that is not a learner sheet. */
const MAX_UNPACKED_BYTES = 24 * 1024 * 1024;
/**
 * Cells (and shared strings) a sheet may hold: 10,000 rows of 30 columns. The spreadsheet
 * library parses on the server's one thread at ~2 µs a cell: 60 MB of tiny cells, packed into
 * a 140 KB upload, held every request of every organisation for 9 s.
 */
const MAX_CELLS = 300_000;
/** A cell or a shared string opening, with or without a namespace prefix. */
const CELL_OR_STRING = /<(?:\w+:)?(?:c|si)[\s>/]/g;

/**
 * An .xlsx is a zip. A small file can unpack to gigabytes, and the sizes a zip declares about
 * itself can lie, so every part is inflated here first with a hard cap on what it may produce
 * (zlib stops at the cap): a file past the budget is refused before the spreadsheet library,
 * which inflates whole parts in memory, ever sees it.
 */
function refuseZipBomb(data: Buffer): void {
  const tooBig = () => new AppError(ErrorCode.BAD_REQUEST, '表格内容过大，请分批导入（每次不超过10000行）');
  const notXlsx = () => new AppError(ErrorCode.BAD_REQUEST, '无法读取文件，请上传 .xlsx 格式的表格（可先下载模板）');
  // the end-of-central-directory record, within the last 64 KiB + 22 bytes
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 65_557); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw notXlsx();
  const entries = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  if (entries === 0xffff || at === 0xffffffff) throw tooBig();
  let budget = MAX_UNPACKED_BYTES;
  let cells = 0;
  const tooManyCells = () =>
    new AppError(ErrorCode.BAD_REQUEST, '表格单元格过多，请删除多余的行和列，或分批导入（每次不超过10000行）');
  for (let n = 0; n < entries; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) throw notXlsx();
    const method = data.readUInt16LE(at + 10);
    const packed = data.readUInt32LE(at + 20);
    const local = data.readUInt32LE(at + 42);
    if (packed === 0xffffffff || local === 0xffffffff) throw tooBig();
    if (local + 30 > data.length || data.readUInt32LE(local) !== 0x04034b50) throw notXlsx();
    const start = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (start + packed > data.length) throw notXlsx();
    const part = data.subarray(start, start + packed);
    let unpacked: Buffer;
    if (method === 0) unpacked = part;
    else if (method === 8) {
      try {
        unpacked = zlib.inflateRawSync(part, { maxOutputLength: budget + 1 });
      } catch (err) {
        if (err instanceof RangeError || (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooBig();
        throw notXlsx();
      }
    } else throw notXlsx();
    budget -= unpacked.length;
    if (budget < 0) throw tooBig();
    const name = data.toString('latin1', at + 46, at + 46 + data.readUInt16LE(at + 28));
    if (/^xl\/(worksheets\/|sharedStrings)/i.test(name)) {
      cells += unpacked.toString('latin1').match(CELL_OR_STRING)?.length ?? 0;
      if (cells > MAX_CELLS) throw tooManyCells();
    }
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
}

/**
 * The first worksheet of an uploaded .xlsx, after the zip-bomb check: a file that is not an
 * .xlsx, or holds no sheet, is a clear 400.
 */
export async function firstWorksheet(data: Buffer): Promise<ExcelJS.Worksheet> {
  refuseZipBomb(data);
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError(ErrorCode.BAD_REQUEST, '无法读取文件，请上传 .xlsx 格式的表格（可先下载模板）');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError(ErrorCode.BAD_REQUEST, '表格中没有工作表');
  return sheet;
}

/** The header row's titles (spaces and the "required" star dropped) → their column numbers. */
export function headerColumns(sheet: ExcelJS.Worksheet): Map<string, number> {
  const columnOf = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => columnOf.set(cellText(cell).replace(/\s|\*/g, ''), col));
  return columnOf;
}

/** A cell as the text a person typed: numbers (a phone typed as a number) without ".0", formulas by their result. */
export function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value);
  if (typeof value === 'string') return value.trim();
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value)
      return value.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if ('result' in value && value.result !== undefined) return String(value.result).trim();
    if ('text' in value) return String(value.text).trim();
  }
  return String(value).trim();
}
