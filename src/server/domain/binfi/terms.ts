import { and, eq, inArray } from 'drizzle-orm';
import { formatUnits } from 'viem';
import type { BinfiRoundTerms } from '../../../shared/api/binfi';
import type { Db } from '../../db/database';
import { binfiRoundTerms } from '../../db/schema';

/**
 * The off-chain product fields of a round (spec section 3) and the arithmetic built on them.
 * Amounts are USDT atomic units (6 decimals) as bigint; every per-unit amount is rounded down to
 * the atomic unit, and a total is always units x the rounded per-unit amount, so nothing paid
 * from a per-unit figure exceeds what it was computed from.
 *
 * - Rock's interest: `rockAprBps` a year of its capital, paid monthly: a reward month is
 *   floor(unitPrice x rockAprBps / 10000 / 12) per matched Rock unit.
 * - Platform fee: `platformFeeBps` a year of the matched capital of both sides, charged at the
 *   settlement for the time the round ran: floor(unitPrice x platformFeeBps x seconds run /
 *   (10000 x year)) per matched unit of either side.
 * - Referral rebate: 10 % of an order's platform fee (rounded down) to its owner and 10 % to the
 *   referrer, credited to both members' custodial USDT after the settlement.
 * - Flame's result: the matched capital of both sides (Flame's at the leverage rockPerFlame + 1)
 *   trades `symbol`; Flame's equity is its capital + the PnL - Rock's interest for the term -
 *   the platform fee. The stop-loss executes when the loss reaches `stopLossBps` of Flame's
 *   matched capital.
 * - Break-even point: the market move over the full term at which Flame gets its capital back:
 *   (Rock's interest + the platform fee, both sides) / the traded capital, in basis points,
 *   rounded up.
 */

export const WAD = 10n ** 18n;
const USDT_DECIMALS = 6;
const BPS = 10_000n;
export const YEAR_SECONDS = 365 * 24 * 3600;
export const MONTH_SECONDS = YEAR_SECONDS / 12;

/** Defaults of `binfi create` (and of a round created without terms, e.g. straight on chain). */
export const DEFAULT_TERMS = {
  /** 8 % a year, the spec's annual return example for the stable side */
  rockAprBps: 800,
  /** 1 % a year of the matched capital */
  platformFeeBps: 100,
  /** the loss at 80 % of Flame's capital */
  stopLossBps: 8_000,
  symbol: 'BTC/USDT',
} as const;

/** The rebate each party (the order's owner and its referrer) gets: 10 % of the platform fee. */
export const REFERRAL_REBATE_BPS = 1_000n;

export interface RoundTerms {
  rockAprBps: number;
  platformFeeBps: number;
  stopLossBps: number;
  symbol: string;
}

type TermsRow = typeof binfiRoundTerms.$inferSelect;

function termsOfRow(row: TermsRow | undefined): RoundTerms {
  if (!row) return { ...DEFAULT_TERMS };
  return {
    rockAprBps: row.rockAprBps,
    platformFeeBps: row.platformFeeBps,
    stopLossBps: row.stopLossBps,
    symbol: row.symbol,
  };
}

export async function roundTerms(db: Db, chainId: number, fundId: number): Promise<RoundTerms> {
  const [row] = await db
    .select()
    .from(binfiRoundTerms)
    .where(and(eq(binfiRoundTerms.chainId, chainId), eq(binfiRoundTerms.fundId, fundId)));
  return termsOfRow(row);
}

/** The terms of several rounds (defaults for a round without a row). */
export async function termsOfRounds(
  db: Db,
  chainId: number,
  fundIds: readonly number[],
): Promise<(fundId: number) => RoundTerms> {
  const rows =
    fundIds.length === 0
      ? []
      : await db
          .select()
          .from(binfiRoundTerms)
          .where(
            and(
              eq(binfiRoundTerms.chainId, chainId),
              inArray(binfiRoundTerms.fundId, [...fundIds]),
            ),
          );
  const byId = new Map(rows.map((row) => [row.fundId, row]));
  return (fundId) => termsOfRow(byId.get(fundId));
}

/** Stores a round's terms (once: a repeated create of the same round keeps the first). */
export async function saveRoundTerms(
  db: Db,
  chainId: number,
  fundId: number,
  terms: RoundTerms,
  now: Date,
): Promise<void> {
  await db
    .insert(binfiRoundTerms)
    .values({ chainId, fundId, ...terms, createdAt: now })
    .onConflictDoNothing();
}

/** Rock's reward month per unit (atomic USDT, rounded down). */
export function rockMonthlyPerUnit(unitPrice: bigint, terms: RoundTerms): bigint {
  return (unitPrice * BigInt(terms.rockAprBps)) / (BPS * 12n);
}

/** The platform fee per matched unit for `seconds` of running (atomic USDT, rounded down). */
export function platformFeePerUnit(unitPrice: bigint, terms: RoundTerms, seconds: number): bigint {
  return (
    (unitPrice * BigInt(terms.platformFeeBps) * BigInt(Math.max(0, Math.floor(seconds)))) /
    (BPS * BigInt(YEAR_SECONDS))
  );
}

/** Reward months of a term: all but the last (which the settlement pays). */
export function rewardMonthsOf(termSeconds: number): number {
  return Math.max(0, Math.round(termSeconds / MONTH_SECONDS) - 1);
}

/** The break-even point in basis points of the traded market's move over the full term. */
export function breakEvenBps(
  unitPrice: bigint,
  rockPerFlame: number,
  termSeconds: number,
  terms: RoundTerms,
): bigint {
  const months = BigInt(Math.round(termSeconds / MONTH_SECONDS));
  const k = BigInt(rockPerFlame);
  const cost =
    k * rockMonthlyPerUnit(unitPrice, terms) * months +
    (k + 1n) * platformFeePerUnit(unitPrice, terms, termSeconds);
  const traded = (k + 1n) * unitPrice;
  return (cost * BPS + traded - 1n) / traded;
}

const percent = (bps: bigint | number) => formatUnits(BigInt(bps), 2);
const usdt = (atomic: bigint) => formatUnits(atomic, USDT_DECIMALS);

/** The terms as the round's answer shows them (percentages and whole USDT as decimal text). */
export function termsView(
  terms: RoundTerms,
  round: { unitPrice: bigint; rockPerFlame: number; termSeconds: number },
): BinfiRoundTerms {
  return {
    rockApr: percent(terms.rockAprBps),
    platformFeeRate: percent(terms.platformFeeBps),
    stopLossRate: percent(terms.stopLossBps),
    symbol: terms.symbol,
    rockRewardPerUnit: usdt(rockMonthlyPerUnit(round.unitPrice, terms)),
    platformFeePerUnit: usdt(platformFeePerUnit(round.unitPrice, terms, round.termSeconds)),
    breakEven: percent(breakEvenBps(round.unitPrice, round.rockPerFlame, round.termSeconds, terms)),
    referralRebate: percent(REFERRAL_REBATE_BPS),
    rockSettlement: 'monthly',
    flameSettlement: 'maturity',
  };
}

export interface SettlementInput {
  unitPrice: bigint;
  rockPerFlame: number;
  matchedRock: number;
  matchedFlame: number;
  redeemedRock: number;
  /** seconds the round ran (start to maturity or to the stop-loss) and its full term */
  ranSeconds: number;
  termSeconds: number;
  /** Rock reward months already funded */
  monthsFunded: number;
  /** Flame's trading result on the matched capital (atomic USDT, signed) */
  pnl: bigint;
  /** Rock's interest already funded (every reward month's total) */
  interestFunded: bigint;
}

export interface Settlement {
  /** USDT atomic per matched unit, capital included, rounded down */
  rockPerUnit: bigint;
  flamePerUnit: bigint;
  /** Rock's interest in this last period, per unit */
  rockInterestPerUnit: bigint;
  platformFeePerUnit: bigint;
  /** Flame's equity before the per-unit rounding (negative: Rock took the rest of the loss) */
  flameEquity: bigint;
}

/**
 * Each side's payout per matched unit at the settlement (see the module comment):
 * Rock: its capital + the interest since the last funded month (every month not funded yet
 * at maturity, pro rata by the second at a stop-loss); Flame: floor(equity / matched Flame units), where
 * equity = Flame's capital + PnL - all of Rock's interest (funded and this period's) - the
 * platform fee of both sides for the time run. When the equity is negative (the market moved
 * past the stop-loss) Flame gets 0 and Rock bears the rest, never below 0.
 */
export function settlementOf(input: SettlementInput, terms: RoundTerms): Settlement {
  const rockUnits = BigInt(input.matchedRock - input.redeemedRock);
  const monthly = rockMonthlyPerUnit(input.unitPrice, terms);
  const lastMonthSeconds = Math.max(0, input.ranSeconds - input.monthsFunded * MONTH_SECONDS);
  const accrued = (monthly * BigInt(Math.floor(lastMonthSeconds))) / BigInt(MONTH_SECONDS);
  const monthsLeft = BigInt(
    Math.max(0, Math.round(input.termSeconds / MONTH_SECONDS) - input.monthsFunded),
  );
  const rockInterestPerUnit = accrued < monthly * monthsLeft ? accrued : monthly * monthsLeft;
  const fee = platformFeePerUnit(input.unitPrice, terms, input.ranSeconds);
  const flameCapital = BigInt(input.matchedFlame) * input.unitPrice;
  const flameEquity =
    flameCapital +
    input.pnl -
    input.interestFunded -
    rockUnits * rockInterestPerUnit -
    BigInt(input.matchedRock + input.matchedFlame) * fee;
  const rockDue = input.unitPrice + rockInterestPerUnit;
  if (flameEquity >= 0n) {
    return {
      rockPerUnit: rockDue,
      flamePerUnit: input.matchedFlame > 0 ? flameEquity / BigInt(input.matchedFlame) : 0n,
      rockInterestPerUnit,
      platformFeePerUnit: fee,
      flameEquity,
    };
  }
  const rockPot = rockUnits * rockDue + flameEquity;
  return {
    rockPerUnit: rockUnits > 0n && rockPot > 0n ? rockPot / rockUnits : 0n,
    flamePerUnit: 0n,
    rockInterestPerUnit,
    platformFeePerUnit: fee,
    flameEquity,
  };
}
