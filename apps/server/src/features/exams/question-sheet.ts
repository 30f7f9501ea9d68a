import type { QuestionKind } from '@anxun/shared/schemas/exams';
import { ErrorCode } from '@anxun/shared/errors';
import { loadExcel } from '../../infra/exceljs.js';
import { AppError } from '../../http/app-error.js';
import { headerColumns, readSheet } from '../../infra/xlsx.js';
import type { SheetError } from '@anxun/shared/schemas/sheet-errors';

/** The sheet of a question bank, one question per row (issue: Console II). */
export const OPTION_LETTERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] as const;
export const QUESTION_COLUMNS = [
  '题型',
  '题干',
  ...OPTION_LETTERS.map((l) => `选项${l}`),
  '答案',
  '解析',
  '分值',
  '难度',
] as const;
export const MAX_QUESTION_ROWS = 5000;
/** A refused row is named by its stem's first characters. */
const STEM_NAME = 100;

const KIND_NAMES: Record<string, QuestionKind> = {
  单选: 'single',
  单选题: 'single',
  多选: 'multiple',
  多选题: 'multiple',
  判断: 'judge',
  判断题: 'judge',
  填空: 'fill',
  填空题: 'fill',
};
export const KIND_LABEL: Record<QuestionKind, string> = {
  single: '单选题',
  multiple: '多选题',
  judge: '判断题',
  fill: '填空题',
};
export const DIFFICULTY_LABEL = { easy: '易', medium: '中', hard: '难' } as const;
export type Difficulty = keyof typeof DIFFICULTY_LABEL;
/** as sheets write it: 易/中/难, or the words other banks use (简单, 中等, 困难…) */
const DIFFICULTY_OF: Record<string, Difficulty> = {
  易: 'easy',
  中: 'medium',
  难: 'hard',
  '': 'medium',
  简单: 'easy',
  容易: 'easy',
  较易: 'easy',
  中等: 'medium',
  一般: 'medium',
  适中: 'medium',
  困难: 'hard',
  较难: 'hard',
};
const TRUE_WORDS = new Set(['对', '正确', '√', 'T', 'TRUE', 'Y', '是']);
const FALSE_WORDS = new Set(['错', '错误', '×', 'X', 'F', 'FALSE', 'N', '否']);

/** One question as stored: options in order, the key as the exams feature reads it. */
export interface ParsedQuestion {
  row: number;
  kind: QuestionKind;
  stem: string;
  options: string[];
  /** 'A' | ['A','C'] | true/false | per blank, the accepted texts */
  answer: string | string[] | boolean | string[][];
  analysis: string;
  points: number | null;
  difficulty: Difficulty;
}

/** Reads and checks every row; errors name the spreadsheet row and column, `names` each row's stem (cut). */
export async function readQuestionSheet(
  data: Buffer,
): Promise<{ questions: ParsedQuestion[]; errors: SheetError[]; names: Map<number, string> }> {
  const sheet = await readSheet(data, ['题型', '题干', '答案']);
  const columnOf = headerColumns(sheet, QUESTION_COLUMNS);
  const missing = ['题型', '题干', '答案'].filter((c) => !columnOf.has(c));
  if (missing.length > 0) {
    throw new AppError(ErrorCode.BAD_REQUEST, `表头缺少“${missing.join('”“')}”列，请使用下载的模板`);
  }
  const questions: ParsedQuestion[] = [];
  const errors: SheetError[] = [];
  const seen = new Map<string, number>();
  const stems = new Map<number, string>();
  let count = 0;
  for (const row of sheet) {
    const number = row.number;
    if (number === 1) continue;
    const text = (title: string) => row.text(columnOf.get(title));
    const cells = QUESTION_COLUMNS.map(text);
    if (cells.every((c) => c === '')) continue;
    count++;
    const stem = text('题干');
    if (stem) stems.set(number, [...stem].length > STEM_NAME ? `${[...stem].slice(0, STEM_NAME).join('')}…` : stem);
    const checked = checkQuestionCells(text);
    if ('msg' in checked) {
      errors.push({ row: number, ...checked });
      // the row's other cells' problems too, so one pass through the sheet mends it
      for (const other of otherCellProblems(text)) {
        if (other.field !== checked.field) errors.push({ row: number, ...other });
      }
      continue;
    }
    const key = `${checked.kind}|${checked.stem}`;
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ row: number, field: '题干', msg: `与第${first}行是同一道题` });
      continue;
    }
    seen.set(key, number);
    questions.push({ row: number, ...checked });
  }
  if (count > MAX_QUESTION_ROWS) {
    throw new AppError(ErrorCode.BAD_REQUEST, `一次最多导入${MAX_QUESTION_ROWS}道题，请分批导入`);
  }
  if (count === 0) throw new AppError(ErrorCode.BAD_REQUEST, '表格中没有试题');
  return { questions, errors, names: stems };
}

/**
 * One question from its cells, as the sheet names its columns (the console's form sends the
 * same texts): the question as stored, or the first problem with the column it is in.
 */
export function checkQuestionCells(
  text: (column: string) => string,
): Omit<ParsedQuestion, 'row'> | { field: string; msg: string } {
  const fail = (field: string, msg: string) => ({ field, msg });
  // own keys only: a cell reading "constructor" must not find Object's
  const kindName = text('题型');
  const kind = Object.hasOwn(KIND_NAMES, kindName) ? KIND_NAMES[kindName] : undefined;
  if (!kind) return fail('题型', '题型应为单选题、多选题、判断题或填空题');
  const stem = text('题干');
  if (!stem) return fail('题干', '请填写题干');
  if (stem.length > 1000) return fail('题干', '题干不能超过1000字');
  const options = OPTION_LETTERS.map((l) => text(`选项${l}`));
  const lastFilled = options.reduce((last, o, i) => (o ? i : last), -1);
  const used = options.slice(0, lastFilled + 1);
  let answer: ParsedQuestion['answer'];
  const raw = text('答案');
  if (!raw) return fail('答案', '请填写答案');
  if (kind === 'single' || kind === 'multiple') {
    if (used.length < 2) return fail('选项A', '选择题至少要有两个选项');
    const gap = used.findIndex((o) => o === '');
    if (gap !== -1) return fail(`选项${OPTION_LETTERS[gap]}`, '选项不能跳空，请从A起依次填写');
    if (used.some((o) => o.length > 300)) return fail('选项A', '选项不能超过300字');
    const letters = [
      ...new Set(
        raw
          .toUpperCase()
          .replace(/[\s,，、]/g, '')
          .split(''),
      ),
    ];
    const bad = letters.find((l) => !OPTION_LETTERS.slice(0, used.length).includes(l as never));
    if (bad !== undefined) return fail('答案', `答案“${raw}”不是已填写的选项字母`);
    if (kind === 'single' && letters.length !== 1) return fail('答案', '单选题的答案只能是一个字母');
    if (kind === 'multiple' && letters.length < 2) return fail('答案', '多选题的答案至少两个字母，如AC');
    answer = kind === 'single' ? letters[0]! : letters.sort();
  } else {
    if (used.length > 0) return fail('选项A', `${KIND_LABEL[kind]}不填选项`);
    if (kind === 'judge') {
      const word = raw.toUpperCase();
      if (TRUE_WORDS.has(word)) answer = true;
      else if (FALSE_WORDS.has(word)) answer = false;
      else return fail('答案', '判断题的答案应为“对”或“错”');
    } else {
      // blanks separated by | or ；, accepted alternatives of one blank by / — a slash the
      // answer holds itself (m/s, 1/3) written \/
      const blanks = raw.split(/[|｜;；]/).map((b) =>
        b
          .split(/(?<!\\)[/／]/)
          .map((alt) => alt.replace(/\\([/／])/g, '$1').trim())
          .filter(Boolean),
      );
      if (blanks.some((b) => b.length === 0)) return fail('答案', '填空题每个空都要有答案，多个空用“|”分隔');
      answer = blanks;
    }
  }
  const [other] = otherCellProblems(text);
  if (other) return other;
  const pointsText = text('分值');
  const points = pointsText === '' ? null : Number(pointsText);
  const difficulty = DIFFICULTY_OF[text('难度')]!;
  return { kind, stem, options: used, answer, analysis: text('解析'), points, difficulty };
}

/**
 * The problems of the cells that do not depend on the question's kind (分值, 难度, 解析):
 * a sheet's row names them all, beside the first problem of its question.
 */
export function otherCellProblems(text: (column: string) => string): Array<{ field: string; msg: string }> {
  const problems: Array<{ field: string; msg: string }> = [];
  const pointsText = text('分值');
  const points = pointsText === '' ? null : Number(pointsText);
  if (points !== null && !(Number.isFinite(points) && points > 0 && points <= 100)) {
    problems.push({ field: '分值', msg: '分值应为大于0、不超过100的数' });
  }
  if (!Object.hasOwn(DIFFICULTY_OF, text('难度'))) problems.push({ field: '难度', msg: '难度应为易、中或难' });
  if (text('解析').length > 2000) problems.push({ field: '解析', msg: '解析不能超过2000字' });
  return problems;
}

/** The key as the sheet writes it: letters, 对/错, or blanks joined by | and alternatives by /. */
export function answerText(kind: QuestionKind, answer: unknown): string {
  if (kind === 'judge') return answer === true ? '对' : '错';
  if (kind === 'multiple') return (answer as string[]).join('');
  if (kind === 'fill') {
    return (answer as string[][]).map((alts) => alts.map((a) => a.replace(/[/／]/g, '\\$&')).join('/')).join('|');
  }
  return String(answer);
}

/** A sheet of questions (the template when empty): the header, widths that fit, and the rules. */
export async function questionWorkbook(
  rows: Array<{
    kind: QuestionKind;
    stem: string;
    options: string[];
    answer: unknown;
    analysis: string;
    points: number | null;
    difficulty: string;
  }>,
): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet('试题');
  sheet.columns = QUESTION_COLUMNS.map((header, i) => ({
    header,
    width: i === 1 ? 48 : i >= 2 && i <= 9 ? 18 : i === 11 ? 36 : 10,
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const q of rows) {
    sheet.addRow([
      KIND_LABEL[q.kind],
      q.stem,
      ...OPTION_LETTERS.map((_, i) => q.options[i] ?? ''),
      answerText(q.kind, q.answer),
      q.analysis,
      q.points === null ? '' : String(q.points),
      DIFFICULTY_LABEL[q.difficulty as Difficulty] ?? '中',
    ]);
  }
  const help = workbook.addWorksheet('填写说明');
  help.columns = [{ width: 12 }, { width: 90 }];
  [
    ['题型', '单选题、多选题、判断题或填空题'],
    ['题干', '必填，不超过1000字'],
    ['选项A–H', '选择题至少填A、B两个选项，从A起依次填写；判断题、填空题不填'],
    [
      '答案',
      '单选：一个字母，如B；多选：两个及以上字母，如ACD；判断：对 或 错；填空：每个空的答案用“|”分隔，同一空可接受的几种写法用“/”分隔，如 119|火警/报警；答案本身含“/”的写作“\\/”，如 m\\/s',
    ],
    ['解析', '选填，答题后显示给学员'],
    [
      '分值',
      '选填，大于0、不超过100：固定试卷中本题按此计分（随机抽题按试卷设置的各题型分值）；不填则按试卷设置的每题分值',
    ],
    ['难度', '选填：易、中、难（不填为中）'],
    ['说明', '只要有一行有误，整个文件都不会导入；请按提示的行号改正后重新导入'],
  ].forEach((r) => help.addRow(r));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
