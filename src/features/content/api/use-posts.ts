import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getPost, listPosts, type ContentCategory } from '../../../services/content';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import { resolveLocale } from '../../../shared/constants/locales';

/** The published posts of a category in the current language (the content service). */
export function postsQueryOptions(language: string, category: ContentCategory, perPage?: number) {
  const locale = resolveLocale(language);
  const params = { category, ...(perPage ? { perPage } : {}) };
  return {
    queryKey: queryKeys.common.posts(locale, params),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      listPosts({ language: locale, ...params }, signal),
    ...cachePresets.standard,
  };
}

export function usePosts(category: ContentCategory, perPage?: number) {
  const { i18n } = useTranslation();
  return useQuery(postsQueryOptions(i18n.language, category, perPage));
}

/** One published post by id, in the current language (English when it has no such text). */
export function usePost(id: number) {
  const { i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  return useQuery({
    queryKey: queryKeys.common.post(id, locale),
    queryFn: ({ signal }) => getPost(id, locale, signal),
    ...cachePresets.standard,
  });
}

/** Several published posts by id (the About Us sections' bodies), in the current language. */
export function usePostsById(ids: readonly number[]) {
  const { i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.common.post(id, locale),
      queryFn: ({ signal }: { signal: AbortSignal }) => getPost(id, locale, signal),
      ...cachePresets.standard,
    })),
  });
}
