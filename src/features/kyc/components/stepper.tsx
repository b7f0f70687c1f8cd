import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { KYC_STEPS, type KycStep } from '../utils/steps';
import styles from './kyc.module.css';

/** The three steps of the individual form; the current one is `aria-current="step"`. */
export function Stepper({ current }: { current: KycStep }) {
  const { t } = useTranslation('kyc');
  const currentIndex = KYC_STEPS.indexOf(current);
  return (
    <ol className={styles.stepper} aria-label={t('steps.label')} data-testid="kyc-stepper">
      {KYC_STEPS.map((step, index) => {
        const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo';
        return (
          <li
            key={step}
            className={styles.step}
            data-state={state}
            data-testid={`kyc-stepper-${step}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.stepIndex} aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span className={styles.stepLabel}>
              {t(`steps.${step}`)}
              {state === 'done' ? <VisuallyHidden>{` (${t('steps.done')})`}</VisuallyHidden> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
