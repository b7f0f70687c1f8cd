import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from './class-names';
import styles from './progress-bar-message.module.css';
import {
  useProgressBarStore,
  type ProgressBarEntry,
  type ProgressBarType,
} from './progress-bar-store';

export interface ProgressBarMessageViewProps {
  message: ProgressBarEntry | null;
  onClose: () => void;
}

function TypeIcon({ type }: { type: ProgressBarType }) {
  const common = {
    className: styles.icon,
    viewBox: '0 0 20 20',
    'aria-hidden': true,
    focusable: false,
  } as const;
  switch (type) {
    case 'success':
      return (
        <svg {...common}>
          <circle cx="10" cy="10" r="8" fill="currentColor" />
          <path className={styles.iconMark} d="M6 10.2 8.8 13 14 7.5" fill="none" strokeWidth="2" />
        </svg>
      );
    case 'warn':
      return (
        <svg {...common}>
          <path d="M10 2 19 18H1z" fill="currentColor" />
          <path
            className={styles.iconMark}
            d="M10 8v4.5M10 14.5v1"
            strokeWidth="1.8"
            strokeLinecap="round"
          />
        </svg>
      );
    case 'remind':
      return (
        <svg {...common}>
          <circle cx="10" cy="10" r="8" fill="currentColor" />
          <path
            className={styles.iconMark}
            d="M10 9v5M10 6v.5"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      );
    case 'announce':
      return (
        <svg {...common}>
          <path d="M3 8h3l7-4v12l-7-4H3z" fill="currentColor" />
          <path
            d="M15.5 7.5a3.5 3.5 0 0 1 0 5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
        </svg>
      );
  }
}

/** Presentational bar; the live region is always rendered so screen readers hear new text. */
export function ProgressBarMessageView({ message, onClose }: ProgressBarMessageViewProps) {
  const { t } = useTranslation('components');
  return (
    <div
      className={styles.region}
      role="status"
      aria-live="polite"
      data-testid="progress-bar-region"
    >
      {message ? (
        <div
          key={message.id}
          className={cx(styles.bar, styles[message.type], message.lower && styles.lower)}
          data-type={message.type}
          data-lower={message.lower ? 'true' : undefined}
          data-testid="progress-bar-message"
        >
          <TypeIcon type={message.type} />
          <p className={styles.text}>
            <span>{message.text}</span>
            {message.link ? (
              <Link className={styles.link} to={message.link.href} onClick={onClose}>
                {message.link.text}
              </Link>
            ) : null}
          </p>
          <button
            type="button"
            className={styles.close}
            onClick={onClose}
            aria-label={t('progressBar.close')}
            data-testid="progress-bar-close"
          >
            <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
              <path
                d="M5 5l10 10M15 5L5 15"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** The app-wide progress-bar message, driven by `useProgressBarStore` / `showProgressBar`. */
export function ProgressBarMessage() {
  const message = useProgressBarStore((state) => state.message);
  const close = useProgressBarStore((state) => state.close);
  return <ProgressBarMessageView message={message} onClose={() => message && close(message.id)} />;
}
