import type { ReactNode } from 'react';
import { Button } from './button';
import { cx } from './class-names';
import { CopyButton } from './copy-button';
import styles from './tx-progress.module.css';

/** The states of a wallet transaction (the statuses of `useTxFlow`). */
export type TxProgressStatus =
  'idle' | 'wrong-chain' | 'waiting' | 'pending' | 'done' | 'failed' | 'cancelled';

/** Already translated texts (this component has no i18n of its own). */
export interface TxProgressTexts {
  /** Accessible name of the step list, e.g. "Transaction progress". */
  steps: string;
  stepWaiting: string;
  stepPending: string;
  stepDone: string;
  stepFailed: string;
  stepCancelled: string;
  /** Label before the hash, e.g. "Transaction". */
  hashLabel: string;
  /** Copy button text and its accessible name. */
  copy: string;
  copyLabel: string;
  copied: string;
  /** "Failed to copy texts." */
  copyFailed: string;
  retry: string;
}

export interface TxProgressProps {
  status: TxProgressStatus;
  /** The status line ("Confirm in your wallet…"). */
  message: string;
  /** What the transaction does, shown above the steps (e.g. "Stake 10,000 BCNT"). */
  label?: string;
  /** The reason line under a Failed status. */
  error?: string;
  /** The transaction hash once known (shown shortened, copied in full). */
  hash?: string;
  texts: TxProgressTexts;
  /** Shows a retry button on Failed and Cancelled. */
  onRetry?: () => void | Promise<unknown>;
  /** Extra actions (e.g. "Switch to Localhost" on wrong-chain). */
  actions?: ReactNode;
  /** `data-testid` of the root (default 'tx-progress'); parts get `<testId>-hash`, `-copy`, `-retry`, `-message`, `-error`. */
  testId?: string;
}

type StepState = 'upcoming' | 'current' | 'complete' | 'skipped' | 'done' | 'failed' | 'cancelled';
type StepName = 'waiting' | 'pending' | 'outcome';

/** Waiting -> Pending -> Done, with Failed / Cancelled taking the last step's place. */
function stepStates(status: TxProgressStatus, hasHash: boolean): Record<StepName, StepState> {
  switch (status) {
    case 'waiting':
      return { waiting: 'current', pending: 'upcoming', outcome: 'upcoming' };
    case 'pending':
      return { waiting: 'complete', pending: 'current', outcome: 'upcoming' };
    case 'done':
      return { waiting: 'complete', pending: 'complete', outcome: 'done' };
    case 'failed':
    case 'cancelled': {
      // Without a hash it ended before the chain saw it (simulation revert, refused in the wallet).
      const before: StepState = hasHash ? 'complete' : 'skipped';
      return { waiting: before, pending: before, outcome: status };
    }
    default:
      return { waiting: 'upcoming', pending: 'upcoming', outcome: 'upcoming' };
  }
}

/** "0x5c50…a1f3": enough to recognise a hash next to a wallet's activity list. */
export function shortHash(hash: string): string {
  if (hash.length <= 14) return hash;
  return `${hash.slice(0, 6)}…${hash.slice(-4)}`;
}

function StepIcon({ state, index }: { state: StepState; index: number }) {
  const common = { viewBox: '0 0 20 20', 'aria-hidden': true, focusable: false } as const;
  if (state === 'complete' || state === 'done')
    return (
      <svg {...common} className={styles.icon}>
        <path d="M5.5 10.2 8.6 13.2 14.5 7" fill="none" stroke="currentColor" strokeWidth="2.2" />
      </svg>
    );
  if (state === 'failed' || state === 'cancelled')
    return (
      <svg {...common} className={styles.icon}>
        <path d="M6.5 6.5l7 7M13.5 6.5l-7 7" stroke="currentColor" strokeWidth="2.2" />
      </svg>
    );
  return (
    <span className={styles.number} aria-hidden="true">
      {index}
    </span>
  );
}

function HashCopy({
  hash,
  texts,
  testId,
}: {
  hash: string;
  texts: TxProgressTexts;
  testId: string;
}) {
  return (
    <div className={styles.hashRow}>
      <span className={styles.hashLabel}>{texts.hashLabel}</span>
      <code className={styles.hash} title={hash} data-testid={`${testId}-hash`} data-hash={hash}>
        {shortHash(hash)}
      </code>
      <CopyButton
        value={hash}
        label={texts.copyLabel}
        texts={{ copy: texts.copy, copied: texts.copied, failed: texts.copyFailed }}
        variant="ghost"
        failureRole="alert"
        data-testid={`${testId}-copy`}
      />
    </div>
  );
}

/**
 * Transaction progress (UI.md "Flow"): a stepper Waiting -> Pending -> Done, where Failed or
 * Cancelled end it, the status line in a live region, the reason of a failure, the short hash
 * with a copy button, and Retry on Failed/Cancelled. Presentational: texts come translated
 * (see `TxFlowProgress` in src/web3/tx for the one wired to the pipeline). Nothing at 'idle'.
 */
export function TxProgress({
  status,
  message,
  label,
  error,
  hash,
  texts,
  onRetry,
  actions,
  testId = 'tx-progress',
}: TxProgressProps) {
  if (status === 'idle') return null;
  const steps = stepStates(status, Boolean(hash));
  const outcomeLabel =
    status === 'failed'
      ? texts.stepFailed
      : status === 'cancelled'
        ? texts.stepCancelled
        : texts.stepDone;
  const stepList: { name: StepName; text: string }[] = [
    { name: 'waiting', text: texts.stepWaiting },
    { name: 'pending', text: texts.stepPending },
    { name: 'outcome', text: outcomeLabel },
  ];
  const terminal = status === 'failed' || status === 'cancelled';
  const tone =
    status === 'done'
      ? styles.done
      : status === 'failed'
        ? styles.failed
        : status === 'cancelled' || status === 'wrong-chain'
          ? styles.warn
          : styles.active;

  return (
    <section className={cx(styles.root, tone)} data-testid={testId} data-state={status}>
      {label ? <p className={styles.label}>{label}</p> : null}

      {status !== 'wrong-chain' ? (
        <ol className={styles.steps} aria-label={texts.steps}>
          {stepList.map((step, index) => {
            const state = steps[step.name];
            return (
              <li
                key={step.name}
                className={cx(styles.step, styles[`step-${state}`])}
                data-step={step.name}
                data-step-state={state}
                aria-current={state === 'current' ? 'step' : undefined}
              >
                <span className={styles.marker}>
                  <StepIcon state={state} index={index + 1} />
                </span>
                <span className={styles.stepText}>{step.text}</span>
              </li>
            );
          })}
        </ol>
      ) : null}

      <div role="status" aria-live="polite" className={styles.live}>
        <p className={styles.message} data-testid={`${testId}-message`}>
          {message}
        </p>
        {error ? (
          <p className={styles.error} data-testid={`${testId}-error`}>
            {error}
          </p>
        ) : null}
      </div>

      {hash ? <HashCopy hash={hash} texts={texts} testId={testId} /> : null}

      {(terminal && onRetry) || actions ? (
        <div className={styles.actions}>
          {actions}
          {terminal && onRetry ? (
            <Button variant="secondary" onClick={onRetry} data-testid={`${testId}-retry`}>
              {texts.retry}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
