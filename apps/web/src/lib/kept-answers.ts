import type { AnswerValue } from '@anxun/shared/schemas/exams';

/**
 * A paper's answers the server has not saved yet, kept in this browser until it has: a save
 * refused (a face check asked for, no network) and then a reload, a crash or a closed tab lost
 * them. Kept with `base`, the server's last save this browser knew of: they are laid over the
 * paper only while it still stands there — answers saved since (from another device, or this
 * page's own save as it closed) are newer, and win. One paper at a time: starting another
 * forgets the rest, and so does logging out. Storage may be off or full (a private window):
 * then nothing is kept, as before.
 */
const PREFIX = 'anxun-exam-answers:';

type Answers = Record<string, AnswerValue>;

export interface KeptAnswers {
  /** the server's last save of the paper as this browser knew it (ms), null: none */
  base: number | null;
  answers: Answers;
}

export function keptAnswers(attemptId: string): KeptAnswers | undefined {
  try {
    const raw = localStorage.getItem(PREFIX + attemptId);
    const value = raw ? (JSON.parse(raw) as Partial<KeptAnswers>) : undefined;
    return value && typeof value.answers === 'object' && value.answers !== null && !Array.isArray(value.answers)
      ? { base: typeof value.base === 'number' ? value.base : null, answers: value.answers }
      : undefined;
  } catch {
    return undefined;
  }
}

export function keepAnswers(attemptId: string, kept: KeptAnswers): void {
  try {
    localStorage.setItem(PREFIX + attemptId, JSON.stringify(kept));
  } catch {
    // not kept: the server's copy is all there is
  }
}

/** Forgets the answers kept of this paper, or (`except`) of every other paper, or (no paper) all. */
export function forgetAnswers(attemptId?: string, except = false): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(PREFIX)) continue;
      if (attemptId === undefined || (key === PREFIX + attemptId) !== except) localStorage.removeItem(key);
    }
  } catch {
    // storage off: nothing was kept
  }
}
