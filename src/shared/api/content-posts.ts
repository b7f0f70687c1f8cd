import * as z from 'zod/mini';
import { CONTENT_LANG, type Locale } from '../constants/locales';

/**
 * Content service (`/content`): posts, categories and a post by id (spec section 7). Every call
 * carries the `lang` query (en, tw, zh: constants/locales CONTENT_LANG). A post is one id with a
 * text per language; a language without its own text falls back to English, and the answer
 * says which text it is (`lang`). Only published posts are ever answered.
 */

export const CONTENT_LANGS = ['en', 'tw', 'zh'] as const;
export type ContentLanguage = (typeof CONTENT_LANGS)[number];

/**
 * The categories (fixed: each has its place in the app). `about`: the About Us sections (a
 * post's `slug` is its anchor, e.g. `#bcnt`); `press`: media coverage (outlet, date, link);
 * `events`: the Events page; `collaborations`: the landing's recent collaborations.
 */
export const CONTENT_CATEGORIES = ['about', 'press', 'events', 'collaborations'] as const;
export type ContentCategory = (typeof CONTENT_CATEGORIES)[number];

/** The categories' names, by language (GET /content/categories). */
export const CONTENT_CATEGORY_NAMES: Record<ContentCategory, Record<ContentLanguage, string>> = {
  about: { en: 'About Us', tw: '關於我們', zh: '关于我们' },
  press: { en: 'Press', tw: '媒體報導', zh: '媒体报道' },
  events: { en: 'Events', tw: '活動', zh: '活动' },
  collaborations: { en: 'Collaborations', tw: '合作夥伴', zh: '合作伙伴' },
};

/** The list's page size unless asked otherwise (spec section 7: per_page 100). */
export const CONTENT_PER_PAGE_DEFAULT = 100;
export const CONTENT_PER_PAGE_MAX = 100;

export function contentLangOf(locale: Locale): ContentLanguage {
  return CONTENT_LANG[locale];
}

const lang = () => z._default(z.enum(CONTENT_LANGS), 'en');
const positiveInt = () => z.coerce.number().check(z.int(), z.minimum(1), z.maximum(2_147_483_647));

/** A post's URL-safe name (lower-case words joined by dashes): an About Us anchor. */
export const POST_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** GET /content/categories?lang= */
export const categoriesQuerySchema = z.object({ lang: lang() });
export const contentCategorySchema = z.object({
  slug: z.enum(CONTENT_CATEGORIES),
  name: z.string(),
  /** published posts in it */
  count: z.number(),
});
export type ContentCategoryItem = z.infer<typeof contentCategorySchema>;
export const categoriesSchema = z.array(contentCategorySchema);

/** GET /content/posts?lang=&category=&page=&per_page= */
export const postsQuerySchema = z.object({
  lang: lang(),
  category: z.optional(z.enum(CONTENT_CATEGORIES)),
  page: z.optional(positiveInt()),
  per_page: z.optional(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(CONTENT_PER_PAGE_MAX)),
  ),
});
export type PostsQuery = z.input<typeof postsQuerySchema>;

export const postSummarySchema = z.object({
  id: z.number(),
  category: z.enum(CONTENT_CATEGORIES),
  /** the anchor of an About Us section; null for others */
  slug: z.nullable(z.string()),
  /** the language of the text (the asked one, or `en` when it has none) */
  lang: z.enum(CONTENT_LANGS),
  title: z.string(),
  excerpt: z.string(),
  /** press: the outlet; collaborations: the partner */
  source: z.nullable(z.string()),
  /** the original article or the partner's site (https) */
  externalUrl: z.nullable(z.string()),
  /** YYYY-MM-DD, the date shown (UTC+8) */
  date: z.string(),
  publishedAt: z.string(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const postListSchema = z.object({
  items: z.array(postSummarySchema),
  total: z.number(),
  page: z.number(),
  perPage: z.number(),
});
export type PostList = z.infer<typeof postListSchema>;

/** GET /content/posts/:id?lang= */
export const postParamsSchema = z.object({ id: positiveInt() });
export const postQuerySchema = z.object({ lang: lang() });
export const postSchema = z.extend(postSummarySchema, {
  /** Markdown (headings, paragraphs, lists, bold, links) */
  body: z.string(),
});
export type Post = z.infer<typeof postSchema>;
