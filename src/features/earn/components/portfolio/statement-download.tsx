import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/button';
import { downloadEarnStatement } from '../../../../services/earn';
import { useEarnErrorText } from '../../hooks/use-earn-error-text';
import styles from './portfolio.module.css';

/**
 * "Download statement (CSV)": every subscription, settlement, fee, conversion and return of the
 * member (GET premium2/Statement), saved as a file for their records. Busy while it downloads;
 * a failure says why and the button stays to try again.
 */
export function StatementDownload() {
  const { t } = useTranslation('portfolio');
  const errorText = useEarnErrorText();
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setError(null);
    try {
      await downloadEarnStatement();
    } catch (failure) {
      setError(errorText(failure) ?? t('statement.error'));
    }
  }

  return (
    <div className={styles.statement}>
      <Button variant="secondary" size="sm" onClick={download} data-testid="portfolio-statement">
        {t('statement.download')}
      </Button>
      <span className={styles.statementHint}>{t('statement.hint')}</span>
      {error ? (
        <p role="alert" className={styles.statementError} data-testid="portfolio-statement-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
