/**
 * The operator CLI (`npm run ops -- <command> [options]`, run `npm run ops -- help`); its entry
 * is scripts/ops.ts. Importable so tests run it in-process: it reads the environment, prints
 * and reports through `io` and returns the exit code (it never exits the process).
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
import { format, parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { systemClock } from '../clock';
import { type AppConfig, ConfigError, loadConfig } from '../config';
import { type Database, DataDirLockedError, isProcessAlive, openDatabase } from '../db/database';
import { createLocalOutbox } from '../domain/auth/outbox';
import { AppError } from '../errors';
import { type ApiFile, apiFilePath, OPS_TOKEN_HEADER, readApiFile } from './api-file';
import { OpsCommandError } from './command';
import {
  OPS_COMMAND_NAMES,
  OPS_COMMAND_SECTIONS,
  type OpsCommand,
  type OpsCommandName,
  opsCommandOf,
  runOpsCommand,
} from './commands';
import { createAdapters } from '../plugins/adapters';
import { createWalletDeps } from '../plugins/wallet';
import { createUploadStorage } from '../storage/uploads';

/** `<group>/<verb>` (or `<group>/<object>/<verb>`) -> the words typed on the command line. */
const wordsOf = (name: string) => name.replaceAll('/', ' ');

/** The command's line in the help: its words, argument, options; then its help text. */
function helpEntry(name: string, command: OpsCommand): string {
  const usage = [
    wordsOf(name),
    ...(command.argument ? [`<${command.argument.name}>`] : []),
    ...(command.usage ? [command.usage] : []),
  ].join(' ');
  const [first, ...rest] = command.help.split('\n');
  const indent = ' '.repeat(30);
  const lines =
    usage.length < 28 ? [`  ${usage.padEnd(28)}${first}`] : [`  ${usage}`, `${indent}${first}`];
  return [...lines, ...rest.map((line) => `${indent}${line}`)].join('\n');
}

const COMMANDS_HELP = OPS_COMMAND_SECTIONS.map((section) =>
  [
    ...('heading' in section ? [`  ${section.heading}`] : []),
    ...Object.entries(section.commands).map(([name, command]) =>
      helpEntry(name, command as OpsCommand),
    ),
  ].join('\n'),
).join('\n\n');

const USAGE = `Operator CLI

Usage: npm run ops -- <command> [options]

Commands:
${COMMANDS_HELP}
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

/** Where the CLI reads its environment and writes its output. */
export interface OpsCliIo {
  /** the environment (DATA_DIR, DATABASE_URL, CHAIN_ID, ...) */
  env: NodeJS.ProcessEnv;
  /** standard output: called once per printed text, which gets a newline (like console.log) */
  out: (text: string) => void;
  /** standard error: called once per printed text, which gets a newline (like console.error) */
  err: (text: string) => void;
  /**
   * The pid of the process running the CLI (default: process.pid). An api.json naming it is
   * stale: it was left by an earlier process that had the same pid.
   */
  pid?: number;
  /**
   * A database already open to run the command on, instead of opening DATA_DIR or DATABASE_URL;
   * left open. For a caller that holds the database itself (tests beside their app: PGlite
   * allows one opener, and opening a data directory costs a second or more per command).
   */
  database?: Database;
}

interface Invocation {
  command: OpsCommandName;
  input: Record<string, unknown>;
}

/** Command words ("member show") -> name. */
const BY_WORDS = new Map(OPS_COMMAND_NAMES.map((name) => [wordsOf(name), name]));
/** Every value option and switch of the registry, in the order the commands declare them. */
const VALUE_OPTIONS = [
  ...new Set(OPS_COMMAND_NAMES.flatMap((name) => Object.keys(opsCommandOf(name).options ?? {}))),
];
const FLAG_OPTIONS = [
  ...new Set(OPS_COMMAND_NAMES.flatMap((name) => opsCommandOf(name).flags ?? [])),
];

function parseInvocation(argv: string[]): {
  invocation?: Invocation;
  help?: true;
  json: boolean;
  local?: Record<string, string>;
} {
  const parsed = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      ...Object.fromEntries(VALUE_OPTIONS.map((name) => [name, { type: 'string' as const }])),
      ...Object.fromEntries(
        FLAG_OPTIONS.map((name) => [name, { type: 'boolean' as const, default: false }]),
      ),
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const positionals = parsed.positionals;
  const json = values.json === true;
  const words = positionals.join(' ');
  if (values.help || words === 'help' || words === '') return { help: true, json };

  // `<group> <object> <verb>`, `<group> <verb>`, or a command of one word (`faucet <address>`)
  const wordCount = [3, 2].find((n) => BY_WORDS.has(positionals.slice(0, n).join(' '))) ?? 1;
  const pair = positionals.slice(0, wordCount).join(' ');
  const name = BY_WORDS.get(pair);
  if (!name) throw new UsageError(`Unknown command "${words}"`);
  const command = opsCommandOf(name);
  const input: Record<string, unknown> = {};
  if (command.argument) {
    const argument = positionals[wordCount];
    if (!argument) throw new UsageError(`"${pair}" needs the ${command.argument.what}`);
    if (positionals.length > wordCount + 1)
      throw new UsageError(`Unexpected argument "${positionals[wordCount + 1]}"`);
    input[command.argument.name] = argument;
  } else if (positionals.length > wordCount) {
    throw new UsageError(`Unknown command "${words}"`);
  }

  const options = command.options ?? {};
  for (const option of VALUE_OPTIONS) {
    if (values[option] !== undefined && !(option in options))
      throw new UsageError(`--${option} does not apply to "${pair}"`);
  }
  for (const flag of FLAG_OPTIONS) {
    if (values[flag] && !command.flags?.includes(flag))
      throw new UsageError(`--${flag} does not apply to "${pair}"`);
  }
  const local: Record<string, string> = {};
  for (const [option, spec] of Object.entries(options)) {
    const value = (values[option] as string | undefined) ?? spec.default?.();
    if (value === undefined) {
      if (spec.required) throw new UsageError(`"${pair}" needs --${option} ${spec.required}`);
      continue;
    }
    if (spec.local) local[option] = value;
    else input[option] = value;
  }
  for (const flag of command.flags ?? []) if (values[flag]) input[flag] = true;
  return { json, local, invocation: { command: name, input } };
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
      throw new OpsCommandError(describeIssues(data.issues), true);
    throw new OpsCommandError(
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

async function runDirect(
  config: AppConfig,
  invocation: Invocation,
  io: OpsCliIo,
): Promise<unknown> {
  const database =
    io.database ??
    (await openDatabase(
      config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
    ));
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
            log: { info: () => {}, warn: () => {}, error: (obj, msg) => io.err(format(msg, obj)) },
          },
          createAdapters({ db: database.db, clock: systemClock, config }),
        ),
      },
      invocation.command,
      invocation.input,
    );
  } catch (error) {
    if (error instanceof ZodError) throw new OpsCommandError(describeIssues(error.issues), true);
    if (error instanceof AppError) {
      const data = error.data as { issues?: { field: string; message: string }[] } | null;
      throw new OpsCommandError(
        data?.issues ? describeIssues(data.issues) : error.message,
        error.status === 400,
      );
    }
    throw error;
  } finally {
    if (!io.database) await database.close();
  }
}

/** Runs one CLI invocation (the arguments after `ops`); resolves with the exit code. */
export async function runOpsCli(argv: string[], io: OpsCliIo): Promise<number> {
  let parsed: ReturnType<typeof parseInvocation>;
  try {
    parsed = parseInvocation(argv);
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.help || !parsed.invocation) {
    io.out(USAGE);
    return 0;
  }
  const { invocation, json, local = {} } = parsed;

  let config: AppConfig;
  try {
    config = loadConfig(io.env, {}, { resolveSecrets: false });
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 2;
    }
    throw error;
  }

  try {
    let data: unknown;
    if (io.database) {
      data = await runDirect(config, invocation, io);
    } else if (config.databaseUrl) {
      io.err('(PostgreSQL from DATABASE_URL)');
      data = await runDirect(config, invocation, io);
    } else {
      const api = readApiFile(config.dataDir);
      if (api && api.pid !== (io.pid ?? process.pid) && isProcessAlive(api.pid)) {
        io.err(`(via the API running on this data directory, pid ${api.pid}, port ${api.port})`);
        data = await runViaApi(api, invocation);
      } else {
        if (api)
          io.err(`(ignoring stale ${apiFilePath(config.dataDir)}: process ${api.pid} is gone)`);
        io.err(`(PGlite in ${config.dataDir})`);
        try {
          data = await runDirect(config, invocation, io);
        } catch (error) {
          // An API that is still booting holds the lock before it writes api.json: wait for it.
          if (!(error instanceof DataDirLockedError)) throw error;
          const booted = await waitForApiFile(config.dataDir, error.pid, 20_000);
          if (!booted) throw error;
          io.err(
            `(via the API running on this data directory, pid ${booted.pid}, port ${booted.port})`,
          );
          data = await runViaApi(booted, invocation);
        }
      }
    }
    const command = opsCommandOf(invocation.command);
    if (command.deliver) {
      const delivered = command.deliver(data, local);
      io.out(json ? JSON.stringify(delivered.json, null, 2) : delivered.text);
      return 0;
    }
    io.out(json || !command.format ? JSON.stringify(data, null, 2) : command.format(data));
    return 0;
  } catch (error) {
    if (error instanceof OpsCommandError) {
      io.err(error.message);
      return error.usage ? 2 : 1;
    }
    if (error instanceof DataDirLockedError) {
      io.err(error.message);
      return 1;
    }
    io.err(`Failed: ${(error as Error).message ?? String(error)}`);
    return 1;
  }
}
