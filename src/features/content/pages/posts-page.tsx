import { useTranslation } from 'react-i18next';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { usePosts } from '../api/use-posts';
import { PostList } from '../components/post-list';
import styles from './content-page.module.css';

/** Press and Events: the category's published posts, newest first, each opening its post. */
export function PostsPage({
  category,
  postHref,
}: {
  category: 'press' | 'events';
  postHref: (id: number) => string;
}) {
  const { t } = useTranslation('content');
  const query = usePosts(category);
  return (
    <div className={styles.page} data-testid={`${category}-page`}>
      <PageHeader title={t(`${category}.title`)} description={t(`${category}.description`)} />
      {query.isPending ? (
        <Skeleton lines={6} testId="posts-loading" />
      ) : query.isError ? (
        <LoadError message={t('error.load')} onRetry={() => query.refetch()} testId="posts-error" />
      ) : query.data.items.length === 0 ? (
        <EmptyState title={t(`${category}.empty`)} testId="posts-empty">
          {t('empty.next')}
        </EmptyState>
      ) : (
        <PostList posts={query.data.items} hrefOf={postHref} testId={`${category}-list`} />
      )}
    </div>
  );
}
