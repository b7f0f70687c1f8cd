import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressedCopies } from '../../scripts/lib/vite-precompress';
import {
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from '../helpers/test-app';

const INDEX_HTML =
  '<!doctype html><html><head><title>BCNT test shell</title></head><body><div id="root"></div></body></html>';
/** a chunk large enough for the build to compress */
const CHUNK = Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i};`).join('\n');
let distDir: string;
let testDb: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'bcnt-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(path.join(distDir, 'assets', 'index-abc123.js.map'), '{"version":3}');
  writeFileSync(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // a chunk with the compressed copies the build writes beside it, and the page's brotli copy
  writeFileSync(path.join(distDir, 'assets', 'chunk-def456.js'), CHUNK);
  const copies = (await compressedCopies(Buffer.from(CHUNK)))!;
  writeFileSync(path.join(distDir, 'assets', 'chunk-def456.js.br'), copies.br);
  writeFileSync(path.join(distDir, 'assets', 'chunk-def456.js.gz'), copies.gz);
  writeFileSync(path.join(distDir, 'index.html.br'), brotliCompressSync(INDEX_HTML));
  testDb = await createTestDatabase();
  t = await createTestApp({
    config: { serveApp: true, appDistDir: distDir },
    database: testDb.database,
  });
});
afterAll(async () => {
  await t?.close();
  await testDb?.dispose();
  rmSync(distDir, { recursive: true, force: true });
});

describe('serving the built app (SERVE_APP)', () => {
  it('serves index.html at / with a CSP and no long-term caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toBe(INDEX_HTML);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves hashed assets with immutable caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-ratelimit-limit']).toBeUndefined(); // static files are not counted
  });

  it('sends the compressed copy the browser accepts, brotli first, and says it varies', async () => {
    const url = '/assets/chunk-def456.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(CHUNK);
    expect(br.rawPayload.length).toBeLessThan(CHUNK.length / 2);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);

    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends the page compressed on an app route too, and files without copies as they are', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/account/security',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX_HTML);
    // below the size worth compressing the build leaves no copy: sent as it is
    const small = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log("app")');
    expect(await compressedCopies(Buffer.from('console.log("app")'))).toBeNull();
  });

  it.each(['/login', '/account/security', '/portfolio/detail?id=3', '/landing.html'])(
    'falls back to index.html for the app route %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it.each([
    '/api/v1/common/Nope',
    '/api/other',
    '/member/nope',
    '/token/x',
    '/quotation/x',
    '/content/x',
    '/dev/x',
    '/ops/x',
    '/health/x',
  ])('does not fall back for the server path %s (404 envelope)', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'not_found', data: null });
  });

  it('does not fall back for a missing file (a lost chunk stays a 404) or for non-GET requests', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.json().message).toBe('not_found');
    const post = await t.app.inject({ method: 'POST', url: '/login' });
    expect(post.statusCode).toBe(404);
    expect(post.json().message).toBe('not_found');
  });

  it('still answers the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/common/LanguageList' });
    expect(res.json().status).toBe(0);
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.json().data.db).toBe(true);
  });

  it('is off unless SERVE_APP: / is then a 404 envelope', async () => {
    const api = await createTestApp({ database: testDb.database });
    try {
      const res = await api.app.inject({ method: 'GET', url: '/login' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('not_found');
    } finally {
      await api.app.close();
    }
  });

  it('refuses to start when the build is missing, saying how to fix it', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'bcnt-nodist-'));
    try {
      await expect(
        createTestApp({ config: { serveApp: true, appDistDir: empty }, database: testDb.database }),
      ).rejects.toThrow(/npm run build/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('source maps', () => {
  it('are served outside production only', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' })).statusCode,
    ).toBe(200);
    const prod = await createTestApp({
      config: {
        nodeEnv: 'production',
        serveApp: true,
        appDistDir: distDir,
        appOrigin: 'https://app.example.com',
        walletSeed:
          'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
        dataKey: 'a-production-data-key-of-32-chars-at-least',
      },
      database: testDb.database,
    });
    try {
      const map = await prod.app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('version');
      const js = await prod.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(js.statusCode).toBe(200);
    } finally {
      await prod.app.close();
    }
  });
});

describe('prerendered public pages', () => {
  const PAGES = {
    'en-US':
      '<!doctype html><html lang="en-US"><body><div id="root" data-prerendered="en-US"><h1>One wallet</h1></div></body></html>',
    'zh-TW':
      '<!doctype html><html lang="zh-TW"><body><div id="root" data-prerendered="zh-TW"><h1>一個錢包</h1></div></body></html>',
    'zh-CN':
      '<!doctype html><html lang="zh-CN"><body><div id="root" data-prerendered="zh-CN"><h1>一个钱包</h1></div></body></html>',
  } as const;
  /** large enough for the build to leave compressed copies */
  const padded = (html: string) => html.replace('</body>', `<!--${'x'.repeat(2000)}--></body>`);
  /** the other prerendered pages of this build: path -> file; each language's page names both */
  const OTHER_PAGES = {
    '/bcnt': 'bcnt.html',
    '/lending-term-service': 'lending-term-service.html',
    '/privacy-policy': 'privacy-policy.html',
  } as const;
  const otherPage = (locale: string, pagePath: string) =>
    `<!doctype html><html lang="${locale}"><body><div id="root" data-prerendered="${locale}" data-prerendered-path="${pagePath}"><h1>${pagePath} ${locale}</h1></div></body></html>`;
  const writePage = async (dir: string, file: string, html: string) => {
    const bytes = Buffer.from(padded(html));
    writeFileSync(path.join(dir, file), bytes);
    const copies = (await compressedCopies(bytes))!;
    writeFileSync(path.join(dir, `${file}.br`), copies.br);
    writeFileSync(path.join(dir, `${file}.gz`), copies.gz);
  };
  let prerenderDist: string;
  let legalDir: string;
  let served: TestApp;
  /** the privacy policy as the build rendered it, per language (LEGAL_DIR's files) */
  const POLICY = {
    'en-US': '---\ntitle: Privacy Policy\n---\n\nWhat we keep.\n',
    'zh-TW': '---\ntitle: 隱私權政策\n---\n\n我們保存的資料。\n',
    'zh-CN': '---\ntitle: 隐私政策\n---\n\n我们保存的数据。\n',
  } as const;
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const writePolicy = (locale: string, text: string) => {
    mkdirSync(path.join(legalDir, locale), { recursive: true });
    writeFileSync(path.join(legalDir, locale, 'privacy-policy.md'), text);
  };

  beforeAll(async () => {
    prerenderDist = mkdtempSync(path.join(tmpdir(), 'bcnt-dist-prerendered-'));
    writeFileSync(path.join(prerenderDist, 'index.html'), INDEX_HTML);
    mkdirSync(path.join(prerenderDist, 'prerendered'));
    for (const [locale, html] of Object.entries(PAGES)) {
      const dir = path.join(prerenderDist, 'prerendered', locale);
      mkdirSync(dir);
      await writePage(dir, 'index.html', html);
      for (const [pagePath, file] of Object.entries(OTHER_PAGES))
        await writePage(dir, file, otherPage(locale, pagePath));
    }
    writeFileSync(
      path.join(prerenderDist, 'prerendered', 'pages.json'),
      JSON.stringify({
        pages: { '/': 'index.html', ...OTHER_PAGES },
        locales: ['en-US', 'zh-TW', 'zh-CN'],
        legal: { '/privacy-policy': 'privacy-policy' },
        legalDigests: Object.fromEntries(
          Object.entries(POLICY).map(([locale, text]) => [
            `${locale}/privacy-policy.md`,
            sha256(text),
          ]),
        ),
      }),
    );
    legalDir = mkdtempSync(path.join(tmpdir(), 'bcnt-legal-'));
    for (const [locale, text] of Object.entries(POLICY)) writePolicy(locale, text);
    served = await createTestApp({
      config: { serveApp: true, appDistDir: prerenderDist, legalDir },
      database: testDb.database,
    });
  });
  afterAll(async () => {
    await served?.close();
    rmSync(prerenderDist, { recursive: true, force: true });
    rmSync(legalDir, { recursive: true, force: true });
  });

  const landing = (headers: Record<string, string> = {}, url = '/') =>
    served.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it('sends a zh-TW visitor the zh-TW page, saying it varies with the language and cookies', async () => {
    const res = await landing({ 'accept-language': 'zh-TW,zh;q=0.9,en-US;q=0.8' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toBe(padded(PAGES['zh-TW']));
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-language/i);
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('picks the language the app will: Chinese variants, ko-KR and others in English, en-US without a header', async () => {
    expect((await landing({ 'accept-language': 'zh-HK' })).body).toBe(padded(PAGES['zh-TW']));
    expect((await landing({ 'accept-language': 'zh-CN,zh;q=0.9' })).body).toBe(
      padded(PAGES['zh-CN']),
    );
    expect((await landing({ 'accept-language': 'zh' })).body).toBe(padded(PAGES['zh-CN']));
    expect((await landing({ 'accept-language': 'ko-KR,zh-TW;q=0.8' })).body).toBe(
      padded(PAGES['en-US']),
    );
    // the highest q decides, as the browser orders navigator.languages
    expect((await landing({ 'accept-language': 'en;q=0.5,zh-TW;q=0.9' })).body).toBe(
      padded(PAGES['zh-TW']),
    );
    expect((await landing()).body).toBe(padded(PAGES['en-US']));
  });

  it('follows the stored language choice (its lang cookie) over the browser language', async () => {
    const res = await landing({ 'accept-language': 'en-US', cookie: 'a=1; lang=zh-CN' });
    expect(res.body).toBe(padded(PAGES['zh-CN']));
    expect((await landing({ 'accept-language': 'zh-TW', cookie: 'lang=en-US' })).body).toBe(
      padded(PAGES['en-US']),
    );
  });

  it('sends the compressed copy of the chosen page', async () => {
    const res = await landing({ 'accept-language': 'zh-TW', 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(padded(PAGES['zh-TW']));
    const gz = await landing({ cookie: 'lang=zh-CN', 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(padded(PAGES['zh-CN']));
  });

  it('sends the plain app page to a browser whose first screen is its own, with a query, and on other routes', async () => {
    const member = await landing({
      'accept-language': 'zh-TW',
      cookie: 'first-screen=own; lang=zh-TW',
    });
    expect(member.body).toBe(INDEX_HTML);
    expect((await landing({ 'accept-language': 'zh-TW' }, '/?type=contact-us')).body).toBe(
      INDEX_HTML,
    );
    expect((await landing({ 'accept-language': 'zh-TW' }, '/login')).body).toBe(INDEX_HTML);
    const head = await served.app.inject({
      method: 'HEAD',
      url: '/',
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(padded(PAGES['zh-TW']))));
  });

  it.each(Object.keys(OTHER_PAGES))(
    'sends a visitor the page of %s in the language the app will start in',
    async (pagePath) => {
      const tw = await landing({ 'accept-language': 'zh-TW,zh;q=0.9' }, pagePath);
      expect(tw.statusCode).toBe(200);
      expect(tw.headers['content-type']).toMatch(/text\/html/);
      expect(tw.body).toBe(padded(otherPage('zh-TW', pagePath)));
      expect(tw.headers['cache-control']).toBe('no-cache');
      expect(tw.headers.vary).toMatch(/accept-language/i);
      expect(tw.headers.vary).toMatch(/cookie/i);
      expect((await landing({ 'accept-language': 'zh-CN' }, pagePath)).body).toBe(
        padded(otherPage('zh-CN', pagePath)),
      );
      expect((await landing({ 'accept-language': 'fr-FR' }, pagePath)).body).toBe(
        padded(otherPage('en-US', pagePath)),
      );
      expect(
        (await landing({ 'accept-language': 'en-US', cookie: 'lang=zh-TW' }, pagePath)).body,
      ).toBe(padded(otherPage('zh-TW', pagePath)));
      const br = await landing({ cookie: 'lang=zh-CN', 'accept-encoding': 'br' }, pagePath);
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(
        padded(otherPage('zh-CN', pagePath)),
      );
      // a member (or maintenance, a stored wallet) renders its own first screen
      const member = await landing(
        { 'accept-language': 'zh-TW', cookie: 'lang=zh-TW; first-screen=own' },
        pagePath,
      );
      expect(member.statusCode).toBe(200);
      expect(member.body).toBe(INDEX_HTML);
    },
  );

  it('sends a page with a legal document only while LEGAL_DIR has the file the build rendered', async () => {
    const policy = (headers: Record<string, string>) => landing(headers, '/privacy-policy');
    const tw = { 'accept-language': 'zh-TW' };
    expect((await policy(tw)).body).toBe(padded(otherPage('zh-TW', '/privacy-policy')));
    try {
      // the operator replaced the zh-TW text: the plain app page, which fetches the new one
      writePolicy('zh-TW', `${POLICY['zh-TW']}\n新增的條款。\n`);
      const replaced = await policy(tw);
      expect(replaced.statusCode).toBe(200);
      expect(replaced.body).toBe(INDEX_HTML);
      // the other languages' files are the build's
      expect((await policy({ 'accept-language': 'en-US' })).body).toBe(
        padded(otherPage('en-US', '/privacy-policy')),
      );
      rmSync(path.join(legalDir, 'zh-TW', 'privacy-policy.md'));
      expect((await policy(tw)).body).toBe(INDEX_HTML);
    } finally {
      writePolicy('zh-TW', POLICY['zh-TW']);
    }
    // the build's text again
    expect((await policy(tw)).body).toBe(padded(otherPage('zh-TW', '/privacy-policy')));
  });

  it.each([
    ['a trailing slash', '/bcnt/'],
    ['a query', '/bcnt?tab=history'],
    ['another case', '/BCNT'],
    ['a path below it', '/bcnt/x'],
    ['an encoded path', '/b%63nt'],
    ['a public page that is not prerendered', '/referral-program'],
    ['an unknown path', '/no-such-page'],
    ['a name of Object.prototype', '/constructor'],
  ])('sends the plain app page for %s (%s)', async (_, url) => {
    const res = await landing({ 'accept-language': 'zh-TW' }, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toBe(INDEX_HTML);
  });

  it("serves no prerendered page for a build without them (the first suite's dist)", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-language': 'zh-TW' },
    });
    expect(res.body).toBe(INDEX_HTML);
  });
});
