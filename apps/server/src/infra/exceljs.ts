import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded when a sheet is first read or written: imported with the server it added
 * about 0.6 s to every start for a feature a manager uses now and then.
 */
export async function loadExcel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}
