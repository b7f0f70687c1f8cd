import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../../components/class-names';
import type { DataTableColumn } from '../../../components/data-table';
import { paths } from '../../../lib/paths';
import type { StrategySummary } from '../../../shared/api/autotrade-strategies';
import { useFavoriteStrategies, useToggleFavorite } from '../api/use-member-strategies';
import {
  formatPercent,
  formatSignedPercent,
  formatTradeAmount,
  isKnownCategory,
  localized,
  quoteOf,
} from '../utils/format';
import styles from './autotrade.module.css';

/** The strategy's name in the reader's language. */
export function useStrategyName() {
  const { i18n } = useTranslation();
  return (strategy: Pick<StrategySummary, 'name'>) => localized(strategy.name, i18n.language);
}

export function RiskBadge({
  risk,
  testId,
}: {
  risk: StrategySummary['riskLevel'];
  testId?: string;
}) {
  const { t } = useTranslation('autotrade');
  return (
    <span
      className={cx(styles.badge, styles[`risk-${risk}`])}
      data-testid={testId}
      data-risk={risk}
    >
      {t(`risk.${risk}`)}
    </span>
  );
}

/** A category in words ("Trend following"); an unknown one as the operator wrote it. */
export function CategoryText({ category }: { category: string }) {
  const { t } = useTranslation('autotrade');
  return <>{isKnownCategory(category) ? t(`category.${category}`) : category}</>;
}

export function CategoryBadge({ category }: { category: string }) {
  return (
    <span className={styles.badge}>
      <CategoryText category={category} />
    </span>
  );
}

export function ReturnText({ value, testId }: { value: number; testId?: string }) {
  return (
    <span
      className={cx(styles.numeric, value < 0 ? styles.negative : value > 0 ? styles.positive : '')}
      data-testid={testId}
    >
      {formatSignedPercent(value)}
    </span>
  );
}

/**
 * The heart of a logged-in member (nothing for a visitor): pressed = a favorite. The member's
 * favorites come from one query shared by every heart on the screen.
 */
export function FavoriteButton({
  strategy,
  loggedIn,
}: {
  strategy: Pick<StrategySummary, 'id' | 'name'>;
  loggedIn: boolean;
}) {
  const { t } = useTranslation('autotrade');
  const name = useStrategyName()(strategy);
  const favorites = useFavoriteStrategies(loggedIn);
  const toggle = useToggleFavorite();
  if (!loggedIn) return null;
  const favorite = favorites.data?.list.some((item) => item.id === strategy.id) ?? false;
  return (
    <button
      type="button"
      className={styles.heart}
      aria-pressed={favorite}
      aria-label={t(favorite ? 'favorite.remove' : 'favorite.add', { name })}
      disabled={favorites.isPending || toggle.isPending}
      onClick={() => toggle.mutate({ strategyId: strategy.id, favorite: !favorite })}
      data-testid="autotrade-favorite"
      data-favorite={favorite}
    >
      <span aria-hidden="true">{favorite ? '♥' : '♡'}</span>
    </button>
  );
}

/** A featured (or favorite) strategy as a card: name, trader, risk, return, drawdown, minimum. */
export function StrategyCard({
  strategy,
  loggedIn,
}: {
  strategy: StrategySummary;
  loggedIn: boolean;
}) {
  const { t } = useTranslation('autotrade');
  const name = useStrategyName()(strategy);
  return (
    <li className={styles.card} data-testid="autotrade-card" data-id={strategy.id}>
      <div className={styles.cardHead}>
        <div>
          <h3 className={styles.cardTitle}>
            <Link
              className={styles.cardLink}
              to={paths.StrategyDetail.getHref({ id: String(strategy.id) })}
              data-testid="autotrade-card-link"
            >
              {name}
            </Link>
          </h3>
          <p className={styles.muted}>
            {t('strategy.byTrader', { trader: strategy.trader })} · {strategy.symbol}
          </p>
        </div>
        <FavoriteButton strategy={strategy} loggedIn={loggedIn} />
      </div>
      <div className={styles.badges}>
        <RiskBadge risk={strategy.riskLevel} />
        <CategoryBadge category={strategy.category} />
        <span className={styles.badge}>
          {t('strategy.leverageValue', { value: strategy.leverage })}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('field.annualReturn')}</dt>
          <dd>
            <ReturnText value={strategy.annualReturn} testId="autotrade-card-return" />
          </dd>
        </div>
        <div>
          <dt>{t('field.maxDrawdown')}</dt>
          <dd>{formatPercent(strategy.maxDrawdown)}</dd>
        </div>
        <div>
          <dt>{t('field.minInvest')}</dt>
          <dd>
            {formatTradeAmount(strategy.minInvest, quoteOf(strategy.symbol))}{' '}
            {quoteOf(strategy.symbol)}
          </dd>
        </div>
        <div>
          <dt>{t('field.subscribers')}</dt>
          <dd>{strategy.subscribers}</dd>
        </div>
      </dl>
    </li>
  );
}

/** The strategy list's columns (a table on desktop, label-value cards on phones). */
export function useStrategyColumns(loggedIn: boolean): DataTableColumn<StrategySummary>[] {
  const { t } = useTranslation('autotrade');
  const nameOf = useStrategyName();
  return [
    {
      id: 'name',
      header: t('field.strategy'),
      rowHeader: true,
      cell: (strategy) => (
        <span className={styles.actions}>
          <Link
            className={styles.link}
            to={paths.StrategyDetail.getHref({ id: String(strategy.id) })}
            data-testid="autotrade-row-link"
          >
            {nameOf(strategy)}
          </Link>
          <FavoriteButton strategy={strategy} loggedIn={loggedIn} />
        </span>
      ),
    },
    {
      id: 'risk',
      header: t('field.riskLevel'),
      cell: (strategy) => <RiskBadge risk={strategy.riskLevel} testId="autotrade-row-risk" />,
    },
    {
      id: 'category',
      header: t('field.category'),
      cell: (strategy) => <CategoryText category={strategy.category} />,
      hideOnPhone: true,
    },
    {
      id: 'return',
      header: t('field.annualReturn'),
      numeric: true,
      align: 'end',
      cell: (strategy) => (
        <ReturnText value={strategy.annualReturn} testId="autotrade-row-return" />
      ),
    },
    {
      id: 'drawdown',
      header: t('field.maxDrawdown'),
      numeric: true,
      align: 'end',
      cell: (strategy) => formatPercent(strategy.maxDrawdown),
    },
    {
      id: 'subscribers',
      header: t('field.subscribers'),
      numeric: true,
      align: 'end',
      cell: (strategy) => strategy.subscribers,
    },
    {
      id: 'min',
      header: t('field.minInvest'),
      numeric: true,
      align: 'end',
      cell: (strategy) =>
        `${formatTradeAmount(strategy.minInvest, quoteOf(strategy.symbol))} ${quoteOf(strategy.symbol)}`,
    },
  ];
}
