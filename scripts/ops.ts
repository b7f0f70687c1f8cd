/**
 * Operator CLI: `npm run ops -- <command> [options]` (run `npm run ops -- help`).
 *
 * How it reaches the database (the same domain functions as the API either way):
 * - DATABASE_URL set: connects to PostgreSQL directly.
 * - otherwise, when an API is running on this DATA_DIR (it wrote DATA_DIR/api.json): PGlite is
 *   single-process, so the command is sent to that API's loopback-only /ops/<command> route
 *   with the ops token from api.json;
 * - otherwise: opens the PGlite database in DATA_DIR itself (and holds its lock meanwhile).
 *
 * Exit codes: 0 done, 1 failed (database/API error), 2 usage or invalid input.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { systemClock } from '../src/server/clock';
import { type AppConfig, ConfigError, loadConfig } from '../src/server/config';
import { DataDirLockedError, isProcessAlive, openDatabase } from '../src/server/db/database';
import type { MemberAdminView } from '../src/server/domain/auth/member-admin';
import { createLocalOutbox } from '../src/server/domain/auth/outbox';
import type { PremierQueueEntry } from '../src/server/domain/kyc/premier';
import type {
  KycApplicationView,
  KycDocumentFile,
  KycQueueEntry,
} from '../src/server/domain/kyc/review';
import { createUploadStorage } from '../src/server/storage/uploads';
import type { ContactRequestRecord } from '../src/server/domain/contact';
import type { LoyaltySetting } from '../src/shared/api/loyalty';
import type { MaintenanceState } from '../src/server/domain/maintenance';
import { AppError } from '../src/server/errors';
import { createAdapters } from '../src/server/plugins/adapters';
import { createWalletDeps } from '../src/server/plugins/wallet';
import {
  type ApiFile,
  apiFilePath,
  OPS_TOKEN_HEADER,
  readApiFile,
} from '../src/server/ops/api-file';
import { type OpsCommandName, runOpsCommand } from '../src/server/ops/commands';

const USAGE = `Operator CLI

Usage: npm run ops -- <command> [options]

Commands:
  maintenance on [--start <ISO time>] [--end <ISO time>]
                              Turn maintenance on. Without --start it starts now; with a
                              future --start users see it from that time. --end is the
                              announced expected end (maintenance stays on until "off").
  maintenance off             Turn maintenance off.
  maintenance status          Show the maintenance setting.
  contact list [--limit N]    List contact-us requests, newest first (default 20, max 500).
  member show <email>         Show a member: roles, level, verification, 2FA, devices, sessions.
  member roles <email> [--set N]
                              Show a member's role bit mask, or set it to N (investor 2,
                              business 4, kyc2 64, ...). The loyalty bits (level2 2048,
                              level3 4096, level4 8192) come from the chain and are never set.
  member verify <email>       Mark the member identity-verified (kyc2 64, level 1) without a
                              KYC review (test stacks; the review is "kyc approve").
  loyalty rates               Show the loyalty rate table (annual % at levels 1-4).

  kyc list [--state S]        The KYC review queue (submitted, resubmitted, under_review),
                              oldest submission first; --state lists one state instead
                              (pending, submitted, under_review, rejected, insufficient,
                              resubmitted, verified, failed).
  kyc show <email>            A member's KYC application: fields, images (ids for
                              "kyc document"), premier application and history.
  kyc start <email>           Start the review (submitted/resubmitted -> under_review).
  kyc approve <email>         Approve (-> verified): kyc2 64 (level 1), the real name; a
                              premier application waiting for it moves to email_sent.
  kyc reject <email> --items a,b [--note "..."]
                              Reject (-> rejected): the member corrects the listed items
                              (field names such as surname, issueDate, frontImage, selfieImage;
                              an empty or unknown item lists the valid ones).
  kyc insufficient <email> --note "..."
                              Ask for more documents (-> insufficient).
  kyc fail <email> --note "..."
                              Fail the verification for good (-> failed; contact support).
  kyc document <imageId> --out <file>
                              Write an uploaded document to <file> (mode 0600; never
                              overwrites an existing file).
  premier list [--state S]    Premier applications under review (or in state S), oldest first.
  premier approve <email>     Approve a premier application under review (-> approved).
  premier reject <email> --note "..."
                              Reject a premier application under review (-> rejected).

  Custodial wallet (amounts are decimal strings in whole units, e.g. --amount 0.25):
  deposits simulate --network BTC_NATIVE_SEGWIT|TRC20 --address <addr> --amount <n> [--txid <hex>]
                              A Bitcoin or TRON deposit arrived at a member's deposit address
                              (the local network simulator; 0 confirmations).
  deposits confirm --network N [--txid <hex>] [--blocks N]
                              Add confirmations to simulated deposits (credited at 5 BTC / 12 TRC20).
  deposits list [--email <member>] [--limit N]
                              Recent deposits (all networks) with status and confirmations.
  deposits release --id N     Credit a deposit held over the level-1 deposit limit.
  withdrawals list [--state S] [--limit N]
                              Withdrawals (queued, processing, broadcast, completed, failed).
  withdrawals run [--wait] [--timeout S]
                              Process the withdrawal queue now (not waiting for 10:00 UTC+8 of
                              the next working day), then record confirmations; --wait polls
                              until nothing is waiting (direct database access only).
  withdrawals fail --id N [--reason "..."]
                              Cancel a queued withdrawal and return the funds.
  price set --price <USDT>    Set the BCNT price of the local price feed (quotes made before it
                              are refused as stale).
  price show                  The current BCNT quote.
  store list [--state S] [--email <member>] [--limit N]
                              BCNT store orders.
  store deliver [--id N] [--now]
                              Deliver the store orders that are due (next business day 12:00
                              UTC+8); --id one order, --now without waiting for its time.
  help                        Show this help.

Options:
  --json                      Print the result as JSON (stdout) instead of text.
  --by <name>                 The operator's name in the KYC history (default: the OS user).

Approve, reject, insufficient and fail also start the review of a submitted or resubmitted
application. Every decision e-mails the member (through the outbox).

Times are ISO 8601 with an offset, e.g. 2025-01-12T17:00:00+08:00 or 2025-01-12T09:00:00Z.
Environment: DATA_DIR (default .data), DATABASE_URL (PostgreSQL instead of PGlite),
CHAIN_ID (the chain whose indexed stake derives member levels, default 31337).`;

class UsageError extends Error {}

interface Invocation {
  command: OpsCommandName;
  input: Record<string, unknown>;
}

const VALUE_OPTIONS = [
  'start',
  'end',
  'limit',
  'set',
  'state',
  'items',
  'note',
  'out',
  'by',
  'network',
  'address',
  'amount',
  'txid',
  'blocks',
  'email',
  'id',
  'reason',
  'timeout',
  'price',
] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];

/** Yes/no switches of the wallet commands. */
const FLAG_OPTIONS = ['wait', 'now'] as const;
type FlagOption = (typeof FLAG_OPTIONS)[number];

/**
 * Wallet commands: `<group> <verb>` with --options passed to the command's schema as they are
 * (it coerces and validates them), and yes/no switches.
 */
const WALLET_COMMANDS: Record<
  string,
  { command: OpsCommandName; options: ValueOption[]; flags?: FlagOption[] }
> = {
  'deposits simulate': {
    command: 'deposits/simulate',
    options: ['network', 'address', 'amount', 'txid'],
  },
  'deposits confirm': { command: 'deposits/confirm', options: ['network', 'txid', 'blocks'] },
  'deposits list': { command: 'deposits/list', options: ['email', 'limit'] },
  'deposits release': { command: 'deposits/release', options: ['id'] },
  'withdrawals list': { command: 'withdrawals/list', options: ['state', 'limit'] },
  'withdrawals run': { command: 'withdrawals/run', options: ['timeout'], flags: ['wait'] },
  'withdrawals fail': { command: 'withdrawals/fail', options: ['id', 'reason'] },
  'price set': { command: 'price/set', options: ['price'] },
  'price show': { command: 'price/show', options: [] },
  'store list': { command: 'store/list', options: ['state', 'email', 'limit'] },
  'store deliver': { command: 'store/deliver', options: ['id'], flags: ['now'] },
};

/** `<group> <verb> <argument>`: the argument (an e-mail or an image id) is not a command word. */
const ARGUMENT_COMMANDS: Record<
  string,
  { command: OpsCommandName; argument: 'email' | 'imageId' }
> = {
  'member show': { command: 'member/show', argument: 'email' },
  'member roles': { command: 'member/roles', argument: 'email' },
  'member verify': { command: 'member/verify', argument: 'email' },
  'kyc show': { command: 'kyc/show', argument: 'email' },
  'kyc start': { command: 'kyc/start', argument: 'email' },
  'kyc approve': { command: 'kyc/approve', argument: 'email' },
  'kyc reject': { command: 'kyc/reject', argument: 'email' },
  'kyc insufficient': { command: 'kyc/insufficient', argument: 'email' },
  'kyc fail': { command: 'kyc/fail', argument: 'email' },
  'kyc document': { command: 'kyc/document', argument: 'imageId' },
  'premier approve': { command: 'premier/approve', argument: 'email' },
  'premier reject': { command: 'premier/reject', argument: 'email' },
};

/** Options each argument command takes (besides --json). */
const ARGUMENT_OPTIONS: Partial<Record<OpsCommandName, ValueOption[]>> = {
  'member/roles': ['set'],
  'kyc/start': ['by'],
  'kyc/approve': ['by'],
  'kyc/reject': ['items', 'note', 'by'],
  'kyc/insufficient': ['note', 'by'],
  'kyc/fail': ['note', 'by'],
  'kyc/document': ['out'],
  'premier/approve': ['by'],
  'premier/reject': ['note', 'by'],
};

/** Who runs the CLI, for the KYC history when --by is not given. */
function osUser(): string {
  try {
    return userInfo().username || 'operator';
  } catch {
    return 'operator';
  }
}

function parseInvocation(argv: string[]): {
  invocation?: Invocation;
  help?: true;
  json: boolean;
  out?: string;
} {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      start: { type: 'string' },
      end: { type: 'string' },
      limit: { type: 'string' },
      set: { type: 'string' },
      state: { type: 'string' },
      items: { type: 'string' },
      note: { type: 'string' },
      out: { type: 'string' },
      by: { type: 'string' },
      network: { type: 'string' },
      address: { type: 'string' },
      amount: { type: 'string' },
      txid: { type: 'string' },
      blocks: { type: 'string' },
      email: { type: 'string' },
      id: { type: 'string' },
      reason: { type: 'string' },
      timeout: { type: 'string' },
      price: { type: 'string' },
      wait: { type: 'boolean', default: false },
      now: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const json = values.json === true;
  const option = (name: ValueOption): string | undefined => values[name];
  const allow = (words: string, allowed: ValueOption[]) => {
    for (const name of VALUE_OPTIONS) {
      if (option(name) !== undefined && !allowed.includes(name)) {
        throw new UsageError(`--${name} does not apply to "${words}"`);
      }
    }
  };

  const pair = positionals.slice(0, 2).join(' ');
  const withArgument = ARGUMENT_COMMANDS[pair];
  if (withArgument && !values.help) {
    const argument = positionals[2];
    if (!argument) {
      throw new UsageError(
        `"${pair}" needs the ${withArgument.argument === 'email' ? "member's e-mail" : 'image id'}`,
      );
    }
    if (positionals.length > 3) throw new UsageError(`Unexpected argument "${positionals[3]}"`);
    const { command } = withArgument;
    allow(pair, ARGUMENT_OPTIONS[command] ?? []);
    const input: Record<string, unknown> = { [withArgument.argument]: argument };
    for (const name of ['set', 'items', 'note'] as const) {
      if (option(name) !== undefined) input[name] = option(name);
    }
    if (ARGUMENT_OPTIONS[command]?.includes('by')) input.by = option('by') ?? osUser();
    if (command === 'kyc/document') {
      const out = option('out');
      if (!out) throw new UsageError('"kyc document" needs --out <file>');
      return { json, out, invocation: { command, input } };
    }
    return { json, invocation: { command, input } };
  }

  const words = positionals.join(' ');
  if (values.help || words === 'help' || words === '') return { help: true, json };
  const wallet = WALLET_COMMANDS[words];
  if (wallet) {
    allow(words, wallet.options);
    for (const flag of FLAG_OPTIONS) {
      if (values[flag] && !wallet.flags?.includes(flag))
        throw new UsageError(`--${flag} does not apply to "${words}"`);
    }
    const input: Record<string, unknown> = {};
    for (const name of wallet.options) {
      if (option(name) !== undefined) input[name] = option(name);
    }
    for (const flag of wallet.flags ?? []) if (values[flag]) input[flag] = true;
    return { json, invocation: { command: wallet.command, input } };
  }
  switch (words) {
    case 'maintenance on':
      allow(words, ['start', 'end']);
      return {
        json,
        invocation: {
          command: 'maintenance/on',
          input: {
            ...(option('start') ? { start: option('start') } : {}),
            ...(option('end') ? { end: option('end') } : {}),
          },
        },
      };
    case 'maintenance off':
      allow(words, []);
      return { json, invocation: { command: 'maintenance/off', input: {} } };
    case 'maintenance status':
      allow(words, []);
      return { json, invocation: { command: 'maintenance/status', input: {} } };
    case 'contact list':
      allow(words, ['limit']);
      return {
        json,
        invocation: {
          command: 'contact/list',
          input: option('limit') ? { limit: option('limit') } : {},
        },
      };
    case 'loyalty rates':
      allow(words, []);
      return { json, invocation: { command: 'loyalty/rates', input: {} } };
    case 'kyc list':
    case 'premier list':
      allow(words, ['state']);
      return {
        json,
        invocation: {
          command: words === 'kyc list' ? 'kyc/list' : 'premier/list',
          input: option('state') ? { state: option('state') } : {},
        },
      };
    default:
      throw new UsageError(`Unknown command "${words}"`);
  }
}

/** Failure reported by the command itself (invalid input or a domain rule). */
class CommandError extends Error {
  constructor(
    message: string,
    readonly usage: boolean,
  ) {
    super(message);
  }
}

function describeIssues(
  issues: { field?: string; path?: PropertyKey[]; message: string }[],
): string {
  return issues
    .map((issue) => {
      const field = issue.field ?? issue.path?.map(String).join('.') ?? '';
      return field ? `--${field}: ${issue.message}` : issue.message;
    })
    .join('\n');
}

async function runViaApi(api: ApiFile, invocation: Invocation): Promise<unknown> {
  const host = api.host === '::1' ? '[::1]' : '127.0.0.1';
  let response: Response;
  try {
    response = await fetch(`http://${host}:${api.port}/ops/${invocation.command}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPS_TOKEN_HEADER]: api.opsToken },
      body: JSON.stringify(invocation.input),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new Error(
      `An API (pid ${api.pid}) holds this data directory but did not answer on port ${api.port}: ${(error as Error).message}`,
    );
  }
  const body = (await response.json().catch(() => undefined)) as
    { status: number; message: string; data: unknown } | undefined;
  if (!body) throw new Error(`The API answered HTTP ${response.status} without an envelope`);
  if (body.status !== 0) {
    const data = body.data as { issues?: { field: string; message: string }[] } | null;
    if (body.status === 400 && data?.issues)
      throw new CommandError(describeIssues(data.issues), true);
    throw new CommandError(
      `The API refused the command: ${body.message} (status ${body.status})`,
      false,
    );
  }
  return body.data;
}

async function waitForApiFile(
  dataDir: string,
  pid: number,
  timeoutMs: number,
): Promise<ApiFile | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && isProcessAlive(pid)) {
    const api = readApiFile(dataDir);
    if (api && api.pid === pid) return api;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return undefined;
}

async function runDirect(config: AppConfig, invocation: Invocation): Promise<unknown> {
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    return await runOpsCommand(
      {
        db: database.db,
        clock: systemClock,
        chainId: config.chainId,
        outbox: createLocalOutbox(database.db, systemClock),
        uploads: createUploadStorage(config),
        appOrigin: config.appOrigin,
        wallet: createWalletDeps(
          {
            db: database.db,
            clock: systemClock,
            config,
            log: { info: () => {}, warn: () => {}, error: (obj, msg) => console.error(msg, obj) },
          },
          createAdapters({ db: database.db, clock: systemClock, config }),
        ),
      },
      invocation.command,
      invocation.input,
    );
  } catch (error) {
    if (error instanceof ZodError) throw new CommandError(describeIssues(error.issues), true);
    if (error instanceof AppError) {
      const data = error.data as { issues?: { field: string; message: string }[] } | null;
      throw new CommandError(
        data?.issues ? describeIssues(data.issues) : error.message,
        error.status === 400,
      );
    }
    throw error;
  } finally {
    await database.close();
  }
}

function formatMaintenance(state: MaintenanceState): string {
  if (!state.enabled) return 'Maintenance is OFF.';
  const lines = [
    state.active
      ? 'Maintenance is ON: users see the maintenance page.'
      : `Maintenance is SCHEDULED: users see the maintenance page from ${state.startTime}.`,
  ];
  if (state.startTime) lines.push(`  start: ${state.startTime}`);
  lines.push(`  expected end: ${state.endTime ?? '(not announced)'}`);
  return lines.join('\n');
}

function formatContacts(rows: ContactRequestRecord[]): string {
  if (rows.length === 0) return 'No contact requests.';
  return rows
    .map((row) => {
      const head = `#${row.id}  ${row.createdAt}  product ${row.product}  ${row.name} <${row.email}>  ${row.phone}  ${row.locale}  ${row.ip}`;
      const message = row.message ? `\n    ${row.message.replace(/\n/g, '\n    ')}` : '';
      return head + message;
    })
    .join('\n');
}

function formatMember(member: MemberAdminView): string {
  return [
    `#${member.id}  ${member.email}  (${member.nickname})  ${member.accountType}`,
    `  roleId: ${member.roleId}  [${member.roles.join(', ') || 'none'}]  level ${member.level}` +
      (member.storedRoleId !== member.roleId
        ? `  (stored ${member.storedRoleId}; loyalty bits from the chain)`
        : ''),
    `  mobile: ${member.mobile ?? '-'}  e-mail verified: ${member.emailVerified ? 'yes' : 'no'}  mobile verified: ${member.mobileVerified ? 'yes' : 'no'}`,
    `  2FA: ${member.twoFactor}  withdrawals locked until: ${member.withdrawalLockedUntil ?? '-'}`,
    `  devices: ${member.devices.authorised} authorised of ${member.devices.total}  live sessions: ${member.liveSessions}`,
    `  wallets: ${member.wallets.join(', ') || '-'}`,
    `  referral code: ${member.referralCode}  created: ${member.createdAt}`,
  ].join('\n');
}

function formatRates(setting: LoyaltySetting): string {
  const lines = ['plan    currency   lv1     lv2     lv3     lv4   (annual %)'];
  for (const plan of ['fixed', 'pro'] as const) {
    for (const rate of setting[plan]) {
      const cells = [rate.lv1Rate, rate.lv2Rate, rate.lv3Rate, rate.lv4Rate].map((r) =>
        String(r).padEnd(8),
      );
      lines.push(`${plan.padEnd(8)}${rate.currencyName.padEnd(11)}${cells.join('').trimEnd()}`);
    }
  }
  return lines.join('\n');
}

function formatKycQueue(rows: KycQueueEntry[]): string {
  if (rows.length === 0) return 'No KYC applications.';
  return rows
    .map(
      (row) =>
        `${row.lastSubmittedAt ?? '-'}  ${row.state.padEnd(12)}  ${row.kind.padEnd(13)}  ${row.email}` +
        (row.name ? `  (${row.name})` : ''),
    )
    .join('\n');
}

function formatFields(fields: Record<string, unknown> | null, indent = '    '): string[] {
  if (!fields) return [];
  return Object.entries(fields).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? [`${indent}${key}:`, ...formatFields(value as Record<string, unknown>, `${indent}  `)]
      : [`${indent}${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`],
  );
}

function formatKycApplication(view: KycApplicationView): string {
  const { member, application } = view;
  const lines = [
    `#${member.id}  ${member.email}  ${member.accountType}  roleId ${member.roleId}` +
      (member.realName ? `  real name: ${member.realName}` : ''),
  ];
  if (!application) {
    lines.push('  KYC: no application (pending)');
  } else {
    lines.push(
      `  KYC: ${application.state} (${application.kind})  submitted ${application.submittedAt ?? '-'}` +
        `  last submitted ${application.lastSubmittedAt ?? '-'}  review started ${application.reviewStartedAt ?? '-'}` +
        `  decided ${application.decidedAt ?? '-'}`,
    );
    if (application.rejectedItems.length > 0) {
      lines.push(`  items to correct: ${application.rejectedItems.join(', ')}`);
    }
    if (application.reviewNote) lines.push(`  note to the member: ${application.reviewNote}`);
    if (application.personal) lines.push('  personal:', ...formatFields(application.personal));
    if (application.business) lines.push('  business:', ...formatFields(application.business));
  }
  lines.push('  images (npm run ops -- kyc document <imageId> --out <file>):');
  if (view.images.length === 0) lines.push('    -');
  for (const image of view.images) {
    lines.push(
      `    ${image.item.padEnd(34)} ${image.imageId}  ${image.contentType}  ${image.size} bytes  uploaded ${image.uploadedAt}`,
    );
  }
  if (view.premier) {
    lines.push(
      `  premier: ${view.premier.state}  applied ${view.premier.appliedAt}` +
        (view.premier.investableAssets
          ? `  investable assets ${view.premier.investableAssets}`
          : '') +
        (view.premier.decidedAt ? `  decided ${view.premier.decidedAt}` : '') +
        (view.premier.reviewNote ? `  note: ${view.premier.reviewNote}` : ''),
    );
  }
  lines.push('  history:');
  if (view.history.length === 0) lines.push('    -');
  for (const entry of view.history) {
    lines.push(
      `    ${entry.at}  ${entry.subject.padEnd(7)}  ${entry.from ?? '(new)'} -> ${entry.to}  by ${entry.actor} ${entry.by}` +
        (entry.items?.length ? `  items: ${entry.items.join(', ')}` : '') +
        (entry.note ? `  note: ${entry.note}` : ''),
    );
  }
  return lines.join('\n');
}

function formatPremierQueue(rows: PremierQueueEntry[]): string {
  if (rows.length === 0) return 'No premier applications.';
  return rows
    .map(
      (row) =>
        `${row.kyc2SubmittedAt ?? row.appliedAt}  ${row.state.padEnd(23)}  ${row.email}` +
        (row.investableAssets ? `  assets ${row.investableAssets}` : '') +
        (row.assetProofImageId ? `  proof ${row.assetProofImageId}` : ''),
    )
    .join('\n');
}

function format(command: OpsCommandName, data: unknown): string {
  if (command === 'contact/list') return formatContacts(data as ContactRequestRecord[]);
  if (command === 'member/show' || command === 'member/roles' || command === 'member/verify') {
    return formatMember(data as MemberAdminView);
  }
  if (command === 'loyalty/rates') return formatRates(data as LoyaltySetting);
  if (command === 'kyc/list') return formatKycQueue(data as KycQueueEntry[]);
  if (command.startsWith('kyc/')) return formatKycApplication(data as KycApplicationView);
  if (command === 'premier/list') return formatPremierQueue(data as PremierQueueEntry[]);
  if (command.startsWith('premier/')) {
    const row = data as PremierQueueEntry;
    return `Premier application of ${row.email}: ${row.state}`;
  }
  return formatMaintenance(data as MaintenanceState);
}

/**
 * `kyc document`: write the file (mode 0600, never over an existing file) after checking its
 * SHA-256 against the upload's; answers what to print (never the bytes).
 */
function writeDocument(file: KycDocumentFile, out: string) {
  const bytes = Buffer.from(file.data, 'base64');
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (digest !== file.sha256) {
    throw new CommandError(`The stored file of ${file.imageId} does not match its SHA-256`, false);
  }
  try {
    writeFileSync(out, bytes, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CommandError(
      code === 'EEXIST'
        ? `${out} exists: choose another --out (existing files are never overwritten)`
        : `Cannot write ${out}: ${(error as Error).message}`,
      code === 'EEXIST',
    );
  }
  const { data: _data, ...meta } = file;
  return { ...meta, out: path.resolve(out) };
}

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseInvocation>;
  try {
    parsed = parseInvocation(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.help || !parsed.invocation) {
    console.log(USAGE);
    return 0;
  }
  const { invocation, json, out } = parsed;

  let config: AppConfig;
  try {
    config = loadConfig(process.env, {}, { resolveSecrets: false });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }

  try {
    let data: unknown;
    if (config.databaseUrl) {
      console.error('(PostgreSQL from DATABASE_URL)');
      data = await runDirect(config, invocation);
    } else {
      const api = readApiFile(config.dataDir);
      if (api && api.pid !== process.pid && isProcessAlive(api.pid)) {
        console.error(
          `(via the API running on this data directory, pid ${api.pid}, port ${api.port})`,
        );
        data = await runViaApi(api, invocation);
      } else {
        if (api)
          console.error(
            `(ignoring stale ${apiFilePath(config.dataDir)}: process ${api.pid} is gone)`,
          );
        console.error(`(PGlite in ${config.dataDir})`);
        try {
          data = await runDirect(config, invocation);
        } catch (error) {
          // An API that is still booting holds the lock before it writes api.json: wait for it.
          if (!(error instanceof DataDirLockedError)) throw error;
          const booted = await waitForApiFile(config.dataDir, error.pid, 20_000);
          if (!booted) throw error;
          console.error(
            `(via the API running on this data directory, pid ${booted.pid}, port ${booted.port})`,
          );
          data = await runViaApi(booted, invocation);
        }
      }
    }
    if (invocation.command === 'kyc/document' && out) {
      const written = writeDocument(data as KycDocumentFile, out);
      console.log(
        json
          ? JSON.stringify(written, null, 2)
          : `Wrote ${written.out}: ${written.contentType}, ${written.size} bytes, sha256 ${written.sha256} (uploaded by ${written.owner} at ${written.uploadedAt})`,
      );
      return 0;
    }
    console.log(json ? JSON.stringify(data, null, 2) : format(invocation.command, data));
    return 0;
  } catch (error) {
    if (error instanceof CommandError) {
      console.error(error.message);
      return error.usage ? 2 : 1;
    }
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      return 1;
    }
    console.error(`Failed: ${(error as Error).message ?? String(error)}`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
