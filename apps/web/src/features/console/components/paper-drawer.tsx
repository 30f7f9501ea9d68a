import type { PaperRules, PaperSetup, QuestionKind } from '@anxun/shared/schemas/exams';
import {
  Alert,
  Button,
  Checkbox,
  Drawer,
  InputNumber,
  List,
  Modal,
  Radio,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { savePaper, useBankQuestions, usePaperSetup, type BankQuestion, type ManagedClass } from '../api/console-api';
import { rangeProblem } from '../lib/range-rule';
import { SearchBox } from './search-box';
import { tablePager } from './table-pager';

const KINDS: QuestionKind[] = ['single', 'multiple', 'judge', 'fill'];
const LETTERS = 'ABCDEFGH';
type RandomRules = Extract<PaperRules, { mode: 'random' }>;
const EMPTY_RANDOM: RandomRules = {
  mode: 'random',
  kinds: {
    single: { count: 0, points: 1 },
    multiple: { count: 0, points: 1 },
    judge: { count: 0, points: 1 },
    fill: { count: 0, points: 1 },
  },
  shuffleOptions: false,
};

/**
 * A kind's count and a question's points, as the server takes them. The fields take no
 * min/max (InputNumber clamped -3 into 0 on blur, unsaid): a number outside is said, and
 * the paper is not saved with it.
 */
const countProblem = (n: number) => rangeProblem(n, 0, 200);
const pointsProblem = (n: number) => rangeProblem(n, 0.5, 100);
/** a kind drawn 0 times may carry 0 分 (0 道 at 0 分 says it); never more than 100 */
const kindPointsProblem = (kind: { count: number; points: number }) =>
  kind.count > 0 ? pointsProblem(kind.points) : rangeProblem(kind.points, 0, 100);
const rulesProblem = (rules: PaperRules) =>
  rules.mode === 'random'
    ? KINDS.map(
        (k) =>
          countProblem(rules.kinds[k].count) ??
          // a kind drawn 0 times carries no points: 0 道 at 0 分 says so
          kindPointsProblem(rules.kinds[k]),
      ).find(Boolean)
    : rules.questions.map((q) => pointsProblem(q.points)).find(Boolean);
const Problem = ({ text }: { text: string | undefined }) =>
  text ? <Typography.Text type="danger">{text}</Typography.Text> : null;

const totalOf = (rules: PaperRules) =>
  rules.mode === 'random'
    ? KINDS.reduce((s, k) => s + rules.kinds[k].count * rules.kinds[k].points, 0)
    : rules.questions.reduce((s, q) => s + q.points, 0);

/**
 * A fixed paper's questions, picked from the course's bank page by page: each worth its own
 * 分值 where the bank gives it one, the others the same (the points set here).
 */
export function FixedPicker({
  bookId,
  rules,
  onChange,
}: {
  bookId: string;
  rules: Extract<PaperRules, { mode: 'fixed' }>;
  onChange(rules: PaperRules): void;
}) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const [q, setQ] = useState('');
  const page = useBankQuestions(bookId, { q: q || undefined, current });
  // each question's own 分值, from the pages seen (a question is picked from a page shown)
  const own = useRef(new Map<string, number | null>());
  for (const q of page.data?.records ?? []) own.current.set(q.id, q.points);
  const ownPoints = (id: string) => own.current.get(id) ?? null;
  const ids = rules.questions.map((q) => q.questionId);
  const seen = (id: string) => own.current.has(id);
  // the points of those without their own: one seen to have none, else the most picked value
  // (a question on a page not shown yet may have its own)
  const counts = new Map<number, number>();
  for (const q of rules.questions) {
    if (ownPoints(q.questionId) === null) counts.set(q.points, (counts.get(q.points) ?? 0) + 1);
  }
  const points =
    rules.questions.find((q) => seen(q.questionId) && ownPoints(q.questionId) === null)?.points ??
    [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ??
    5;
  /** the picked questions; `each` set anew applies to every one without its own 分值 */
  const set = (next: string[], each = points, anew = false) =>
    onChange({
      ...rules,
      questions: next.map((questionId) => {
        const kept = rules.questions.find((q) => q.questionId === questionId);
        const mine = ownPoints(questionId);
        // its own 分值; one picked earlier on a page not seen now keeps what it had
        // one not seen yet takes a new value only where it had the old one (its own 分值 stays)
        const value = mine ?? (seen(questionId) || !kept || (anew && kept.points === points) ? each : kept.points);
        return { questionId, points: value };
      }),
    });
  return (
    <>
      <Space wrap>
        {t('console.paper.eachPoints')}
        <InputNumber
          step={0.5}
          value={points}
          status={pointsProblem(points) ? 'error' : undefined}
          onChange={(v) => set(ids, v ?? points, true)}
          data-testid="paper-each-points"
        />
        <span className="console-hint">{t('console.paper.picked', { count: ids.length })}</span>
        <Problem text={pointsProblem(points)} />
      </Space>
      {/* a large bank: the question wanted found by words of its stem (those picked stay picked) */}
      <SearchBox
        allowClear
        placeholder={t('console.bank.searchStem')}
        maxLength={40}
        onSearch={(v) => {
          setQ(v.trim());
          setCurrent(1);
        }}
        style={{ width: 260, margin: '12px 0 8px', display: 'block' }}
        data-testid="paper-search"
      />
      <Table<BankQuestion>
        rowKey="id"
        size="small"
        loading={page.isPending}
        dataSource={page.data?.records ?? []}
        pagination={tablePager(t, { pageSize: 20, current, total: page.data?.total, onChange: setCurrent })}
        rowSelection={{
          selectedRowKeys: ids,
          preserveSelectedRowKeys: true,
          onChange: (keys) => set(keys.map(String)),
        }}
        columns={[
          {
            title: t('console.bank.kindTitle'),
            dataIndex: 'kind',
            width: 80,
            render: (k: QuestionKind) => t(`console.bank.kind.${k}`),
          },
          { title: t('console.bank.stem'), dataIndex: 'stem' },
          {
            title: t('console.bank.points'),
            dataIndex: 'points',
            width: 70,
            render: (p: number | null) => p ?? '—',
          },
        ]}
      />
    </>
  );
}

/** One course's paper: the rules in a form, what stops them, a sample paper. */
export function CoursePaper({
  classId,
  classCourseId,
  bookId,
}: {
  classId: string;
  classCourseId: string;
  bookId: string;
}) {
  const { t } = useTranslation();
  const setup = usePaperSetup(classId, classCourseId);
  const [rules, setRules] = useState<PaperRules>();
  const [shown, setShown] = useState<PaperSetup>();
  const [preview, setPreview] = useState(false);
  useEffect(() => {
    if (setup.data) {
      setShown(setup.data);
      setRules(setup.data.effective);
    }
  }, [setup.data]);
  if (!rules || !shown) return <Skeleton active />;
  const total = totalOf(rules);
  const save = (next: PaperRules | null) =>
    void savePaper(classId, classCourseId, next).then(
      (answer) => {
        setShown(answer);
        setRules(answer.effective);
        notifySuccess(t('console.saved'));
      },
      () => undefined,
    );
  const kindRow = (k: QuestionKind, r: RandomRules) => {
    const pointsWrong = kindPointsProblem(r.kinds[k]);
    return (
      <Space key={k} className="paper-kind" wrap>
        <span className="paper-kind-name">{t(`console.bank.kind.${k}`)}</span>
        <InputNumber
          precision={0}
          status={countProblem(r.kinds[k].count) ? 'error' : undefined}
          value={r.kinds[k].count}
          addonAfter={t('console.paper.questionsUnit')}
          onChange={(v) => setRules({ ...r, kinds: { ...r.kinds, [k]: { ...r.kinds[k], count: v ?? 0 } } })}
          data-testid={`paper-count-${k}`}
        />
        <InputNumber
          step={0.5}
          status={pointsWrong ? 'error' : undefined}
          value={r.kinds[k].points}
          addonAfter={t('console.paper.pointsUnit')}
          onChange={(v) => setRules({ ...r, kinds: { ...r.kinds, [k]: { ...r.kinds[k], points: v ?? 0.5 } } })}
          data-testid={`paper-points-${k}`}
        />
        <span className="console-hint">= {r.kinds[k].count * r.kinds[k].points}</span>
        <Problem text={countProblem(r.kinds[k].count) ?? pointsWrong} />
      </Space>
    );
  };
  // the default plan on a short bank draws a paper all the same: said as a shortage, not a refusal
  const problemsTitle =
    shown.rules === null && shown.sample.length > 0 ? t('console.paper.shortBank') : t('console.paper.problems');
  // the saved rules' problems are about those rules: not told beside other rules being typed
  const edited = JSON.stringify(rules) !== JSON.stringify(shown.effective);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="paper-setup">
      <Space wrap>
        <Radio.Group
          value={rules.mode}
          onChange={(e) =>
            setRules(
              e.target.value === 'fixed'
                ? { mode: 'fixed', questions: [], shuffleOptions: rules.shuffleOptions }
                : {
                    ...(shown.effective.mode === 'random' ? shown.effective : EMPTY_RANDOM),
                    shuffleOptions: rules.shuffleOptions,
                  },
            )
          }
          optionType="button"
          options={[
            { value: 'random', label: t('console.paper.random') },
            { value: 'fixed', label: t('console.paper.fixed') },
          ]}
        />
        <Checkbox
          checked={rules.shuffleOptions}
          onChange={(e) => setRules({ ...rules, shuffleOptions: e.target.checked })}
        >
          {t('console.paper.shuffle')}
        </Checkbox>
        {shown.rules === null && <Tag>{t('console.paper.isDefault')}</Tag>}
      </Space>
      {rules.mode === 'random' ? (
        KINDS.map((k) => kindRow(k, rules))
      ) : (
        <FixedPicker bookId={bookId} rules={rules} onChange={setRules} />
      )}
      <div
        className={total === shown.classTotal ? 'paper-total' : 'paper-total paper-total-off'}
        data-testid="paper-total"
      >
        {t('console.paper.total', { total, classTotal: shown.classTotal })}
      </div>
      {shown.problems.length > 0 &&
        (edited ? (
          <span className="console-hint" data-testid="paper-unsaved">
            {t('console.paper.unsaved')}
          </span>
        ) : (
          <Alert type="warning" showIcon message={problemsTitle} description={shown.problems.join('；')} />
        ))}
      <Space wrap>
        <Button
          type="primary"
          disabled={Boolean(rulesProblem(rules))}
          onClick={() => save(rules)}
          data-testid="paper-save"
        >
          {t('console.saveShort')}
        </Button>
        <Button onClick={() => setPreview(true)} data-testid="paper-preview">
          {t('console.paper.preview')}
        </Button>
        <Button onClick={() => save(null)}>{t('console.paper.useDefault')}</Button>
      </Space>
      <Modal
        open={preview}
        width={760}
        footer={null}
        title={t('console.paper.previewTitle', { total: shown.total })}
        onCancel={() => setPreview(false)}
      >
        {shown.problems.length > 0 && (
          <Alert type="warning" showIcon message={problemsTitle} description={shown.problems.join('；')} />
        )}
        <List
          size="small"
          dataSource={shown.sample}
          data-testid="paper-sample"
          renderItem={(q, i) => (
            <List.Item>
              <div>
                <div>
                  {i + 1}. <Tag>{t(`console.bank.kind.${q.kind}`)}</Tag>
                  {q.stem} <span className="console-hint">{t('console.paper.pointsOf', { points: q.points })}</span>
                </div>
                {q.options.map((o, j) => (
                  <div key={j} className="console-hint">
                    {LETTERS[j]}. {o}
                  </div>
                ))}
                <div className="paper-key">{t('console.paper.key', { answer: q.answer })}</div>
              </div>
            </List.Item>
          )}
        />
      </Modal>
    </Space>
  );
}

/** 试卷设置 of a class: a tab per course. */
export function PaperDrawer({ cls, onClose }: { cls: ManagedClass; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open
      size="min(820px, 100vw)"
      title={t('console.paper.title', { name: cls.name })}
      onClose={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('console.paper.hint')} style={{ marginBottom: 12 }} />
      <Tabs
        items={cls.courses.map((c) => ({
          key: c.trainClassCourseId,
          label: c.name,
          children: <CoursePaper classId={cls.id} classCourseId={c.trainClassCourseId} bookId={c.bookId} />,
        }))}
      />
    </Drawer>
  );
}
