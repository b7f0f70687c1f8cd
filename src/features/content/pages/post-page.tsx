import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { ApiError } from '../../../services/http-client';
import { usePost } from '../api/use-posts';
import { formatPostDate, htmlLangOf } from '../utils/post-text';
import styles from './content-page.module.css';

/**
 * One press or events post: breadcrumbs back to its list, title, date and outlet, the body
 * (Markdown, drawn by `renderBody`: the app passes the shared Markdown view), and the original
 * article's link. A post withdrawn (or never published) says so, with the way back.
 */
export function PostPage({
  id,
  category,
  listHref,
  renderBody,
}: {
  id: number;
  category: 'press' | 'events';
  listHref: string;
  renderBody: (markdown: string) => ReactNode;
}) {
  const { t } = useTranslation('content');
  const query = usePost(id);
  const crumbs = [{ label: t(`${category}.title`), href: listHref }];

  if (!query.data) {
    const missing = query.error instanceof ApiError && query.error.httpStatus === 404;
    return (
      <div
        className={styles.page}
        data-testid="post-page"
        data-state={query.isPending ? 'loading' : 'error'}
      >
        {query.isPending ? (
          <Skeleton lines={8} testId="post-loading" />
        ) : missing ? (
          <PageHeader
            title={t('post.notFound')}
            breadcrumbs={[...crumbs, { label: t('post.notFound') }]}
            description={t('post.notFoundBody')}
          />
        ) : (
          <LoadError
            message={t('error.load')}
            onRetry={() => query.refetch()}
            testId="post-error"
          />
        )}
      </div>
    );
  }

  const post = query.data;
  return (
    <div className={styles.page} data-testid="post-page" data-post={post.id}>
      <PageHeader title={post.title} breadcrumbs={[...crumbs, { label: post.title }]} />
      <article className={styles.article} lang={htmlLangOf(post.lang)}>
        <p className={styles.meta}>
          <time dateTime={post.date}>{formatPostDate(post.date)}</time>
          {post.source ? <span>{t('post.source', { source: post.source })}</span> : null}
        </p>
        {renderBody(post.body)}
        {post.externalUrl ? (
          <a
            className={styles.external}
            href={post.externalUrl}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="post-original"
          >
            {t(category === 'press' ? 'post.original' : 'post.more')}
            <VisuallyHidden>{` (${t('post.newTab')})`}</VisuallyHidden>
          </a>
        ) : null}
      </article>
    </div>
  );
}
