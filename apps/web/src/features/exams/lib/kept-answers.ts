import type { AnswerValue } from '../api/exams-api';

/**
 * A paper's answers the server has not saved yet, kept in this browser until it has: a save
 * refused (a face check asked for, no network) and then a reload, a crash or a closed tab lost
 * them. One paper at a time: starting another forgets the rest. Storage may be off or full (a
 * private window): then nothing is kept, as before.
 */
const PREFIX = 'anxun-exam-answers:';

export function keptAnswers(attemptId: string): Record<string, AnswerValue> {
  try {
    const raw = localStorage.getItem(PREFIX + attemptId);
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, AnswerValue>) : {};
  } catch {
    return {};
  }
}

export function keepAnswers(attemptId: string, answers: Record<string, AnswerValue>): void {
  try {
    localStorage.setItem(PREFIX + attemptId, JSON.stringify(answers));
  } catch {
    // not kept: the server's copy is all there is
  }
}

/** Forgets the answers kept of this paper, or (`except`) of every other paper. */
export function forgetAnswers(attemptId: string, except = false): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(PREFIX) && (key === PREFIX + attemptId) !== except) localStorage.removeItem(key);
    }
  } catch {
    // storage off: nothing was kept
  }
}
