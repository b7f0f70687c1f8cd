import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { usePosts, usePostsById } from '../api/use-posts';
import { htmlLangOf } from '../utils/post-text';
import styles from './content-page.module.css';

/**
 * About Us: the operator's `about` posts as the page's sections, in their order, each anchored
 * by its slug (`/about-us#bcnt` is the BCNT section). The sections arrive after the route, so
 * the page scrolls to the URL's anchor once they are there. Links to Press and Events follow.
 */
export function AboutPage({
  pressHref,
  eventsHref,
  renderBody,
}: {
  pressHref: string;
  eventsHref: string;
  renderBody: (markdown: string) => ReactNode;
}) {
  const { t } = useTranslation('content');
  const query = usePosts('about');
  const { hash } = useLocation();
  const bodies = usePostsById(query.data?.items.map((post) => post.id) ?? []);
  const ready = Boolean(query.data) && bodies.every((body) => !body.isPending);
  const sections = ready ? query.data?.items : undefined;

  useEffect(() => {
    if (!sections || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [sections, hash]);

  return (
    <div className={styles.page} data-testid="about-page">
      <PageHeader title={t('about.title')} description={t('about.description')} />
      {query.isPending || (query.data && !ready) ? (
        <Skeleton lines={8} testId="about-loading" />
      ) : query.isError ? (
        <LoadError message={t('error.load')} onRetry={() => query.refetch()} testId="about-error" />
      ) : query.data.items.length === 0 ? (
        <EmptyState title={t('about.empty')} testId="about-empty" />
      ) : (
        <div className={styles.sections}>
          {query.data.items.map((post, index) => (
            <section
              key={post.id}
              id={post.slug ?? `post-${post.id}`}
              tabIndex={-1}
              className={`${styles.article} ${styles.section}`}
              aria-labelledby={`about-${post.id}-title`}
              lang={htmlLangOf(post.lang)}
              data-testid={`about-section-${post.slug ?? post.id}`}
            >
              <h2 id={`about-${post.id}-title`} className={styles.sectionTitle}>
                {post.title}
              </h2>
              {renderBody(bodies[index]?.data?.body ?? post.excerpt)}
            </section>
          ))}
        </div>
      )}
      <nav className={styles.links} aria-label={t('about.more')}>
        <Link to={pressHref} data-testid="about-press">
          {t('press.title')}
        </Link>
        <Link to={eventsHref} data-testid="about-events">
          {t('events.title')}
        </Link>
      </nav>
    </div>
  );
}
