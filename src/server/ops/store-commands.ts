import { z } from 'zod';
import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { members } from '../db/schema';
import { storeOrders } from '../db/schema/store';
import { deliverStoreOrders } from '../domain/store/delivery';
import { storeOrderViews } from '../domain/store/orders';
import { LOCAL_CHAIN_ID } from '../../shared/constants/chain';
import { type OpsContext, opsCommand } from './command';

/**
 * Operator commands of the BCNT store:
 *
 * - `store/list [--state created|confirming|deposited|delivered|due|below-minimum|late]
 *   [--email x] [--limit n]`: orders, newest first, with their derived state. `due`: Deposited
 *   and deliverAt has come; `below-minimum`: paid but under 100 USDT (support refunds or waits
 *   for the rest); `late`: USDT credited after the delivery (support).
 * - `store/deliver [--id <order id or number>] [--now]`: run the delivery now (what the
 *   `store-delivery` task does); `--id` only that order; `--now` also before its deliverAt
 *   (the order must be Deposited).
 */

const STATE_FILTERS = [
  'created',
  'confirming',
  'deposited',
  'delivered',
  'due',
  'below-minimum',
  'late',
] as const;

/** an order id (123) or number (BC20250301000123) */
const orderRef = z.union([
  z.coerce.number().int().positive(),
  z
    .string()
    .trim()
    .regex(/^BC\d{14,}$/),
]);

async function resolveOrderId(ctx: OpsContext, ref: number | string): Promise<number> {
  const [row] = await ctx.db
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .where(typeof ref === 'number' ? eq(storeOrders.id, ref) : eq(storeOrders.orderNumber, ref));
  if (!row) throw new Error(`no store order ${ref}`);
  return row.id;
}

export const storeOpsCommands = {
  'store/list': opsCommand({
    options: { state: {}, email: {}, limit: {} },
    usage: '[--state S] [--email <member>] [--limit N]',
    help: 'BCNT store orders.',
    input: z.object({
      state: z.enum(STATE_FILTERS).optional(),
      email: z.string().trim().min(3).max(254).optional(),
      limit: z.coerce.number().int().min(1).max(500).default(50),
    }),
    run: async (ctx, input) => {
      const where: SQL[] = [];
      if (input.state === 'delivered' || input.state === 'late')
        where.push(isNotNull(storeOrders.deliveredAt));
      else if (input.state) where.push(isNull(storeOrders.deliveredAt));
      if (input.email) where.push(eq(members.email, input.email.toLowerCase()));
      // states are derived: read a window and filter (limit applies to the answer)
      const rows = await ctx.db
        .select({ order: storeOrders })
        .from(storeOrders)
        .innerJoin(members, eq(members.id, storeOrders.memberId))
        .where(and(...where))
        .orderBy(desc(storeOrders.id))
        .limit(input.state ? Math.max(input.limit * 20, 1000) : input.limit);
      const views = await storeOrderViews(
        ctx.db,
        ctx.chainId ?? LOCAL_CHAIN_ID,
        rows.map((r) => r.order),
        ctx.clock.now(),
      );
      const now = ctx.clock.now().getTime();
      const matches = views.filter((view) => {
        switch (input.state) {
          case undefined:
            return true;
          case 'due':
            return (
              view.status === 'Deposited' &&
              view.deliverAt !== null &&
              Date.parse(view.deliverAt) <= now
            );
          case 'below-minimum':
            return view.belowMinimum;
          case 'late':
            return view.lateUsdt !== '0';
          default:
            return view.status.toLowerCase() === input.state;
        }
      });
      return { orders: matches.slice(0, input.limit) };
    },
  }),
  'store/deliver': opsCommand({
    options: { id: {} },
    flags: ['now'],
    usage: '[--id N] [--now]',
    help: `Deliver the store orders that are due (next business day 12:00
UTC+8); --id one order, --now without waiting for its time.`,
    input: z.object({
      id: orderRef.optional(),
      now: z
        .union([z.boolean(), z.enum(['true', 'false'])])
        .transform((v) => v === true || v === 'true')
        .default(false),
    }),
    run: async (ctx, input) => {
      const orderId = input.id === undefined ? undefined : await resolveOrderId(ctx, input.id);
      return deliverStoreOrders(
        { db: ctx.db, clock: ctx.clock, chainId: ctx.chainId ?? LOCAL_CHAIN_ID },
        { ...(orderId === undefined ? {} : { orderId }), force: input.now },
      );
    },
  }),
} as const;
