import type { QuestionView } from '../api/exams-api';
import { useTranslation } from '../../../lib/i18n';
import { QuestionImage } from './question-image';

/** A blank's brackets kept on one line: （  ） broke across a phone's lines, the blank lost. */
const keptBlanks = (stem: string) => stem.replace(/[（(][ \u3000]*[）)]/g, (b) => b.replace(/ /g, '\u00a0'));

/**
 * A question's head: its number on a paper, its kind as a tag, the stem, its points on a
 * paper, then its image. `id` names the answers' group for a screen reader.
 */
export function QuestionStem({
  kind,
  stem,
  imageUrl,
  number,
  points,
  id,
}: {
  kind: QuestionView['kind'];
  stem: string;
  imageUrl: string | null | undefined;
  number?: number;
  points?: number;
  id?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className="question-stem" id={id}>
        {number !== undefined && `${number}. `}
        <span className="plain-tag question-kind">{t(`exams.kinds.${kind}`)}</span>
        {keptBlanks(stem)}
        {points !== undefined && (
          <>
            {' '}
            <small className="question-points">{t('exams.pointsOf', { points })}</small>
          </>
        )}
      </p>
      <QuestionImage url={imageUrl} />
    </>
  );
}
