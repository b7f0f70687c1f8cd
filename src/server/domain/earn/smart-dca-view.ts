import type { EarnSmartDca } from '../../../shared/api/earn';
import { type EarnDcaCurrency, isDcaKind } from '../../../shared/constants/earn';
import { formatAtomic } from '../../../shared/money/decimal';
import { addDays, daysBetween, platformDay } from '../../../shared/time/platform-days';
import { currencyDecimals, toDecimal } from '../wallet/balances';
import { PRICE_DECIMALS } from '../wallet/price-feed';
import { type EarnProductRow, formatUnits } from './catalog';
import type { EarnSubscriptionRow } from './views';

/** The Smart DCA figures of a subscription as the member sees them (smart-dca.ts). */

const SCALE = 10n ** BigInt(PRICE_DECIMALS);

/** Rewards paid since the target was set and not converted yet. */
export const dcaPending = (sub: EarnSubscriptionRow) => {
  const pending = BigInt(sub.accumulatedReward) - BigInt(sub.dcaBase) - BigInt(sub.dcaConverted);
  return pending > 0n ? pending : 0n;
};

/** Reward currency per one unit of the target: from / to, 18 places, rounded down. */
export function averagePrice(
  from: bigint,
  fromCurrency: EarnProductRow['currency'],
  to: bigint,
  toCurrency: EarnDcaCurrency,
): string | null {
  if (to <= 0n) return null;
  const value =
    (from * 10n ** BigInt(currencyDecimals(toCurrency)) * SCALE) /
    (to * 10n ** BigInt(currencyDecimals(fromCurrency)));
  return formatAtomic(value, PRICE_DECIMALS);
}

export const canSetSmartDca = (product: EarnProductRow, sub: EarnSubscriptionRow) =>
  isDcaKind(product.kind) && (sub.state === 'raising' || sub.state === 'running');

/**
 * A subscription's Smart DCA figures (null when never set). `rateBps` is the yearly rate paid
 * now (the expected figure adds the rest of the term's rewards at it).
 */
export function smartDcaView(
  product: EarnProductRow,
  sub: EarnSubscriptionRow,
  rateBps: number | null,
  pendingAccrued: bigint,
  now: Date,
): EarnSmartDca | null {
  if (!isDcaKind(product.kind)) return null;
  if (sub.dcaCurrency === null) return null;
  const converted = BigInt(sub.dcaConverted);
  const toBe = dcaPending(sub);
  let expected = converted + toBe;
  if (sub.state === 'running' || sub.state === 'raising') {
    expected += pendingAccrued;
    if (rateBps !== null && sub.termEnd) {
      const from = sub.settledThrough ? addDays(sub.settledThrough, 1) : platformDay(now);
      const start =
        sub.termStart && platformDay(sub.termStart) > from ? platformDay(sub.termStart) : from;
      const days = BigInt(Math.max(0, daysBetween(start, platformDay(sub.termEnd))));
      expected += ((BigInt(sub.principal) * BigInt(rateBps)) / (365n * 10_000n)) * days;
    }
  }
  const target = sub.dcaCurrency;
  const acquired = BigInt(sub.dcaAcquired);
  return {
    currency: target,
    rewardCurrency: product.currency,
    expectedAccumulated: formatUnits(product, expected),
    converted: formatUnits(product, converted),
    toBeConverted: formatUnits(product, toBe),
    averagePrice: averagePrice(converted, product.currency, acquired, target),
    currentAmount: toDecimal(target, acquired),
    conversionCount: sub.dcaCount,
  };
}
