import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import styles from './copy-button.module.css';

/** Already translated texts of a copy button. */
export interface CopyButtonTexts {
  /** The button's text, e.g. "Copy". */
  copy: string;
  /** The button's text for a moment after a copy, e.g. "Copied". */
  copied: string;
  /** The spec's "Failed to copy texts." */
  failed: string;
}

export interface CopyButtonProps {
  /** The text put on the clipboard. */
  value: string;
  /** Accessible name, e.g. "Copy the secret key". */
  label: string;
  'data-testid'?: string;
  /** Texts given already translated (TxProgress has no i18n of its own); default: the kit's. */
  texts?: CopyButtonTexts;
  /** Default 'secondary'; 'ghost' inside a panel that has its own colour (TxProgress). */
  variant?: 'secondary' | 'ghost';
  /**
   * How a failure is announced: 'status' (default) fills a polite live region kept in the page;
   * 'alert' shows an alert only on failure (where the surrounding panel already has a status
   * region, e.g. TxProgress's status line).
   */
  failureRole?: 'status' | 'alert';
}

type CopyState = 'idle' | 'copied' | 'failed';
const RESET_AFTER_MS = 2000;

/**
 * Copies `value` to the clipboard and says "Copied", or shows the spec's "Failed to copy
 * texts." when the clipboard refuses (UI.md "copy button"). The button's `data-state` is
 * idle | copied | failed; it goes back to idle after 2 s.
 */
export function CopyButton({ texts, ...props }: CopyButtonProps) {
  return texts ? <CopyControl {...props} texts={texts} /> : <KitCopyButton {...props} />;
}

/** With the kit's own texts (components and errors namespaces, loaded on first load). */
function KitCopyButton(props: Omit<CopyButtonProps, 'texts'>) {
  const { t } = useTranslation(['components', 'errors']);
  return (
    <CopyControl
      {...props}
      texts={{
        copy: t('components:copyButton.copy'),
        copied: t('components:copyButton.copied'),
        failed: t('errors:copyFailed'),
      }}
    />
  );
}

function CopyControl({
  value,
  label,
  'data-testid': testId,
  texts,
  variant = 'secondary',
  failureRole = 'status',
}: CopyButtonProps & { texts: CopyButtonTexts }) {
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

  const failed = state === 'failed';
  return (
    <span className={styles.wrap}>
      <Button
        variant={variant}
        size="sm"
        aria-label={label}
        title={label}
        onClick={copy}
        data-testid={testId}
        data-state={state}
      >
        {state === 'copied' ? texts.copied : texts.copy}
      </Button>
      {failureRole === 'status' ? (
        <span role="status" className={styles.status}>
          {failed ? texts.failed : ''}
        </span>
      ) : failed ? (
        <span role="alert" className={styles.status}>
          {texts.failed}
        </span>
      ) : null}
    </span>
  );
}
