/**
 * Rules of the custodial conversion between USDT and BCNT and of the custodial BCNT stake
 * (spec platform-account-wallet sections 5, 8, 9). The spec names the rules (minimum
 * conversion, remaining daily quota, price updated, daily total full; 14-day unstake) but not
 * the numbers: these are the platform's decisions, shown to the member and enforced by the
 * server (src/server/domain/wallet/convert.ts, custodial-stake.ts).
 *
 * Amounts are decimal strings in whole units (parse with `parseAmount` at the currency's
 * decimals: USDT 6, BCNT 18).
 */
import { mulDivFloor } from '../money/decimal';

/** The two directions a member can convert. */
export const CONVERT_DIRECTIONS = [
  { from: 'USDT', to: 'BCNT' },
  { from: 'BCNT', to: 'USDT' },
] as const;
export type ConvertDirection = (typeof CONVERT_DIRECTIONS)[number];
export type ConvertCurrency = ConvertDirection['from'];

/**
 * Minimum conversion ("Min Conversion Quantity") in the currency converted from: 10 USDT or
 * 100 BCNT. Small enough for a first try, large enough that rounding in atomic units is noise.
 */
export const MIN_CONVERSION: Record<ConvertCurrency, string> = {
  USDT: '10',
  BCNT: '100',
};

/**
 * A member's daily conversion quota, in USDT equivalent, both directions together: the USDT
 * paid in (USDT -> BCNT) or received (BCNT -> USDT). 50,000 USDT per member per day.
 */
export const MEMBER_DAILY_QUOTA_USDT = '50000';

/**
 * BCNT the platform makes available for conversion per day (USDT -> BCNT draws from it):
 * 1,000,000 BCNT. BCNT -> USDT conversions do not add to it (the platform's daily supply is a
 * treasury decision, not a market). When it is used up: "All available BCNT have been
 * converted."
 */
export const PLATFORM_DAILY_BCNT_SUPPLY = '1000000';

/**
 * The conversion day starts at 00:00 UTC+8 (spec section 9: times in UTC+8): quotas and the
 * platform supply reset then.
 */
export const CONVERT_DAY_UTC_OFFSET_HOURS = 8;

/**
 * Custodial stake: the smallest amount of BCNT per stake or unstake request, and the unstake
 * cooldown (the same 14 days as the on-chain LoyaltyStaking contract; spec section 9). During
 * the cooldown the amount stays staked and counts for the loyalty level.
 */
export const CUSTODIAL_STAKE_MIN_BCNT = '1';
export const CUSTODIAL_UNSTAKE_DAYS = 14;

/** The conversion day (YYYY-MM-DD in UTC+8) of an instant, and when it ends (next 00:00 UTC+8). */
export function convertDay(now: Date): { day: string; resetsAt: Date } {
  const offsetMs = CONVERT_DAY_UTC_OFFSET_HOURS * 3600 * 1000;
  const local = new Date(now.getTime() + offsetMs);
  const day = local.toISOString().slice(0, 10);
  const nextMidnightLocal = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate() + 1,
  );
  return { day, resetsAt: new Date(nextMidnightLocal - offsetMs) };
}

/** Prices are decimal strings with at most this many places (the quotation service's). */
export const PRICE_DECIMALS = 18;
const USDT_DECIMALS = 6;
const BCNT_DECIMALS = 18;

/**
 * What `amount` atomic units of `from` buy at `priceUnits` (USDT per BCNT, 18 decimals), in
 * atomic units of the other currency, rounded down (the platform's favour: never more than the
 * price gives). USDT -> BCNT: floor(usdt * 10^30 / price); BCNT -> USDT: floor(bcnt * price /
 * 10^30). The same function prices a conversion on the server and in the browser's preview.
 */
export function convertedAmount(from: ConvertCurrency, amount: bigint, priceUnits: bigint): bigint {
  if (priceUnits <= 0n) throw new RangeError('price must be positive');
  const scale = 10n ** BigInt(PRICE_DECIMALS + BCNT_DECIMALS - USDT_DECIMALS);
  return from === 'USDT'
    ? mulDivFloor(amount, scale, priceUnits)
    : mulDivFloor(amount, priceUnits, scale);
}
