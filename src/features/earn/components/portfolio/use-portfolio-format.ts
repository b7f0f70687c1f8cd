import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { EarnEvent, EarnSubscription, LocalizedText } from '../../../../shared/api/earn';
import {
  formatEarnAmount,
  formatRate,
  formatUtc8Date,
  formatUtc8DateTime,
} from '../../utils/amounts';
import { localized } from '../../utils/products';

/**
 * How the portfolio screens write amounts, rates, days and product names in the reader's
 * language (namespace `portfolio`): principal exactly, rewards at the Interest places, BCNT at
 * its Balance places; days and times in UTC+8.
 */
export function usePortfolioFormat() {
  const { t, i18n } = useTranslation('portfolio');
  const language = i18n.language;
  const money = useCallback(
    (text: string, currency: string, kind: 'principal' | 'reward' | 'balance' = 'principal') =>
      t('amount', { amount: formatEarnAmount(text, currency, kind), currency }),
    [t],
  );
  /** A signed movement: "+1.23 USDT" to the member, "-1,000 USDT" from the wallet. */
  const signedMoney = useCallback(
    (event: Pick<EarnEvent, 'amount' | 'currency' | 'kind'>) => {
      const negative = event.amount.startsWith('-');
      const magnitude = negative ? event.amount.slice(1) : event.amount;
      const kind = event.kind === 'reward' || event.kind === 'compound' ? 'reward' : 'principal';
      return `${negative ? '-' : '+'}${money(magnitude, event.currency, kind)}`;
    },
    [money],
  );
  const day = useCallback((iso: string) => t('utc8', { time: formatUtc8Date(iso) }), [t]);
  const time = useCallback((iso: string) => t('utc8', { time: formatUtc8DateTime(iso) }), [t]);
  const rate = useCallback((value: number) => formatRate(value, language), [language]);
  const name = useCallback((text: LocalizedText) => localized(text, language), [language]);
  /** The term's first day to its expiry, or that the contract has not started. */
  const term = useCallback(
    (sub: Pick<EarnSubscription, 'termStart' | 'expiryAt'>) =>
      sub.termStart && sub.expiryAt
        ? t('term.range', {
            start: formatUtc8Date(sub.termStart),
            end: formatUtc8Date(sub.expiryAt),
          })
        : t('term.notStarted'),
    [t],
  );
  return useMemo(
    () => ({ money, signedMoney, day, time, rate, name, term }),
    [money, signedMoney, day, time, rate, name, term],
  );
}

/**
 * What a movement is, in words: its kind, or what it is within its kind where the server says
 * (a Flagship's excess share, the Alliance fees, an early termination fee, a return at the NAV).
 */
export function useEventLabel() {
  const { t } = useTranslation('portfolio');
  return useCallback(
    (event: Pick<EarnEvent, 'kind' | 'detail'>) =>
      event.detail ? t(`eventDetail.${event.detail}`) : t(`eventKind.${event.kind}`),
    [t],
  );
}
