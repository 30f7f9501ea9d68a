import { plainIdCard, plainMobile } from '@anxun/shared/validators';
import { ErrorCode } from '@anxun/shared/errors';
import { loadExcel } from '../../infra/exceljs.js';
import { AppError } from '../../http/app-error.js';
import { headerColumns, readSheet } from '../../infra/xlsx.js';

export const ENROL_SHEET_COLUMNS = ['姓名', '身份证号', '手机号'] as const;
/** As many as one enrolment takes. */
export const MAX_ENROL_ROWS = 5000;

/** One row of an enrolment list: who is meant, by ID number or phone (the name is for people). */
export interface EnrolSheetRow {
  row: number;
  name: string;
  idCard: string;
  phone: string;
}

/**
 * Reads an enrolment list: the first worksheet, a header row naming 身份证号 and/or 手机号 (a
 * 姓名 column is read for messages only). Blank rows are skipped.
 */
export async function readEnrolSheet(data: Buffer): Promise<EnrolSheetRow[]> {
  const sheet = await readSheet(data, ['身份证号', '手机号'], 'any');
  const columns = headerColumns(sheet, ['姓名', '身份证号', '手机号']);
  const idCol = columns.get('身份证号');
  const phoneCol = columns.get('手机号');
  if (idCol === undefined && phoneCol === undefined) {
    throw new AppError(ErrorCode.BAD_REQUEST, '表头须有“身份证号”或“手机号”列，请使用下载的模板');
  }
  const nameCol = columns.get('姓名');
  const rows: EnrolSheetRow[] = [];
  for (const row of sheet) {
    if (row.number === 1) continue;
    const entry = {
      row: row.number,
      name: row.text(nameCol),
      idCard: plainIdCard(row.text(idCol)),
      phone: plainMobile(row.text(phoneCol)),
    };
    if (entry.name || entry.idCard || entry.phone) rows.push(entry);
  }
  if (rows.length > MAX_ENROL_ROWS) {
    throw new AppError(ErrorCode.BAD_REQUEST, `名单不能超过${MAX_ENROL_ROWS}行，请分批报名`);
  }
  return rows;
}

/** The list's template: the header row and a sheet of rules. */
export async function enrolTemplate(): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet('报名名单');
  sheet.columns = ENROL_SHEET_COLUMNS.map((header, i) => ({
    header,
    width: [12, 22, 15][i],
    // ID numbers and phones as text, so a spreadsheet program keeps every digit
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const help = workbook.addWorksheet('填写说明');
  help.columns = [{ width: 16 }, { width: 80 }];
  [
    ['身份证号', '与手机号至少填一项；按身份证号找到本单位的学员'],
    ['手机号', '没有身份证号时按手机号找到本单位的学员'],
    ['姓名', '选填，仅便于核对；填写时须与系统中的姓名一致'],
    ['说明', '只要有一行找不到学员，整份名单都不会报名；已在班级中的学员不会重复报名'],
  ].forEach((r) => help.addRow(r));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
