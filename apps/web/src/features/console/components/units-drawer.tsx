import { WsCode } from '@anxun/shared/constants';
import type { JobProgressMessage } from '@anxun/shared/schemas/courseware';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  FilePdfOutlined,
  HolderOutlined,
  PlayCircleOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Drawer,
  Empty,
  Modal,
  Pagination,
  Popconfirm,
  Progress,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatClock } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { onRealtimeMessage } from '../../../lib/realtime';
import {
  consoleKeys,
  deleteUnit,
  dismissUpload,
  orderUnits,
  renameUnit,
  retryUpload,
  unitPlayUrl,
  useBookUnits,
  type BookUnits,
  type ManagedBook,
  type ManagedUnit,
} from '../api/console-api';
import { startResumableUpload, type UploadHandle } from '../lib/resumable-upload';

const PdfPage = lazy(withChunkTimeout(() => import('../../../components/pdf-page')));

/** A document unit's pages, one at a time (a PDF in a <video> had shown nothing). */
function DocumentPreview({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pages, setPages] = useState(0);
  return (
    <div className="unit-document-preview" data-testid="unit-document-preview">
      <Suspense fallback={<Spin />}>
        <PdfPage
          data={url}
          page={page}
          onPageCount={setPages}
          label={t('console.units.pageOf', { title, page, pages })}
          failedText={t('console.units.previewFailed')}
        />
      </Suspense>
      {pages > 1 && (
        <Pagination
          simple
          current={page}
          total={pages}
          pageSize={1}
          onChange={setPage}
          itemRender={namedPagerItems(t)}
          className="unit-preview-pager"
        />
      )}
    </div>
  );
}
import { FileButton } from './file-button';
import { withChunkTimeout } from '../../../lib/chunk-timeout';
import { namedPagerItems } from './table-pager';

const VIDEO_ACCEPT = 'video/*,.mp4,.m4v,.mov,.avi,.mkv,.wmv,.flv,.webm,.mpg,.mpeg,.3gp,.ts,.pdf,application/pdf';
const OFFICE_ACCEPT = ',.ppt,.pptx,.doc,.docx,.odp,.odt';

interface Sending {
  key: string;
  name: string;
  percent: number;
  error?: string;
  handle?: UploadHandle;
}

const mb = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${Number((bytes / 1024 ** 3).toFixed(1))} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;

/** 课件 of one course book: upload videos (resumable), watch them be processed, order, rename, remove. */
export function UnitsDrawer({ book, onClose }: { book: ManagedBook | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const bookId = book?.courseBookId;
  const units = useBookUnits(bookId);
  const [sending, setSending] = useState<Sending[]>([]);
  const [preview, setPreview] = useState<{ title: string; url: string; poster: string | null; document: boolean }>();
  const dragged = useRef<number | undefined>(undefined);
  const key = consoleKeys.units(bookId ?? '');
  const show = (data: BookUnits) => {
    client.setQueryData(key, data);
    void client.invalidateQueries({ queryKey: ['console', 'own-books'] });
  };

  // a job's progress comes over the websocket: the percent in place, a finished job refetched
  useEffect(
    () =>
      onRealtimeMessage((message) => {
        if (message.code !== WsCode.JOB_PROGRESS) return;
        const job = message.data as JobProgressMessage;
        if (!bookId || job.subjectId !== bookId) return;
        if (job.status === 'running') {
          client.setQueryData<BookUnits>(
            key,
            (old) =>
              old && {
                ...old,
                uploads: old.uploads.map((u) =>
                  u.jobId === job.jobId ? { ...u, status: job.status, percent: job.percent } : u,
                ),
              },
          );
        } else {
          void client.invalidateQueries({ queryKey: key });
          void client.invalidateQueries({ queryKey: ['console', 'own-books'] });
        }
      }),
    [bookId, client],
  );

  const patch = (k: string, change: Partial<Sending>) =>
    setSending((all) => all.map((s) => (s.key === k ? { ...s, ...change } : s)));
  const send = (file: File) => {
    if (!bookId) return;
    const max = units.data?.maxUploadBytes;
    if (max && file.size > max) {
      notifyError(t('console.units.tooBig', { size: mb(max) }));
      return;
    }
    const k = `${file.name}:${file.size}:${Date.now()}`;
    setSending((all) => [...all, { key: k, name: file.name, percent: 0 }]);
    void startResumableUpload(file, bookId, {
      onProgress: (sent, total) => patch(k, { percent: total ? Math.floor((sent / total) * 100) : 0 }),
      onDone: () => {
        setSending((all) => all.filter((s) => s.key !== k));
        notifySuccess(t('console.units.uploaded', { name: file.name }));
        void client.invalidateQueries({ queryKey: key });
      },
      onError: (message) => patch(k, { error: message }),
    }).then((handle) => patch(k, { handle }));
  };

  const move = (from: number, to: number) => {
    const list = units.data?.units ?? [];
    if (to < 0 || to >= list.length || from === to) return;
    const ids = list.map((u) => u.warpId);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id!);
    void orderUnits(bookId!, ids).then(show, () => undefined);
  };
  const open = (u: ManagedUnit) =>
    void unitPlayUrl(u.warpId).then(
      (r) =>
        r.playUrl &&
        setPreview({ title: u.title, url: r.playUrl, poster: u.posterUrl, document: u.kind === 'document' }),
      () => undefined,
    );

  const list = units.data?.units ?? [];
  const uploads = units.data?.uploads ?? [];
  return (
    <Drawer
      open={Boolean(book)}
      onClose={onClose}
      title={book ? t('console.units.title', { name: book.name }) : ''}
      size="min(760px, 100vw)"
      destroyOnHidden
      data-testid="units-drawer"
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Space wrap>
          <FileButton
            type="primary"
            accept={VIDEO_ACCEPT + (units.data?.acceptsOffice ? OFFICE_ACCEPT : '')}
            onFile={send}
            testId="unit-upload"
            multiple
          >
            {t('console.units.upload')}
          </FileButton>
          <span className="console-hint">
            {t('console.units.hint', { size: mb(units.data?.maxUploadBytes ?? 2 * 1024 ** 3) })}
          </span>
        </Space>

        {sending.map((s) => (
          <div key={s.key} className="unit-sending" data-testid="unit-sending">
            <Typography.Text ellipsis>{s.name}</Typography.Text>
            {s.error ? (
              <Alert type="error" showIcon message={s.error} />
            ) : (
              <Progress percent={s.percent} size="small" status="active" />
            )}
            <Button
              size="small"
              type="link"
              onClick={() => {
                s.handle?.abort();
                setSending((all) => all.filter((x) => x.key !== s.key));
              }}
            >
              {s.error ? t('console.units.dismiss') : t('console.cancel')}
            </Button>
          </div>
        ))}

        {uploads.map((u) => (
          <div key={u.jobId} className="unit-job" data-testid="unit-job">
            <Typography.Text ellipsis>{u.fileName}</Typography.Text>
            <Tag color={u.status === 'failed' ? 'error' : 'processing'}>{t(`console.units.job.${u.status}`)}</Tag>
            {u.status === 'running' && <Progress percent={Math.floor(u.percent)} size="small" />}
            {u.error && <Typography.Text type="danger">{u.error}</Typography.Text>}
            {u.status === 'failed' && (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => void retryUpload(u.jobId).then(show, () => undefined)}>
                  {t('console.units.retry')}
                </Button>
                <Button
                  size="small"
                  type="link"
                  danger
                  onClick={() => void dismissUpload(u.jobId).then(show, () => undefined)}
                >
                  {t('console.delete')}
                </Button>
              </Space>
            )}
          </div>
        ))}

        {list.length === 0 && !units.isPending ? (
          <Empty description={t('console.units.none')} />
        ) : (
          <ol className="unit-list" data-testid="unit-list">
            {list.map((u, i) => (
              <li
                key={u.warpId}
                className="unit-row"
                draggable
                onDragStart={() => {
                  dragged.current = i;
                }}
                onDragOver={(e) => e.preventDefault()}
                onDrop={() => {
                  if (dragged.current !== undefined) move(dragged.current, i);
                  dragged.current = undefined;
                }}
                data-testid="unit-row"
              >
                <HolderOutlined className="unit-handle" aria-hidden />
                {u.posterUrl ? (
                  <img className="unit-poster" src={u.posterUrl} alt="" />
                ) : (
                  <span className="unit-poster">{u.kind === 'document' && <FilePdfOutlined />}</span>
                )}
                <div className="unit-main">
                  <Typography.Text
                    editable={{
                      maxLength: 100,
                      triggerType: ['icon'],
                      onChange: (title) => {
                        const next = title.trim();
                        if (next && next !== u.title) void renameUnit(u.warpId, next).then(show, () => undefined);
                      },
                    }}
                  >
                    {u.title}
                  </Typography.Text>
                  <span className="console-hint">
                    {u.kind === 'document' && u.pageCount
                      ? t('console.units.pages', { count: u.pageCount })
                      : formatClock(u.durationSeconds)}
                    {u.studiedBy > 0 && ` · ${t('console.units.studiedBy', { count: u.studiedBy })}`}
                  </span>
                </div>
                <Space size={0}>
                  <Button
                    size="small"
                    type="text"
                    icon={<PlayCircleOutlined />}
                    onClick={() => open(u)}
                    aria-label={t('console.units.preview')}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                    aria-label={t('console.units.up')}
                  />
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={i === list.length - 1}
                    onClick={() => move(i, i + 1)}
                    aria-label={t('console.units.down')}
                  />
                  <Popconfirm
                    title={t('console.units.deleteConfirm', { title: u.title })}
                    onConfirm={() => deleteUnit(u.warpId).then(show, () => undefined)}
                  >
                    <Button size="small" type="link" danger disabled={u.studiedBy > 0}>
                      {t('console.delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              </li>
            ))}
          </ol>
        )}
      </Space>
      <Modal
        open={Boolean(preview)}
        title={preview?.title}
        footer={null}
        onCancel={() => setPreview(undefined)}
        destroyOnHidden
        width={720}
      >
        {preview?.document ? (
          <DocumentPreview url={preview.url} title={preview.title} />
        ) : (
          preview && (
            <video className="unit-preview" src={preview.url} poster={preview.poster ?? undefined} controls autoPlay />
          )
        )}
      </Modal>
    </Drawer>
  );
}
