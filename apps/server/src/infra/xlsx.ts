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
/**
 * The worker's heap: 10,000 rows of 30 columns take ~150 MB in the library; a file built to
 * take more stops its worker, not the server.
 */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 768, maxYoungGenerationSizeMb: 64 };
/** Sheets read at once on a node; more wait their turn (each may hold its heap's worth). */
const READERS = 2;
let reading = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(read: () => Promise<T>): Promise<T> {
  // a freed place passes straight to the next in line (none can slip in between)
  if (reading >= READERS) await new Promise<void>((resolve) => waiting.push(resolve));
  else reading++;
  try {
    return await read();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else reading--;
  }
}

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
  const tooBig = () => new AppError(ErrorCode.BAD_REQUEST, '表格内容过大，请分批导入（每次不超过10000行）');
  const answer = await inTurn(
    () =>
      new Promise<WorkerAnswer>((resolve, reject) => {
        const worker = new Worker(path.join(SERVER_ROOT, 'src/infra/sheet-worker.mjs'), {
          workerData: { bytes: data, wanted: [...wanted], any: match === 'any', aliases: HEADER_ALIASES },
          resourceLimits: WORKER_LIMITS,
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
        worker.once('error', (err: Error & { code?: string }) => {
          clearTimeout(timer);
          reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooBig() : err);
        });
      }),
  );
  if ('error' in answer) {
    if (answer.error === 'too-big') throw tooBig();
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

/**
 * What HR exports call our columns: a sheet headed 手机号码 or 所属部门 is read as 手机号 and
 * 部门 (it was ignored, its phones and departments lost without a word). A title exactly ours
 * wins over one of these (a sheet may hold both 手机号 and 联系电话).
 */
const HEADER_ALIASES: Record<string, string> = {
  员工姓名: '姓名',
  学员姓名: '姓名',
  身份证: '身份证号',
  身份证号码: '身份证号',
  证件号码: '身份证号',
  公民身份号码: '身份证号',
  手机: '手机号',
  手机号码: '手机号',
  移动电话: '手机号',
  联系电话: '手机号',
  联系方式: '手机号',
  所属部门: '部门',
  部门名称: '部门',
  岗位: '岗位/工种',
  工种: '岗位/工种',
  岗位工种: '岗位/工种',
  用户名: '账号',
  登录账号: '账号',
};

/** A column's letters as a spreadsheet names it (1 → A, 27 → AA). */
export function columnLetters(col: number): string {
  let letters = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * The header row's titles (spaces and the "required" star dropped; HR's names for our columns
 * read as ours) → their column numbers. Of the titles a sheet is read by (`read`), one found in
 * two columns is refused, naming them as the sheet does: the one read would otherwise be chosen
 * silently (a second, empty 部门 column lost them all). Our own title wins over HR's names for
 * it, and of those the first listed above (手机号码 before 联系电话).
 */
export function headerColumns(rows: SheetRow[], read: readonly string[]): Map<string, number> {
  const header = rows.find((r) => r.number === 1);
  const found: Array<{ col: number; title: string; ours: string; rank: number }> = [];
  const ranks = Object.keys(HEADER_ALIASES);
  for (const col of header?.filled() ?? []) {
    const title = header!.text(col).replace(/\s|\*/g, '');
    // own keys only: a header cell 'constructor' is itself, not Object's
    const alias = Object.hasOwn(HEADER_ALIASES, title) ? HEADER_ALIASES[title] : undefined;
    found.push({ col, title, ours: alias ?? title, rank: alias ? 1 + ranks.indexOf(title) : 0 });
  }
  const columnOf = new Map<string, number>();
  for (const ours of new Set(found.map((f) => f.ours))) {
    const all = found.filter((f) => f.ours === ours);
    const best = Math.min(...all.map((f) => f.rank));
    const cols = all.filter((f) => f.rank === best);
    if (cols.length > 1 && read.includes(ours)) {
      throw new AppError(
        ErrorCode.BAD_REQUEST,
        `表头“${cols[0]!.title}”出现在不止一列（${cols.map((c) => `第${columnLetters(c.col)}列`).join('、')}），请只保留一列`,
      );
    }
    columnOf.set(ours, cols[0]!.col);
  }
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
