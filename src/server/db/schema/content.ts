import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ContentCategory, ContentLanguage } from '../../../shared/api/content-posts';
import { timestamptz } from './columns';

/**
 * The content service (domain/content): posts with a text per language, published by operators
 * (`ops content post ...`), and the advertisements (`ops content ad ...`). A post without
 * `publishedAt` is a draft: no call answers it.
 */

export const contentPosts = pgTable(
  'content_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    category: varchar('category', { length: 20 }).$type<ContentCategory>().notNull(),
    /** an About Us section's anchor (unique per category when set) */
    slug: varchar('slug', { length: 60 }),
    /** the date shown, YYYY-MM-DD (UTC+8) */
    date: varchar('date', { length: 10 }).notNull(),
    /** press: the outlet; collaborations: the partner */
    source: varchar('source', { length: 120 }),
    externalUrl: varchar('external_url', { length: 500 }),
    /** lower first; then the newest date first */
    sortOrder: integer('sort_order').notNull().default(0),
    publishedAt: timestamptz('published_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    index('content_posts_category_idx').on(table.category, table.publishedAt),
    uniqueIndex('content_posts_slug_idx').on(table.category, table.slug),
  ],
);

export const contentPostTexts = pgTable(
  'content_post_texts',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => contentPosts.id, { onDelete: 'cascade' }),
    lang: varchar('lang', { length: 2 }).$type<ContentLanguage>().notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    excerpt: varchar('excerpt', { length: 500 }).notNull(),
    body: text('body').notNull(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.lang] })],
);

export const advertisements = pgTable(
  'advertisements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    isWeb: boolean('is_web').notNull(),
    sortOrder: integer('sort_order').notNull(),
    openUrl: varchar('open_url', { length: 500 }).notNull(),
    imageAppUrl: varchar('image_app_url', { length: 500 }),
    endsAt: timestamptz('ends_at'),
    createdAt: timestamptz('created_at').notNull(),
    removedAt: timestamptz('removed_at'),
  },
  (table) => [index('advertisements_sort_idx').on(table.sortOrder, table.id)],
);
