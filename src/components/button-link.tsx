import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type LinkProps } from 'react-router';
import type { ButtonSize, ButtonVariant } from './button';
import styles from './button.module.css';
import { cx } from './class-names';
import { VisuallyHidden } from './visually-hidden';

export interface ButtonLinkProps extends Omit<LinkProps, 'target' | 'rel'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Opens in a new tab (`noopener`), and says so to assistive technology. */
  newTab?: boolean;
  children: ReactNode;
}

/**
 * A link that looks like a button, for actions that go somewhere ("Verify now" -> /kyc): it
 * keeps link semantics (open in a new tab, copy the address) with the button's look.
 */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  fullWidth = false,
  newTab = false,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  const { t } = useTranslation('components');
  return (
    <Link
      className={cx(
        styles.button,
        styles[variant],
        styles[size],
        fullWidth && styles.fullWidth,
        className,
      )}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...rest}
    >
      <span className={styles.label}>{children}</span>
      {newTab ? <VisuallyHidden>{` (${t('link.newTab')})`}</VisuallyHidden> : null}
    </Link>
  );
}
