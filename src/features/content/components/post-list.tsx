import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PostSummary } from '../../../services/content';
import { formatPostDate, htmlLangOf } from '../utils/post-text';
import styles from './post-list.module.css';

/** Posts as cards: the date (and outlet), the title linking to the post, the excerpt. */
export function PostList({
  posts,
  hrefOf,
  testId,
}: {
  posts: readonly PostSummary[];
  hrefOf: (id: number) => string;
  testId?: string;
}) {
  const { t } = useTranslation('content');
  return (
    <ul className={styles.list} data-testid={testId}>
      {posts.map((post) => (
        <li key={post.id} className={styles.item} data-testid={`post-${post.id}`}>
          <p className={styles.meta}>
            <time dateTime={post.date}>{formatPostDate(post.date)}</time>
            {post.source ? <span>{t('post.source', { source: post.source })}</span> : null}
          </p>
          <h2 className={styles.title}>
            <Link to={hrefOf(post.id)} className={styles.link} lang={htmlLangOf(post.lang)}>
              {post.title}
            </Link>
          </h2>
          <p className={styles.excerpt}>{post.excerpt}</p>
        </li>
      ))}
    </ul>
  );
}
