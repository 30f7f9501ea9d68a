import type { QuestionView } from '@anxun/shared/schemas/exams';
import { parseKey } from './scoring.js';
import type { QuestionRow } from './exams.repository.js';

const parseOptions = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
};

/** A question without its answer or analysis: all a learner may see before answering. */
export function toQuestionView(row: Pick<QuestionRow, 'id' | 'kind' | 'stem' | 'options' | 'answer'>): QuestionView {
  return {
    questionId: row.id,
    kind: row.kind,
    stem: row.stem,
    options: parseOptions(row.options),
    blanks: row.kind === 'fill' ? (parseKey('fill', row.answer).answer as string[][]).length : 0,
  };
}

export { parseOptions };
