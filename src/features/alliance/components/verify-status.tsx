import { useTranslation } from 'react-i18next';
import styles from './alliance-panel.module.css';

/** Where the signed-message verification is (the same steps as the wallet flows). */
export type VerifyPhase = 'preparing' | 'waiting' | 'submitting' | 'done' | 'cancelled' | 'failed';

/** The last verification this page ran, for the wallet it ran with. */
export interface VerifyFlow {
  address: string;
  phase: VerifyPhase;
  /** translated reason of a failure */
  reason?: string;
}

export function isVerifying(flow: VerifyFlow | null): boolean {
  return flow?.phase === 'preparing' || flow?.phase === 'waiting' || flow?.phase === 'submitting';
}

/** The progress line `alliance-verify-status` (data-state = phase), announced politely. */
export function VerifyStatus({ flow }: { flow: VerifyFlow }) {
  const { t } = useTranslation('alliance');
  const text =
    flow.phase === 'failed'
      ? t('verify.phase.failed', { reason: flow.reason ?? '' })
      : t(`verify.phase.${flow.phase}`);
  return (
    <p
      className={`${styles.status} ${styles[`status-${flow.phase}`] ?? ''}`}
      role="status"
      data-testid="alliance-verify-status"
      data-state={flow.phase}
    >
      {text}
    </p>
  );
}
