import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { useErrorText } from '../../../hooks/use-error-text';
import styles from './confirm-dialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What happens if the member confirms. */
  description: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  /**
   * The action. The confirm button is busy until it settles; on success the dialog closes, on
   * failure it stays open with the translated error.
   */
  onConfirm: () => Promise<unknown>;
  'data-testid'?: string;
}

/** A dialog that asks before an irreversible action (revoke a device, change 2FA). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  confirmVariant = 'primary',
  onConfirm,
  'data-testid': testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  function change(next: boolean) {
    if (busy) return; // the action runs: no closing under it
    if (!next) setError(undefined);
    onOpenChange(next);
  }

  async function confirm() {
    setError(undefined);
    setBusy(true);
    try {
      await onConfirm();
      setBusy(false);
      onOpenChange(false);
    } catch (failure) {
      setBusy(false);
      setError(errorText(failure));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={title}
      description={description}
      size="sm"
      data-testid={testId}
    >
      <div className={styles.body}>
        {children}
        {error ? (
          <p role="alert" className={styles.error} data-testid="confirm-error">
            {error}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button variant="ghost" onClick={() => change(false)} disabled={busy}>
            {t('button.cancel')}
          </Button>
          <Button
            variant={confirmVariant}
            busy={busy}
            onClick={confirm}
            data-testid="confirm-accept"
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
