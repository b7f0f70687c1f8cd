import { z } from 'zod';
import { fromUnits, toUnits } from '../exchange/decimal';
import {
  PERMISSION_SCOPES,
  type Permissions,
  tradeOnlyPermissions,
} from '../exchange/paper/engine';
import {
  MARKET_MOVE_MAX_PERCENT,
  MARKET_MOVE_MIN_PERCENT,
  PaperMarket,
} from '../exchange/paper/market';
import type { PaperExchange } from '../exchange/paper/server';
import { type OpsContext, opsCommand, walletOf } from './command';

/**
 * Operator commands of the local paper exchange (EXCHANGE=paper; it runs inside the API, so
 * these go through the running API's /ops route):
 * - `exchange/create-key <account>` [--permissions orders:rw,withdraw:r,...] [--fund UST=10000,BTC=1]:
 *   an API key and secret for an exchange account (created when new), by default able to read
 *   everything but withdrawals and to write orders and funding offers (what a member gives the
 *   platform);
 * - `exchange/fund <account>` --fund UST=500: add to (or with a minus, take from) its wallets;
 * - `exchange/keys`: the keys (no secrets), their accounts, permissions and state;
 * - `exchange/revoke-key <apiKey>`, `exchange/restore-key <apiKey>`: a key that fails, then works;
 * - `exchange/drop-reply` [--key K]: the next order call executes and its reply is lost;
 * - `exchange/move <pair> --percent P`: the pair's market moves by P percent from this minute
 *   on (a fall: `--percent=-5`, the `=` keeps the minus from reading as an option).
 */

function paperOf(ctx: OpsContext): PaperExchange {
  const paper = walletOf(ctx).paperExchange;
  if (!paper || !paper.url) {
    throw new Error(
      'the paper exchange runs inside the API (EXCHANGE=paper): start it (npm run dev) and run ' +
        'this command again',
    );
  }
  return paper;
}

const ACCOUNT = { name: 'account', what: 'exchange account name' };
const API_KEY = { name: 'apiKey', what: 'API key' };

const accountName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._@-]{1,64}$/, { message: 'letters, digits and . _ @ - (at most 64)' });

const funds = z
  .string()
  .trim()
  .regex(/^[A-Z]{2,6}=-?\d+(\.\d{1,8})?(,[A-Z]{2,6}=-?\d+(\.\d{1,8})?)*$/, {
    message: 'CURRENCY=amount pairs, e.g. UST=10000,BTC=0.5 (UST is USDT on Bitfinex)',
  });

const permissionList = z
  .string()
  .trim()
  .regex(/^[a-z]+:(r|rw|w|-)(,[a-z]+:(r|rw|w|-))*$/, {
    message: 'scope:access pairs, e.g. orders:rw,withdraw:rw (access r, w, rw or -)',
  });

/** `BTCUST`, `tBTCUST`, `BTC/USDT` or `btc/ust` -> the paper exchange's pair id `BTCUST` */
const pairId = z
  .string()
  .trim()
  .regex(/^(t?[A-Za-z0-9]{2,10}|[A-Za-z0-9]{2,10}\/[A-Za-z0-9]{2,10})$/, {
    message: 'a pair like BTCUST, tBTCUST or BTC/USDT',
  })
  .transform((text) => {
    const upper = text.toUpperCase();
    if (upper.includes('/')) {
      const [base, quote] = upper.split('/') as [string, string];
      return `${base}${quote === 'USDT' ? 'UST' : quote}`;
    }
    return upper;
  });

/** the listed pair a `pairId` names (Bitfinex's `t` prefix allowed), or a refusal */
function listedPair(paper: PaperExchange, id: string) {
  const market = paper.engine.market;
  const pair = market.pair(id) ?? (id.startsWith('T') ? market.pair(id.slice(1)) : undefined);
  if (!pair) {
    throw new Error(
      `unknown pair "${id}" (one of ${market.pairs.map((listed) => listed.id).join(', ')})`,
    );
  }
  return pair;
}

const movePercent = z
  .string()
  .trim()
  .regex(/^[+-]?\d{1,3}(\.\d{1,4})?$/, {
    message: 'a signed percent with at most 4 decimals, e.g. +8.5 or -3 (write --percent=-3)',
  })
  .refine(
    (text) =>
      Number(text) !== 0 &&
      Number(text) > MARKET_MOVE_MIN_PERCENT &&
      Number(text) <= MARKET_MOVE_MAX_PERCENT,
    {
      message: `above ${MARKET_MOVE_MIN_PERCENT} and at most ${MARKET_MOVE_MAX_PERCENT}, not 0`,
    },
  );

function parsePermissions(list: string | undefined): Permissions {
  const permissions = tradeOnlyPermissions();
  for (const entry of list ? list.split(',') : []) {
    const [scope, access = ''] = entry.split(':');
    if (!PERMISSION_SCOPES.includes(scope as (typeof PERMISSION_SCOPES)[number])) {
      throw new Error(`unknown scope "${scope}" (one of ${PERMISSION_SCOPES.join(', ')})`);
    }
    permissions[scope as (typeof PERMISSION_SCOPES)[number]] = {
      read: access.includes('r'),
      write: access.includes('w'),
    };
  }
  return permissions;
}

function applyFunds(paper: PaperExchange, account: string, list: string | undefined) {
  const wallets: Record<string, string> = {};
  for (const entry of list ? list.split(',') : []) {
    const [currency, amount] = entry.split('=') as [string, string];
    wallets[currency] = fromUnits(paper.engine.fund(account, currency, toUnits(amount)));
  }
  return wallets;
}

const permissionText = (permissions: Permissions) =>
  PERMISSION_SCOPES.map((scope) => {
    const { read, write } = permissions[scope];
    return `${scope}:${read ? 'r' : ''}${write ? 'w' : ''}${!read && !write ? '-' : ''}`;
  }).join(',');

export const exchangeOpsCommands = {
  'exchange/create-key': opsCommand({
    argument: ACCOUNT,
    options: { permissions: {}, fund: {} },
    usage: '[--permissions orders:rw,withdraw:r,...] [--fund UST=10000,BTC=0.5]',
    help: `Create an API key of the paper exchange for an account (created when new); default
permissions: read all but withdraw, write orders and funding offers. Prints the key and its
secret once.`,
    input: z.object({
      account: accountName,
      permissions: permissionList.optional(),
      fund: funds.optional(),
    }),
    run: async (ctx, input) => {
      const paper = paperOf(ctx);
      const key = paper.engine.createKey(input.account, parsePermissions(input.permissions));
      const wallets = applyFunds(paper, input.account, input.fund);
      return {
        exchange: 'bitfinex (paper)',
        url: paper.url,
        account: input.account,
        apiKey: key.apiKey,
        secret: key.secret,
        permissions: permissionText(key.permissions),
        wallets,
      };
    },
    format: (data) =>
      [
        `Account ${data.account} on ${data.exchange} at ${data.url}`,
        `API key: ${data.apiKey}`,
        `Secret:  ${data.secret}`,
        `Permissions: ${data.permissions}`,
        ...Object.entries(data.wallets).map(([currency, total]) => `${currency}: ${total}`),
      ].join('\n'),
  }),
  'exchange/fund': opsCommand({
    argument: ACCOUNT,
    options: { fund: { required: 'UST=500,BTC=0.1' } },
    usage: '--fund UST=500,BTC=-0.1',
    help: 'Add to (or with a minus take from) the exchange wallets of a paper account.',
    input: z.object({ account: accountName, fund: funds }),
    run: async (ctx, input) => ({
      account: input.account,
      wallets: applyFunds(paperOf(ctx), input.account, input.fund),
    }),
  }),
  'exchange/keys': opsCommand({
    help: 'The paper exchange keys (never the secrets): account, permissions, state.',
    input: z.object({}),
    run: async (ctx) => {
      const paper = paperOf(ctx);
      return paper.engine.keys().map((key) => ({
        apiKey: key.apiKey,
        account: paper.engine.accountById(key.accountId).name,
        permissions: permissionText(key.permissions),
        revoked: key.revoked,
      }));
    },
    format: (rows) =>
      rows.length === 0
        ? 'No keys.'
        : rows
            .map(
              (row) =>
                `${row.apiKey}  ${row.account}  ${row.permissions}${row.revoked ? '  REVOKED' : ''}`,
            )
            .join('\n'),
  }),
  'exchange/revoke-key': opsCommand({
    argument: API_KEY,
    help: 'Revoke a paper exchange key: its calls fail as an invalid key until restored.',
    input: z.object({ apiKey: z.string().trim().min(1).max(200) }),
    run: async (ctx, input) => ({
      apiKey: input.apiKey,
      revoked: paperOf(ctx).engine.setRevoked(input.apiKey, true).revoked,
    }),
  }),
  'exchange/restore-key': opsCommand({
    argument: API_KEY,
    help: 'Restore a revoked paper exchange key.',
    input: z.object({ apiKey: z.string().trim().min(1).max(200) }),
    run: async (ctx, input) => ({
      apiKey: input.apiKey,
      revoked: paperOf(ctx).engine.setRevoked(input.apiKey, false).revoked,
    }),
  }),
  'exchange/drop-reply': opsCommand({
    options: { key: {} },
    usage: '[--key <apiKey>]',
    help: `The next order call (of this key, or any) executes on the paper exchange and its reply
is lost (the connection closes without an answer).`,
    input: z.object({ key: z.string().trim().min(1).max(200).optional() }),
    run: async (ctx, input) => {
      paperOf(ctx).dropNextReply(input.key);
      return { armed: true, key: input.key ?? null };
    },
  }),
  'exchange/move': opsCommand({
    argument: { name: 'pair', what: 'pair (BTCUST or BTC/USDT)' },
    options: { percent: { required: '+8.5 (a fall: --percent=-5)' } },
    usage: '--percent +8.5 (a fall: --percent=-5)',
    help: `Move a pair's market on the paper exchange by a percent from this minute on: the price
walk is shifted by that log-return (earlier prices stay; moves add up; saved with the exchange's
state). Write a fall with = (--percent=-5), else the minus reads as an option.`,
    input: z.object({ pair: pairId, percent: movePercent }),
    run: async (ctx, input) => {
      const paper = paperOf(ctx);
      const pair = listedPair(paper, input.pair);
      const minute = PaperMarket.minuteOf(paper.engine.clock.now());
      const before = paper.engine.market.mid(pair.id, minute);
      const move = paper.engine.moveMarket(pair.id, input.percent);
      return {
        pair: pair.id,
        percent: move.percent,
        from: new Date(move.minute * 60_000).toISOString(),
        before: fromUnits(before),
        after: fromUnits(paper.engine.market.mid(pair.id, minute)),
      };
    },
    format: (data) =>
      `${data.pair} moved ${Number(data.percent) > 0 ? '+' : ''}${data.percent} % from ${data.from}: ${data.before} -> ${data.after}`,
  }),
} as const;
