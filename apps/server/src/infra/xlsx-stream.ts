import { PassThrough } from 'node:stream';
import { loadExcel } from './exceljs.js';

export interface SheetColumn {
  header: string;
  key: string;
  width: number;
}

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
    sheet.columns = columns;
    sheet.getRow(1).font = { bold: true };
    await fill((row) => sheet.addRow(row).commit());
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => stream.destroy(err as Error));
  return stream;
}
