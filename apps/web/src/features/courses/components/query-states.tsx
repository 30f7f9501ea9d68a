import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PlainNotice } from '../../../components/plain-notice';
import { SkeletonLines } from '../../../components/skeleton-lines';
import { useTranslation } from '../../../lib/i18n';

/** What failed to load, with a button that asks again. */
export function LoadFailed({ retry }: { retry(): void }) {
  const { t } = useTranslation();
  return (
    <PlainNotice
      tone="warning"
      title={t('courses.loadFailed')}
      action={
        <button type="button" className="plain-btn small" onClick={retry}>
          {t('courses.retry')}
        </button>
      }
    />
  );
}

/**
 * A page of posts as its query holds it: grey lines while it loads, a failure with 重试, a
 * line saying there are none, or the posts.
 */
export function PostsState<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<{ records: T[] }>;
  empty: string;
  children(records: T[]): ReactNode;
}) {
  if (query.isPending) return <SkeletonLines lines={4} className="post-list-loading" />;
  // a failed refetch keeps the page it has
  if (!query.data) return <LoadFailed retry={() => void query.refetch()} />;
  if (query.data.records.length === 0) return <p className="post-empty">{empty}</p>;
  // another page on its way: this one stays, marked busy
  return (
    <ul className={`post-list${query.isPlaceholderData ? ' loading' : ''}`} aria-busy={query.isPlaceholderData}>
      {children(query.data.records)}
    </ul>
  );
}
