import { LEARNER_IMPORT_COLUMNS } from '@anxun/shared/schemas/learners';
import { plainIdCard, plainMobile } from '@anxun/shared/validators';
import { loadExcel } from '../../infra/exceljs.js';
import { ErrorCode } from '@anxun/shared/errors';
import { AppError } from '../../http/app-error.js';
import { headerColumns, readSheet } from '../../infra/xlsx.js';

/** One data row of the sheet as text, with its spreadsheet row number. */
export interface SheetRow {
  row: number;
  name: string;
  idCard: string;
  phone: string;
  department: string;
  account: string;
  password: string;
  post: string;
  /** the ID number cell held a number, not text */
  idCardIsNumber?: boolean;
}

const KEYS = ['name', 'idCard', 'phone', 'department', 'account', 'password', 'post'] as const;

/**
 * Reads the learner sheet (the first worksheet; the header row names the columns, found by
 * name so a reordered sheet still reads). Blank rows are skipped.
 */
export async function readLearnerSheet(data: Buffer): Promise<SheetRow[]> {
  const sheet = await readSheet(data, LEARNER_IMPORT_COLUMNS.slice(0, 2));
  const columnOf = headerColumns(sheet, LEARNER_IMPORT_COLUMNS);
  const missing = LEARNER_IMPORT_COLUMNS.slice(0, 2).filter((c) => !columnOf.has(c));
  if (missing.length > 0) {
    throw new AppError(
      ErrorCode.BAD_REQUEST,
      `表头缺少“${missing.join('”“')}”列：表头须在第1行（请删去其上方的标题行），或使用下载的模板`,
    );
  }
  const rows: SheetRow[] = [];
  for (const row of sheet) {
    if (row.number === 1) continue;
    const entry = { row: row.number } as SheetRow;
    LEARNER_IMPORT_COLUMNS.forEach((title, i) => {
      entry[KEYS[i]!] = row.text(columnOf.get(title));
    });
    // as HR exports write them: full-width digits and slashes (生产部／一车间), spaces in an ID
    // number, +86 and dashes in a phone
    entry.idCard = plainIdCard(entry.idCard);
    entry.phone = plainMobile(entry.phone);
    // only the slash: a department's own name keeps its full-width brackets (安全科（二）)
    entry.department = entry.department.replace(/／/g, '/');
    // an ID number typed as a number has lost its last digits to the spreadsheet already
    entry.idCardIsNumber = row.isNumber(columnOf.get(LEARNER_IMPORT_COLUMNS[1]));
    if (KEYS.some((k) => entry[k] !== '')) rows.push(entry);
  }
  return rows;
}

/** The template: the header row, widths that fit, and a sheet of rules. */
export async function learnerTemplate(): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet('学员');
  sheet.columns = LEARNER_IMPORT_COLUMNS.map((header, i) => ({
    header,
    key: KEYS[i],
    width: [12, 22, 15, 24, 16, 14, 16][i],
    // ID numbers and phones as text, so a spreadsheet program keeps every digit
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const help = workbook.addWorksheet('填写说明');
  help.columns = [{ width: 16 }, { width: 80 }];
  [
    ['姓名', '必填，中文、字母或数字'],
    ['身份证号', '必填，18位，校验位正确；已有账号的学员按身份证号更新其信息'],
    ['手机号', '选填，11位手机号；学员可用手机号+验证码登录'],
    ['部门', '选填，多级用“/”分隔，如：生产部/一车间；部门须已存在，或导入时勾选“自动创建表格中不存在的部门”'],
    ['账号', '选填，3–32位字母、数字、下划线、点或减号；学员也可用身份证号或手机号登录'],
    [
      '初始密码',
      '选填，至少6位；不填则学员用手机号+验证码登录，或由管理员重置密码（没有手机号时必须填写）；只用于新建的学员，已有账号的学员密码不变（如需重置，请在学员列表中点“重置密码”）',
    ],
    ['岗位/工种', '选填'],
    ['说明', '只要有一行有误，整个文件都不会导入；请按提示的行号改正后重新导入'],
  ].forEach((r) => help.addRow(r));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
