import type { z } from 'zod';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type { Outbox } from '../domain/auth/outbox';
import type { WalletDeps } from '../plugins/wallet';
import type { Scheduler } from '../scheduler';
import type { UploadStorage } from '../storage/uploads';

/**
 * The shape of an operator command. One object declares everything about a command: the CLI
 * words (its key in the registry, `<group>/<verb>`, is also its `/ops/<group>/<verb>` route),
 * the positional argument, the options and switches, the help text, the input schema, what it
 * runs and how the CLI prints the answer. The CLI (ops/cli.ts) and the `/ops` routes
 * (routes/ops) read the registry (ops/commands.ts) and know no command by name.
 */

export interface OpsContext {
  db: Db;
  clock: Clock;
  /** the chain whose indexed state derives member levels (CHAIN_ID; default the local 31337) */
  chainId?: number;
  /** e-mails of KYC and premier decisions; default the local outbox table */
  outbox?: Outbox;
  /** where uploaded documents are (`kyc document`); required by that command only */
  uploads?: UploadStorage;
  /** links in e-mails (APP_ORIGIN); default http://localhost:5173 */
  appOrigin?: string;
  /** the custodial wallet (RPC reads, config, seed, adapters): the wallet commands need it */
  wallet?: WalletDeps;
  /** the wallet scheduler of the running API (`... run` commands run its tasks through it) */
  scheduler?: Scheduler;
}

/** The wallet deps, or a clear refusal for commands that need them. */
export function walletOf(ctx: OpsContext): WalletDeps {
  if (!ctx.wallet)
    throw new Error(
      'this command needs the wallet services (run it through the API or with DATABASE_URL)',
    );
  return ctx.wallet;
}

/** The positional argument after the words, e.g. `member show <email>`. */
export interface OpsArgument {
  /** the input field it fills (also shown in the usage line as `<name>`) */
  name: string;
  /** what the CLI says is missing: `"member show" needs the member's e-mail` */
  what: string;
}

export const EMAIL_ARGUMENT: OpsArgument = { name: 'email', what: "member's e-mail" };

/** A value option `--name <value>`; given to the command's input under its name. */
export interface OpsOption {
  /** the CLI's value when the option is not given (e.g. --by: the OS user) */
  default?: () => string;
  /** the CLI refuses the command without it: `"<words>" needs --<name> <required>` */
  required?: string;
  /** read by the CLI itself (`deliver`), never sent to the command */
  local?: boolean;
}

export interface OpsCommand<I extends z.ZodType = z.ZodType, R = unknown> {
  argument?: OpsArgument;
  /** value options by name (`--limit 5`) */
  options?: Readonly<Record<string, OpsOption>>;
  /** yes/no switches (`--wait`): `true` in the input when given */
  flags?: readonly string[];
  /** the usage line after the words and the argument, e.g. `[--limit N]` */
  usage?: string;
  /** the help text; lines after the first are printed under it */
  help: string;
  /** validates the input (the CLI's options, or the `/ops` route's body) */
  input: I;
  run(ctx: OpsContext, input: z.output<I>): Promise<R>;
  /** the CLI's text output (without --json); default: the answer as JSON */
  format?(data: R): string;
  /**
   * The CLI's handling of the answer instead of printing it (e.g. writing a file to --out),
   * with the local options; answers what to print.
   */
  deliver?(data: R, local: Readonly<Record<string, string>>): { json: unknown; text: string };
}

/** Declares a command (types its `run`, `format` and `deliver` from its input schema). */
export function opsCommand<I extends z.ZodType, R>(command: OpsCommand<I, R>): OpsCommand<I, R> {
  return command;
}

/** A command's refusal the CLI prints as it is (`usage`: exit 2, else 1). */
export class OpsCommandError extends Error {
  constructor(
    message: string,
    readonly usage: boolean,
  ) {
    super(message);
    this.name = 'OpsCommandError';
  }
}
