// The content service through the API and the operator CLI on one app: posts created as drafts
// are hidden until published, the lang query picks the text (tw, zh, en; English when a
// language has none), categories count published posts, the list pages and orders, a post by
// id answers 404 when withdrawn; advertisements run by sortOrder until removed or ended.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPosts } from '../../src/server/db/schema';
import { seedDemoContent } from '../../src/server/domain/content/seed';
import { cli } from '../helpers/ops-cli';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });
const ops = async (...args: string[]) => {
  const result = await cli([...args, '--json'], {}, t.database);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as { id: number; publishedAt: string | null };
};

let pressOld: number;
let pressNew: number;
let about: number;
let draft: number;

describe('content posts', () => {
  beforeAll(async () => {
    pressOld = (
      await ops(
        'content',
        'post',
        'create',
        '--category',
        'press',
        '--date',
        '2026-03-02',
        '--title',
        'Older story',
        '--excerpt',
        'Old excerpt',
        '--body',
        'Line one\\n\\nLine two',
        '--source',
        'Daily Ledger',
        '--url',
        'https://news.example.com/a',
        '--publish',
      )
    ).id;
    pressNew = (
      await ops(
        'content',
        'post',
        'create',
        '--category',
        'press',
        '--date',
        '2026-05-10',
        '--title',
        'Newer story',
        '--excerpt',
        'New excerpt',
        '--body',
        'Body',
        '--publish',
      )
    ).id;
    await ops(
      'content',
      'post',
      'text',
      String(pressNew),
      '--lang',
      'tw',
      '--title',
      '新的報導',
      '--excerpt',
      '摘要',
      '--body',
      '內文',
    );
    await ops(
      'content',
      'post',
      'text',
      String(pressNew),
      '--lang',
      'zh',
      '--title',
      '新的报道',
      '--excerpt',
      '摘要',
      '--body',
      '内文',
    );
    about = (
      await ops(
        'content',
        'post',
        'create',
        '--category',
        'about',
        '--slug',
        'bcnt',
        '--date',
        '2026-01-01',
        '--title',
        'BCNT',
        '--excerpt',
        'The token',
        '--body',
        'About BCNT',
        '--publish',
      )
    ).id;
    draft = (
      await ops(
        'content',
        'post',
        'create',
        '--category',
        'events',
        '--date',
        '2026-06-01',
        '--title',
        'Secret meetup',
        '--excerpt',
        'Soon',
        '--body',
        'Not yet',
      )
    ).id;
  });

  it('maps lang to the text of that language, English where it has none', async () => {
    const tw = (await get('/content/posts?category=press&lang=tw')).json().data;
    expect(tw.items.map((p: { title: string; lang: string }) => [p.title, p.lang])).toEqual([
      ['新的報導', 'tw'],
      ['Older story', 'en'],
    ]);
    const zh = (await get(`/content/posts/${pressNew}?lang=zh`)).json().data;
    expect(zh).toMatchObject({ id: pressNew, lang: 'zh', title: '新的报道', body: '内文' });
    const en = (await get(`/content/posts/${pressOld}`)).json().data;
    expect(en).toMatchObject({
      lang: 'en',
      body: 'Line one\n\nLine two',
      source: 'Daily Ledger',
      externalUrl: 'https://news.example.com/a',
      date: '2026-03-02',
      category: 'press',
    });
    expect((await get('/content/posts?lang=ko')).statusCode).toBe(400);
  });

  it('hides drafts and withdrawn posts; counts published ones per category', async () => {
    expect((await get(`/content/posts/${draft}`)).statusCode).toBe(404);
    const events = (await get('/content/posts?category=events')).json().data;
    expect(events).toMatchObject({ items: [], total: 0 });

    const categories = (await get('/content/categories?lang=tw')).json().data;
    expect(categories).toEqual([
      { slug: 'about', name: '關於我們', count: 1 },
      { slug: 'press', name: '媒體報導', count: 2 },
      { slug: 'events', name: '活動', count: 0 },
      { slug: 'collaborations', name: '合作夥伴', count: 0 },
    ]);

    await ops('content', 'post', 'publish', String(draft));
    expect((await get(`/content/posts/${draft}`)).json().data.title).toBe('Secret meetup');
    await ops('content', 'post', 'unpublish', String(pressOld));
    expect((await get(`/content/posts/${pressOld}`)).statusCode).toBe(404);
    const press = (await get('/content/posts?category=press')).json().data;
    expect(press.items.map((p: { id: number }) => p.id)).toEqual([pressNew]);
    await ops('content', 'post', 'publish', String(pressOld));
  });

  it('lists newest first across categories with paging (per_page 100 by default)', async () => {
    const all = (await get('/content/posts')).json().data;
    expect(all.perPage).toBe(100);
    expect(all.items.map((p: { id: number }) => p.id)).toEqual([draft, pressNew, pressOld, about]);
    const second = (await get('/content/posts?per_page=2&page=2')).json().data;
    expect(second).toMatchObject({ total: 4, page: 2, perPage: 2 });
    expect(second.items.map((p: { id: number }) => p.id)).toEqual([pressOld, about]);
    expect((await get('/content/posts?per_page=101')).statusCode).toBe(400);
    const aboutPost = (await get('/content/posts?category=about&lang=zh')).json().data.items[0];
    expect(aboutPost).toMatchObject({ slug: 'bcnt', lang: 'en' });
  });

  it('refuses what an operator should not publish', async () => {
    for (const args of [
      ['--category', 'blog'],
      ['--category', 'press', '--url', 'javascript:alert(1)'],
      ['--category', 'press', '--date', '2026-13-01'],
      ['--category', 'about', '--slug', 'bcnt'],
    ]) {
      const defaults = ['--title', 'T', '--excerpt', 'E', '--body', 'B', '--date', '2026-01-02'];
      const result = await cli(['content', 'post', 'create', ...defaults, ...args], {}, t.database);
      expect(result.code, args.join(' ')).not.toBe(0);
    }
    const listed = await cli(['content', 'post', 'list', '--category', 'about'], {}, t.database);
    expect(listed.stdout).toContain(`#${about}  about  2026-01-01  published  en  #bcnt`);
  });
});

describe('advertisements', () => {
  it('answers the running ads by sortOrder, without removed or ended ones', async () => {
    const later = await ops('content', 'ad', 'create', '--url', '/fixed', '--sort', '5');
    const first = await ops(
      'content',
      'ad',
      'create',
      '--url',
      'https://campaign.example.com',
      '--sort',
      '1',
      '--image',
      'https://cdn.example.com/ad.png',
    );
    const app = await ops(
      'content',
      'ad',
      'create',
      '--url',
      '/mixed',
      '--sort',
      '0',
      '--app-only',
    );
    const ending = new Date(t.clock.now().getTime() + 60 * 60_000).toISOString();
    const campaign = await ops(
      'content',
      'ad',
      'create',
      '--url',
      '/fixed',
      '--sort',
      '2',
      '--ends',
      ending,
    );

    const running = (await get('/api/v1/premium2/Advertisement')).json().data;
    expect(running.map((ad: { id: number }) => ad.id)).toEqual([
      app.id,
      first.id,
      campaign.id,
      later.id,
    ]);
    expect(running[0]).toMatchObject({ isWeb: false, openUrl: '/mixed', imageAppURL: null });
    expect(running[1]).toMatchObject({
      isWeb: true,
      imageAppURL: 'https://cdn.example.com/ad.png',
    });

    t.clock.advance(61 * 60_000);
    await ops('content', 'ad', 'remove', String(first.id));
    const after = (await get('/api/v1/premium2/Advertisement')).json().data;
    expect(after.map((ad: { id: number }) => ad.id)).toEqual([app.id, later.id]);
  });
});

describe('the development seed', () => {
  it('fills an empty content table with posts in three languages, once', async () => {
    expect(await seedDemoContent(t.database.db, t.clock)).toBe(0);
    await t.database.db.delete(contentPosts);
    expect(await seedDemoContent(t.database.db, t.clock)).toBe(13);
    for (const lang of ['en', 'tw', 'zh'] as const) {
      const counts = (await get(`/content/categories?lang=${lang}`)).json().data;
      expect(counts.map((c: { count: number }) => c.count)).toEqual([2, 6, 2, 3]);
      const press = (await get(`/content/posts?category=press&lang=${lang}`)).json().data;
      expect(press.items.every((p: { lang: string }) => p.lang === lang)).toBe(true);
    }
    const about = (await get('/content/posts?category=about')).json().data.items;
    expect(about.map((p: { slug: string }) => p.slug)).toEqual(['company', 'bcnt']);
  });
});

describe('quotation', () => {
  type Level = { price: string; amount: string };

  it('lists BCNT/USDT and the exchange pairs (the paper exchange by default)', async () => {
    const res = await get('/quotation/symbols');
    expect(res.statusCode).toBe(200);
    const symbols = res.json().data as {
      symbol: string;
      source: string;
      minAmount: string | null;
    }[];
    expect(symbols[0]).toMatchObject({ symbol: 'BCNT/USDT', source: 'platform', minAmount: null });
    expect(symbols.map((s) => s.symbol)).toEqual(
      expect.arrayContaining(['BTC/USDT', 'ETH/USDT', 'SOL/USDT']),
    );
    expect(symbols.find((s) => s.symbol === 'BTC/USDT')?.minAmount).toBe('0.0004');
  });

  it('answers a ticker and a market that follow the paper market', async () => {
    const ticker = (await get('/quotation/ticker?symbol=BTC/USDT')).json().data;
    expect(Number(ticker.bid)).toBeLessThan(Number(ticker.ask));
    expect(ticker.at).toBe(t.clock.now().toISOString());

    const market = (await get('/quotation/market?symbol=BTC%2FUSDT&depth=5')).json().data;
    expect(market.bids).toHaveLength(5);
    expect(market.asks).toHaveLength(5);
    const bids = market.bids.map((level: Level) => Number(level.price));
    const asks = market.asks.map((level: Level) => Number(level.price));
    expect(bids).toEqual([...bids].sort((a, b) => b - a));
    expect(asks).toEqual([...asks].sort((a, b) => a - b));
    expect(bids[0]).toBeLessThan(asks[0]);

    // the operator moves the market 10 % up: the ticker follows
    t.app.adapters.paperExchange!.engine.moveMarket('BTCUST', '10');
    const moved = (await get('/quotation/ticker?symbol=BTC/USDT')).json().data;
    expect(Number(moved.last) / Number(ticker.last)).toBeCloseTo(1.1, 2);
  });

  it('quotes BCNT/USDT from the price feed; refuses unknown and malformed symbols', async () => {
    const price = (await get('/quotation/bcnt/price')).json().data.price;
    const bcnt = (await get('/quotation/ticker?symbol=BCNT/USDT')).json().data;
    expect(bcnt).toMatchObject({ symbol: 'BCNT/USDT', last: price, bid: price, ask: price });
    const market = (await get('/quotation/market?symbol=BCNT/USDT')).json().data;
    expect(market).toMatchObject({ last: price, bids: [], asks: [] });

    const unknown = await get('/quotation/ticker?symbol=DOGE/USDT');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('quotation_unknown_symbol');
    expect((await get('/quotation/ticker?symbol=btc-usdt')).statusCode).toBe(400);
    expect((await get('/quotation/market?symbol=BTC/USDT&depth=26')).statusCode).toBe(400);
  });
});
