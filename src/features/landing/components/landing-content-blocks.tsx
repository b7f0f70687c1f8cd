import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError, Skeleton } from '../../../components/load-states';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { listPosts, type PostSummary } from '../../../services/content';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import { resolveLocale } from '../../../shared/constants/locales';
import styles from './landing-content-blocks.module.css';

/**
 * The landing's content blocks (a lazy chunk, loaded when the visitor scrolls near them): the
 * three latest collaborations as cards (partner, what they do, their site) and the six latest
 * press items (date, outlet, title opening the post), from the content service.
 */
export type LandingContentBlock = 'collaborations' | 'media';

const BLOCKS = {
  collaborations: { category: 'collaborations', count: 3 },
  media: { category: 'press', count: 6 },
} as const;

const htmlLang = { en: 'en', tw: 'zh-TW', zh: 'zh-CN' } as const;

export function LandingContentBlocks({
  block,
  postHref,
}: {
  block: LandingContentBlock;
  /** a press post's page */
  postHref: (id: number) => string;
}) {
  const { t, i18n } = useTranslation('content');
  const locale = resolveLocale(i18n.language);
  const { category, count } = BLOCKS[block];
  const params = { category, perPage: count };
  const query = useQuery({
    queryKey: queryKeys.common.posts(locale, params),
    queryFn: ({ signal }) => listPosts({ language: locale, ...params }, signal),
    ...cachePresets.standard,
  });
  const testId = `landing-${block}-items`;

  if (query.isPending) return <Skeleton lines={count === 3 ? 4 : 6} testId={`${testId}-loading`} />;
  if (query.isError)
    return (
      <LoadError
        message={t('landing.error')}
        onRetry={() => query.refetch()}
        testId={`${testId}-error`}
      />
    );
  const posts = query.data.items;
  if (posts.length === 0) return <p data-testid={`${testId}-empty`}>{t('landing.empty')}</p>;
  return block === 'collaborations' ? (
    <ul className={styles.cards} data-testid={testId}>
      {posts.map((post) => (
        <Collaboration key={post.id} post={post} />
      ))}
    </ul>
  ) : (
    <ol className={styles.news} data-testid={testId}>
      {posts.map((post) => (
        <li key={post.id} className={styles.newsItem} lang={htmlLang[post.lang]}>
          <p className={styles.newsMeta}>
            <time dateTime={post.date}>{post.date.replaceAll('-', '/')}</time>
            {post.source ? <span>{post.source}</span> : null}
          </p>
          <Link
            to={postHref(post.id)}
            className={styles.newsLink}
            data-testid={`landing-press-${post.id}`}
          >
            {post.title}
          </Link>
        </li>
      ))}
    </ol>
  );
}

function Collaboration({ post }: { post: PostSummary }) {
  const { t } = useTranslation('content');
  return (
    <li
      className={styles.card}
      lang={htmlLang[post.lang]}
      data-testid={`landing-collaboration-${post.id}`}
    >
      <h3 className={styles.cardTitle}>{post.title}</h3>
      <p className={styles.cardBody}>{post.excerpt}</p>
      {post.externalUrl ? (
        <a
          className={styles.cardLink}
          href={post.externalUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('landing.visit', { name: post.source ?? post.title })}
          <VisuallyHidden>{` (${t('post.newTab')})`}</VisuallyHidden>
        </a>
      ) : null}
    </li>
  );
}

export default LandingContentBlocks;
