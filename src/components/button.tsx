import { useRef, useState, type ComponentPropsWithRef, type MouseEvent } from 'react';
import { cx } from './class-names';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'inverse';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'onClick'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Work in progress: shows an ellipsis, sets aria-busy and ignores presses. */
  busy?: boolean;
  fullWidth?: boolean;
  /**
   * May return a promise: the button is busy until it settles, so it cannot be pressed twice.
   */
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void | Promise<unknown>;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * The one action button. While busy it stays focusable (aria-disabled, not disabled) so
 * keyboard focus is not lost, but presses (and implicit form submits) are swallowed.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  fullWidth = false,
  type = 'button',
  className,
  children,
  onClick,
  disabled,
  ...rest
}: ButtonProps) {
  const [pending, setPending] = useState(false);
  // Guards two presses within one render (state updates are not visible until re-render).
  const inFlight = useRef(false);
  const isBusy = busy || pending;

  function handleClick(event: MouseEvent<HTMLButtonElement>) {
    if (isBusy || inFlight.current) {
      event.preventDefault();
      return;
    }
    const result = onClick?.(event);
    if (isThenable(result)) {
      inFlight.current = true;
      setPending(true);
      const settle = () => {
        inFlight.current = false;
        setPending(false);
      };
      result.then(settle, settle);
    }
  }

  return (
    <button
      type={type}
      className={cx(
        styles.button,
        styles[variant],
        styles[size],
        fullWidth && styles.fullWidth,
        isBusy && styles.busy,
        className,
      )}
      disabled={disabled}
      aria-busy={isBusy || undefined}
      aria-disabled={isBusy || undefined}
      onClick={handleClick}
      {...rest}
    >
      <span className={styles.label}>{children}</span>
      {isBusy ? (
        <span className={styles.ellipsis} aria-hidden="true" data-testid="button-busy">
          …
        </span>
      ) : null}
    </button>
  );
}
