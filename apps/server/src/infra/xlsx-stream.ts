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

/** The rows a worksheet holds below its header (Excel's limit is 1,048,576 with it). */
export const SHEET_ROWS = 1_048_575;

export interface StreamedSheet {
  name: string;
  columns: SheetColumn[];
  /**
   * Adds the sheet's rows; `drained` (awaited between pages) waits while the reader has not
   * taken what was written, and throws once the download is abandoned: a slow or stalled
   * client holds a page, not the whole sheet.
   */
  fill: (addRow: (row: Record<string, unknown>) => void, drained: () => Promise<void>) => Promise<void>;
}

/**
 * An .xlsx written while its rows are read: each sheet's `fill` adds rows (each committed at
 * once) a page at a time, so a sheet of 50,000 rows never sits in memory. A sheet that outgrows
 * Excel's rows goes on in another named after it (学习轨迹（2）). The stream errors if a `fill`
 * fails part-way, and the client sees a broken download rather than a short file.
 */
export function streamBook(sheets: StreamedSheet[], rowsPerSheet = SHEET_ROWS): PassThrough {
  const stream = new PassThrough();
  const drained = async () => {
    // a turn of the event loop first: the zip's compression runs in it, and the rows written
    // reach the stream (a page read from memory would otherwise run the sheet through unpaused)
    await new Promise((resolve) => setImmediate(resolve));
    return new Promise<void>((resolve, reject) => {
      const settle = () => {
        stream.off('drain', settle);
        stream.off('close', settle);
        if (stream.destroyed) reject(new Error('the download was abandoned'));
        else resolve();
      };
      if (stream.destroyed || !stream.writableNeedDrain) return settle();
      stream.on('drain', settle);
      stream.on('close', settle);
    });
  };
  const write = async () => {
    const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({ stream, useStyles: true });
    const open = (name: string, columns: SheetColumn[]) => {
      // the header stays in view while a long list scrolls, set apart in bold
      const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = sheetColumns(columns);
      sheet.getRow(1).font = { bold: true };
      return sheet;
    };
    for (const { name, columns, fill } of sheets) {
      let sheet = open(name, columns);
      let part = 1;
      let rows = 0;
      await fill((row) => {
        if (rows === rowsPerSheet) {
          sheet.commit();
          sheet = open(`${name}（${++part}）`, columns);
          rows = 0;
        }
        sheet.addRow(row).commit();
        rows += 1;
      }, drained);
      sheet.commit();
    }
    await workbook.commit();
  };
  write().catch((err: unknown) => stream.destroy(err as Error));
  return stream;
}

/** A one-sheet .xlsx written while its rows are read (`streamBook`'s). */
export const streamSheet = (name: string, columns: SheetColumn[], fill: StreamedSheet['fill']): PassThrough =>
  streamBook([{ name, columns, fill }]);
