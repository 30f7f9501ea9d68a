import { ANSWER_MAX_LENGTH } from '@anxun/shared/schemas/online';
import { Alert, Button, Empty, Input, List, Pagination, Popconfirm } from 'antd';
import { useState } from 'react';
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

/** A text box with a send button; clears itself when the post went through. */
function PostBox(props: {
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
        setSending(true);
        props
          .onSend(content.trim())
          .then(() => setContent(''))
          .catch(() => undefined)
          .finally(() => setSending(false));
      }}
    >
      <Input.TextArea
        value={content}
        onChange={(e) => setContent(e.target.value)}
        maxLength={ANSWER_MAX_LENGTH}
        showCount
        autoSize={{ minRows: 2, maxRows: 8 }}
        placeholder={props.placeholder}
      />
      <div className="post-form-actions">
        {props.onCancel && <Button onClick={props.onCancel}>{t('common.cancel')}</Button>}
        <Button type="primary" htmlType="submit" loading={sending} disabled={!content.trim()}>
          {props.submitText}
        </Button>
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
            <Button type="link" size="small" onClick={() => setEditing(true)}>
              {t('online.edit')}
            </Button>
            <Popconfirm
              title={t('online.confirmDelete')}
              onConfirm={() => remove.mutate(post.id)}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
            >
              <Button type="link" size="small">
                {t('online.delete')}
              </Button>
            </Popconfirm>
          </span>
        )}
      </div>
      {editing ? (
        <PostBox
          testId="edit-form"
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
    <List.Item className="thread" data-testid="discussion-thread">
      <Post post={thread} deleted={thread.deleted} />
      <div className="thread-replies">
        {thread.replies.map((r) => (
          <Post key={r.id} post={r} />
        ))}
        <div className="thread-foot">
          <small>{t('online.replyCount', { count: thread.replies.length })}</small>
          {canPost && !thread.deleted && !replying && (
            <Button size="small" onClick={() => setReplying(true)} data-testid="reply-open">
              {t('online.reply')}
            </Button>
          )}
        </div>
        {replying && (
          <PostBox
            testId="reply-form"
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
    </List.Item>
  );
}

/** 课程讨论: questions about the course, newest first, each with its answers. */
export function DiscussionPanel({ bookId, canPost }: { bookId: string; canPost: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isPending } = useThreads(bookId, page);
  const submit = useSubmitAnswer();
  return (
    <div className="online-panel" data-testid="discussion-panel">
      {canPost ? (
        <PostBox
          testId="ask-form"
          placeholder={t('online.askPlaceholder')}
          submitText={t('online.ask')}
          onSend={(content) => submit.mutateAsync({ courseBookId: bookId, content })}
        />
      ) : (
        <Alert type="info" showIcon message={t('online.studyToDiscuss')} />
      )}
      <List
        loading={isPending}
        dataSource={data?.records ?? []}
        locale={{ emptyText: <Empty description={t('online.noThreads')} /> }}
        renderItem={(thread) => <Thread thread={thread} canPost={canPost} />}
      />
      {(data?.total ?? 0) > 10 && <Pagination current={page} total={data?.total ?? 0} onChange={setPage} />}
    </div>
  );
}
