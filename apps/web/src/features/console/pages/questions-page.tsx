import { PictureOutlined } from '@ant-design/icons';
import '../locales/console-texts';
import '../console.css';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Modal, Popconfirm, Result, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import {
  consoleKeys,
  importQuestions,
  retireQuestion,
  useBankBooks,
  useBankQuestions,
  type BankQuestion,
  type QuestionImportResult,
} from '../api/console-api';
import { FileButton } from '../components/file-button';
import { QuestionDialog } from '../components/question-dialog';
import { SearchBox } from '../components/search-box';
import { SheetErrors } from '../components/sheet-errors';
import { tablePager } from '../components/table-pager';

const KINDS = ['single', 'multiple', 'judge', 'fill'] as const;
const LETTERS = 'ABCDEFGH';

/** 题库: each course book's questions — imported from Excel (all or nothing), exported, retired. */
export default function QuestionsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const books = useBankBooks();
  const [chosen, setChosen] = useState<string | undefined>();
  const bookId = chosen ?? books.data?.[0]?.courseBookId;
  const book = books.data?.find((b) => b.courseBookId === bookId);
  const [kind, setKind] = useState<string | undefined>();
  const [q, setQ] = useState('');
  const [current, setCurrent] = useState(1);
  const questions = useBankQuestions(bookId, { kind, q: q || undefined, current });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<(QuestionImportResult & { sheetName: string }) | undefined>();
  /** the question in the form; null: a new one; undefined: no form */
  const [editing, setEditing] = useState<BankQuestion | null | undefined>();
  const refresh = () => void client.invalidateQueries({ queryKey: consoleKeys.all });

  /** a sheet chosen, waiting for the manager to confirm the bank it goes into */
  const [picked, setPicked] = useState<File | undefined>();
  const upload = async (file: File) => {
    if (!bookId) return;
    setBusy(true);
    try {
      const answer = await importQuestions(bookId, file);
      setResult({ ...answer, sheetName: file.name });
      if (answer.errors.length === 0) refresh();
    } catch {
      // the error toast says why
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page console-page" data-testid="questions-page">
      <h1>{t('console.questions')}</h1>
      <Card size="small">
        <Space wrap className="console-toolbar">
          <Select
            aria-label={t('console.bank.chooseBook')}
            style={{ width: 260 }}
            value={bookId}
            loading={books.isPending}
            placeholder={t('console.bank.chooseBook')}
            onChange={(v) => {
              setChosen(v);
              setQ('');
              setCurrent(1);
            }}
            options={(books.data ?? []).map((b) => ({
              value: b.courseBookId,
              label: t('console.bank.bookOption', { name: b.name, count: b.questionCount }),
            }))}
            data-testid="bank-book"
          />
          <Select
            aria-label={t('console.bank.allKinds')}
            allowClear
            style={{ width: 120 }}
            placeholder={t('console.bank.allKinds')}
            value={kind}
            onChange={(v) => {
              setKind(v);
              setCurrent(1);
            }}
            options={KINDS.map((k) => ({ value: k, label: t(`console.bank.kind.${k}`) }))}
          />
          <SearchBox
            key={bookId}
            allowClear
            placeholder={t('console.bank.searchStem')}
            maxLength={40}
            onSearch={(v) => {
              setQ(v.trim());
              setCurrent(1);
            }}
            style={{ width: 220 }}
            data-testid="bank-search"
          />
          <Button type="primary" disabled={!bookId} onClick={() => setEditing(null)} data-testid="bank-new">
            {t('console.bank.new')}
          </Button>
          <FileButton
            loading={busy}
            disabled={!bookId}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            testId="bank-import-file"
            onFile={setPicked}
          >
            {t('console.bank.import')}
          </FileButton>
          <Button onClick={() => void downloadFile('/api/manage/questions/import-template', '试题导入模板.xlsx')}>
            {t('console.bank.template')}
          </Button>
          <Button
            disabled={!bookId}
            onClick={() =>
              void downloadFile(
                `/api/manage/question-books/${bookId}/questions/export`,
                `${book?.name ?? ''}-题库.xlsx`,
              )
            }
          >
            {t('console.bank.export')}
          </Button>
        </Space>
        <Table<BankQuestion>
          rowKey="id"
          size="small"
          loading={questions.isPending && Boolean(bookId)}
          dataSource={questions.data?.records ?? []}
          scroll={{ x: 900 }}
          data-testid="bank-table"
          // an empty bank says what to do next, not only 暂无数据
          locale={
            books.isSuccess && !bookId
              ? { emptyText: t('console.bank.noBooks') }
              : questions.isSuccess && !kind && !q
                ? { emptyText: t('console.bank.noQuestions') }
                : undefined
          }
          pagination={tablePager(t, { pageSize: 20, current, total: questions.data?.total, onChange: setCurrent })}
          expandable={{
            // the expand buttons' column is named for a screen reader
            columnTitle: <span className="visually-hidden">{t('console.bank.detailTitle')}</span>,
            expandedRowRender: (q) => (
              <div className="bank-detail">
                {q.options.map((o, i) => (
                  <div key={i}>
                    {LETTERS[i]}. {o}
                  </div>
                ))}
                {q.analysis && <p>{t('console.bank.analysis', { text: q.analysis })}</p>}
              </div>
            ),
          }}
          columns={[
            {
              title: t('console.bank.kindTitle'),
              dataIndex: 'kind',
              width: 90,
              render: (k: BankQuestion['kind']) => <Tag>{t(`console.bank.kind.${k}`)}</Tag>,
            },
            {
              title: t('console.bank.stem'),
              dataIndex: 'stem',
              render: (stem: string, q: BankQuestion) => (
                <>
                  {stem}
                  {q.imageUrl && <PictureOutlined className="stem-image-mark" aria-label={t('console.bank.image')} />}
                </>
              ),
            },
            { title: t('console.bank.answer'), dataIndex: 'answer', width: 140 },
            {
              title: t('console.bank.points'),
              dataIndex: 'points',
              width: 70,
              render: (p: number | null) => p ?? '—',
            },
            {
              title: t('console.bank.difficulty'),
              dataIndex: 'difficulty',
              width: 70,
              render: (d: BankQuestion['difficulty']) => t(`console.bank.level.${d}`),
            },
            {
              title: t('console.actions'),
              key: 'retire',
              width: 120,
              fixed: 'right',
              render: (_: unknown, q: BankQuestion) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing(q)}>
                    {t('console.edit')}
                  </Button>
                  <Popconfirm
                    title={t('console.bank.retireConfirm')}
                    onConfirm={() =>
                      retireQuestion(q.id)
                        .then(() => {
                          notifySuccess(t('console.saved'));
                          refresh();
                        })
                        .catch(() => undefined)
                    }
                  >
                    <Button type="link" size="small" danger>
                      {t('console.bank.retire')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editing !== undefined && bookId && (
        <QuestionDialog
          bookId={bookId}
          question={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            refresh();
          }}
        />
      )}
      <Modal
        open={picked !== undefined}
        title={t('console.bank.importTitle')}
        okText={t('console.bank.importOk')}
        onOk={() => {
          if (picked) void upload(picked);
          setPicked(undefined);
        }}
        onCancel={() => setPicked(undefined)}
        data-testid="bank-import-confirm"
      >
        {/* the bank is the one the picker shows: said by name, so a sheet does not go into the wrong course */}
        {t('console.bank.importInto', {
          file: picked?.name ?? '',
          name: (books.data ?? []).find((b) => b.courseBookId === bookId)?.name ?? '',
        })}
      </Modal>
      <Modal
        open={result !== undefined}
        title={t('console.bank.import')}
        footer={null}
        width={720}
        onCancel={() => setResult(undefined)}
      >
        {result && result.errors.length === 0 && (
          <Result status="success" title={t('console.bank.imported', { count: result.created })} />
        )}
        {result && result.errors.length > 0 && (
          <SheetErrors
            errors={result.errors}
            headline={t('console.bank.importFailed', { count: result.errors.length })}
            nameTitle={t('console.bank.stem')}
            sheetName={result.sheetName}
          />
        )}
      </Modal>
    </section>
  );
}
