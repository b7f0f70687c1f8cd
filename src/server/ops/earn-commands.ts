import { z } from 'zod';
import { and, desc, eq } from 'drizzle-orm';
import { members } from '../db/schema';
import { earnProducts, earnSubscriptions } from '../db/schema/earn';
import { createLocalOutbox } from '../domain/auth/outbox';
import {
  CatalogError,
  createProduct,
  listAdminProducts,
  postNav,
  type ProductFields,
  setProductStatus,
  updateProduct,
} from '../domain/earn/catalog-admin';
import { formatUnits } from '../domain/earn/catalog';
import { EARN_LIFECYCLE_TASK, runEarnLifecycle } from '../domain/earn/lifecycle';
import { navDue } from '../domain/earn/nav-settlement';
import { EARN_CURRENCIES, EARN_KINDS, MIXED_STRATEGIES } from '../../shared/constants/earn';
import { EARN_SUBSCRIPTION_STATES } from '../../shared/api/earn';
import { LOCAL_CHAIN_ID } from '../../shared/constants/chain';
import {
  type OpsArgument,
  OpsCommandError,
  type OpsContext,
  opsCommand,
  walletOf,
} from './command';

/**
 * Operator commands of the earn products:
 *
 * - `product/create --kind K --currency C --name "..." --period M --per-unit X --min-unit N
 *   --max-unit N --raise-start D --raise-end D --start D [...]`: a draft with the next serial
 *   number of its currency (days YYYY-MM-DD, UTC+8); `product/update <sn> [fields]`;
 *   `product/open <sn>` lists it, `product/close <sn>` takes it off (running subscriptions go
 *   on); `product/list`; `product/nav <sn> --day D --nav X` posts a net asset value.
 * - `earn/run`: run the `earn-lifecycle` job now (start, settle, renew, return; its report
 *   lists the NAVs it waits for); `earn/nav-due`: the NAVs to post now (read only);
 *   `earn/list [--sn S] [--email E]`: subscriptions.
 */

const SN_ARGUMENT: OpsArgument = { name: 'sn', what: "product's serial number (USDT-034R)" };
const sn = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3,4}-\d{3}[A-Z]$/, 'a serial number like USDT-034R');
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day YYYY-MM-DD');
const percent = z.coerce.number().min(0).max(1000);
const count = z.coerce.number().int().min(1).max(1_000_000);
const flag = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

const FIELD_OPTIONS = {
  name: {},
  'name-zh-tw': {},
  'name-zh-cn': {},
  description: {},
  period: {},
  'per-unit': {},
  'min-unit': {},
  'max-unit': {},
  'raise-start': {},
  'raise-end': {},
  start: {},
  return: {},
  drawdown: {},
  risk: {},
  capacity: {},
  'soft-cap': {},
  'min-renew': {},
  settlement: {},
  sort: {},
  strategy: {},
  leverage: {},
  sharpe: {},
  'management-fee': {},
  'performance-fee': {},
} as const;
const FIELD_FLAGS = ['limited', 'premium', 'not-renewable'] as const;

const fieldInput = {
  name: z.string().trim().min(1).max(80),
  'name-zh-tw': z.string().trim().min(1).max(80).optional(),
  'name-zh-cn': z.string().trim().min(1).max(80).optional(),
  description: z.string().trim().max(2000).optional(),
  period: z.coerce.number().int().min(1).max(36),
  'per-unit': z.string().trim().min(1),
  'min-unit': count,
  'max-unit': count,
  'raise-start': day,
  'raise-end': day,
  start: day,
  return: percent.optional(),
  drawdown: percent.optional(),
  risk: z.coerce.number().int().min(1).max(5).default(1),
  capacity: count.optional(),
  'soft-cap': count.optional(),
  'min-renew': count.optional(),
  settlement: z.enum(['daily', 'monthly']).default('daily'),
  sort: z.coerce.number().int().min(0).max(100_000).default(0),
  strategy: z.enum(MIXED_STRATEGIES).optional(),
  leverage: z.coerce.number().min(0).max(125).optional(),
  sharpe: z.coerce.number().min(-100).max(100).optional(),
  'management-fee': percent.optional(),
  'performance-fee': percent.optional(),
  limited: flag.default(false),
  premium: flag.default(false),
  'not-renewable': flag.default(false),
};

type FieldInput = z.infer<z.ZodObject<typeof fieldInput>>;

/**
 * `product update`: only the fields given. The defaults of create are not applied (zod 4 fills
 * a default even inside .partial()), or renaming a product would also reset its risk, sort,
 * settlement and its limited / premium / not-renewable flags.
 */
const fieldUpdate = {
  ...fieldInput,
  risk: fieldInput.risk.removeDefault(),
  settlement: fieldInput.settlement.removeDefault(),
  sort: fieldInput.sort.removeDefault(),
  limited: fieldInput.limited.removeDefault(),
  premium: fieldInput.premium.removeDefault(),
  'not-renewable': fieldInput['not-renewable'].removeDefault(),
};

function fieldsOf(input: Partial<FieldInput>): Partial<ProductFields> {
  const text = (en?: string, tw?: string, cn?: string) =>
    en === undefined ? undefined : { 'en-US': en, 'zh-TW': tw ?? en, 'zh-CN': cn ?? tw ?? en };
  return {
    name: text(input.name, input['name-zh-tw'], input['name-zh-cn']),
    description:
      input.description === undefined
        ? undefined
        : { 'en-US': input.description, 'zh-TW': input.description, 'zh-CN': input.description },
    periodMonth: input.period,
    perUnit: input['per-unit'],
    minUnit: input['min-unit'],
    maxUnit: input['max-unit'],
    raiseStart: input['raise-start'],
    raiseEnd: input['raise-end'],
    startDay: input.start,
    annualReturn: input.return,
    maxDrawdown: input.drawdown,
    riskLevel: input.risk,
    capacityUnits: input.capacity,
    softCapUnits: input['soft-cap'],
    minRenewUnits: input['min-renew'],
    settlement: input.settlement,
    sortOrder: input.sort,
    strategy: input.strategy,
    leverage: input.leverage,
    sharpeRatio: input.sharpe,
    managementFee: input['management-fee'],
    performanceFee: input['performance-fee'],
    limited: input.limited,
    premiumOnly: input.premium,
    renewable: input['not-renewable'] === undefined ? undefined : !input['not-renewable'],
  };
}

/** A catalog rule broken: the operator's mistake (exit 2), with the reason. */
async function catalog<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CatalogError) throw new OpsCommandError(error.message, true);
    throw error;
  }
}

function earnDeps(ctx: OpsContext) {
  const wallet = walletOf(ctx);
  return {
    db: ctx.db,
    clock: ctx.clock,
    prices: wallet.prices,
    outbox: ctx.outbox ?? createLocalOutbox(ctx.db, ctx.clock),
    chainId: ctx.chainId ?? LOCAL_CHAIN_ID,
    appOrigin: ctx.appOrigin ?? 'http://localhost:5173',
  };
}

export const earnOpsCommands = {
  'product/create': opsCommand({
    options: {
      kind: { required: EARN_KINDS.join('|') },
      currency: { required: EARN_CURRENCIES.join('|') },
      ...FIELD_OPTIONS,
    },
    flags: FIELD_FLAGS,
    usage:
      '--kind K --currency C --name N --period M --per-unit X --min-unit N --max-unit N --raise-start D --raise-end D --start D [...]',
    help: `A draft earn product with the next serial number of its currency.
Days are YYYY-MM-DD (UTC+8); --return 8.5 (percent, else the spec's
fallback); --settlement daily|monthly; --capacity/--soft-cap units;
--strategy fusion|sapphire|defi|arbitrage (mixed); --limited, --premium
(premier members only), --not-renewable; --drawdown, --risk 1-5, --sort,
--leverage, --sharpe, --management-fee, --performance-fee.`,
    input: z.object({
      kind: z.enum(EARN_KINDS),
      currency: z.enum(EARN_CURRENCIES),
      ...fieldInput,
    }),
    run: (ctx, input) =>
      catalog(() => {
        const fields = fieldsOf(input);
        return createProduct(ctx.db, ctx.clock, {
          ...(fields as ProductFields),
          kind: input.kind,
          currency: input.currency,
          description: fields.description ?? { 'en-US': '', 'zh-TW': '', 'zh-CN': '' },
          annualReturn: input.return ?? null,
          maxDrawdown: input.drawdown ?? null,
          capacityUnits: input.capacity ?? null,
          softCapUnits: input['soft-cap'] ?? null,
          minRenewUnits: input['min-renew'] ?? input['min-unit'],
          leverage: input.leverage ?? null,
          sharpeRatio: input.sharpe ?? null,
          managementFee: input['management-fee'] ?? null,
          performanceFee: input['performance-fee'] ?? null,
          renewable: !input['not-renewable'],
        });
      }),
  }),
  'product/update': opsCommand({
    argument: SN_ARGUMENT,
    options: FIELD_OPTIONS,
    flags: FIELD_FLAGS,
    usage: '[the fields of product create]',
    help: `Change a product's fields (kind and currency stay). Price, term and
start cannot change once its fundraising has begun.`,
    input: z.object({ sn, ...z.object(fieldUpdate).partial().shape }),
    run: (ctx, input) => catalog(() => updateProduct(ctx.db, ctx.clock, input.sn, fieldsOf(input))),
  }),
  'product/open': opsCommand({
    argument: SN_ARGUMENT,
    help: 'List a product: members see it and join it while it raises funds.',
    input: z.object({ sn }),
    run: (ctx, input) => catalog(() => setProductStatus(ctx.db, ctx.clock, input.sn, 'open')),
  }),
  'product/close': opsCommand({
    argument: SN_ARGUMENT,
    help: 'Take a product off the catalog; its subscriptions run to their end.',
    input: z.object({ sn }),
    run: (ctx, input) => catalog(() => setProductStatus(ctx.db, ctx.clock, input.sn, 'closed')),
  }),
  'product/list': opsCommand({
    help: 'Every earn product with its status and dates.',
    input: z.object({}),
    run: async (ctx) => ({ products: await listAdminProducts(ctx.db) }),
  }),
  'product/nav': opsCommand({
    argument: SN_ARGUMENT,
    options: { day: { required: 'YYYY-MM-DD' }, nav: { required: 'e.g. 1.0235' } },
    usage: '--day D --nav X',
    help: "Post a product's net asset value for a day (1 at the start).",
    input: z.object({ sn, day, nav: z.string().trim().min(1).max(40) }),
    run: (ctx, input) => catalog(() => postNav(ctx.db, ctx.clock, input.sn, input.day, input.nav)),
  }),
  'earn/run': opsCommand({
    help: `Run the earn-lifecycle job now: start or refund products, settle
rewards, renew or return at expiry, pay due returns.`,
    input: z.object({}),
    run: async (ctx) =>
      ctx.scheduler
        ? ctx.scheduler.runExclusive(EARN_LIFECYCLE_TASK, () =>
            runEarnLifecycle(earnDeps(ctx), ctx.clock.now()),
          )
        : runEarnLifecycle(earnDeps(ctx), ctx.clock.now()),
  }),
  'earn/nav-due': opsCommand({
    help: `NAVs to post now: each NAV product's due checkpoint (the day
before or the day itself of a 15th, a quarter's first day or an expiry) or
term start whose NAV is missing, with the subscriptions waiting for it.
Post them with product nav; the next earn run settles them.`,
    input: z.object({}),
    run: async (ctx) => ({ due: await navDue(ctx.db, ctx.clock.now()) }),
  }),
  'earn/list': opsCommand({
    options: { sn: {}, email: {}, state: {}, limit: {} },
    usage: '[--sn S] [--email E] [--state S] [--limit N]',
    help: 'Earn subscriptions, newest first.',
    input: z.object({
      sn: sn.optional(),
      email: z.string().trim().min(3).max(254).optional(),
      state: z.enum(EARN_SUBSCRIPTION_STATES).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(50),
    }),
    run: async (ctx, input) => {
      const rows = await ctx.db
        .select({ sub: earnSubscriptions, product: earnProducts, email: members.email })
        .from(earnSubscriptions)
        .innerJoin(earnProducts, eq(earnProducts.id, earnSubscriptions.productId))
        .innerJoin(members, eq(members.id, earnSubscriptions.memberId))
        .where(
          and(
            ...(input.sn ? [eq(earnProducts.serialNumber, input.sn)] : []),
            ...(input.email ? [eq(members.email, input.email.toLowerCase())] : []),
            ...(input.state ? [eq(earnSubscriptions.state, input.state)] : []),
          ),
        )
        .orderBy(desc(earnSubscriptions.id))
        .limit(input.limit);
      const list = rows.map(({ sub, product, email }) => ({
        id: sub.id,
        sn: product.serialNumber,
        email,
        state: sub.state,
        units: sub.units,
        principal: `${formatUnits(product, BigInt(sub.principal))} ${product.currency}`,
        reward: formatUnits(product, BigInt(sub.accumulatedReward)),
        term: sub.term,
        termEnd: sub.termEnd?.toISOString() ?? null,
        autoRenew: sub.autoRenew,
        settledThrough: sub.settledThrough,
      }));
      return { subscriptions: list };
    },
  }),
} as const;
