import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { QuestionBody } from '@anxun/shared/schemas/exams';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import {
  consoleKeys,
  createQuestion,
  editQuestion,
  removeQuestionImage,
  uploadQuestionImage,
  type BankQuestion,
} from '../api/console-api';
import { FileButton } from './file-button';
import { rangeRule } from '../lib/range-rule';

const KINDS = ['single', 'multiple', 'judge', 'fill'] as const;
const LETTERS = 'ABCDEFGH';

interface Values {
  kind: BankQuestion['kind'];
  stem: string;
  options?: string[];
  answer: string;
  analysis?: string;
  points?: number | null;
  difficulty: BankQuestion['difficulty'];
}

/**
 * 新增 / 修改试题: one question in a form, checked on the server by the same rules as a row of
 * the sheet (its message says what to change). Papers already drawn keep their own copy.
 */
export function QuestionDialog({
  bookId,
  question,
  onClose,
  onSaved,
}: {
  bookId: string;
  /** the question being edited; null: a new one */
  question: BankQuestion | null;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? question?.kind ?? 'single';
  const choice = kind === 'single' || kind === 'multiple';
  const client = useQueryClient();
  const [imageUrl, setImageUrl] = useState(question?.imageUrl ?? null);
  const imageChanged = (url: string | null) => {
    setImageUrl(url);
    notifySuccess(t('console.saved'));
    void client.invalidateQueries({ queryKey: consoleKeys.all });
  };

  const save = (values: Values) => {
    const body: QuestionBody = {
      kind: values.kind,
      stem: values.stem,
      options: choice ? (values.options ?? []).map((o) => o ?? '') : [],
      answer: values.answer,
      analysis: values.analysis ?? '',
      points: values.points ?? null,
      difficulty: values.difficulty,
    };
    void (question ? editQuestion(question.id, body) : createQuestion(bookId, body))
      .then(() => {
        notifySuccess(t('console.saved'));
        onSaved();
      })
      .catch(() => undefined);
  };

  return (
    <Modal
      open
      width={640}
      title={question ? t('console.bank.edit') : t('console.bank.new')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        name="question"
        form={form}
        layout="vertical"
        clearOnDestroy
        initialValues={
          question
            ? { ...question, options: question.options.length > 0 ? question.options : ['', '', '', ''] }
            : { kind: 'single', difficulty: 'medium', options: ['', '', '', ''] }
        }
        onFinish={save}
        data-testid="question-form"
      >
        <Space wrap align="start">
          <Form.Item name="kind" label={t('console.bank.kindTitle')} rules={[{ required: true }]}>
            <Select
              style={{ width: 120 }}
              options={KINDS.map((k) => ({ value: k, label: t(`console.bank.kind.${k}`) }))}
              data-testid="question-kind"
            />
          </Form.Item>
          <Form.Item
            name="points"
            label={t('console.bank.points')}
            extra={t('console.bank.pointsHint')}
            rules={[rangeRule(0.5, 100)]}
          >
            <InputNumber step={0.5} />
          </Form.Item>
          <Form.Item name="difficulty" label={t('console.bank.difficulty')}>
            <Select
              style={{ width: 90 }}
              options={(['easy', 'medium', 'hard'] as const).map((d) => ({
                value: d,
                label: t(`console.bank.level.${d}`),
              }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="stem" label={t('console.bank.stem')} rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea rows={3} maxLength={1000} showCount data-testid="question-stem" />
        </Form.Item>
        {choice && (
          <Form.List name="options">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <div key={field.key} className="question-option">
                    <span>{LETTERS[i]}.</span>
                    <Form.Item name={field.name} noStyle>
                      <Input
                        maxLength={300}
                        aria-label={t('console.bank.optionLabel', { letter: LETTERS[i] ?? '' })}
                        data-testid={`question-option-${LETTERS[i]}`}
                      />
                    </Form.Item>
                    {fields.length > 2 && (
                      // a button: reached by Tab and named, where the bare icon was neither
                      <Button
                        type="text"
                        size="small"
                        icon={<MinusCircleOutlined />}
                        onClick={() => remove(field.name)}
                        aria-label={t('console.bank.removeOption', { letter: LETTERS[i] ?? '' })}
                      />
                    )}
                  </div>
                ))}
                {fields.length < 8 && (
                  <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add('')}>
                    {t('console.bank.addOption')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
        )}
        <Form.Item
          name="answer"
          label={t('console.bank.answer')}
          extra={t(`console.bank.answerHint.${kind}`)}
          rules={[{ required: true, whitespace: true }]}
          style={{ marginTop: 12 }}
        >
          <Input maxLength={500} data-testid="question-answer" />
        </Form.Item>
        <Form.Item name="analysis" label={t('console.bank.analysisTitle')}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Form.Item
          label={t('console.bank.image')}
          extra={question ? t('console.bank.imageHint') : t('console.bank.imageAfterSave')}
        >
          {question && (
            <Space align="center" wrap>
              {imageUrl && <img className="question-thumb" src={imageUrl} alt="" data-testid="question-image" />}
              <FileButton
                accept="image/png,image/jpeg,image/webp"
                testId="question-image-upload"
                onFile={(file) =>
                  void uploadQuestionImage(question.id, file).then(
                    (record) => imageChanged(record.filePath),
                    () => undefined,
                  )
                }
              >
                {imageUrl ? t('console.bank.imageChange') : t('console.bank.imageUpload')}
              </FileButton>
              {imageUrl && (
                <Button
                  size="small"
                  danger
                  onClick={() =>
                    void removeQuestionImage(question.id).then(
                      () => imageChanged(null),
                      () => undefined,
                    )
                  }
                >
                  {t('console.bank.imageRemove')}
                </Button>
              )}
            </Space>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
