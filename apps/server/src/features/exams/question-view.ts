import type { QuestionView } from '@anxun/shared/schemas/exams';
import type { AppContext } from '../../app-context.js';
import { signedFileUrl } from '../../core/file-url.js';
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

/** The short-lived signed URL of a question's image, or null (papers drawn before images have none). */
export const questionImageUrl = (ctx: AppContext, fileId: string | null | undefined): string | null =>
  fileId ? signedFileUrl(ctx.keys.secret, fileId, ctx.now()) : null;

/** A question without its answer or analysis: all a learner may see before answering. */
export function toQuestionView(
  ctx: AppContext,
  row: Pick<QuestionRow, 'id' | 'kind' | 'stem' | 'options' | 'answer'> & { image_file_id?: string | null },
): QuestionView {
  return {
    questionId: row.id,
    kind: row.kind,
    stem: row.stem,
    options: parseOptions(row.options),
    blanks: row.kind === 'fill' ? (parseKey('fill', row.answer).answer as string[][]).length : 0,
    imageUrl: questionImageUrl(ctx, row.image_file_id),
  };
}

export { parseOptions };
