import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { contentPosts, contentPostTexts } from '../../db/schema/content';
import {
  CONTENT_CATEGORIES,
  CONTENT_CATEGORY_NAMES,
  CONTENT_PER_PAGE_DEFAULT,
  type ContentCategory,
  type ContentCategoryItem,
  type ContentLanguage,
  type Post,
  type PostList,
  type PostSummary,
} from '../../../shared/api/content-posts';
import { ErrorCode, ErrorMessage } from '../../../shared/api/envelope';
import { AppError } from '../../errors';

/**
 * The content service's posts (spec section 7: posts, categories, post by id, with `lang`).
 * Visitors read published posts only; a post's text is the asked language's, or English when
 * it has none (and a post without either is not listed). Lists are ordered by sortOrder, then
 * the newest date, then the newest id.
 */

type PostRow = typeof contentPosts.$inferSelect;
type TextRow = typeof contentPostTexts.$inferSelect;

function summaryOf(post: PostRow, text: TextRow): PostSummary {
  return {
    id: post.id,
    category: post.category,
    slug: post.slug,
    lang: text.lang,
    title: text.title,
    excerpt: text.excerpt,
    source: post.source,
    externalUrl: post.externalUrl,
    date: post.date,
    publishedAt: post.publishedAt!.toISOString(),
  };
}

/** The text in `lang`, else English, of each post. */
async function textsOf(db: Db, postIds: number[], lang: ContentLanguage) {
  if (postIds.length === 0) return new Map<number, TextRow>();
  const rows = await db
    .select()
    .from(contentPostTexts)
    .where(
      and(
        inArray(contentPostTexts.postId, postIds),
        inArray(contentPostTexts.lang, lang === 'en' ? ['en'] : [lang, 'en']),
      ),
    );
  const texts = new Map<number, TextRow>();
  for (const row of rows) {
    const held = texts.get(row.postId);
    if (!held || row.lang === lang) texts.set(row.postId, row);
  }
  return texts;
}

/** Published posts with a text in `lang` or English. */
function readable(lang: ContentLanguage, category?: ContentCategory) {
  return and(
    isNotNull(contentPosts.publishedAt),
    category ? eq(contentPosts.category, category) : undefined,
    sql`exists (select 1 from ${contentPostTexts} where ${contentPostTexts.postId} = ${contentPosts.id} and ${contentPostTexts.lang} in (${lang}, 'en'))`,
  );
}

export async function listPosts(
  db: Db,
  input: {
    lang: ContentLanguage;
    category?: ContentCategory | undefined;
    page?: number | undefined;
    per_page?: number | undefined;
  },
): Promise<PostList> {
  const page = input.page ?? 1;
  const perPage = input.per_page ?? CONTENT_PER_PAGE_DEFAULT;
  const where = readable(input.lang, input.category);
  const [posts, [total]] = await Promise.all([
    db
      .select()
      .from(contentPosts)
      .where(where)
      .orderBy(asc(contentPosts.sortOrder), desc(contentPosts.date), desc(contentPosts.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ value: count() }).from(contentPosts).where(where),
  ]);
  const texts = await textsOf(
    db,
    posts.map((post) => post.id),
    input.lang,
  );
  return {
    items: posts.map((post) => summaryOf(post, texts.get(post.id)!)),
    total: total?.value ?? 0,
    page,
    perPage,
  };
}

export async function getPost(db: Db, id: number, lang: ContentLanguage): Promise<Post> {
  const [post] = await db
    .select()
    .from(contentPosts)
    .where(and(eq(contentPosts.id, id), isNotNull(contentPosts.publishedAt)));
  const text = post ? (await textsOf(db, [post.id], lang)).get(post.id) : undefined;
  if (!post || !text) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound);
  return { ...summaryOf(post, text), body: text.body };
}

export async function listCategories(
  db: Db,
  lang: ContentLanguage,
): Promise<ContentCategoryItem[]> {
  const rows = await db
    .select({ category: contentPosts.category, value: count() })
    .from(contentPosts)
    .where(readable(lang))
    .groupBy(contentPosts.category);
  const counts = new Map(rows.map((row) => [row.category, row.value]));
  return CONTENT_CATEGORIES.map((slug) => ({
    slug,
    name: CONTENT_CATEGORY_NAMES[slug][lang],
    count: counts.get(slug) ?? 0,
  }));
}

// ---- the operator's side (ops content post ...) ----

export interface PostText {
  lang: ContentLanguage;
  title: string;
  excerpt: string;
  body: string;
}

export interface NewPost extends PostText {
  category: ContentCategory;
  slug?: string | undefined;
  date: string;
  source?: string | undefined;
  externalUrl?: string | undefined;
  sortOrder?: number | undefined;
  /** published at once */
  publish?: boolean | undefined;
}

export interface PostRecord {
  id: number;
  category: ContentCategory;
  slug: string | null;
  date: string;
  source: string | null;
  externalUrl: string | null;
  sortOrder: number;
  publishedAt: string | null;
  languages: ContentLanguage[];
  title: string;
}

function conflict(what: string): AppError {
  return new AppError(ErrorCode.conflict, ErrorMessage.validation, { field: what });
}

async function slugTaken(db: Db, category: ContentCategory, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contentPosts.id })
    .from(contentPosts)
    .where(and(eq(contentPosts.category, category), eq(contentPosts.slug, slug)));
  return Boolean(row);
}

export async function createPost(db: Db, clock: Clock, input: NewPost): Promise<PostRecord> {
  if (input.slug && (await slugTaken(db, input.category, input.slug))) throw conflict('slug');
  const now = clock.now();
  const id = await db.transaction(async (tx) => {
    const [post] = await tx
      .insert(contentPosts)
      .values({
        category: input.category,
        slug: input.slug ?? null,
        date: input.date,
        source: input.source ?? null,
        externalUrl: input.externalUrl ?? null,
        sortOrder: input.sortOrder ?? 0,
        publishedAt: input.publish ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: contentPosts.id });
    await tx.insert(contentPostTexts).values({
      postId: post!.id,
      lang: input.lang,
      title: input.title,
      excerpt: input.excerpt,
      body: input.body,
    });
    return post!.id;
  });
  return postRecord(db, id);
}

/** Adds or replaces a post's text in one language. */
export async function setPostText(
  db: Db,
  clock: Clock,
  id: number,
  text: PostText,
): Promise<PostRecord> {
  await postRecord(db, id);
  await db.transaction(async (tx) => {
    await tx
      .insert(contentPostTexts)
      .values({ postId: id, ...text })
      .onConflictDoUpdate({
        target: [contentPostTexts.postId, contentPostTexts.lang],
        set: { title: text.title, excerpt: text.excerpt, body: text.body },
      });
    await tx.update(contentPosts).set({ updatedAt: clock.now() }).where(eq(contentPosts.id, id));
  });
  return postRecord(db, id);
}

/** Publishes (from now; a published post keeps its first time) or withdraws a post. */
export async function setPostPublished(
  db: Db,
  clock: Clock,
  id: number,
  published: boolean,
): Promise<PostRecord> {
  const current = await postRecord(db, id);
  if (published === (current.publishedAt !== null)) return current;
  const now = clock.now();
  await db
    .update(contentPosts)
    .set({ publishedAt: published ? now : null, updatedAt: now })
    .where(eq(contentPosts.id, id));
  return postRecord(db, id);
}

export async function listPostRecords(db: Db, category?: ContentCategory): Promise<PostRecord[]> {
  const posts = await db
    .select()
    .from(contentPosts)
    .where(category ? eq(contentPosts.category, category) : undefined)
    .orderBy(asc(contentPosts.category), asc(contentPosts.sortOrder), desc(contentPosts.date));
  return recordsOf(db, posts);
}

async function postRecord(db: Db, id: number): Promise<PostRecord> {
  const posts = await db.select().from(contentPosts).where(eq(contentPosts.id, id));
  const [record] = await recordsOf(db, posts);
  if (!record) throw new AppError(ErrorCode.notFound, ErrorMessage.notFound, { field: 'id' });
  return record;
}

async function recordsOf(db: Db, posts: PostRow[]): Promise<PostRecord[]> {
  if (posts.length === 0) return [];
  const texts = await db
    .select()
    .from(contentPostTexts)
    .where(
      inArray(
        contentPostTexts.postId,
        posts.map((post) => post.id),
      ),
    )
    .orderBy(asc(contentPostTexts.lang));
  return posts.map((post) => {
    const own = texts.filter((text) => text.postId === post.id);
    return {
      id: post.id,
      category: post.category,
      slug: post.slug,
      date: post.date,
      source: post.source,
      externalUrl: post.externalUrl,
      sortOrder: post.sortOrder,
      publishedAt: post.publishedAt?.toISOString() ?? null,
      languages: own.map((text) => text.lang),
      title: (own.find((text) => text.lang === 'en') ?? own[0])?.title ?? '',
    };
  });
}
