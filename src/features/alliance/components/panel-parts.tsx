import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/section-card';
import styles from './alliance-panel.module.css';

/** The states of the panel (`data-state` of `alliance-panel`). */
export type AlliancePanelState =
  'disconnected' | 'checking' | 'not-holder' | 'holder' | 'verifying' | 'verified' | 'error';

/** The titled card every state of the panel renders in (a labelled region). */
export function PanelCard({ state, children }: { state: AlliancePanelState; children: ReactNode }) {
  const { t } = useTranslation('alliance');
  return (
    <SectionCard
      title={t('panel.title')}
      description={t('panel.description')}
      aria-busy={state === 'checking' || state === 'verifying'}
      data-testid="alliance-panel"
      data-state={state}
    >
      <div className={styles.body}>{children}</div>
    </SectionCard>
  );
}
