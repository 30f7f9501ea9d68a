import crypto from 'node:crypto';
import { paperRules, type PaperRules, type QuestionKind } from '@anxun/shared/schemas/exams';
import { KIND_LABEL } from './question-sheet.js';
import { composePaper, PAPER_PLAN } from './scoring.js';

/**
 * How a paper is drawn from a bank (issue: Console II): by the class course's rules — at
 * random per kind, or a fixed list — or, with none set, by the platform's default plan scaled
 * to the class's total. Each drawn question is copied onto the paper, its options shuffled
 * (and its key moved with them) when the rules say so. Pure: the caller loads and stores.
 */

export interface BankItem {
  id: string;
  kind: QuestionKind;
  stem: string;
  options: string;
  answer: string;
  analysis: string;
  image_file_id?: string | null;
}
export interface PaperItem {
  questionId: string;
  points: number;
  q: BankItem;
}

const KINDS: QuestionKind[] = ['single', 'multiple', 'judge', 'fill'];
const half = (n: number) => Math.round(n * 2) / 2;

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Stored rules, or undefined when there are none or they no longer parse. */
export function parseRules(json: string | undefined | null): PaperRules | undefined {
  if (!json) return undefined;
  try {
    const parsed = paperRules.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The default plan as rules: its counts, with points scaled so the paper makes the class's total. */
export function defaultRules(total: number): PaperRules {
  const weight = KINDS.reduce((s, k) => s + PAPER_PLAN[k].count * PAPER_PLAN[k].weight, 0);
  const kinds = Object.fromEntries(
    KINDS.map((k) => [
      k,
      { count: PAPER_PLAN[k].count, points: Math.max(0.5, half((PAPER_PLAN[k].weight * total) / weight)) },
    ]),
  ) as Extract<PaperRules, { mode: 'random' }>['kinds'];
  return { mode: 'random', kinds, shuffleOptions: false };
}

export function rulesTotal(rules: PaperRules): number {
  return rules.mode === 'random'
    ? KINDS.reduce((s, k) => s + rules.kinds[k].count * rules.kinds[k].points, 0)
    : rules.questions.reduce((s, q) => s + q.points, 0);
}

/** What stops a paper being drawn by the rules from this bank, in a manager's words. */
export function problemsOf(rules: PaperRules, bank: readonly BankItem[], classTotal: number): string[] {
  const problems: string[] = [];
  const total = rulesTotal(rules);
  if (total !== classTotal) problems.push(`试卷总分${total}分，与班级考试总分${classTotal}分不一致`);
  if (rules.mode === 'random') {
    for (const k of KINDS) {
      const have = bank.filter((q) => q.kind === k).length;
      const need = rules.kinds[k].count;
      if (need > have) problems.push(`${KIND_LABEL[k]}要抽${need}道，题库只有${have}道`);
    }
    if (KINDS.every((k) => rules.kinds[k].count === 0)) problems.push('试卷中没有试题');
  } else {
    const live = new Set(bank.map((q) => q.id));
    const gone = rules.questions.filter((q) => !live.has(q.questionId)).length;
    if (gone > 0) problems.push(`有${gone}道试题已停用或不在本课程题库中`);
  }
  return problems;
}

/** A choice question's options in a new order, its key moved with them. */
function withShuffledOptions(q: BankItem): BankItem {
  if (q.kind !== 'single' && q.kind !== 'multiple') return q;
  const options = JSON.parse(q.options) as string[];
  if (options.length < 2) return q;
  const order = shuffled(options.map((_, i) => i));
  const letter = (i: number) => String.fromCharCode(65 + i);
  const newLetter = (old: string) => letter(order.indexOf(old.charCodeAt(0) - 65));
  const key: unknown = JSON.parse(q.answer);
  const answer = q.kind === 'single' ? newLetter(key as string) : (key as string[]).map(newLetter).sort();
  return { ...q, options: JSON.stringify(order.map((i) => options[i])), answer: JSON.stringify(answer) };
}

/**
 * A paper by the rules (or the default plan), from the live questions of the bank; questions
 * the bank lacks are left out (the caller has looked at problemsOf first where it matters).
 */
export function drawPaper(bank: readonly BankItem[], rules: PaperRules): PaperItem[] {
  const byId = new Map(bank.map((q) => [q.id, q]));
  const picked: Array<{ q: BankItem; points: number }> =
    rules.mode === 'random'
      ? KINDS.flatMap((k) =>
          shuffled(bank.filter((q) => q.kind === k))
            .slice(0, rules.kinds[k].count)
            .map((q) => ({ q, points: rules.kinds[k].points })),
        )
      : rules.questions.flatMap((p) => {
          const q = byId.get(p.questionId);
          return q ? [{ q, points: p.points }] : [];
        });
  return picked.map(({ q, points }) => paperItem(rules.shuffleOptions ? withShuffledOptions(q) : q, points));
}

/** A question as a paper holds it: copied as it stands now (a later edit of the bank does not change the paper). */
const paperItem = (q: BankItem, points: number): PaperItem => ({
  questionId: q.id,
  points,
  q: {
    id: q.id,
    kind: q.kind,
    stem: q.stem,
    options: q.options,
    answer: q.answer,
    analysis: q.analysis,
    image_file_id: q.image_file_id ?? null,
  },
});

/**
 * The paper of a course with no rules of its own: the platform's plan, fewer of a kind where
 * the bank has fewer, its points scaled so that they add up to the class's total.
 */
export function defaultPaper(bank: readonly BankItem[], total: number): PaperItem[] {
  const byId = new Map(bank.map((q) => [q.id, q]));
  return composePaper(bank, total).map((p) => paperItem(byId.get(p.questionId)!, p.points));
}
