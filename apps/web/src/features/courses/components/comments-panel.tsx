import { COMMENT_MAX_LENGTH } from '@anxun/shared/schemas/online';
import { Alert, Button, Empty, Input, List, Pagination, Popconfirm, Rate } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useComments, useDeleteComment, useSubmitComment, type Comment } from '../api/online-api';

/** The learner's own comment: write it, or change it (one per course). */
function CommentForm({ bookId, mine }: { bookId: string; mine: Comment | undefined }) {
  const { t } = useTranslation();
  const [rating, setRating] = useState(mine?.rating ?? 5);
  const [content, setContent] = useState(mine?.content ?? '');
  const submit = useSubmitComment();
  return (
    <form
      className="post-form"
      data-testid="comment-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit.mutate(
          { courseBookId: bookId, rating, content: content.trim() },
          { onSuccess: () => notifySuccess(t('online.commentSaved')) },
        );
      }}
    >
      <div>
        {t('online.yourRating')} <Rate value={rating} onChange={(v) => setRating(v || 1)} />
      </div>
      <Input.TextArea
        value={content}
        onChange={(e) => setContent(e.target.value)}
        maxLength={COMMENT_MAX_LENGTH}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('online.commentPlaceholder')}
      />
      <Button type="primary" htmlType="submit" loading={submit.isPending} disabled={!content.trim()}>
        {mine ? t('online.updateComment') : t('online.submitComment')}
      </Button>
    </form>
  );
}

/** 课程评价: the average rating, the comments (text shown as text), and the learner's own. */
export function CommentsPanel({ bookId, canPost }: { bookId: string; canPost: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isPending } = useComments(bookId, page);
  const remove = useDeleteComment();
  const mine = data?.records.find((c) => c.mine);
  return (
    <div className="online-panel" data-testid="comments-panel">
      <div className="rating-summary">
        <Rate disabled allowHalf value={data?.averageRating ?? 0} />
        <span>
          {data?.averageRating ?? 0} · {t('online.commentCount', { count: data?.total ?? 0 })}
        </span>
      </div>
      {canPost ? (
        <CommentForm key={mine?.id ?? 'new'} bookId={bookId} mine={mine} />
      ) : (
        <Alert type="info" showIcon message={t('online.studyToComment')} />
      )}
      <List
        loading={isPending}
        dataSource={data?.records ?? []}
        locale={{ emptyText: <Empty description={t('online.noComments')} /> }}
        renderItem={(c) => (
          <List.Item
            data-testid="comment-item"
            actions={
              c.mine
                ? [
                    <Popconfirm
                      key="delete"
                      title={t('online.confirmDelete')}
                      onConfirm={() => remove.mutate(c.id)}
                      okText={t('common.confirm')}
                      cancelText={t('common.cancel')}
                    >
                      <Button type="link" size="small">
                        {t('online.delete')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <List.Item.Meta
              title={
                <span className="post-head">
                  <strong>{c.authorName}</strong>
                  {c.mine && <span className="post-mine">{t('online.me')}</span>}
                  <Rate disabled value={c.rating} className="post-rate" />
                  <small>{formatDateTime(c.updatedAt)}</small>
                </span>
              }
              description={<p className="post-text">{c.content}</p>}
            />
          </List.Item>
        )}
      />
      {(data?.total ?? 0) > 10 && <Pagination current={page} total={data?.total ?? 0} onChange={setPage} />}
    </div>
  );
}
