import { z } from 'zod';
import { CONTENT_CATEGORIES, CONTENT_LANGS, POST_SLUG } from '../../shared/api/content-posts';
import {
  type AdvertisementRecord,
  createAdvertisement,
  listAdvertisementRecords,
  removeAdvertisement,
} from '../domain/content/advertisements';
import {
  createPost,
  listPostRecords,
  type PostRecord,
  setPostPublished,
  setPostText,
} from '../domain/content/posts';
import { opsCommand, type OpsArgument } from './command';

/**
 * Operator commands of the content service: posts (About Us sections, press, events, the
 * landing's collaborations) in up to three languages, published and withdrawn; and the
 * advertisements the web and the app show. Body texts are Markdown; `\n` in an option is a
 * line break (one shell argument).
 */

const POST_ARGUMENT: OpsArgument = { name: 'id', what: "post's id" };
const AD_ARGUMENT: OpsArgument = { name: 'id', what: "advertisement's id" };

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'expected YYYY-MM-DD' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'not a valid day');
const multiline = (max: number) =>
  z
    .string()
    .transform((value) => value.replaceAll('\\n', '\n').trim())
    .pipe(z.string().min(1).max(max));
/** https addresses and app paths only (no javascript: or other schemes reach a link). */
const link = z
  .string()
  .max(500)
  .refine(
    (value) => /^\/(?!\/)\S*$/.test(value) || /^https:\/\/[^\s/]+\S*$/.test(value),
    'expected an https address or a path of the app (/...)',
  );
const isoTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/, {
    message: 'expected an ISO time with offset, e.g. 2026-12-31T23:59:59+08:00',
  });

const textFields = {
  lang: z.enum(CONTENT_LANGS),
  title: multiline(200),
  excerpt: multiline(500),
  body: multiline(100_000),
};

function formatPosts(rows: PostRecord[]): string {
  if (rows.length === 0) return 'No posts.';
  return rows
    .map((row) =>
      [
        `#${row.id}`,
        row.category,
        row.date,
        row.publishedAt ? 'published' : 'draft',
        row.languages.join(','),
        row.slug ? `#${row.slug}` : '',
        row.source ?? '',
        row.title,
      ]
        .filter(Boolean)
        .join('  '),
    )
    .join('\n');
}

const formatPost = (row: PostRecord) => formatPosts([row]);

function formatAds(rows: AdvertisementRecord[]): string {
  if (rows.length === 0) return 'No advertisements.';
  return rows
    .map((row) =>
      [
        `#${row.id}`,
        `sort ${row.sortOrder}`,
        row.isWeb ? 'web' : 'app',
        row.removedAt ? `removed ${row.removedAt}` : 'running',
        row.endsAt ? `until ${row.endsAt}` : '',
        row.openUrl,
        row.imageAppURL ?? '',
      ]
        .filter(Boolean)
        .join('  '),
    )
    .join('\n');
}

export const contentOpsCommands = {
  'content/post/create': opsCommand({
    options: {
      category: { required: `<${CONTENT_CATEGORIES.join('|')}>` },
      lang: { default: () => 'en' },
      title: { required: '<text>' },
      excerpt: { required: '<text>' },
      body: { required: '<markdown>' },
      date: { required: '<YYYY-MM-DD>' },
      slug: {},
      source: {},
      url: {},
      sort: {},
    },
    flags: ['publish'],
    usage:
      '--category C --title T --excerpt E --body B --date YYYY-MM-DD [--lang en|tw|zh] [--slug s] [--source S] [--url https://...] [--sort N] [--publish]',
    help: `Create a post (a draft unless --publish) with its text in one language
(--lang, default en; add the others with "content post text"). --slug names an
About Us section's anchor (/about-us#bcnt); --source the outlet or partner;
--url the original article or the partner's site; --sort lower first.`,
    input: z.object({
      category: z.enum(CONTENT_CATEGORIES),
      ...textFields,
      lang: textFields.lang.default('en'),
      date: day,
      slug: z.string().max(60).regex(POST_SLUG, 'lower-case words joined by dashes').optional(),
      source: z.string().trim().min(1).max(120).optional(),
      url: link.optional(),
      sort: z.coerce.number().int().min(-1000).max(1000).optional(),
      publish: z.boolean().optional(),
    }),
    run: (ctx, input) =>
      createPost(ctx.db, ctx.clock, {
        category: input.category,
        lang: input.lang,
        title: input.title,
        excerpt: input.excerpt,
        body: input.body,
        date: input.date,
        slug: input.slug,
        source: input.source,
        externalUrl: input.url,
        sortOrder: input.sort,
        publish: input.publish,
      }),
    format: formatPost,
  }),
  'content/post/text': opsCommand({
    argument: POST_ARGUMENT,
    options: {
      lang: { required: '<en|tw|zh>' },
      title: { required: '<text>' },
      excerpt: { required: '<text>' },
      body: { required: '<markdown>' },
    },
    usage: '--lang en|tw|zh --title T --excerpt E --body B',
    help: "Add or replace a post's text in one language.",
    input: z.object({ id, ...textFields }),
    run: (ctx, { id: postId, ...text }) => setPostText(ctx.db, ctx.clock, postId, text),
    format: formatPost,
  }),
  'content/post/publish': opsCommand({
    argument: POST_ARGUMENT,
    help: 'Publish a post: visitors read it within a minute.',
    input: z.object({ id }),
    run: (ctx, input) => setPostPublished(ctx.db, ctx.clock, input.id, true),
    format: formatPost,
  }),
  'content/post/unpublish': opsCommand({
    argument: POST_ARGUMENT,
    help: 'Withdraw a post (it becomes a draft again).',
    input: z.object({ id }),
    run: (ctx, input) => setPostPublished(ctx.db, ctx.clock, input.id, false),
    format: formatPost,
  }),
  'content/post/list': opsCommand({
    options: { category: {} },
    usage: '[--category C]',
    help: 'List the posts, drafts included (id, category, date, state, languages, title).',
    input: z.object({ category: z.enum(CONTENT_CATEGORIES).optional() }),
    run: (ctx, input) => listPostRecords(ctx.db, input.category),
    format: formatPosts,
  }),
  'content/ad/create': opsCommand({
    options: { url: { required: '<https://... | /path>' }, image: {}, sort: {}, ends: {} },
    flags: ['app-only'],
    usage: '--url U [--image https://...] [--sort N] [--ends <ISO time>] [--app-only]',
    help: `Add an advertisement. The web's popup shows the first web one by --sort
(then the oldest); --app-only keeps it off the web; --ends ends a campaign.`,
    input: z.object({
      url: link,
      image: link.optional(),
      sort: z.coerce.number().int().min(-1000).max(1000).default(0),
      ends: isoTime.optional(),
      'app-only': z.boolean().optional(),
    }),
    run: (ctx, input) =>
      createAdvertisement(ctx.db, ctx.clock, {
        isWeb: !input['app-only'],
        sortOrder: input.sort,
        openUrl: input.url,
        imageAppUrl: input.image,
        endsAt: input.ends ? new Date(input.ends) : undefined,
      }),
    format: (row) => formatAds([row]),
  }),
  'content/ad/remove': opsCommand({
    argument: AD_ARGUMENT,
    help: 'Take an advertisement down.',
    input: z.object({ id }),
    run: (ctx, input) => removeAdvertisement(ctx.db, ctx.clock, input.id),
    format: (row) => formatAds([row]),
  }),
  'content/ad/list': opsCommand({
    help: 'List the advertisements, removed ones included.',
    input: z.object({}),
    run: (ctx) => listAdvertisementRecords(ctx.db),
    format: formatAds,
  }),
} as const;
