import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '../lib/paths';
import type { Suitability } from '../shared/api/questionnaire';
import styles from './risk-acknowledgement.module.css';

export interface RiskAcknowledgementProps {
  /** From questionnaire/suitability; nothing is shown when `reason` is null. */
  suitability: Suitability;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Subscribe was pressed without the box ticked. */
  showError?: boolean;
  disabled?: boolean;
  /** Prefix of the test ids (default `risk-ack`). */
  testIdPrefix?: string;
}

/**
 * The risk acknowledgement of a subscription above the member's risk type, or without a valid
 * risk questionnaire (none, or over a year old): why, a box to tick (the subscription call
 * carries `riskAcknowledged: true`, recorded with the subscription), and a link to take the
 * questionnaire that brings the member back here (`back`). Its texts are in the lazy
 * `questionnaire` namespace: a screen that shows it loads that namespace with its route.
 */
export function RiskAcknowledgement({
  suitability,
  checked,
  onCheckedChange,
  showError = false,
  disabled = false,
  testIdPrefix = 'risk-ack',
}: RiskAcknowledgementProps) {
  const { t } = useTranslation('questionnaire');
  const location = useLocation();
  const errorId = useId();
  const { reason, productRisk, riskType } = suitability;
  if (!reason) return null;
  const back = `${location.pathname}${location.search}`;
  return (
    <div
      className={styles.box}
      role="group"
      aria-labelledby={`${errorId}-title`}
      data-testid={testIdPrefix}
    >
      <p id={`${errorId}-title`} className={styles.title}>
        {t('ack.title')}
      </p>
      <p className={styles.text} data-testid={`${testIdPrefix}-reason`}>
        {reason === 'above'
          ? t('ack.reason.above', {
              productRisk,
              riskType: t(`riskType.${riskType ?? 1}` as 'riskType.1'),
              riskLevel: riskType,
            })
          : t(`ack.reason.${reason}`, { productRisk })}
      </p>
      <Link
        className={styles.link}
        to={paths.Questionnaire.getHref(undefined, { back })}
        data-testid={`${testIdPrefix}-take`}
      >
        {t('ack.take')}
      </Link>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-invalid={showError && !checked ? true : undefined}
          aria-describedby={showError && !checked ? errorId : undefined}
          onChange={(event) => onCheckedChange(event.target.checked)}
          data-testid={`${testIdPrefix}-checkbox`}
        />
        <span>{t('ack.checkbox')}</span>
      </label>
      {showError && !checked ? (
        <p id={errorId} className={styles.error} data-testid={`${testIdPrefix}-error`}>
          {t('ack.required')}
        </p>
      ) : null}
    </div>
  );
}
