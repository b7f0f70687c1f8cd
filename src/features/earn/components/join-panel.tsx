import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { KycGatePrompt } from '../../../components/kyc-gate-prompt';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { useKycVerified } from '../../../hooks/use-kyc-status';
import type { EarnProductDetail, EarnSubscription } from '../../../shared/api/earn';
import { useEarnCheckJoin } from '../api/use-earn-product';
import { useEarnErrorText, useJoinReasonText } from '../hooks/use-earn-error-text';
import { useJoinProduct } from '../hooks/use-join-product';
import { formatEarnAmount } from '../utils/amounts';
import { localized } from '../utils/products';
import { EMPTY_JOIN_DRAFT, JoinForm, JoinSuccess, type JoinDraft, type Joined } from './join-form';
import styles from './earn.module.css';

/**
 * Whether the member may join now: a member whose subscription can no longer change (running,
 * ended...) has nothing to join; a new one, a canceled one, or one still fundraising (add more)
 * may.
 */
export function offersJoin(subscription: EarnSubscription | null): boolean {
  return !subscription || subscription.state === 'canceled' || subscription.canAddMore;
}

/**
 * The member's Join on a product page. Identity not verified: the KYC prompt instead of Join.
 * Verified: CheckJoin says whether the member may join (else why not, translated), and Join (or
 * Add more) opens the join form in a dialog. The join's state (its idempotency key, the form's
 * values) lives here, outside the dialog: closing and reopening it after a failure keeps the
 * same join, so Confirm retries it with the same key.
 */
export function JoinPanel({ product }: { product: EarnProductDetail }) {
  const { t } = useTranslation(['earn', 'common']);
  const errorText = useEarnErrorText();
  const kyc = useKycVerified();
  const [prompt, setPrompt] = useState(false);

  let body;
  if (kyc.isPending) body = <Skeleton lines={2} testId="earn-join-loading" />;
  else if (kyc.verified === undefined)
    body = (
      <LoadError
        message={errorText(kyc.error) ?? t('common:error.description')}
        onRetry={() => kyc.refetch()}
        testId="earn-kyc-error"
      />
    );
  else if (!kyc.verified)
    body = (
      <div className={styles.gate} data-testid="earn-kyc-gate">
        <Notice tone="warning">{t('earn:join.kyc')}</Notice>
        <Button onClick={() => setPrompt(true)} data-testid="earn-kyc-verify">
          {t('earn:join.kycButton')}
        </Button>
        <KycGatePrompt open={prompt} onOpenChange={setPrompt} action="subscribe" />
      </div>
    );
  else body = <JoinAction product={product} />;

  return (
    <SectionCard title={t('earn:join.title')} data-testid="earn-join">
      {body}
    </SectionCard>
  );
}

function JoinAction({ product }: { product: EarnProductDetail }) {
  const { t, i18n } = useTranslation('earn');
  const errorText = useEarnErrorText();
  const reasonText = useJoinReasonText();
  const check = useEarnCheckJoin(product.serialNumber);
  const join = useJoinProduct();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<JoinDraft>(EMPTY_JOIN_DRAFT);
  const [joined, setJoined] = useState<Joined | null>(null);
  const name = localized(product.name, i18n.language);

  function changeOpen(next: boolean) {
    if (next) {
      setOpen(true);
      return;
    }
    if (join.isPending) return; // the join is on its way: its answer shows here
    setOpen(false);
    if (joined) {
      // the next join is another action: a new key, an empty form
      setJoined(null);
      setDraft(EMPTY_JOIN_DRAFT);
      join.newAction();
    }
  }

  if (check.isPending) return <Skeleton lines={2} testId="earn-join-loading" />;
  if (!check.data)
    return (
      <LoadError
        message={errorText(check.error) ?? t('join.checkError')}
        onRetry={() => check.refetch()}
        testId="earn-join-check-error"
      />
    );

  const { data } = check;
  const addMore = joined ? joined.addMore : data.addMore;
  return (
    <>
      {data.canJoin ? (
        <div className={styles.joinRow}>
          <p className={styles.muted} data-testid="earn-join-balance">
            {t('join.availableLine', {
              amount: t('amount', {
                amount: formatEarnAmount(data.available, data.currency, 'balance'),
                currency: data.currency,
              }),
            })}
          </p>
          <Button onClick={() => changeOpen(true)} data-testid="earn-join-open">
            {data.addMore ? t('join.addMore') : t('join.button')}
          </Button>
        </div>
      ) : (
        <Notice tone="info" testId="earn-join-unavailable">
          {reasonText(data.reason)}
        </Notice>
      )}
      <Dialog
        open={open}
        onOpenChange={changeOpen}
        title={addMore ? t('join.addMoreTitle', { name }) : t('join.dialogTitle', { name })}
        description={joined ? undefined : t('join.dialogDescription')}
        data-testid="earn-join-dialog"
      >
        {joined ? (
          <JoinSuccess product={product} joined={joined} onDone={() => changeOpen(false)} />
        ) : (
          <JoinForm
            product={product}
            check={data}
            draft={draft}
            onDraftChange={setDraft}
            join={join}
            onJoined={setJoined}
            onCancel={() => changeOpen(false)}
          />
        )}
      </Dialog>
    </>
  );
}
