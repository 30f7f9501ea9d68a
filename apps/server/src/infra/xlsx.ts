import { ErrorCode } from '@anxun/shared/errors';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { SERVER_ROOT } from '../server-root.js';
import { AppError } from '../http/app-error.js';

/** A row of an uploaded sheet: its number in the spreadsheet, each cell's text by column. */
export interface SheetRow {
  number: number;
  /** the cell as the text a person typed ('' when empty) */
  text(col: number | undefined): string;
  /** the cell was stored as a number (an ID number typed as one has lost its last digits) */
  isNumber(col: number | undefined): boolean;
  /** the columns that hold something, in order */
  filled(): number[];
}

/** How long a sheet may take to read before it is refused (the worker is stopped). */
const READ_TIMEOUT_MS = 60_000;

type WorkerAnswer = { rows: Array<{ number: number; cells: Record<number, [string, boolean]> }> } | { error: string };

/**
 * The list of an uploaded .xlsx — the first worksheet whose header holds every `wanted` title
 * (a sheet of notes may come first), else the first — its non-empty rows in order: checked (a
 * zip bomb, too many cells) and read in a worker thread (sheet-worker.mjs), off the thread
 * every request runs on. A file that is not an .xlsx, too big, or without a sheet is a clear 400.
 */
export async function readSheet(
  data: Buffer,
  wanted: readonly string[] = [],
  /** 'any': a header holding one of the titles will do (an enrolment list: 身份证号 or 手机号) */
  match: 'all' | 'any' = 'all',
): Promise<SheetRow[]> {
  const unreadable = () => new AppError(ErrorCode.BAD_REQUEST, '无法读取文件，请上传 .xlsx 格式的表格（可先下载模板）');
  const answer = await new Promise<WorkerAnswer>((resolve, reject) => {
    const worker = new Worker(path.join(SERVER_ROOT, 'src/infra/sheet-worker.mjs'), {
      workerData: { bytes: data, wanted: [...wanted], any: match === 'any' },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new AppError(ErrorCode.BAD_REQUEST, '表格读取超时，请删除多余的内容或分批导入'));
    }, READ_TIMEOUT_MS);
    worker.once('message', (message: WorkerAnswer) => {
      clearTimeout(timer);
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
  if ('error' in answer) {
    if (answer.error === 'too-big') {
      throw new AppError(ErrorCode.BAD_REQUEST, '表格内容过大，请分批导入（每次不超过10000行）');
    }
    if (answer.error === 'too-many-cells') {
      throw new AppError(ErrorCode.BAD_REQUEST, '表格单元格过多，请删除多余的行和列，或分批导入（每次不超过10000行）');
    }
    throw answer.error === 'no-sheet' ? new AppError(ErrorCode.BAD_REQUEST, '表格中没有工作表') : unreadable();
  }
  return answer.rows.map((row) => ({
    number: row.number,
    text: (col) => (col === undefined ? '' : (row.cells[col]?.[0] ?? '')),
    isNumber: (col) => col !== undefined && row.cells[col]?.[1] === true,
    filled: () =>
      Object.keys(row.cells)
        .map(Number)
        .sort((a, b) => a - b),
  }));
}

/** The header row's titles (spaces and the "required" star dropped) → their column numbers. */
export function headerColumns(rows: SheetRow[]): Map<string, number> {
  const columnOf = new Map<string, number>();
  const header = rows.find((r) => r.number === 1);
  for (const col of header?.filled() ?? []) columnOf.set(header!.text(col).replace(/\s|\*/g, ''), col);
  return columnOf;
}

/**
 * Each error of a refused sheet with what its row is about (the name or stem the row holds),
 * so a manager finds the row in a long list.
 */
export function namedErrors<E extends { row: number }>(
  errors: E[],
  nameOf: Map<number, string>,
): Array<E & { name?: string }> {
  return errors.map((e) => {
    const name = nameOf.get(e.row);
    return name ? { ...e, name } : e;
  });
}
