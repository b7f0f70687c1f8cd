import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { useErrorText } from '../hooks/use-error-text';
import styles from './auth.module.css';

/** After a login of an account without the Investor role: offer to add it (`addUserType`). */
export function InvestorOfferDialog({
  open,
  error,
  onAccept,
  onDecline,
}: {
  open: boolean;
  error: unknown;
  onAccept: () => Promise<void>;
  onDecline: () => void;
}) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const message = errorText(error);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onDecline();
      }}
      title={t('investor.title')}
      description={t('investor.body')}
      size="sm"
      data-testid="investor-offer"
    >
      {message ? (
        <p className={styles.formError} role="alert" data-testid="investor-offer-error">
          {message}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={onAccept} data-testid="investor-offer-accept">
          {t('investor.accept')}
        </Button>
        <Button variant="secondary" onClick={onDecline} data-testid="investor-offer-decline">
          {t('investor.decline')}
        </Button>
      </div>
    </Dialog>
  );
}
