// `npm run bench:inp`: how long a keystroke in the convert and the withdraw amount fields takes
// to reach the screen, for a member whose wallet history holds 500 rows. The real stack the way
// the e2e suite starts it (anvil, the API on a throwaway PGlite data dir serving the built e2e
// app, on the e2e stack's ports: stop an e2e run first), a member with 500 TRC20 deposits
// credited by the deposit simulator (500 ledger transactions), logged in through the login page
// in Chromium; the wallet's Transactions tab opened (its 500 rows paginated), then the Convert
// and the Withdrawal tab by clicking, and an 8-character amount typed key by key, 3 rounds a
// field. Each keystroke is measured two ways: the Event Timing API's interaction duration (the
// INP definition: the longest `event` entry of the keystroke's interactionId, entries from 16 ms
// up, 8 ms granularity) and keydown -> the next paint (requestAnimationFrame, then a
// MessageChannel task). Two figures the machine's load does not move come with them: the
// renderer main thread's CPU time per keystroke (/proc schedstat, the page's idle work
// subtracted) and the DOM changes per keystroke. Printed per field: max and p75 of both
// durations, then the same with Chromium's CPU throttled 4x (CDP Emulation.setCPUThrottlingRate),
// with the machine's load average.
import { readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium, type CDPSession, type Locator, type Page } from '@playwright/test';
import { newIdentity, registerViaApi } from '../e2e/fixtures/auth';
import { accessToken, loginInBrowser } from '../e2e/fixtures/member';
import { startApi, startChain } from '../e2e/global-setup';
import { forgeBuild } from './forge';
import { ensureChromium } from './lib/chromium';
import { buildE2eApp } from './lib/e2e-build';
import { E2E, type E2eStack } from './lib/e2e-env';
import { isPortFree } from './lib/proc';
import { runOpsCli } from '../src/server/ops/cli';
import { migratedTemplate } from '../tests/helpers/pglite-template';

// the stack's API runs on its throwaway PGlite data dir, as in the e2e suite, even when
// `npm run bench` was given a PostgreSQL server for its other parts
delete process.env.DATABASE_URL;

const HISTORY_ROWS = Number(process.env.BENCH_HISTORY_ROWS ?? 500);
const ROUNDS = 3;
const BUDGET_MS = 50;
/** 8 characters; within the member's balance (HISTORY_ROWS x 10 USDT) */
const CONVERT_AMOUNT = '1234.567';
const WITHDRAW_AMOUNT = '2345.678';

/** The e2e stack's ports (the built app calls that chain) on a data dir of its own. */
const STACK: E2eStack = { ...E2E, dataDir: '.e2e-data-bench-inp' };

async function ops(...args: string[]): Promise<string> {
  let stdout = '';
  let stderr = '';
  const code = await runOpsCli(args, {
    env: { ...process.env, DATA_DIR: resolve(STACK.dataDir), NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    out: (text) => (stdout += `${text}\n`),
    err: (text) => (stderr += `${text}\n`),
  });
  if (code !== 0) throw new Error(`ops ${args.join(' ')} exited ${code}\n${stdout}${stderr}`);
  return stdout;
}

async function gateway<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${STACK.baseUrl}/api/v1${path}`, {
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { status: number; message: string; data: T };
  if (body.status !== 0) throw new Error(`${path}: ${res.status} ${body.message}`);
  return body.data;
}

/**
 * HISTORY_ROWS deposits of 10 USDT to the member's TRC20 address, credited through the deposit
 * path (simulated arrival, then 12 confirmations: one ledger transaction each).
 */
async function depositHistory(token: string): Promise<number> {
  const info = await gateway<{ networks: { network: string; address: string }[] }>(
    token,
    '/user/WalletDepositInfo?currency=USDT',
  );
  const address = info.networks.find((n) => n.network === 'TRC20')?.address;
  if (!address) throw new Error('the member has no TRC20 deposit address');
  for (let i = 0; i < HISTORY_ROWS; i += 1) {
    await ops('deposits', 'simulate', '--network', 'TRC20', '--address', address, '--amount', '10');
    // credited in batches: one ops call answers within its 15 s limit on a busy machine
    if ((i + 1) % 25 === 0 || i + 1 === HISTORY_ROWS)
      await ops('deposits', 'confirm', '--network', 'TRC20', '--blocks', '12');
  }
  const history = await gateway<{ total: number }>(token, '/user/WalletHistory?page=1&pageSize=10');
  return history.total;
}

/**
 * Installed in the page before a field is measured (plain JavaScript: the page runs it as is).
 * Keeps every Event Timing entry that belongs to an interaction, and for each keydown in the
 * field the time to the next paint (the frame's requestAnimationFrame callback runs before the
 * paint, a MessageChannel task posted there runs right after it) and the DOM changes it caused
 * (MutationObserver records: a figure the machine's load does not move).
 */
const PROBE = `(() => {
  const state = { keys: [], entries: [] };
  window.__inpProbe = state;
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId)
        state.entries.push({ id: e.interactionId, name: e.name, start: e.startTime, duration: e.duration });
  });
  observer.observe({ type: 'event', durationThreshold: 16, buffered: false });
  state.observer = observer;
  let mutations = 0;
  state.mutations = new MutationObserver((records) => { mutations += records.length; });
  state.mutations.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  state.elements = document.getElementsByTagName('*').length;
  document.addEventListener('keydown', (event) => {
    if (!(event.target instanceof HTMLInputElement)) return;
    const start = event.timeStamp;
    const before = mutations;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () =>
        state.keys.push({ key: event.key, start, paint: performance.now() - start, mutations: mutations - before });
      channel.port2.postMessage(null);
    });
  }, true);
})()`;

interface Keystroke {
  /** its place in the round (0: the first key) and the key */
  index: number;
  key: string;
  /** Event Timing: the interaction's duration, or null when under the 16 ms threshold */
  interaction: number | null;
  /** keydown -> next paint */
  paint: number;
  /** DOM mutation records between the keydown and the next paint */
  mutations: number;
}

interface Round {
  strokes: Keystroke[];
  /** elements in the document when the round started */
  elements: number;
  /** renderer main-thread CPU ms per keystroke, the page's idle work subtracted */
  cpuPerKey: number | null;
}

/** Milliseconds between two keys: a quick typist (about 7 keys a second). */
const KEY_INTERVAL_MS = 150;
/** Event Timing entries are delivered after the paint: the wait after the last key. */
const TAIL_MS = 500;

/**
 * CPU time of the page's renderer main threads (Blink and the page's JavaScript), in ms:
 * /proc/<pid>/schedstat of each renderer process (its first thread is the main one), in ns.
 * null where /proc is not there.
 */
async function rendererCpuMs(browser: CDPSession): Promise<number | null> {
  const { processInfo } = (await browser.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; id: number }[];
  };
  let total = 0;
  for (const { id } of processInfo.filter((p) => p.type === 'renderer')) {
    try {
      total += Number(readFileSync(`/proc/${id}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
    } catch {
      return null;
    }
  }
  return total;
}

async function typeRound(
  page: Page,
  browser: CDPSession,
  field: Locator,
  text: string,
): Promise<Round> {
  await field.fill('');
  await field.focus();
  await page.waitForTimeout(300);
  await page.evaluate(PROBE);
  // the page's own background work (timers, polling) over as long as the typing takes
  const span = text.length * KEY_INTERVAL_MS + TAIL_MS;
  const idleFrom = await rendererCpuMs(browser);
  let wall = performance.now();
  await page.waitForTimeout(span);
  const idleTo = await rendererCpuMs(browser);
  const idleRate = (idleTo! - idleFrom!) / (performance.now() - wall);

  const typingFrom = await rendererCpuMs(browser);
  wall = performance.now();
  for (const key of text) {
    await page.keyboard.press(key);
    await page.waitForTimeout(KEY_INTERVAL_MS);
  }
  await page.waitForTimeout(TAIL_MS);
  const typingTo = await rendererCpuMs(browser);
  const cpuPerKey =
    typingFrom === null || typingTo === null || idleFrom === null || idleTo === null
      ? null
      : Math.max(0, typingTo - typingFrom - idleRate * (performance.now() - wall)) / text.length;
  const { keys, entries, elements } = await page.evaluate(() => {
    const state = (
      window as unknown as {
        __inpProbe: {
          keys: { key: string; start: number; paint: number; mutations: number }[];
          entries: { id: number; name: string; start: number; duration: number }[];
          observer: PerformanceObserver;
          mutations: MutationObserver;
          elements: number;
        };
      }
    ).__inpProbe;
    state.observer.disconnect();
    state.mutations.disconnect();
    return { keys: state.keys, entries: state.entries, elements: state.elements };
  });
  if (keys.length !== text.length)
    throw new Error(`${text.length} keys typed, ${keys.length} painted`);
  const value = await field.inputValue();
  if (value !== text) throw new Error(`typed "${text}" but the field shows "${value}"`);
  const strokes = keys.map((key, index) => {
    // the interaction whose keydown is this keystroke's; its keyup shares the interactionId
    const keydown = entries.find((e) => e.name === 'keydown' && Math.abs(e.start - key.start) < 1);
    const group = keydown ? entries.filter((e) => e.id === keydown.id) : [];
    return {
      interaction: group.length > 0 ? Math.max(...group.map((e) => e.duration)) : null,
      index,
      key: key.key,
      paint: key.paint,
      mutations: key.mutations,
    };
  });
  return { strokes, elements, cpuPerKey };
}

function p75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.75) - 1] ?? 0;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
/** Event Timing values under its 16 ms threshold are not reported: shown as "<16 ms". */
const interactionMs = (value: number) => (value < 16 ? '<16 ms' : `${value.toFixed(0)} ms`);
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

interface FieldResult {
  field: string;
  strokes: Keystroke[];
  elements: number;
  /** per round */
  cpuPerKey: (number | null)[];
}

function report(title: string, results: FieldResult[]) {
  console.log(`\n${title} (load average ${load()})`);
  const head = [
    'field'.padEnd(10),
    'keys'.padStart(4),
    'INP max'.padStart(8),
    'INP p75'.padStart(8),
    'paint max'.padStart(10),
    'paint p75'.padStart(10),
    'CPU/key'.padStart(8),
    'DOM changes/key'.padStart(16),
    'elements'.padStart(9),
  ];
  console.log(head.join('  '));
  for (const { field, strokes, elements, cpuPerKey } of results) {
    const cpu = cpuPerKey.filter((value): value is number => value !== null);
    const interactions = strokes.map((s) => s.interaction ?? 0);
    const paints = strokes.map((s) => s.paint);
    const changes = strokes.map((s) => s.mutations);
    const over = strokes.filter((s) => (s.interaction ?? 0) > BUDGET_MS).length;
    const row = [
      field.padEnd(10),
      String(strokes.length).padStart(4),
      interactionMs(Math.max(...interactions)).padStart(8),
      interactionMs(p75(interactions)).padStart(8),
      ms(Math.max(...paints)).padStart(10),
      ms(p75(paints)).padStart(10),
      (cpu.length ? ms(cpu.reduce((a, b) => a + b, 0) / cpu.length) : 'n/a').padStart(8),
      `${Math.min(...changes)}-${Math.max(...changes)}`.padStart(16),
      String(elements).padStart(9),
    ];
    const worst = strokes.reduce((a, b) => ((b.interaction ?? 0) > (a.interaction ?? 0) ? b : a));
    const where = `slowest: key ${worst.index + 1} "${worst.key}"`;
    console.log(`${row.join('  ')}  ${where}${over ? `, ${over} over ${BUDGET_MS} ms` : ''}`);
  }
}

/** ROUNDS rounds of typing `text` into the field `testId` on the wallet tab `tab`. */
async function measureField(
  page: Page,
  browser: CDPSession,
  tab: string,
  testId: string,
  text: string,
): Promise<FieldResult> {
  await page.getByTestId(`wallet-tab-${tab}`).click();
  const field = page.getByTestId(testId);
  await field.waitFor({ state: 'visible', timeout: 30_000 });
  const strokes: Keystroke[] = [];
  const cpuPerKey: (number | null)[] = [];
  let elements = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const result = await typeRound(page, browser, field, text);
    strokes.push(...result.strokes);
    cpuPerKey.push(result.cpuPerKey);
    elements = Math.max(elements, result.elements);
  }
  return { field: tab, strokes, elements, cpuPerKey };
}

async function measureFields(page: Page, browser: CDPSession): Promise<FieldResult[]> {
  return [
    await measureField(page, browser, 'convert', 'convert-amount', CONVERT_AMOUNT),
    await measureField(page, browser, 'withdrawal', 'withdraw-amount', WITHDRAW_AMOUNT),
  ];
}

async function main() {
  for (const port of [STACK.anvilPort, STACK.apiPort, STACK.paperExchangePort])
    if (!(await isPortFree(port)))
      throw new Error(`port ${port} is in use: the benchmark runs on the e2e stack's ports`);
  const executablePath = ensureChromium();
  await forgeBuild({ quiet: true });
  if ((await buildE2eApp()) !== 0) throw new Error('vite build failed');
  await migratedTemplate();
  const chain = await startChain(STACK);
  let api: Awaited<ReturnType<typeof startApi>> | undefined;
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  try {
    api = await startApi(STACK, 'api', chain.rpcUrl);
    const context = await browser.newContext({ baseURL: STACK.baseUrl });
    const browserCdp = await browser.newBrowserCDPSession();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));

    const member = newIdentity('Inp');
    await registerViaApi(member);
    await ops('member', 'verify', member.email);
    await loginInBrowser(page, member);
    const started = Date.now();
    const rows = await depositHistory(await accessToken(page));
    console.log(`wallet history: ${rows} rows (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    if (rows < HISTORY_ROWS) throw new Error(`expected ${HISTORY_ROWS} history rows, got ${rows}`);

    // the wallet as a member opens it: the member menu, then the transaction history
    await page.getByTestId('nav-user-menu').click();
    await page.getByRole('menuitem', { name: /wallet/i }).click();
    await page.getByTestId('wallet-tab-transactions').click();
    await page
      .getByTestId('wallet-history-row')
      .first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    const shown = await page.getByTestId('wallet-history-row').count();
    console.log(`the Transactions tab renders ${shown} of the ${rows} rows (paginated)`);

    const results = await measureFields(page, browserCdp);
    report('Chromium unthrottled', results);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.getByTestId('wallet-tab-transactions').click();
    const throttled = await measureFields(page, browserCdp);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    report('Chromium CPU throttled 4x', throttled);
    if (problems.length > 0) throw new Error(`the page threw: ${problems.join('; ')}`);
  } finally {
    await browser.close();
    await api?.stop();
    await chain.stop();
    rmSync(resolve(STACK.dataDir), { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
