// `npm run size`: the bundle budget. Loads the built landing page in Chromium and adds up the
// gzip size of every JavaScript file it loads before any interaction. Fails above the budget or
// when wallet or chart code is among them (those must load lazily). Run after `vite build`.
import { readFileSync, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ensureChromium } from './lib/chromium';
import { libraryFloorBytes } from './lib/library-floor';
import { run } from './lib/proc';
import { packageShares, type SourceMapV3 } from './lib/source-map-shares';

// It prints each file and each package's share (scripts/lib/source-map-shares.ts). About
// 185 KiB today. Not in it: the product blocks' cards (their chunk, the catalog request
// with its API schemas and error texts, the `earn` translations: about 22 KiB) load when the
// visitor scrolls near a block (both start below the first screen), the navigation menus' code
// (Radix and its positioning) on a menu's first use. What remains is mostly fixed: React DOM
// (about 64 KiB with the scheduler), React Router's data router (about 30 KiB: createBrowserRouter
// brings the whole router with fetchers and actions), i18next (13 KiB), zod (11 KiB: the start's
// maintenance call parses with it, as the config and the session do), TanStack Query's client
// (about 12 KiB: the advertisement call uses it) and the en-US first-load strings (6 KiB). This
// bound keeps it from growing.
//
// Last it prints the floor the kept libraries set (scripts/lib/library-floor.ts: React, React DOM,
// React Router and i18next bundled alone, about 117 KiB with the data router, 100 KiB with the
// declarative one) beside what the first load carries besides them.
const BUDGET_KIB = 190;
/** the packages the landing keeps whatever else moves (React, its DOM, the router, i18next) */
const KEPT_LIBRARIES = [
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'i18next',
  'react-i18next',
];
const DIST = resolve('dist');
// Strings that survive minification inside each library (version stamps, provider names).
const LAZY_MARKERS = [
  { name: 'wagmi', pattern: /WagmiProvider|wagmi@\d/ },
  { name: 'RainbowKit', pattern: /RainbowKitProvider|rainbowkit@\d|\[data-rk\]/ },
  { name: 'apexcharts', pattern: /apexcharts-canvas/ },
  { name: 'viem', pattern: /viem@\d/ },
];
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

async function main() {
  if (!existsSync(join(DIST, 'index.html')) || process.argv.includes('--build')) {
    const code = await run('npx', ['vite', 'build', '--logLevel', 'warn'], {
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (code !== 0) process.exit(code);
  }
  // Static server for dist/ with SPA fallback; API calls get a 404 (the landing page copes).
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let file = normalize(join(DIST, decodeURIComponent(url.pathname)));
    if (!file.startsWith(DIST)) return void res.writeHead(403).end();
    if (!existsSync(file) || statSync(file).isDirectory()) {
      if (/^\/(member|api|token|quotation|content|dev|health)\b/.test(url.pathname)) {
        return void res
          .writeHead(404, { 'content-type': 'application/json' })
          .end('{"status":404,"message":"not_found","data":null}');
      }
      file = join(DIST, 'index.html');
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.port === String(port) && url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await browser.close();
  server.close();

  let total = 0;
  const rows: string[] = [];
  const offenders: string[] = [];
  /** gzip bytes per package: each file's shared out in its source map's proportions */
  const byPackage = new Map<string, number>();
  for (const path of [...scripts].sort()) {
    const content = readFileSync(join(DIST, path));
    const gz = gzipSync(content, { level: 9 }).length;
    total += gz;
    rows.push(`  ${(gz / 1024).toFixed(1).padStart(7)} KiB  ${path}`);
    const text = content.toString();
    for (const marker of LAZY_MARKERS)
      if (marker.pattern.test(text)) offenders.push(`${path} contains ${marker.name}`);
    const mapFile = join(DIST, `${path}.map`);
    const shares = existsSync(mapFile)
      ? packageShares(text, JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapV3)
      : new Map([['unmapped', text.length]]);
    const characters = [...shares.values()].reduce((sum, n) => sum + n, 0);
    for (const [name, n] of shares)
      byPackage.set(name, (byPackage.get(name) ?? 0) + (gz * n) / Math.max(1, characters));
  }
  const kib = total / 1024;
  console.log(`Landing page JavaScript before any interaction (gzip):\n${rows.join('\n')}`);
  console.log(`  total ${kib.toFixed(1)} KiB of ${BUDGET_KIB} KiB budget`);
  console.log(
    'By package (each file shared out by its source map; app: this project; unmapped: inlined ' +
      "data such as the translations' JSON, the bundler's runtime, files without a map):",
  );
  for (const [name, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]))
    if (bytes >= 512) console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KiB  ${name}`);
  const kept = KEPT_LIBRARIES.reduce((sum, name) => sum + (byPackage.get(name) ?? 0), 0);
  const [dataFloor, declarativeFloor] = await Promise.all([
    libraryFloorBytes('data', process.cwd()),
    libraryFloorBytes('declarative', process.cwd()),
  ]);
  console.log(
    `The kept libraries (${KEPT_LIBRARIES.join(', ')}) bundled alone in one file: ` +
      `${(dataFloor / 1024).toFixed(1)} KiB with the data router the app uses, ` +
      `${(declarativeFloor / 1024).toFixed(1)} KiB with the declarative one ` +
      `(scripts/lib/library-floor.ts). Here they take ${(kept / 1024).toFixed(1)} KiB ` +
      `and everything else ${((total - kept) / 1024).toFixed(1)} KiB.`,
  );
  let failed = false;
  if (scripts.size === 0) {
    console.error('No JavaScript was loaded: the measurement is broken.');
    failed = true;
  }
  if (kib > BUDGET_KIB) {
    console.error(`Over budget by ${(kib - BUDGET_KIB).toFixed(1)} KiB.`);
    failed = true;
  }
  if (offenders.length) {
    console.error(`Wallet/chart code must load lazily, but:\n  ${offenders.join('\n  ')}`);
    failed = true;
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
