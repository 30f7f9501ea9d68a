import { PassThrough } from 'node:stream';
import { loadExcel } from './exceljs.js';

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
  /** how Excel shows the column's values: a moment (a Date cell), a share (0.5 → 50%) */
  format?: 'time' | 'percent';
}

const NUMBER_FORMAT = { time: 'yyyy-mm-dd hh:mm:ss', percent: '0%' } as const;

/** exceljs's columns: a formatted column's cells carry its number format. */
export const sheetColumns = (columns: SheetColumn[]) =>
  columns.map(({ format, ...column }) => (format ? { ...column, style: { numFmt: NUMBER_FORMAT[format] } } : column));

/**
 * A one-sheet .xlsx written while its rows are read: `fill` adds rows (each committed at once)
 * a page at a time, so a sheet of 50,000 rows never sits in memory. The stream errors if
 * `fill` fails part-way, and the client sees a broken download rather than a short file.
 */
export function streamSheet(
  name: string,
  columns: SheetColumn[],
  fill: (addRow: (row: Record<string, unknown>) => void) => Promise<void>,
): PassThrough {
  const stream = new PassThrough();
  const write = async () => {
    const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({ stream, useStyles: true });
    // the header stays in view while a long list scrolls, set apart in bold
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = sheetColumns(columns);
    sheet.getRow(1).font = { bold: true };
    await fill((row) => sheet.addRow(row).commit());
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => stream.destroy(err as Error));
  return stream;
}
