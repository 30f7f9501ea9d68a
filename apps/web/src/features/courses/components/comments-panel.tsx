import { COMMENT_MAX_LENGTH } from '@anxun/shared/constants';
import { useState } from 'react';
import { LightPagination } from '../../../components/light-pagination';
import { PlainNotice } from '../../../components/plain-notice';
import { PlainTextarea } from '../../../components/plain-textarea';
import { Stars } from '../../../components/stars';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { useComments, useDeleteComment, useSubmitComment, type Comment } from '../api/online-api';
import { DeleteButton } from './delete-button';
import { PostsState } from './query-states';
import { StarInput } from './star-input';

const PAGE_SIZE = 10;

/** The learner's own comment: write it, or change it (one per course). */
function CommentForm({ bookId, mine }: { bookId: string; mine: Comment | undefined }) {
  const { t } = useTranslation();
  // no stars lit until he rates: five shown at once read as a rating he never gave
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [content, setContent] = useState(mine?.content ?? '');
  const submit = useSubmitComment();
  return (
    <form
      className="post-form"
      data-testid="comment-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (submit.isPending) return;
        submit.mutate(
          { courseBookId: bookId, rating, content: content.trim() },
          { onSuccess: () => notifySuccess(t('online.commentSaved')) },
        );
      }}
    >
      <div className="post-rating">
        {t('online.yourRating')} <StarInput value={rating} onChange={setRating} label={t('online.yourRating')} />
        {rating === 0 && <small className="post-rating-hint">{t('online.rateFirst')}</small>}
      </div>
      <PlainTextarea
        value={content}
        onChange={setContent}
        maxLength={COMMENT_MAX_LENGTH}
        placeholder={t('online.commentPlaceholder')}
        label={t('online.commentLabel')}
      />
      <button
        type="submit"
        className={`plain-btn small primary${submit.isPending ? ' loading' : ''}`}
        disabled={!content.trim() || rating === 0}
        aria-busy={submit.isPending}
      >
        {mine ? t('online.updateComment') : t('online.submitComment')}
      </button>
    </form>
  );
}

/** 课程评价: the average rating, the comments (text shown as text), and the learner's own. */
export function CommentsPanel({ bookId, canPost }: { bookId: string; canPost: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const comments = useComments(bookId, page);
  const data = comments.data;
  const remove = useDeleteComment();
  // his own comment, whatever page is shown
  const mine = data?.mine ?? undefined;
  const average = data?.averageRating ?? 0;
  return (
    <div className="online-panel" data-testid="comments-panel">
      <div className="rating-summary">
        <Stars value={average} label={t('online.averageOf', { rating: average })} />
        <span>
          {average} · {t('online.commentCount', { count: data?.total ?? 0 })}
        </span>
      </div>
      {canPost ? (
        <CommentForm key={mine?.id ?? 'new'} bookId={bookId} mine={mine} />
      ) : (
        <PlainNotice tone="info" title={t('online.studyToComment')} />
      )}
      <PostsState query={comments} empty={t('online.noComments')}>
        {(records) =>
          records.map((c) => (
            <li key={c.id} className="post" data-testid="comment-item">
              <div className="post-head">
                <strong>{c.authorName}</strong>
                {c.mine && <span className="post-mine">{t('online.me')}</span>}
                <Stars value={c.rating} label={t('online.ratingOf', { rating: c.rating })} />
                <small>{formatDateTime(c.updatedAt)}</small>
                {c.mine && (
                  <span className="post-actions">
                    <DeleteButton onConfirm={() => remove.mutate(c.id)} />
                  </span>
                )}
              </div>
              <p className="post-text">{c.content}</p>
            </li>
          ))
        }
      </PostsState>
      <LightPagination current={page} pageSize={PAGE_SIZE} total={data?.total ?? 0} onChange={setPage} />
    </div>
  );
}
