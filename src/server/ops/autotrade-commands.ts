import { z } from 'zod';
import { ErrorCode } from '../../shared/api/envelope';
import { AppError } from '../errors';
import { ExchangeFailure } from '../exchange/adapter';
import { AUTOTRADE_EXECUTOR_TASK, runExecutor } from '../domain/autotrade/executor';
import { AUTOTRADE_STRATEGIES_TASK, runStrategies } from '../domain/autotrade/signals';
import {
  attachSignalSource,
  closeStrategy,
  createStrategy,
  listStrategies,
  startStrategy,
  StrategyRefusal,
  validSignalSource,
} from '../domain/autotrade/strategies';
import type { StrategyRow } from '../domain/autotrade/context';
import {
  listOperatorTxs,
  listUnmatchedDeposits,
  type OperatorTxAdminView,
  releaseUnmatchedDeposit,
  retryOperatorTx,
  VaultOpsRefusal,
} from '../domain/autotrade/vault-ops';
import { fromUnits, toUnits } from '../exchange/decimal';
import { withLease } from '../domain/wallet/leases';
import { autotradeDepsOf } from '../jobs/autotrade-strategies';
import { TaskBusy } from '../scheduler';
import { type OpsArgument, type OpsContext, opsCommand, walletOf } from './command';

/**
 * Operator commands of Smart Autotrade strategies (partner traders' strategies):
 *
 * - `strategy/create --name "..." --name-zh-tw "..." --name-zh-cn "..." --description "..."
 *   [--description-zh-tw/-zh-cn] --trader T --category C --symbol BTC/USDT --risk low|medium|high
 *   --leverage 2 --fee 20 --margin BCNT,USDT --min-invest 100 --source builtin:trend|orders
 *   [--params '{"intervalMinutes":30}'] [--sort N] [--featured]`: a draft;
 * - `strategy/attach-source <id> --key K --secret S`: the strategy account's API key (checked
 *   on the exchange: trade and read; the secret sealed with DATA_KEY, never shown again);
 * - `strategy/start <id>` (listed, trading, mirrored), `strategy/close <id>` (historical);
 * - `strategy/list`; `strategy/run` (the `autotrade-strategies` job now), `strategy/execute`
 *   (the `autotrade-executor` job now);
 * - `strategy/unmatched` (MarginVault deposits that matched no open subscription) and
 *   `strategy/release-unmatched <id>` (give one back to its wallet);
 * - `strategy/operator-txs [--state failed]` and `strategy/retry-tx <id>` (send a failed
 *   operator transaction again).
 */

const ID_ARGUMENT: OpsArgument = { name: 'id', what: "strategy's id" };
const id = z.coerce.number().int().positive();
const text = (max: number) => z.string().trim().min(1).max(max);

async function refusing<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof VaultOpsRefusal) throw new AppError(ErrorCode.conflict, error.message);
    // an AppError reaches the operator both ways: the CLI's own and the API's /ops route
    if (error instanceof StrategyRefusal) throw new AppError(ErrorCode.conflict, error.message);
    if (error instanceof ExchangeFailure) {
      throw new AppError(
        ErrorCode.conflict,
        `the exchange refused: ${error.kind}: ${error.message}`,
      );
    }
    throw error;
  }
}

const depsOf = (ctx: OpsContext) => autotradeDepsOf(walletOf(ctx));

/** A job's work now, never beside the job itself (the API's scheduler, or the task's lease). */
async function exclusive<T>(ctx: OpsContext, task: string, work: () => Promise<T>): Promise<T> {
  if (ctx.scheduler) return ctx.scheduler.runExclusive(task, work);
  const outcome = await withLease(ctx.db, ctx.clock, `task:${task}`, work);
  if (!outcome.ran) throw new TaskBusy(task);
  return outcome.result;
}

const view = (row: StrategyRow) => ({
  id: row.id,
  name: row.name['en-US'],
  trader: row.trader,
  category: row.category,
  symbol: row.symbol,
  risk: row.riskLevel,
  leverage: `${row.leverageX100 / 100}x`,
  fee: `${row.performanceFeeBps / 100}%`,
  margin: row.marginCurrencies.join(','),
  minInvest: fromUnits(BigInt(row.minInvest)),
  source: row.signalSource,
  sourceKey: row.sourceApiKey ? `${row.sourceApiKey.slice(0, 4)}…` : null,
  status: row.status,
  featured: row.featured,
  startedAt: row.startedAt?.toISOString() ?? null,
  closedAt: row.closedAt?.toISOString() ?? null,
});
type View = ReturnType<typeof view>;
const line = (s: View) =>
  `#${s.id} ${s.status.padEnd(7)} ${s.name} (${s.symbol}, ${s.category}, ${s.risk}, ${s.leverage}, fee ${s.fee}, ${s.source}${s.sourceKey ? ` key ${s.sourceKey}` : ''})`;

export const autotradeOpsCommands = {
  'strategy/create': opsCommand({
    options: {
      name: { required: '"BTC Trend"' },
      'name-zh-tw': { required: '"..."' },
      'name-zh-cn': { required: '"..."' },
      description: { required: '"..."' },
      'description-zh-tw': {},
      'description-zh-cn': {},
      trader: { required: '"Partner name"' },
      category: { required: 'trend' },
      symbol: { required: 'BTC/USDT' },
      risk: { required: 'low|medium|high' },
      leverage: { default: () => '1' },
      fee: { required: '20 (percent of profit)' },
      margin: { default: () => 'BCNT,USDT' },
      'min-invest': { required: '100 (quote units)' },
      source: { required: 'builtin:trend|builtin:mean_reversion|builtin:grid|orders' },
      params: {},
      sort: {},
    },
    flags: ['featured'],
    usage:
      '--name N --name-zh-tw N --name-zh-cn N --description D --trader T --category C --symbol BTC/USDT --risk low|medium|high --leverage 2 --fee 20 --margin BCNT,USDT --min-invest 100 --source builtin:trend [--params JSON] [--sort N] [--featured]',
    help: `Create a strategy (a draft): attach its signal source, then start it.
Sources: builtin:trend, builtin:mean_reversion, builtin:grid (run by the platform on the
strategy's account) or orders (the partner trades the account; its fills become signals).`,
    input: z.object({
      name: text(80),
      'name-zh-tw': text(80),
      'name-zh-cn': text(80),
      description: text(500),
      'description-zh-tw': text(500).optional(),
      'description-zh-cn': text(500).optional(),
      trader: text(60),
      category: text(24),
      symbol: z
        .string()
        .trim()
        .regex(/^[A-Z0-9]{2,10}\/[A-Z0-9]{2,10}$/, 'a pair like BTC/USDT'),
      risk: z.enum(['low', 'medium', 'high']),
      leverage: z.coerce.number().min(1).max(100),
      fee: z.coerce.number().min(0).max(100),
      margin: z
        .string()
        .trim()
        .transform((v) => v.split(',').map((c) => c.trim().toUpperCase()))
        .pipe(z.array(z.enum(['BCNT', 'USDT'])).min(1)),
      'min-invest': z
        .string()
        .trim()
        .regex(/^\d+(\.\d{1,8})?$/, 'a decimal amount'),
      source: z
        .string()
        .trim()
        .refine(validSignalSource, 'builtin:<trend|mean_reversion|grid> or orders'),
      params: z
        .string()
        .optional()
        .transform((v, ctx) => {
          if (v === undefined) return {};
          try {
            const parsed: unknown = JSON.parse(v);
            if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
              return parsed as Record<string, unknown>;
            }
          } catch {
            // reported below
          }
          ctx.addIssue({ code: 'custom', message: 'a JSON object' });
          return z.NEVER;
        }),
      sort: z.coerce.number().int().optional(),
      featured: z.boolean().optional(),
    }),
    run: (ctx, input) =>
      refusing(async () =>
        view(
          await createStrategy(depsOf(ctx), {
            name: {
              'en-US': input.name,
              'zh-TW': input['name-zh-tw'],
              'zh-CN': input['name-zh-cn'],
            },
            description: {
              'en-US': input.description,
              'zh-TW': input['description-zh-tw'] ?? input.description,
              'zh-CN': input['description-zh-cn'] ?? input.description,
            },
            trader: input.trader,
            category: input.category,
            exchange: walletOf(ctx).exchange.exchange,
            symbol: input.symbol,
            riskLevel: input.risk,
            leverageX100: Math.round(input.leverage * 100),
            performanceFeeBps: Math.round(input.fee * 100),
            marginCurrencies: input.margin,
            minInvest: toUnits(input['min-invest']),
            signalSource: input.source,
            params: input.params,
            featured: input.featured ?? false,
            sortOrder: input.sort ?? 0,
          }),
        ),
      ),
    format: line,
  }),
  'strategy/attach-source': opsCommand({
    argument: ID_ARGUMENT,
    options: { key: { required: 'API_KEY' }, secret: { required: 'SECRET' } },
    usage: '--key K --secret S',
    help: `Attach the strategy account's API key (checked on the exchange: it must trade and read;
the secret is sealed and never shown again). On the paper exchange: ops exchange create-key.`,
    input: z.object({ id, key: text(128), secret: text(256) }),
    run: (ctx, input) =>
      refusing(async () =>
        view(
          await attachSignalSource(depsOf(ctx), input.id, {
            apiKey: input.key,
            secret: input.secret,
          }),
        ),
      ),
    format: line,
  }),
  'strategy/start': opsCommand({
    argument: ID_ARGUMENT,
    help: 'Start a strategy: listed, trading and mirrored from now on (its account must hold funds).',
    input: z.object({ id }),
    run: (ctx, input) => refusing(async () => view(await startStrategy(depsOf(ctx), input.id))),
    format: line,
  }),
  'strategy/close': opsCommand({
    argument: ID_ARGUMENT,
    help: 'Close a strategy: no more trading or mirroring; listed among the historical ones.',
    input: z.object({ id }),
    run: (ctx, input) => refusing(async () => view(await closeStrategy(depsOf(ctx), input.id))),
    format: line,
  }),
  'strategy/list': opsCommand({
    help: 'Every strategy (drafts included): source, status, figures of the listing.',
    input: z.object({}),
    run: async (ctx) => (await listStrategies({ db: ctx.db })).map(view),
    format: (rows) => (rows.length === 0 ? 'No strategies.' : rows.map(line).join('\n')),
  }),
  'strategy/run': opsCommand({
    help: "Run the strategies now (builtin algorithms' steps; every strategy's new fills as signals).",
    input: z.object({}),
    run: async (ctx) => {
      const deps = depsOf(ctx);
      return exclusive(ctx, AUTOTRADE_STRATEGIES_TASK, () => runStrategies(deps));
    },
  }),
  'strategy/execute': opsCommand({
    help: 'Run the executor now (mirror new signals, resume recovered keys, look up lost replies).',
    input: z.object({}),
    run: async (ctx) => {
      const deps = depsOf(ctx);
      return exclusive(ctx, AUTOTRADE_EXECUTOR_TASK, () => runExecutor(deps));
    },
  }),
  'strategy/unmatched': opsCommand({
    help: `MarginVault deposits that matched no open subscription (a wrong or ended id, another
wallet, another token), with the release queued for each, if any.`,
    input: z.object({}),
    run: (ctx) => listUnmatchedDeposits(ctx.db),
    format: (rows) =>
      rows.length === 0
        ? 'No unmatched deposits.'
        : rows
            .map(
              (row) =>
                `#${row.id} ${row.amount} of ${row.token} from ${row.member} (id ${row.strategyId}, ${row.reason}, tx ${row.txHash})` +
                (row.release ? ` release #${row.release.id} ${row.release.state}` : ''),
            )
            .join('\n'),
  }),
  'strategy/release-unmatched': opsCommand({
    argument: { name: 'id', what: "unmatched deposit's id" },
    help: `Give an unmatched deposit back to the wallet that made it (MarginVault.release, sent by the
autotrade-margin job). Once per deposit.`,
    input: z.object({ id }),
    run: (ctx, input) => refusing(() => releaseUnmatchedDeposit(ctx.db, ctx.clock, input.id)),
    format: (tx) => operatorTxLine(tx),
  }),
  'strategy/operator-txs': opsCommand({
    options: { state: {} },
    usage: '[--state prepared|signed|broadcast|confirmed|failed]',
    help: "The operator's MarginVault transactions (settle, release), newest first (200 at most).",
    input: z.object({
      state: z.enum(['prepared', 'signed', 'broadcast', 'confirmed', 'failed']).optional(),
    }),
    run: (ctx, input) => listOperatorTxs(ctx.db, input.state),
    format: (rows) =>
      rows.length === 0 ? 'No operator transactions.' : rows.map(operatorTxLine).join('\n'),
  }),
  'strategy/retry-tx': opsCommand({
    argument: { name: 'id', what: "operator transaction's id" },
    help: 'Send a failed operator transaction again (signed afresh; its attempts counted from 0).',
    input: z.object({ id }),
    run: (ctx, input) => refusing(() => retryOperatorTx(ctx.db, ctx.clock, input.id)),
    format: (tx) => operatorTxLine(tx),
  }),
};

function operatorTxLine(tx: OperatorTxAdminView): string {
  return (
    `#${tx.id} ${tx.kind} ${tx.state} ${tx.amount} of ${tx.token} to ${tx.member} (${tx.purpose}, ` +
    `attempts ${tx.attempts}${tx.txHash ? `, tx ${tx.txHash}` : ''}${tx.lastError ? `, ${tx.lastError}` : ''})`
  );
}
