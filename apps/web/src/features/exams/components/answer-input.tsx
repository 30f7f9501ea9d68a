import { Checkbox, Input, Radio } from 'antd';
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

interface Props {
  question: QuestionView;
  value: AnswerValue | undefined;
  onChange(value: AnswerValue): void;
  disabled?: boolean;
  judgeTexts: [string, string];
}

/** The input a question's kind asks for: one option, several, true/false, or a text per blank. */
export function AnswerInput({ question, value, onChange, disabled, judgeTexts }: Props) {
  if (question.kind === 'single') {
    return (
      <Radio.Group value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as string)}>
        <div className="answer-options">
          {question.options.map((text, i) => (
            <Radio key={i} value={letter(i)}>
              {letter(i)}. {text}
            </Radio>
          ))}
        </div>
      </Radio.Group>
    );
  }
  if (question.kind === 'multiple') {
    return (
      <Checkbox.Group
        value={Array.isArray(value) ? value : []}
        disabled={disabled}
        onChange={(checked) => onChange([...(checked as string[])].sort())}
      >
        <div className="answer-options">
          {question.options.map((text, i) => (
            <Checkbox key={i} value={letter(i)}>
              {letter(i)}. {text}
            </Checkbox>
          ))}
        </div>
      </Checkbox.Group>
    );
  }
  if (question.kind === 'judge') {
    return (
      <Radio.Group value={value} disabled={disabled} onChange={(e) => onChange(e.target.value as boolean)}>
        <Radio value={true}>{judgeTexts[0]}</Radio>
        <Radio value={false}>{judgeTexts[1]}</Radio>
      </Radio.Group>
    );
  }
  const blanks = Array.isArray(value) ? value : [];
  return (
    <div className="answer-options">
      {Array.from({ length: Math.max(1, question.blanks) }, (_, i) => (
        <Input
          key={i}
          value={blanks[i] ?? ''}
          disabled={disabled}
          maxLength={100}
          style={{ maxWidth: 280 }}
          addonBefore={question.blanks > 1 ? `${i + 1}` : undefined}
          onChange={(e) => {
            const next = Array.from({ length: Math.max(1, question.blanks) }, (_, j) => blanks[j] ?? '');
            next[i] = e.target.value;
            onChange(next);
          }}
        />
      ))}
    </div>
  );
}
