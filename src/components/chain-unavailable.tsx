import { useTranslation } from 'react-i18next';
import { Button } from './button';
import styles from './load-states.module.css';

/**
 * The chain cannot be reached (the app chain's RPC, or the API answering `chain_unavailable`):
 * says so, that it is retried on its own, and offers to retry now. A screen that reads the chain
 * shows this instead of waiting without end; `src/web3/chain-status.tsx` shows it above every
 * chain screen (inside Web3Provider) while a chain read fails.
 * A retry that returns a promise keeps the button busy until it settles.
 */
export function ChainUnavailable({
  onRetry,
  testId = 'chain-unavailable',
}: {
  onRetry: () => unknown;
  testId?: string;
}) {
  const { t } = useTranslation('components');
  return (
    <div className={styles.loadError} role="alert" data-testid={testId}>
      <p>
        <strong>{t('chainUnavailable.title')}</strong>
        <br />
        {t('chainUnavailable.body')}
      </p>
      <Button
        variant="secondary"
        size="sm"
        data-testid={`${testId}-retry`}
        onClick={() => {
          const result = onRetry();
          return result instanceof Promise ? result : undefined;
        }}
      >
        {t('chainUnavailable.retry')}
      </Button>
    </div>
  );
}
