import crypto from 'node:crypto';
import type { AnswerValue, QuestionKind } from '@anxun/shared/schemas/exams';

/** The stored key of a question: what its `answer` column holds, parsed. */
export type AnswerKey =
  | { kind: 'single'; answer: string }
  | { kind: 'multiple'; answer: string[] }
  | { kind: 'judge'; answer: boolean }
  /** per blank, the accepted texts */
  | { kind: 'fill'; answer: string[][] };

export function parseKey(kind: QuestionKind, json: string): AnswerKey {
  const answer: unknown = JSON.parse(json);
  switch (kind) {
    case 'single':
      return { kind, answer: String(answer) };
    case 'multiple':
      return { kind, answer: (answer as unknown[]).map(String) };
    case 'judge':
      return { kind, answer: answer === true };
    case 'fill':
      return { kind, answer: (answer as unknown[][]).map((alts) => alts.map(String)) };
  }
}

/** The key in the shape a learner answers in (fill: the first accepted text of each blank). */
export function correctAnswerOf(key: AnswerKey): AnswerValue {
  return key.kind === 'fill' ? key.answer.map((alts) => alts[0] ?? '') : key.answer;
}

/** Fill-in texts compare without case, width or spacing differences (１１９ = 119, "口 鼻" = 口鼻). */
const normalize = (text: string) => text.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

const half = (n: number) => Math.round(n * 2) / 2;

/**
 * Points earned for one answer. Single and true/false: all or nothing. Multiple choice:
 * all the right options for full points; some right options and no wrong one for half;
 * any wrong option for none. Fill-in: the share of blanks filled right. An answer of the
 * wrong shape earns nothing.
 */
export function scoreAnswer(key: AnswerKey, given: AnswerValue | undefined, points: number) {
  const none = { earned: 0, correct: false };
  if (given === undefined) return none;
  switch (key.kind) {
    case 'single':
      return typeof given === 'string' && given.trim().toUpperCase() === key.answer
        ? { earned: points, correct: true }
        : none;
    case 'judge':
      return typeof given === 'boolean' && given === key.answer ? { earned: points, correct: true } : none;
    case 'multiple': {
      if (!Array.isArray(given)) return none;
      const chosen = new Set(given.map((g) => g.trim().toUpperCase()));
      const right = new Set(key.answer);
      if (chosen.size === 0 || [...chosen].some((c) => !right.has(c))) return none;
      if (chosen.size === right.size) return { earned: points, correct: true };
      return { earned: half(points / 2), correct: false };
    }
    case 'fill': {
      if (!Array.isArray(given)) return none;
      const hits = key.answer.filter((alts, i) => {
        const text = given[i];
        return typeof text === 'string' && alts.some((alt) => normalize(alt) === normalize(text));
      }).length;
      if (hits === key.answer.length) return { earned: points, correct: true };
      return { earned: half((points * hits) / key.answer.length), correct: false };
    }
  }
}

/** How a paper is made: per kind, how many questions and how much each weighs. */
export const PAPER_PLAN: Record<QuestionKind, { count: number; weight: number }> = {
  single: { count: 10, weight: 4 },
  multiple: { count: 5, weight: 6 },
  judge: { count: 10, weight: 2 },
  fill: { count: 2, weight: 5 },
};

const shuffle = <T>(items: T[]): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};

/**
 * A paper drawn at random from a bank: the plan's counts per kind (fewer if the bank has
 * fewer), points in proportion to the plan's weights, adding up to exactly `totalScore`.
 */
export function composePaper(
  bank: ReadonlyArray<{ id: string; kind: QuestionKind }>,
  totalScore: number,
): Array<{ questionId: string; points: number }> {
  const picked = (Object.keys(PAPER_PLAN) as QuestionKind[]).flatMap((kind) =>
    shuffle(bank.filter((q) => q.kind === kind)).slice(0, PAPER_PLAN[kind].count),
  );
  if (picked.length === 0) return [];
  const weight = picked.reduce((s, q) => s + PAPER_PLAN[q.kind].weight, 0);
  const paper = picked.map((q) => ({
    questionId: q.id,
    points: half((PAPER_PLAN[q.kind].weight * totalScore) / weight),
  }));
  // rounding to half points must not change the total
  const drift = totalScore - paper.reduce((s, p) => s + p.points, 0);
  paper[paper.length - 1]!.points = half(paper[paper.length - 1]!.points + drift);
  return paper;
}
