import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import styles from './binfi.module.css';

const STEPS = ['join', 'fund', 'match', 'refund', 'run', 'settle'] as const;
const QUESTIONS = [
  'who',
  'pass',
  'units',
  'match',
  'rock',
  'flame',
  'stopLoss',
  'redeem',
  'withdraw',
  'referral',
] as const;

/** The process explanation (spec section 4's flow) and the FAQ, in the reader's language. */
export function ProcessAndFaq() {
  const { t } = useTranslation('binfi');
  return (
    <>
      <SectionCard title={t('process.title')} data-testid="binfi-process">
        <ol className={styles.terms}>
          {STEPS.map((step) => (
            <li key={step} data-testid={`binfi-process-${step}`}>
              {t(`process.${step}`)}
            </li>
          ))}
        </ol>
      </SectionCard>
      <SectionCard title={t('faq.title')} data-testid="binfi-faq">
        <div className={styles.faq}>
          {QUESTIONS.map((question) => (
            <details key={question} data-testid={`binfi-faq-${question}`}>
              <summary>{t(`faq.${question}.q`)}</summary>
              <p>{t(`faq.${question}.a`)}</p>
            </details>
          ))}
        </div>
      </SectionCard>
    </>
  );
}
