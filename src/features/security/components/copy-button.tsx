import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import styles from './copy-button.module.css';

export interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** Accessible name, e.g. "Copy the secret key". */
  label: string;
  'data-testid'?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';
const RESET_AFTER_MS = 2000;

/**
 * Copies `value` to the clipboard and says "Copied", or shows the spec's "Failed to copy
 * texts." when the clipboard refuses. The failure is announced (role=status).
 */
export function CopyButton({ value, label, 'data-testid': testId }: CopyButtonProps) {
  const { t } = useTranslation(['security', 'errors']);
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), RESET_AFTER_MS);
  }

  return (
    <span className={styles.wrap}>
      <Button
        variant="secondary"
        size="sm"
        aria-label={label}
        title={label}
        onClick={copy}
        data-testid={testId}
        data-state={state}
      >
        {state === 'copied' ? t('security:copy.done') : t('security:copy.button')}
      </Button>
      <span role="status" className={styles.status}>
        {state === 'failed' ? t('errors:copyFailed') : ''}
      </span>
    </span>
  );
}
