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
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { systemClock } from '../src/server/clock';
import { type AppConfig, ConfigError, loadConfig } from '../src/server/config';
import { DataDirLockedError, isProcessAlive, openDatabase } from '../src/server/db/database';
import type { MemberAdminView } from '../src/server/domain/auth/member-admin';
import type { ContactRequestRecord } from '../src/server/domain/contact';
import type { LoyaltySetting } from '../src/shared/api/loyalty';
import type { MaintenanceState } from '../src/server/domain/maintenance';
import { AppError } from '../src/server/errors';
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
  member verify <email>       Mark the member identity-verified (kyc2 64, level 1) until the
                              KYC review flow exists.
  loyalty rates               Show the loyalty rate table (annual % at levels 1-4).
  help                        Show this help.

Options:
  --json                      Print the result as JSON (stdout) instead of text.

Times are ISO 8601 with an offset, e.g. 2025-01-12T17:00:00+08:00 or 2025-01-12T09:00:00Z.
Environment: DATA_DIR (default .data), DATABASE_URL (PostgreSQL instead of PGlite),
CHAIN_ID (the chain whose indexed stake derives member levels, default 31337).`;

class UsageError extends Error {}

interface Invocation {
  command: OpsCommandName;
  input: Record<string, unknown>;
}

function parseInvocation(argv: string[]): { invocation?: Invocation; help?: true; json: boolean } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      start: { type: 'string' },
      end: { type: 'string' },
      limit: { type: 'string' },
      set: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const json = values.json === true;
  // `member <verb> <email>`: the e-mail is an argument, not part of the command name.
  const memberEmail = positionals[0] === 'member' ? positionals[2] : undefined;
  if (positionals[0] === 'member' && positionals.length > 3) {
    throw new UsageError(`Unexpected argument "${positionals[3]}"`);
  }
  const words = (memberEmail ? positionals.slice(0, 2) : positionals).join(' ');
  if (values.help || words === 'help' || words === '') return { help: true, json };

  const allow = (allowed: string[]) => {
    for (const option of ['start', 'end', 'limit', 'set'] as const) {
      if (values[option] !== undefined && !allowed.includes(option)) {
        throw new UsageError(`--${option} does not apply to "${words}"`);
      }
    }
  };
  switch (words) {
    case 'maintenance on':
      allow(['start', 'end']);
      return {
        json,
        invocation: {
          command: 'maintenance/on',
          input: {
            ...(values.start ? { start: values.start } : {}),
            ...(values.end ? { end: values.end } : {}),
          },
        },
      };
    case 'maintenance off':
      allow([]);
      return { json, invocation: { command: 'maintenance/off', input: {} } };
    case 'maintenance status':
      allow([]);
      return { json, invocation: { command: 'maintenance/status', input: {} } };
    case 'contact list':
      allow(['limit']);
      return {
        json,
        invocation: { command: 'contact/list', input: values.limit ? { limit: values.limit } : {} },
      };
    case 'member show':
    case 'member roles':
    case 'member verify': {
      if (!memberEmail) throw new UsageError(`"${words}" needs the member's e-mail`);
      allow(words === 'member roles' ? ['set'] : []);
      const command = (
        {
          'member show': 'member/show',
          'member roles': 'member/roles',
          'member verify': 'member/verify',
        } as const
      )[words];
      return {
        json,
        invocation: {
          command,
          input: { email: memberEmail, ...(values.set !== undefined ? { set: values.set } : {}) },
        },
      };
    }
    case 'loyalty rates':
      allow([]);
      return { json, invocation: { command: 'loyalty/rates', input: {} } };
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
      { db: database.db, clock: systemClock, chainId: config.chainId },
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

function format(command: OpsCommandName, data: unknown): string {
  if (command === 'contact/list') return formatContacts(data as ContactRequestRecord[]);
  if (command === 'member/show' || command === 'member/roles' || command === 'member/verify') {
    return formatMember(data as MemberAdminView);
  }
  if (command === 'loyalty/rates') return formatRates(data as LoyaltySetting);
  return formatMaintenance(data as MaintenanceState);
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
  const { invocation, json } = parsed;

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
