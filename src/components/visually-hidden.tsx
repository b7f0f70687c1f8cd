import type { ComponentPropsWithoutRef } from 'react';
import { cx } from './class-names';
import styles from './visually-hidden.module.css';

/** Text for assistive technology only (kept in the accessibility tree, not painted). */
export function VisuallyHidden({ className, ...props }: ComponentPropsWithoutRef<'span'>) {
  return <span className={cx(styles.root, className)} {...props} />;
}
