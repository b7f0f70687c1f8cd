import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countdownTo } from '../utils/countdown';
import styles from './programs.module.css';

/** A countdown to `target` (ISO), ticking every second; `onDone` when it reaches zero. */
export function CampaignCountdown({
  target,
  label,
  onDone,
}: {
  target: string;
  label: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation('programs');
  const [now, setNow] = useState(() => Date.now());
  const left = countdownTo(Date.parse(target), now);
  useEffect(() => {
    if (left.done) {
      onDone?.();
      return undefined;
    }
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left.done, onDone]);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    <div
      className={styles.countdown}
      role="timer"
      aria-label={label}
      data-testid="campaign-countdown"
    >
      <span className={styles.countdownLabel}>{label}</span>
      <span className={styles.countdownValue}>
        {t('campaign.countdown.value', {
          days: left.days,
          time: `${pad(left.hours)}:${pad(left.minutes)}:${pad(left.seconds)}`,
        })}
      </span>
    </div>
  );
}
