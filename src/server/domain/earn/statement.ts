import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  earnDcaConversions,
  earnEvents,
  earnProducts,
  earnSubscriptions,
} from '../../db/schema/earn';
import type { EarnStatementQuery } from '../../../shared/api/earn';
import { dayStart, platformDay, addDays } from '../../../shared/time/platform-days';
import { currencyDecimals } from '../wallet/balances';
import { formatAtomic } from '../../../shared/money/decimal';

/**
 * The member's earn statement (GET premium2/Statement): a CSV of every movement of their earn
 * subscriptions, oldest first: subscriptions and additions, rewards (daily, monthly, the
 * Flagship excess share), compounding, renewals, fees (Alliance management and performance,
 * Flagship early termination), Smart DCA conversions, refunds, redemptions and returns.
 *
 * - RFC 4180: comma separated, CRLF line ends, a cell with a comma, a quote or a line break
 *   quoted (quotes doubled); UTF-8 with a byte order mark (so spreadsheet programs read the
 *   Chinese names), a header row in the member's language (Accept-Language: en-US, zh-TW or
 *   zh-CN; English otherwise).
 * - Amounts are exact decimals of the currency (every atomic unit, no rounding) and never
 *   signed: the Direction column says in (to the member) or out; a cell starting with = + - @
 *   (or a tab or carriage return) is prefixed with ' so a spreadsheet never reads it as a
 *   formula (CSV injection).
 * - Each row has the UTC+8 day (the platform's day) and the ISO 8601 time (UTC) of the movement,
 *   and for rewards the day it is for, the level and the yearly rate.
 * - `from` / `to` (UTC+8 days, inclusive) narrow it.
 */

export type StatementLocale = 'en-US' | 'zh-TW' | 'zh-CN';

const HEADERS: Record<StatementLocale, string[]> = {
  'en-US': [
    'Date (UTC+8)',
    'Time (ISO 8601, UTC)',
    'Product',
    'Serial number',
    'Type',
    'Detail',
    'Direction',
    'Amount',
    'Currency',
    'Converted amount',
    'Converted currency',
    'Term',
    'For day (UTC+8)',
    'Level',
    'Yearly rate (%)',
  ],
  'zh-TW': [
    '日期 (UTC+8)',
    '時間 (ISO 8601, UTC)',
    '產品',
    '產品編號',
    '類型',
    '明細',
    '方向',
    '金額',
    '幣種',
    '兌換金額',
    '兌換幣種',
    '期數',
    '所屬日 (UTC+8)',
    '等級',
    '年化利率 (%)',
  ],
  'zh-CN': [
    '日期 (UTC+8)',
    '时间 (ISO 8601, UTC)',
    '产品',
    '产品编号',
    '类型',
    '明细',
    '方向',
    '金额',
    '币种',
    '兑换金额',
    '兑换币种',
    '期数',
    '所属日 (UTC+8)',
    '等级',
    '年化利率 (%)',
  ],
};

type Kind = (typeof earnEvents.$inferSelect)['kind'];
type Detail = NonNullable<(typeof earnEvents.$inferSelect)['detail']>;

const KIND_LABELS: Record<StatementLocale, Record<Kind, string>> = {
  'en-US': {
    subscribe: 'Subscription',
    add: 'Added',
    reward: 'Reward',
    compound: 'Reward compounded',
    renew: 'Renewal',
    return: 'Return',
    refund: 'Refund',
    redeem: 'Redemption',
    fee: 'Fee',
    dca: 'Smart DCA conversion',
  },
  'zh-TW': {
    subscribe: '申購',
    add: '追加',
    reward: '收益',
    compound: '收益複投',
    renew: '續約',
    return: '返還',
    refund: '退款',
    redeem: '贖回',
    fee: '費用',
    dca: '定投兌換',
  },
  'zh-CN': {
    subscribe: '申购',
    add: '追加',
    reward: '收益',
    compound: '收益复投',
    renew: '续约',
    return: '返还',
    refund: '退款',
    redeem: '赎回',
    fee: '费用',
    dca: '定投兑换',
  },
};

const DETAIL_LABELS: Record<StatementLocale, Record<Detail, string>> = {
  'en-US': {
    excess: 'Excess return share',
    management: 'Management fee',
    performance: 'Performance fee',
    early_termination: 'Early termination fee',
    nav: 'Valued at NAV',
    dca: 'Rewards converted',
  },
  'zh-TW': {
    excess: '超額收益分成',
    management: '管理費',
    performance: '績效費',
    early_termination: '提前終止費',
    nav: '按淨值計價',
    dca: '收益兌換',
  },
  'zh-CN': {
    excess: '超额收益分成',
    management: '管理费',
    performance: '绩效费',
    early_termination: '提前终止费',
    nav: '按净值计价',
    dca: '收益兑换',
  },
};

const DIRECTION: Record<StatementLocale, { in: string; out: string }> = {
  'en-US': { in: 'In', out: 'Out' },
  'zh-TW': { in: '轉入', out: '轉出' },
  'zh-CN': { in: '转入', out: '转出' },
};

/** The statement's language from Accept-Language (the client sends it lower-cased). */
export function statementLocale(acceptLanguage: string | undefined): StatementLocale {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  if (first.startsWith('zh-tw') || first.startsWith('zh-hant') || first.startsWith('zh-hk'))
    return 'zh-TW';
  if (first.startsWith('zh')) return 'zh-CN';
  return 'en-US';
}

/** One CSV cell: neutralised against formulas, quoted when it must be. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: (string | number | null | undefined)[]) =>
  cells.map(csvCell).join(',');

const amountText = (currency: string, units: bigint) =>
  formatAtomic(units < 0n ? -units : units, currencyDecimals(currency as 'USDT'));

/** The statement's CSV text (with its byte order mark). */
export async function memberStatement(
  db: Db,
  memberId: number,
  locale: StatementLocale,
  query: EarnStatementQuery = {},
): Promise<string> {
  const rows = await db
    .select({
      event: earnEvents,
      product: earnProducts,
      redeemedBcnt: earnSubscriptions.redeemedBcnt,
    })
    .from(earnEvents)
    .innerJoin(earnSubscriptions, eq(earnSubscriptions.id, earnEvents.subscriptionId))
    .innerJoin(earnProducts, eq(earnProducts.id, earnSubscriptions.productId))
    .where(
      and(
        eq(earnEvents.memberId, memberId),
        ...(query.from ? [gte(earnEvents.createdAt, dayStart(query.from))] : []),
        ...(query.to ? [lt(earnEvents.createdAt, dayStart(addDays(query.to, 1)))] : []),
        ...(query.premiumId ? [eq(earnProducts.id, query.premiumId)] : []),
      ),
    )
    .orderBy(asc(earnEvents.createdAt), asc(earnEvents.id));
  const conversions = new Map(
    (
      await db
        .select({
          eventKey: earnDcaConversions.eventKey,
          toAmount: earnDcaConversions.toAmount,
          toCurrency: earnDcaConversions.toCurrency,
        })
        .from(earnDcaConversions)
        .where(eq(earnDcaConversions.memberId, memberId))
    ).map((row) => [row.eventKey, row]),
  );
  const kinds = KIND_LABELS[locale];
  const details = DETAIL_LABELS[locale];
  const direction = DIRECTION[locale];
  const lines = [csvLine(HEADERS[locale])];
  for (const { event, product, redeemedBcnt } of rows) {
    const amount = BigInt(event.amount);
    // a Smart DCA conversion's target; an early redemption of Stable Income is paid in BCNT
    const conversion =
      event.kind === 'dca'
        ? conversions.get(event.eventKey)
        : event.kind === 'redeem' && redeemedBcnt !== null
          ? { toAmount: redeemedBcnt, toCurrency: 'BCNT' as const }
          : undefined;
    // subscribe and add are money from the wallet into the product; dca and fees are out; a
    // renewal moves nothing (0)
    const out = amount < 0n;
    lines.push(
      csvLine([
        platformDay(event.createdAt),
        event.createdAt.toISOString(),
        product.name[locale],
        product.serialNumber,
        kinds[event.kind],
        event.detail ? details[event.detail] : '',
        amount === 0n ? '' : out ? direction.out : direction.in,
        amountText(event.currency, amount),
        event.currency,
        conversion ? amountText(conversion.toCurrency, BigInt(conversion.toAmount)) : '',
        conversion?.toCurrency ?? '',
        event.term,
        event.day ?? '',
        event.level ?? '',
        event.rateBps === null ? '' : formatAtomic(BigInt(event.rateBps), 2),
      ]),
    );
  }
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

/** The attachment's file name: earn-statement-<UTC+8 day>.csv */
export const statementFileName = (now: Date) => `earn-statement-${platformDay(now)}.csv`;
