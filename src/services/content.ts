import {
  legalDocumentSchema,
  type LegalDocument,
  type LegalDocumentName,
} from '../shared/api/content';
import {
  postListSchema,
  postSchema,
  type ContentCategory,
  type Post,
  type PostList,
  type PostSummary,
} from '../shared/api/content-posts';
import { CONTENT_LANG, type Locale } from '../shared/constants/locales';
import { request } from './http-client';

export type { ContentCategory, LegalDocument, LegalDocumentName, Post, PostList, PostSummary };

/**
 * Content service (spec section 7: a `lang` query mapped to zh, tw or en). Guest calls.
 * GET /content/legal/:document: the user agreement and the privacy policy; the posts (About Us,
 * press, events, collaborations).
 */
export function getLegalDocument(
  document: LegalDocumentName,
  language: Locale,
  signal?: AbortSignal,
): Promise<LegalDocument> {
  return request({
    service: 'content',
    method: 'GET',
    path: `/legal/${document}`,
    query: { lang: CONTENT_LANG[language] },
    schema: legalDocumentSchema,
    guest: true,
    signal,
  });
}

/** GET /content/posts?lang=&category=&page=&per_page= (published posts; guest call). */
export function listPosts(
  params: { language: Locale; category?: ContentCategory; page?: number; perPage?: number },
  signal?: AbortSignal,
): Promise<PostList> {
  return request({
    service: 'content',
    method: 'GET',
    path: '/posts',
    query: {
      lang: CONTENT_LANG[params.language],
      ...(params.category ? { category: params.category } : {}),
      ...(params.page ? { page: String(params.page) } : {}),
      ...(params.perPage ? { per_page: String(params.perPage) } : {}),
    },
    schema: postListSchema,
    guest: true,
    signal,
  });
}

/** GET /content/posts/:id?lang= (a published post; guest call). */
export function getPost(id: number, language: Locale, signal?: AbortSignal): Promise<Post> {
  return request({
    service: 'content',
    method: 'GET',
    path: `/posts/${id}`,
    query: { lang: CONTENT_LANG[language] },
    schema: postSchema,
    guest: true,
    signal,
  });
}
