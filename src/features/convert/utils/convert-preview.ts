import type { BcntQuote, ConvertInfo } from '../../../shared/api/wallet-convert';
import {
  type ConvertDirection,
  convertedAmount,
  PRICE_DECIMALS,
} from '../../../shared/constants/convert-rules';
import { CURRENCIES } from '../../../shared/constants/currencies';
import { parseAmount } from '../../../shared/money/decimal';

export const decimalsOf = (currency: string): number =>
  CURRENCIES.find((c) => c.code === currency)?.decimals ?? 6;

export type PreviewProblem =
  | 'belowMinimum'
  | 'insufficientBalance'
  | 'allConverted'
  | 'quotaInsufficient'
  | 'nothingToReceive';

export interface ConvertPreview {
  /** what the member receives, atomic units of `to`, rounded down like the server */
  receive: bigint;
  minimum: bigint;
  available: bigint;
  /** the first rule the amount breaks (the server's order), if any */
  problem: PreviewProblem | undefined;
}

const units = (text: string, decimals: number) => parseAmount(text, decimals) ?? 0n;

/**
 * The conversion of `amount` (atomic units of `direction.from`) at `quote` as the server will
 * price and check it (shared `convertedAmount`; same rule order), for the form's preview.
 */
export function convertPreview(
  info: ConvertInfo,
  quote: BcntQuote,
  direction: ConvertDirection,
  amount: bigint,
): ConvertPreview {
  const { from, to } = direction;
  const price = units(quote.price, PRICE_DECIMALS);
  const receive = price > 0n ? convertedAmount(from, amount, price) : 0n;
  const minimum = units(
    info.pairs.find((p) => p.from === from && p.to === to)?.minimum ?? '0',
    decimalsOf(from),
  );
  const available = units(info.available[from], decimalsOf(from));
  const platformLeft = units(info.platformRemaining, decimalsOf('BCNT'));
  const memberLeft = units(info.memberRemainingUsdt, decimalsOf('USDT'));
  const usdtValue = from === 'USDT' ? amount : receive;

  let problem: PreviewProblem | undefined;
  if (amount < minimum) problem = 'belowMinimum';
  else if (receive <= 0n) problem = 'nothingToReceive';
  else if (amount > available) problem = 'insufficientBalance';
  else if (to === 'BCNT' && platformLeft <= 0n) problem = 'allConverted';
  else if ((to === 'BCNT' && receive > platformLeft) || usdtValue > memberLeft)
    problem = 'quotaInsufficient';
  return { receive, minimum, available, problem };
}
