import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './class-names';
import styles from './dialog.module.css';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Required: every dialog is named by its title. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  size?: 'sm' | 'md';
  /** Hide the corner close button (Esc and the overlay still close unless prevented). */
  hideClose?: boolean;
  'data-testid'?: string;
  /** `data-testid` of the corner close button (for e2e tests). */
  closeTestId?: string;
}

/**
 * Modal dialog on Radix: focus is trapped inside, focus returns to the opener, Esc and a
 * click on the overlay close it, the title labels it and the description describes it.
 * Content is unmounted while closed, so forms inside start fresh each time.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
  hideClose = false,
  'data-testid': testId,
  closeTestId,
}: DialogProps) {
  const { t } = useTranslation('components');
  // Radix returns focus only to its own Dialog.Trigger; our dialogs open from anywhere (a
  // button, the URL), so remember what had focus and return there when it closes.
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={cx(styles.content, styles[size])}
          data-testid={testId}
          onOpenAutoFocus={() => {
            const active = document.activeElement;
            returnFocus.current =
              active instanceof HTMLElement && active !== document.body ? active : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocus.current;
            returnFocus.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
          // Without a description Radix must not point aria-describedby at nothing.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={styles.description}>
              {description}
            </RadixDialog.Description>
          ) : null}
          <div className={styles.body}>{children}</div>
          {/* Last in the tab order: focus starts on the dialog's first control. */}
          {hideClose ? null : (
            <RadixDialog.Close
              className={styles.close}
              aria-label={t('dialog.close')}
              data-testid={closeTestId}
            >
              <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
                <path
                  d="M5 5l10 10M15 5L5 15"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
