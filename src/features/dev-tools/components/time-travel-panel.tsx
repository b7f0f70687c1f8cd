import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '../../../lib/date-format';
import { advanceDevClock, DevApiError, getDevClock } from '../api/dev-api';
import { useDevT, type DevKey } from '../dev-texts';
import styles from './dev-tools.module.css';

const STEPS: { seconds: number; label: DevKey }[] = [
  { seconds: 3600, label: 'clock.oneHour' },
  { seconds: 86_400, label: 'clock.oneDay' },
  { seconds: 14 * 86_400, label: 'clock.fourteenDays' },
];

export const DEV_CLOCK_KEY = ['dev', 'clock'] as const;

/** The moment as the platform writes it (UTC+8) with its seconds. */
function formatMoment(iso: string | null | undefined, unknown: string): string {
  if (!iso) return unknown;
  return `${formatDateTime(iso)}:${iso.slice(17, 19)}`;
}

/**
 * The server clock and the chain time, and buttons that move both forward together
 * (POST /dev/clock/advance). Afterwards every query of the page's client is refetched, so the
 * app's countdowns (server data and the chain's latest block) follow at once.
 */
export function TimeTravelPanel() {
  const t = useDevT();
  const queryClient = useQueryClient();
  const clock = useQuery({ queryKey: DEV_CLOCK_KEY, queryFn: getDevClock, refetchInterval: 5_000 });
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | undefined>();

  const advance = async (seconds: number, label: string) => {
    setMessage(undefined);
    try {
      const reading = await advanceDevClock(seconds);
      queryClient.setQueryData(DEV_CLOCK_KEY, reading);
      setMessage({ tone: 'ok', text: t('clock.moved', { label }) });
      // server data and chain reads (the latest block: countdowns) of the whole app
      await queryClient.invalidateQueries();
    } catch (error) {
      const reason =
        error instanceof DevApiError ? (error.detail ?? error.message) : (error as Error).message;
      setMessage({ tone: 'error', text: t('clock.failed', { reason }) });
    }
  };

  const unknown = t('clock.unknown');
  return (
    <SectionCard
      title={t('clock.title')}
      description={t('clock.description')}
      data-testid="dev-clock"
    >
      <dl className={styles.stack}>
        <div>
          <dt className={styles.muted}>{t('clock.server')}</dt>
          <dd className={styles.mono} data-testid="dev-clock-server" data-time={clock.data?.now}>
            {formatMoment(clock.data?.now, unknown)} (UTC+8)
          </dd>
        </div>
        <div>
          <dt className={styles.muted}>{t('clock.chain')}</dt>
          <dd
            className={styles.mono}
            data-testid="dev-clock-chain"
            data-time={clock.data?.chainTime ?? ''}
          >
            {formatMoment(clock.data?.chainTime, unknown)} (UTC+8)
          </dd>
        </div>
      </dl>
      <div className={styles.row}>
        {STEPS.map((step) => {
          const label = t(step.label);
          return (
            <Button
              key={step.seconds}
              variant="secondary"
              aria-label={t('clock.advanceLabel', { label })}
              data-testid={`dev-clock-advance-${step.seconds}`}
              onClick={() => advance(step.seconds, label)}
            >
              {t('clock.advance', { label })}
            </Button>
          );
        })}
      </div>
      {message ? (
        <p
          className={message.tone === 'error' ? styles.error : styles.muted}
          role={message.tone === 'error' ? 'alert' : 'status'}
          data-testid="dev-clock-message"
        >
          {message.text}
        </p>
      ) : null}
    </SectionCard>
  );
}
