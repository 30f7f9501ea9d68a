import { ANSWER_MAX_LENGTH } from '@anxun/shared/constants';
import { useState } from 'react';
import { LightPagination } from '../../../components/light-pagination';
import { PlainNotice } from '../../../components/plain-notice';
import { PlainTextarea } from '../../../components/plain-textarea';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import {
  useDeleteAnswer,
  useSubmitAnswer,
  useThreads,
  useUpdateAnswer,
  type AnswerPost,
  type AnswerThread,
} from '../api/online-api';
import { DeleteButton } from './delete-button';
import { PostsState } from './query-states';

const PAGE_SIZE = 10;

/** A text box with a send button; clears itself when the post went through. */
function PostBox(props: {
  label: string;
  placeholder: string;
  submitText: string;
  initial?: string;
  testId: string;
  onSend(content: string): Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [content, setContent] = useState(props.initial ?? '');
  const [sending, setSending] = useState(false);
  return (
    <form
      className="post-form"
      data-testid={props.testId}
      onSubmit={(e) => {
        e.preventDefault();
        if (sending) return;
        setSending(true);
        props
          .onSend(content.trim())
          .then(() => setContent(''))
          .catch(() => undefined)
          .finally(() => setSending(false));
      }}
    >
      <PlainTextarea
        value={content}
        onChange={setContent}
        maxLength={ANSWER_MAX_LENGTH}
        maxRows={8}
        placeholder={props.placeholder}
        label={props.label}
      />
      <div className="post-form-actions">
        {props.onCancel && (
          <button type="button" className="plain-btn small" onClick={props.onCancel}>
            {t('common.cancel')}
          </button>
        )}
        <button
          type="submit"
          className={`plain-btn small primary${sending ? ' loading' : ''}`}
          disabled={!content.trim()}
          aria-busy={sending}
        >
          {props.submitText}
        </button>
      </div>
    </form>
  );
}

/** One post: who, when, the text (as text), and edit/delete for its author. */
function Post({ post, deleted = false }: { post: AnswerPost; deleted?: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const update = useUpdateAnswer();
  const remove = useDeleteAnswer();
  return (
    <div className="post" data-testid="discussion-post">
      <div className="post-head">
        <strong>{post.authorName}</strong>
        {post.mine && <span className="post-mine">{t('online.me')}</span>}
        <small>{formatDateTime(post.createdAt)}</small>
        {post.updatedAt !== post.createdAt && !deleted && <small>{t('online.edited')}</small>}
        {post.mine && !deleted && !editing && (
          <span className="post-actions">
            <button type="button" className="plain-link" onClick={() => setEditing(true)}>
              {t('online.edit')}
            </button>
            <DeleteButton onConfirm={() => remove.mutate(post.id)} />
          </span>
        )}
      </div>
      {editing ? (
        <PostBox
          testId="edit-form"
          label={t('online.editLabel')}
          initial={post.content}
          placeholder=""
          submitText={t('online.save')}
          onCancel={() => setEditing(false)}
          onSend={(content) => update.mutateAsync({ id: post.id, content }).then(() => setEditing(false))}
        />
      ) : (
        <p className={deleted ? 'post-text post-deleted' : 'post-text'}>
          {deleted ? t('online.questionDeleted') : post.content}
        </p>
      )}
    </div>
  );
}

function Thread({ thread, canPost }: { thread: AnswerThread; canPost: boolean }) {
  const { t } = useTranslation();
  const [replying, setReplying] = useState(false);
  const submit = useSubmitAnswer();
  return (
    <li className="thread" data-testid="discussion-thread">
      <Post post={thread} deleted={thread.deleted} />
      <div className="thread-replies">
        {thread.replies.map((r) => (
          <Post key={r.id} post={r} />
        ))}
        <div className="thread-foot">
          <small>{t('online.replyCount', { count: thread.replies.length })}</small>
          {canPost && !thread.deleted && !replying && (
            <button
              type="button"
              className="plain-btn small"
              onClick={() => setReplying(true)}
              data-testid="reply-open"
            >
              {t('online.reply')}
            </button>
          )}
        </div>
        {replying && (
          <PostBox
            testId="reply-form"
            label={t('online.replyLabel')}
            placeholder={t('online.replyPlaceholder')}
            submitText={t('online.reply')}
            onCancel={() => setReplying(false)}
            onSend={(content) =>
              submit
                .mutateAsync({ courseBookId: thread.courseBookId, parentId: thread.id, content })
                .then(() => setReplying(false))
            }
          />
        )}
      </div>
    </li>
  );
}

/** 课程讨论: questions about the course, newest first, each with its answers. */
export function DiscussionPanel({ bookId, canPost }: { bookId: string; canPost: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const threads = useThreads(bookId, page);
  const submit = useSubmitAnswer();
  return (
    <div className="online-panel" data-testid="discussion-panel">
      {canPost ? (
        <PostBox
          testId="ask-form"
          label={t('online.askLabel')}
          placeholder={t('online.askPlaceholder')}
          submitText={t('online.ask')}
          onSend={(content) => submit.mutateAsync({ courseBookId: bookId, content })}
        />
      ) : (
        <PlainNotice tone="info" title={t('online.studyToDiscuss')} />
      )}
      <PostsState query={threads} empty={t('online.noThreads')}>
        {(records) => records.map((thread) => <Thread key={thread.id} thread={thread} canPost={canPost} />)}
      </PostsState>
      <LightPagination current={page} pageSize={PAGE_SIZE} total={threads.data?.total ?? 0} onChange={setPage} />
    </div>
  );
}
