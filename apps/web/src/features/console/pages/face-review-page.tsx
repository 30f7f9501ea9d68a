import '../locales/console-texts';
import '../console.css';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Image, Input, List, Modal, Pagination, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { reviewFaceCheck, useFaceReview, type FaceReviewItem } from '../api/face-review-api';
import { namedPagerItems } from '../components/table-pager';

const STATUS_COLOR = { pending: 'warning', failed: 'error', passed: 'success' } as const;

type Attempt = FaceReviewItem['attempts'][number];
/**
 * A check's attempts as tiles: refused ones in a row for the same reason from the same device, with no photo kept
 * (a phone sending the same frame again and again: 14 tiles of 与已有照片相同), are one tile
 * with their count and the last one's time.
 */
function tilesOf(attempts: Attempt[]): Array<{ a: Attempt; count: number; lastAt: string }> {
  const tiles: Array<{ a: Attempt; count: number; lastAt: string }> = [];
  for (const a of attempts) {
    const prev = tiles.at(-1);
    // the same device and address too: a change of either is evidence (another person's phone)
    const same = (x: Attempt) =>
      x.result === 'rejected' && !x.photoUrl && x.reason === a.reason && x.ip === a.ip && x.device === a.device;
    if (prev && same(prev.a) && same(a)) {
      prev.count++;
      prev.lastAt = a.at;
    } else tiles.push({ a, count: 1, lastAt: a.at });
  }
  return tiles;
}

/** 核验审核: a doubtful face check beside the reference photo — confirmed, or voided with its credit. */
export default function FaceReviewPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [state, setState] = useState<'waiting' | 'reviewed'>('waiting');
  const [current, setCurrent] = useState(1);
  const [deciding, setDeciding] = useState<{ item: FaceReviewItem; decision: 'confirm' | 'void' }>();
  const [form] = Form.useForm<{ reason?: string }>();
  // a link from the face-check records sheet opens one check
  const [params, setParams] = useSearchParams();
  const check = params.get('check') ?? undefined;
  const queue = useFaceReview(state, current, check);

  const submit = ({ reason }: { reason?: string }) => {
    if (!deciding) return;
    void reviewFaceCheck(deciding.item.checkId, deciding.decision, reason?.trim() ?? '')
      .then((r) => {
        notifySuccess(
          r.decision === 'voided'
            ? t('console.faceReview.voided', { time: formatDuration(r.voidedSeconds) }) +
                (r.examsVoided > 0 ? t('console.faceReview.examsVoided', { count: r.examsVoided }) : '') +
                (r.certificateWithdrawn
                  ? t('console.faceReview.certificateWithdrawn', { number: r.certificateWithdrawn })
                  : '')
            : t('console.saved'),
        );
        setDeciding(undefined);
        void client.invalidateQueries({ queryKey: ['console'] });
      })
      .catch(() => undefined);
  };

  const items = queue.data?.records ?? [];
  const list = (
    <>
      <List<FaceReviewItem>
        loading={queue.isPending}
        dataSource={items}
        // the one empty state: its own words, not the list's 暂无数据 beneath them
        locale={{
          emptyText: (
            <Empty
              description={t(
                state === 'reviewed' && !check ? 'console.faceReview.noneReviewed' : 'console.faceReview.none',
              )}
            />
          ),
        }}
        renderItem={(item) => (
          <Card size="small" className="face-review-item" data-testid="face-review-item">
            <Space wrap align="start" size="large">
              <div className="face-review-photo">
                {item.referenceUrl ? (
                  <Image src={item.referenceUrl} width={112} height={112} alt="" />
                ) : (
                  <div className="face-review-missing">—</div>
                )}
                <div className="console-hint">{t('console.faceReview.reference')}</div>
              </div>
              {tilesOf(item.attempts).map(({ a, count, lastAt }) => (
                <div key={a.attemptId} className="face-review-photo">
                  {a.photoUrl ? (
                    <Image src={a.photoUrl} width={112} height={112} alt="" />
                  ) : (
                    <div className="face-review-missing">
                      {t(a.result === 'rejected' ? 'console.faceReview.notKept' : 'console.faceReview.purged')}
                    </div>
                  )}
                  <div className="console-hint">
                    {a.score === null ? '—' : a.score.toFixed(3)} ·{' '}
                    <span className="nowrap">{formatDateTime(a.at)}</span>
                  </div>
                  {(a.realScore !== null || a.liveScore !== null) && (
                    <div className="console-hint">
                      {t('console.faceReview.spoofScores', {
                        real: a.realScore?.toFixed(2) ?? '—',
                        live: a.liveScore?.toFixed(2) ?? '—',
                      })}
                    </div>
                  )}
                  {a.reason && a.result === 'rejected' && (
                    <div className="console-hint">
                      {t(`console.faceReview.refused.${a.reason}`, { defaultValue: a.reason })}
                    </div>
                  )}
                  {count > 1 && (
                    <div className="console-hint" data-testid="face-review-repeats">
                      {t('console.faceReview.repeats', { count, last: formatDateTime(lastAt) })}
                    </div>
                  )}
                  <div className="console-hint face-review-device" title={a.device ?? ''}>
                    {a.ip ?? '—'} · {a.deviceName ?? a.device ?? '—'}
                  </div>
                </div>
              ))}
              <div className="face-review-facts">
                <p>
                  <strong>{item.name}</strong> · {item.className}
                </p>
                {(item.idCard || item.departmentName) && (
                  // which of two learners of one name: the void takes back his credit
                  <p className="console-hint" data-testid="face-review-who">
                    {[item.idCard, item.departmentName].filter(Boolean).join(' · ')}
                  </p>
                )}
                <p>
                  {t(`console.reports.checkKind.${item.kind}`)}
                  {t('console.faceReview.check')}{' '}
                  <Tag color={STATUS_COLOR[item.status]}>{t(`console.reports.checkStatus.${item.status}`)}</Tag>
                  {t('console.reports.score')} {item.bestScore === null ? '—' : item.bestScore.toFixed(3)}
                </p>
                {item.flags.length > 0 && (
                  <p data-testid="face-review-flags">
                    {item.flags.map((flag) => (
                      <Tag key={flag} color="warning" title={t(`console.faceReview.flagHint.${flag}`)}>
                        {t(`console.faceReview.flag.${flag}`)}
                      </Tag>
                    ))}
                  </p>
                )}
                <p className="console-hint">
                  {formatDateTime(item.passedAt ?? item.dueAt)}
                  {item.unitTitle ? ` · ${item.unitTitle}` : ''}
                </p>
                {item.review ? (
                  <>
                    <p data-testid="face-review-decision">
                      <Tag color={item.review.decision === 'voided' ? 'error' : 'success'}>
                        {t(`console.faceReview.decision.${item.review.decision}`)}
                      </Tag>
                      {item.review.reason}
                      {item.review.decision === 'voided' &&
                        ` · ${t('console.faceReview.voidedTime', { time: formatDuration(item.review.voidedSeconds) })}` +
                          (item.review.examsVoided > 0
                            ? ` · ${t('console.faceReview.examsVoidedShort', { count: item.review.examsVoided })}`
                            : '')}
                    </p>
                    <p className="console-hint" data-testid="face-review-by">
                      {t('console.faceReview.by', {
                        name: item.review.reviewerName ?? '—',
                        time: formatDateTime(item.review.reviewedAt),
                      })}
                    </p>
                  </>
                ) : (
                  <Space>
                    {item.confirmable && (
                      <Button size="small" onClick={() => setDeciding({ item, decision: 'confirm' })}>
                        {/* what is confirmed: a doubtful pass was him; a failure stands as a failure */}
                        {t(
                          item.status === 'failed' ? 'console.faceReview.confirmFailed' : 'console.faceReview.confirm',
                        )}
                      </Button>
                    )}
                    {item.status === 'passed' && (
                      <Button
                        size="small"
                        danger
                        onClick={() => setDeciding({ item, decision: 'void' })}
                        data-testid="face-review-void"
                      >
                        {t('console.faceReview.void')}
                      </Button>
                    )}
                  </Space>
                )}
              </div>
            </Space>
          </Card>
        )}
      />
      <Pagination
        className="face-review-pages"
        current={current}
        pageSize={10}
        total={queue.data?.total ?? 0}
        onChange={setCurrent}
        itemRender={namedPagerItems(t)}
        hideOnSinglePage
      />
    </>
  );

  return (
    <section className="page console-page" data-testid="face-review-page">
      <h1>{t('route.manageFaceReview')}</h1>
      <p className="console-hint">{t('console.faceReview.hint')}</p>
      {check ? (
        <>
          <Space className="console-toolbar" data-testid="face-review-one">
            <span>{t('console.faceReview.one')}</span>
            <Button size="small" onClick={() => setParams({})}>
              {t('console.faceReview.backToQueue')}
            </Button>
          </Space>
          {list}
        </>
      ) : (
        <Tabs
          activeKey={state}
          onChange={(k) => {
            setState(k as 'waiting' | 'reviewed');
            setCurrent(1);
          }}
          items={[
            // one list, shown in the tab that asked for it
            { key: 'waiting', label: t('console.faceReview.waiting'), children: state === 'waiting' && list },
            { key: 'reviewed', label: t('console.faceReview.reviewed'), children: state === 'reviewed' && list },
          ]}
        />
      )}
      <Modal
        open={Boolean(deciding)}
        title={
          deciding &&
          t(deciding.decision === 'void' ? 'console.faceReview.voidTitle' : 'console.faceReview.confirmTitle', {
            name: deciding.item.name,
          })
        }
        onCancel={() => setDeciding(undefined)}
        onOk={() => form.submit()}
        okButtonProps={{ danger: deciding?.decision === 'void' }}
        destroyOnHidden
      >
        {deciding?.decision === 'void' && <p className="report-alert">{t('console.faceReview.voidHint')}</p>}
        <Form name="faceReview" form={form} layout="vertical" preserve={false} clearOnDestroy onFinish={submit}>
          <Form.Item
            name="reason"
            label={t(deciding?.decision === 'void' ? 'console.faceReview.voidReason' : 'console.faceReview.reason')}
            // a void's reason is what the learner is told; a confirmation may go without a word
            rules={[{ required: deciding?.decision === 'void', whitespace: true }]}
          >
            <Input.TextArea rows={2} maxLength={200} data-testid="face-review-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
