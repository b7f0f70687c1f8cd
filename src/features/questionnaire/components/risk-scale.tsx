import styles from './questionnaire.module.css';

/** Five segments, the first `level` filled: a risk level or risk type at a glance. */
export function RiskScale({ level, label }: { level: number; label: string }) {
  return (
    <div className={styles.scale} role="img" aria-label={label} data-testid="risk-scale">
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= level ? styles.scaleOn : styles.scaleOff} />
      ))}
    </div>
  );
}
