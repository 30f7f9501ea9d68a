import type { SheetError } from '@anxun/shared/schemas/sheet-errors';

/** Errors with the same column and the same words, wherever they are: one problem, its rows and whom they name. */
export interface SheetErrorGroup {
  rows: number[];
  names: string[];
  field: string;
  msg: string;
}

/**
 * A refused sheet's errors as the problems to fix: a department missing on twelve rows is one
 * line naming the twelve rows, not twelve lines of the same words. In the order each problem
 * first appears; the CSV list keeps one line a row.
 */
export function groupSheetErrors(errors: readonly SheetError[]): SheetErrorGroup[] {
  const groups = new Map<string, SheetErrorGroup>();
  for (const e of errors) {
    const key = `${e.field}\u0000${e.msg}`;
    const group = groups.get(key) ?? { rows: [], names: [], field: e.field, msg: e.msg };
    if (!group.rows.includes(e.row)) group.rows.push(e.row);
    if (e.name && !group.names.includes(e.name)) group.names.push(e.name);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** How many runs of rows a line names before it says how many more (the CSV lists them all). */
const MAX_RUNS = 8;

/**
 * Row numbers as a person reads them: 3–5、8 (a run of three or more as a range); past
 * MAX_RUNS runs, the first of them and how many rows in all (2、4、6 … 共 100 行).
 */
export function rowRanges(rows: readonly number[], separator = '、', more = (n: number) => ` … 共 ${n} 行`): string {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    if (j - i >= 2) parts.push(`${sorted[i]}–${sorted[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  if (parts.length <= MAX_RUNS) return parts.join(separator);
  return parts.slice(0, MAX_RUNS).join(separator) + more(sorted.length);
}
