import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { paths } from '../../../lib/paths';
import type { BinfiRound, BinfiSideType } from '../../../shared/api/binfi';
import { dayTime, formatUsdt } from '../utils/format';
import { StatusBadge } from './status-badge';
import styles from './binfi.module.css';

/** How a link tells the detail which call answers the round (its path names only the id). */
export interface DetailLinkState {
  kind: 'binfi' | 'galaxy' | 'private';
}

export function detailLinkState(round: Pick<BinfiRound, 'variant' | 'isPrivate'>): DetailLinkState {
  return { kind: round.isPrivate ? 'private' : round.variant };
}

/**
 * A round as a card of a dashboard: number, status, unit price, term, leverage, raise window,
 * what each side has raised, and the two ways in (Supply as Ultra Rock, Take as Ultra Flame).
 */
export function RoundCard({ round }: { round: BinfiRound }) {
  const { t } = useTranslation('binfi');
  const state = detailLinkState(round);
  const side = (type: BinfiSideType) => {
    const rock = type === 'supply';
    const units = rock ? round.rockUnits : round.flameUnits;
    const capacity = rock ? round.rockCapacity : round.flameCapacity;
    return (
      <div className={styles.side} data-testid={`binfi-card-${type}`}>
        <strong>{t(rock ? 'side.rock' : 'side.flame')}</strong>
        <span className={styles.muted}>{t(rock ? 'side.rockText' : 'side.flameText')}</span>
        <span data-testid={`binfi-card-${type}-units`}>
          {t('card.raised', { units, capacity })}
        </span>
        <ButtonLink
          to={paths.BinFiDetail.getHref({ id: round.fundId, type })}
          state={state}
          variant={rock ? 'primary' : 'secondary'}
          data-testid={`binfi-card-open-${type}`}
        >
          {round.state === 'fundraising' ? t(rock ? 'card.supply' : 'card.take') : t('card.view')}
        </ButtonLink>
      </div>
    );
  };
  return (
    <li
      className={styles.card}
      data-testid="binfi-card"
      data-id={round.fundId}
      data-state={round.state}
    >
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>
          <Link
            className={styles.link}
            to={paths.BinFiDetail.getHref({ id: round.fundId, type: 'supply' })}
            state={state}
          >
            {t(round.variant === 'galaxy' ? 'round.galaxyName' : 'round.name', {
              id: round.fundId,
            })}
          </Link>
        </h3>
        <StatusBadge status={round.state} testId="binfi-card-state" />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('field.unitPrice')}</dt>
          <dd data-testid="binfi-card-price">{formatUsdt(round.unitPrice)}</dd>
        </div>
        <div>
          <dt>{t('field.term')}</dt>
          <dd>{t('field.months', { count: round.termMonths })}</dd>
        </div>
        <div>
          <dt>{t('field.leverage')}</dt>
          <dd>{t('field.leverageValue', { leverage: round.leverage })}</dd>
        </div>
        <div>
          <dt>{t('field.raiseEnd')}</dt>
          <dd>{dayTime(round.raiseEnd)}</dd>
        </div>
      </dl>
      <div className={styles.sides}>
        {side('supply')}
        {side('take')}
      </div>
    </li>
  );
}
