import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { AnswerValue, QuestionView } from '../api/exams-api';

const LETTERS = 'ABCDEFGH';
export const letter = (i: number) => LETTERS[i] ?? String(i + 1);

/** Shows an answer value for people: B / A、C / 正确 / 119；口鼻. */
export function answerText(value: AnswerValue | null | undefined, judgeTexts: [string, string]): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? judgeTexts[0] : judgeTexts[1];
  if (Array.isArray(value)) return value.join('、') || '—';
  return value;
}

/** Whether a question holds an answer: an option ticked, a blank with text (every tick taken back, or text cleared, is none). */
export const hasAnswer = (value: AnswerValue | null | undefined): boolean =>
  value !== undefined && value !== null && (!Array.isArray(value) || value.some((v) => v.trim() !== ''));

interface Props {
  question: QuestionView;
  value: AnswerValue | undefined;
  onChange(value: AnswerValue): void;
  disabled?: boolean;
  judgeTexts: [string, string];
  /** the id of the question's stem: the group's name for a screen reader */
  labelledBy?: string;
}

/** One choice: the browser's own radio or checkbox in the theme's colour, its whole line clickable. */
function Choice({
  type,
  name,
  checked,
  disabled,
  onChange,
  children,
}: {
  type: 'radio' | 'checkbox';
  name: string;
  checked: boolean;
  disabled: boolean | undefined;
  onChange(): void;
  children: React.ReactNode;
}) {
  return (
    <label className={`answer-option${checked ? ' checked' : ''}${disabled ? ' disabled' : ''}`}>
      <input type={type} name={name} checked={checked} disabled={disabled} onChange={onChange} />
      <span>{children}</span>
    </label>
  );
}

/**
 * The input a question's kind asks for: one option, several, true/false, or a text per blank.
 * Plain form controls (练题 loads no antd): a phone's own, read by its screen reader as such.
 */
export function AnswerInput({ question, value, onChange, disabled, judgeTexts, labelledBy }: Props) {
  const { t } = useTranslation();
  const name = useId();
  if (question.kind === 'single' || question.kind === 'multiple') {
    const multiple = question.kind === 'multiple';
    const chosen = multiple ? (Array.isArray(value) ? value : []) : [];
    return (
      <div className="answer-options" role={multiple ? 'group' : 'radiogroup'} aria-labelledby={labelledBy}>
        {question.options.map((text, i) => {
          const key = letter(i);
          const checked = multiple ? chosen.includes(key) : value === key;
          return (
            <Choice
              key={i}
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              checked={checked}
              disabled={disabled}
              onChange={() =>
                onChange(multiple ? (checked ? chosen.filter((c) => c !== key) : [...chosen, key]).sort() : key)
              }
            >
              {key}. {text}
            </Choice>
          );
        })}
      </div>
    );
  }
  if (question.kind === 'judge') {
    return (
      <div className="answer-options answer-judge" role="radiogroup" aria-labelledby={labelledBy}>
        {([true, false] as const).map((answer, i) => (
          <Choice
            key={i}
            type="radio"
            name={name}
            checked={value === answer}
            disabled={disabled}
            onChange={() => onChange(answer)}
          >
            {judgeTexts[i]}
          </Choice>
        ))}
      </div>
    );
  }
  const blanks = Array.isArray(value) ? value : [];
  const count = Math.max(1, question.blanks);
  return (
    <div className="answer-options" role="group" aria-labelledby={labelledBy}>
      {Array.from({ length: count }, (_, i) => (
        <label key={i} className="answer-blank">
          {question.blanks > 1 && <span className="answer-blank-number">{i + 1}</span>}
          <input
            className="plain-input"
            aria-label={t('exams.blank', { n: i + 1 })}
            value={blanks[i] ?? ''}
            disabled={disabled}
            maxLength={100}
            onChange={(e) => {
              const next = Array.from({ length: count }, (_, j) => blanks[j] ?? '');
              next[i] = e.target.value;
              onChange(next);
            }}
          />
        </label>
      ))}
    </div>
  );
}
