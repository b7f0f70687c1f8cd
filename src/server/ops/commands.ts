import { autotradeOpsCommands } from './autotrade-commands';
import { binfiOpsCommands } from './binfi-commands';
import { contentOpsCommands } from './content-commands';
import type { OpsCommand, OpsContext } from './command';
import { convertOpsCommands } from './convert-commands';
import { depositOpsCommands } from './deposit-commands';
import { devOpsCommands } from './dev-commands';
import { earnOpsCommands } from './earn-commands';
import { exchangeOpsCommands } from './exchange-commands';
import { kycOpsCommands } from './kyc-commands';
import { lendingOpsCommands } from './lending-commands';
import { memberOpsCommands } from './member-commands';
import { platformOpsCommands } from './platform-commands';
import { programsOpsCommands } from './programs-commands';
import { storeOpsCommands } from './store-commands';
import { withdrawalOpsCommands } from './withdrawal-commands';

export type { OpsCommand, OpsContext } from './command';

/**
 * The registry of operator commands. One definition (ops/command.ts) serves both ways the CLI
 * (ops/cli.ts) reaches the database: directly (PostgreSQL, or PGlite when no API holds it)
 * and through the running API's loopback-only `/ops/<command>` routes (routes/ops). Both call
 * the same domain functions; the CLI's parsing and help come from these definitions.
 *
 * A new command: one entry in the group file it belongs to (a new group: a file exporting its
 * commands, added to a section below).
 */

/** The help's sections, in the order `npm run ops -- help` lists them. */
export const OPS_COMMAND_SECTIONS = [
  { commands: { ...platformOpsCommands, ...memberOpsCommands, ...devOpsCommands } },
  { commands: kycOpsCommands },
  {
    heading: 'Custodial wallet (amounts are decimal strings in whole units, e.g. --amount 0.25):',
    commands: {
      ...depositOpsCommands,
      ...withdrawalOpsCommands,
      ...convertOpsCommands,
      ...storeOpsCommands,
    },
  },
  {
    heading: 'Earn products (days YYYY-MM-DD in UTC+8, percentages as numbers, e.g. --return 8.5):',
    commands: earnOpsCommands,
  },
  {
    heading: 'Paper exchange (EXCHANGE=paper, inside the API; UST is USDT on Bitfinex):',
    commands: exchangeOpsCommands,
  },
  {
    heading: 'Smart Autotrade strategies (fee in percent of profit, leverage as a multiple):',
    commands: autotradeOpsCommands,
  },
  {
    heading: 'Lending bot (amounts in whole units; UST is USDT on Bitfinex):',
    commands: lendingOpsCommands,
  },
  {
    heading: 'BinFi rounds (BinFiPool from the hot wallet; USDT per unit, e.g. --rock 101.5):',
    commands: binfiOpsCommands,
  },
  {
    heading: 'Content (posts in en, tw, zh; Markdown bodies) and advertisements:',
    commands: contentOpsCommands,
  },
  {
    heading: 'Programs (the referral pool and rewards in BCNT, e.g. --amount 20000):',
    commands: programsOpsCommands,
  },
] as const;

const [platform, kyc, wallet, earn, exchange, autotrade, lending, binfi, content, programs] =
  OPS_COMMAND_SECTIONS;

/** Every command by name: `<group>/<verb>`, the CLI's words and the `/ops` route. */
export const opsCommands = {
  ...platform.commands,
  ...kyc.commands,
  ...wallet.commands,
  ...earn.commands,
  ...exchange.commands,
  ...autotrade.commands,
  ...lending.commands,
  ...binfi.commands,
  ...content.commands,
  ...programs.commands,
} as const;

export type OpsCommandName = keyof typeof opsCommands;
export const OPS_COMMAND_NAMES = Object.keys(opsCommands) as OpsCommandName[];

/** The command of a name (as the registry's common type). */
export function opsCommandOf(name: OpsCommandName): OpsCommand {
  return opsCommands[name] as OpsCommand;
}

/** Validate the input and run a command (the direct path; the API route validates via its schema). */
export async function runOpsCommand(
  ctx: OpsContext,
  name: OpsCommandName,
  rawInput: unknown,
): Promise<unknown> {
  const command = opsCommandOf(name);
  return command.run(ctx, command.input.parse(rawInput ?? {}));
}
