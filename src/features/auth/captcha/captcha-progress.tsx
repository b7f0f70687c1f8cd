import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import type { CaptchaPhase } from './use-captcha';
import styles from './captcha-progress.module.css';

/** "Verifying you are human…" with a progress bar and a cancel button, while the captcha runs. */
export function CaptchaProgress({
  phase,
  progress,
  onCancel,
}: {
  phase: CaptchaPhase;
  progress: number;
  onCancel: () => void;
}) {
  const { t } = useTranslation('auth');
  if (phase === 'idle') return null;
  const percent = Math.round(progress * 100);
  return (
    <div className={styles.box} data-testid="captcha-progress">
      <div className={styles.row}>
        <p className={styles.text} role="status">
          {t('captcha.verifying')}
        </p>
        <Button variant="ghost" size="sm" onClick={onCancel} data-testid="captcha-cancel">
          {t('captcha.cancel')}
        </Button>
      </div>
      <div
        className={styles.track}
        role="progressbar"
        aria-label={t('captcha.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={phase === 'solving' ? percent : undefined}
      >
        <div
          className={styles.bar}
          style={{ inlineSize: `${phase === 'solving' ? percent : 0}%` }}
        />
      </div>
    </div>
  );
}
