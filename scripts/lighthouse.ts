// `npm run lighthouse`: Lighthouse (its default mobile preset: a mid-range phone, throttled CPU
// and network) on the built app as `npm start` serves it, behind an HTTPS front that speaks
// HTTP/2 as a production load balancer does (scripts/lib/h2-front.ts; `--http1` audits the API's
// own plain HTTP/1.1 instead). Builds nothing: it uses dist/ (run `npm run build` first). Starts
// the API with NODE_ENV=production and SERVE_APP=true on a throwaway PGlite data dir and a free
// port, registers and logs a member in through the API,
// then audits the landing page and a terms page (the lending bot's, prerendered too) as a
// visitor and the wallet page as that member (the session stored the way the app keeps it:
// `loginInfo` in localStorage), RUNS times each in a fresh Chromium, and prints the medians of
// performance, accessibility, best practices, FCP, LCP, TBT and CLS with the machine's load
// average. Lighthouse is fetched on demand
// (`npx --yes lighthouse@12`), not a devDependency, so installs stay fast.
//
// Options: --runs N (default 5), --only landing|terms|wallet, --path /PATH (that page alone, as a
// visitor), --http1 (no front: the API's plain HTTP/1.1), --json FILE (every run's figures),
// --reports DIR (each run's full Lighthouse report, e.g. to see which elements shifted).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { english, generateMnemonic } from 'viem/accounts';
import { solveCaptchaChallenge } from '../src/server/domain/auth/captcha';
import { DEVICE_HEADERS, DEVICE_TYPE, type CaptchaChallenge } from '../src/shared/api/auth';
import { SUCCESS } from '../src/shared/api/envelope';
import { STORAGE_KEYS } from '../src/lib/storage-keys';
import { ensureChromium } from './lib/chromium';
import { type H2Front, startH2Front } from './lib/h2-front';

const LIGHTHOUSE = 'lighthouse@12';
const DIST = resolve('dist');
const GOALS = { performance: 95, accessibility: 100, bestPractices: 95 };

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * The API serving dist/ as `npm start` runs it; resolves with its base URL once it listens.
 * Behind `front`, the app's origin is the front's and the API trusts one proxy hop.
 */
async function startApi(
  dataDir: string,
  front: H2Front | undefined,
): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    SERVE_APP: 'true',
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_ORIGIN: front?.origin ?? `http://127.0.0.1:${port}`,
    ...(front ? { TRUST_PROXY: '1' } : {}),
    // production's required secrets, made for this throwaway instance
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_KEY: randomBytes(32).toString('hex'),
    WALLET_SEED: generateMnemonic(english),
    PAPER_EXCHANGE_PORT: '0',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  // one process (no npx or tsx wrapper in between), so stopping it stops the API
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const base = await new Promise<string>((resolveBase, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start:\n${output}`)), 180_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveBase(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited (${code}) before listening:\n${output}`));
    });
  });
  return { base, child };
}

async function api<T>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { status: number; message: string; data: T };
  if (!response.ok || envelope.status !== SUCCESS) {
    throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(envelope)}`);
  }
  return envelope.data;
}

async function captcha(base: string) {
  return solveCaptchaChallenge(
    await api<CaptchaChallenge>(base, 'GET', '/member/geetest/initialize'),
  );
}

function deviceHeaders(clientId: string, deviceType: number): Record<string, string> {
  return {
    [DEVICE_HEADERS.clientId]: clientId,
    [DEVICE_HEADERS.deviceType]: String(deviceType),
    [DEVICE_HEADERS.deviceOs]: 'Linux',
    [DEVICE_HEADERS.deviceAgent]: 'Lighthouse on Linux',
    [DEVICE_HEADERS.position]: 'Taipei',
  };
}

/**
 * Registers a member and logs them in from the registering device; answers the value the app
 * stores as `loginInfo` after a login (services/member-auth.ts `storeLoginSession`).
 */
async function memberLoginInfo(base: string): Promise<Record<string, unknown>> {
  const clientId = randomUUID();
  const email = `lighthouse-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Lighthouse-1-pass';
  await api(
    base,
    'POST',
    '/member/register',
    {
      accountType: 'individual',
      userName: 'Lighthouse',
      email,
      mobile: `+8869${String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8)}`,
      password,
      confirmPassword: password,
      agreement: true,
      privacyPolicy: true,
      captcha: await captcha(base),
    },
    deviceHeaders(clientId, DEVICE_TYPE.register),
  );
  const login = await api<{
    result: string;
    session: { token: string; refreshToken: string; expiredTime: number };
    member: Record<string, unknown>;
  }>(
    base,
    'POST',
    '/member/login',
    { email, password, grant_type: 'password', source: 0, step: 1, captcha: await captcha(base) },
    deviceHeaders(clientId, DEVICE_TYPE.login),
  );
  if (login.result !== 'success') throw new Error(`login answered ${JSON.stringify(login)}`);
  return { ...login.member, ...login.session };
}

/**
 * A fresh headless Chromium (its own profile, so a cold cache) with a DevTools port for
 * Lighthouse. For a member, the session is stored first for the app's origin from a page that
 * does not load the app, so the audited load is still a first one.
 */
async function launchChromium(
  base: string,
  loginInfo: Record<string, unknown> | undefined,
  front: H2Front | undefined,
): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: ensureChromium(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      // the front's certificate of this run, and no other
      ...(front ? [`--ignore-certificate-errors-spki-list=${front.spkiHash}`] : []),
    ],
  });
  const stop = async () => {
    await context.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    if (loginInfo) {
      const page = await context.newPage();
      await page.goto(`${base}/health`, { timeout: 60_000 });
      await page.evaluate(
        ([key, value]) => localStorage.setItem(key!, value!),
        [STORAGE_KEYS.loginInfo, JSON.stringify(loginInfo)],
      );
      await page.close();
    }
    const portFile = join(profile, 'DevToolsActivePort');
    for (let waited = 0; waited < 30_000; waited += 100) {
      if (existsSync(portFile)) {
        const port = Number(readFileSync(portFile, 'utf8').split('\n')[0]);
        if (port > 0) return { port, stop };
      }
      await sleep(100);
    }
    throw new Error('Chromium did not open its DevTools port');
  } catch (error) {
    await stop();
    throw error;
  }
}

function runLighthouse(
  url: string,
  port: number,
  keepStorage: boolean,
  reportFile: string | undefined,
): Promise<Figures> {
  const args = [
    '--yes',
    LIGHTHOUSE,
    url,
    `--port=${port}`,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--only-categories=performance,accessibility,best-practices',
    ...(keepStorage ? ['--disable-storage-reset'] : []),
  ];
  return new Promise((resolveRun, reject) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited ${code}:\n${err}`));
      try {
        const lhr = JSON.parse(out) as {
          runtimeError?: { message: string };
          finalDisplayedUrl: string;
          categories: Record<string, { score: number | null }>;
          audits: Record<string, { numericValue?: number }>;
        };
        if (reportFile) writeFileSync(reportFile, out);
        if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
        // a signed-in page that sent the browser to Login would measure the wrong screen
        const landed = new URL(lhr.finalDisplayedUrl);
        if (landed.pathname !== new URL(url).pathname) {
          throw new Error(`${url} ended on ${landed.pathname}${landed.search}`);
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        resolveRun({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          fcpMs: value('first-contentful-paint'),
          lcpMs: value('largest-contentful-paint'),
          tbtMs: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
        });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medians(runs: Figures[]): Figures {
  const of = (key: keyof Figures) => median(runs.map((run) => run[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    fcpMs: of('fcpMs'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
  };
}

function row(label: string, figures: Figures): string {
  return [
    label.padEnd(8),
    String(figures.performance).padStart(4),
    String(figures.accessibility).padStart(5),
    String(figures.bestPractices).padStart(5),
    `${(figures.fcpMs / 1000).toFixed(2)} s`.padStart(8),
    `${(figures.lcpMs / 1000).toFixed(2)} s`.padStart(8),
    `${Math.round(figures.tbtMs)} ms`.padStart(8),
    figures.cls.toFixed(3).padStart(6),
  ].join('  ');
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main() {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error('No build in dist/: run `npm run build` first.');
    process.exit(1);
  }
  const runs = Number(option('runs') ?? 5);
  const only = option('only');
  const path = option('path');
  const pages = (
    path
      ? [
          {
            name: path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root',
            path,
            member: false,
          },
        ]
      : [
          { name: 'landing', path: '/', member: false },
          // a prerendered terms page (README "Prerendered public pages")
          { name: 'terms', path: '/lending-term-service', member: false },
          { name: 'wallet', path: '/wallet', member: true },
        ]
  ).filter((page) => path || !only || page.name === only);
  if (path && !path.startsWith('/')) {
    console.error(`--path ${path}: a path of the app, starting with /`);
    process.exit(1);
  }
  if (pages.length === 0) {
    console.error(`--only ${only}: no such page (landing, terms or wallet)`);
    process.exit(1);
  }

  const loadBefore = load();
  const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'));
  const front = process.argv.includes('--http1') ? undefined : await startH2Front();
  const { base: apiBase, child } = await startApi(dataDir, front);
  front?.forwardTo(apiBase);
  // what the browser loads: through the front, or the API itself
  const base = front?.origin ?? apiBase;
  const stopApi = () => {
    child.kill('SIGTERM');
  };
  process.once('SIGINT', () => {
    stopApi();
    process.exit(130);
  });
  const results: Record<string, Figures[]> = {};
  try {
    const loginInfo = pages.some((page) => page.member)
      ? await memberLoginInfo(apiBase)
      : undefined;
    for (const page of pages) {
      results[page.name] = [];
      for (let run = 1; run <= runs; run += 1) {
        const browser = await launchChromium(base, page.member ? loginInfo : undefined, front);
        try {
          const reports = option('reports');
          const figures = await runLighthouse(
            `${base}${page.path}`,
            browser.port,
            page.member,
            reports ? join(reports, `${page.name}-${run}.json`) : undefined,
          );
          results[page.name]!.push(figures);
          console.log(`${page.name} run ${run}/${runs}: ${row('', figures).trim()}`);
        } finally {
          await browser.stop();
        }
      }
    }
  } finally {
    stopApi();
    await new Promise<void>((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      setTimeout(() => {
        child.kill('SIGKILL');
        done();
      }, 15_000).unref();
    });
    await front?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(
    `\nLighthouse ${LIGHTHOUSE} (mobile preset), ${front ? 'HTTPS with HTTP/2 (the front)' : "the API's plain HTTP/1.1"}, median of ${runs} runs; load average before ${loadBefore}, after ${load()}`,
  );
  console.log('page      perf  a11y  best       FCP       LCP       TBT     CLS');
  let met = true;
  for (const page of pages) {
    const figures = medians(results[page.name]!);
    console.log(row(page.name, figures));
    met &&=
      figures.performance >= GOALS.performance &&
      figures.accessibility >= GOALS.accessibility &&
      figures.bestPractices >= GOALS.bestPractices;
  }
  console.log(
    `Goals: performance >= ${GOALS.performance}, accessibility ${GOALS.accessibility}, best practices >= ${GOALS.bestPractices}: ${met ? 'met' : 'not met'}`,
  );
  const jsonFile = option('json');
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ runs: results, loadBefore }, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
