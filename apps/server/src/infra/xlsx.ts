import { ErrorCode } from '@anxun/shared/errors';
import ExcelJS from 'exceljs';
import { AppError } from '../http/app-error.js';

/** What a sheet of 10,000 rows unpacks to is a few MB: far past that is not a learner sheet. */
const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

/**
 * An .xlsx is a zip: its central directory says how large each part unpacks. A small file
 * that would unpack to gigabytes (or a zip64 one) is refused before anything is inflated.
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
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) throw notXlsx();
    const size = data.readUInt32LE(at + 24);
    if (size === 0xffffffff) throw tooBig();
    total += size;
    if (total > MAX_UNPACKED_BYTES) throw tooBig();
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
}

/**
 * The first worksheet of an uploaded .xlsx, after the zip-bomb check: a file that is not an
 * .xlsx, or holds no sheet, is a clear 400.
 */
export async function firstWorksheet(data: Buffer): Promise<ExcelJS.Worksheet> {
  refuseZipBomb(data);
  const workbook = new ExcelJS.Workbook();
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
