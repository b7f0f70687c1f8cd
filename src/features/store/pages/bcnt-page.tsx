import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { ButtonLink } from '../../../components/button-link';
import { KycGatePrompt } from '../../../components/kyc-gate-prompt';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { QueryTabs } from '../../../components/query-tabs';
import { SectionCard } from '../../../components/section-card';
import { useKycVerified } from '../../../hooks/use-kyc-status';
import { BcntInfo } from '../components/bcnt-info';
import { StoreHistory } from '../components/store-history';
import { StorePurchase } from '../components/store-purchase';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import { useStoreErrorText } from '../hooks/use-store-error-text';
import { paths } from '../../../lib/paths';
import styles from '../components/store.module.css';

export const STORE_TABS = ['purchase', 'history'] as const;
export type StoreTab = (typeof STORE_TABS)[number];

/**
 * /bcnt (spec section 2, public): the BCNT section, then the store with Purchase and
 * Transaction History tabs (`?tab=`). Visitors see the info and a log-in prompt; members whose
 * identity is not verified see the KYC prompt instead of the store.
 */
export default function BcntPage() {
  const { t } = useTranslation(['store', 'common']);
  const loggedIn = useLoggedIn();

  return (
    <div className={styles.page} data-testid="bcnt-page">
      <PageHeader title={t('store:page.title')} description={t('store:page.description')} />
      <BcntInfo />
      <SectionCard title={t('store:store.title')} data-testid="store">
        {loggedIn ? <MemberStore /> : <VisitorPrompt />}
      </SectionCard>
    </div>
  );
}

function VisitorPrompt() {
  const { t } = useTranslation('store');
  return (
    <div className={styles.gate} data-testid="store-login-prompt">
      <p>{t('gate.login')}</p>
      <div className={styles.actions}>
        <ButtonLink to={paths.Login.getHref(undefined, { back: 'Bcnt' })} data-testid="store-login">
          {t('gate.loginButton')}
        </ButtonLink>
        <ButtonLink to={paths.Register.getHref()} variant="secondary">
          {t('gate.register')}
        </ButtonLink>
      </div>
    </div>
  );
}

/** Members who already hold USDT on the platform convert it at once instead of ordering. */
function ConvertPointer() {
  const { t } = useTranslation('store');
  return (
    <div className={styles.convertPointer} data-testid="store-convert-pointer">
      <p>{t('convert.text')}</p>
      <ButtonLink
        to={paths.Wallet.getHref(undefined, { tab: 'convert' })}
        variant="secondary"
        size="sm"
        data-testid="store-convert-link"
      >
        {t('convert.link')}
      </ButtonLink>
    </div>
  );
}

function MemberStore() {
  const { t } = useTranslation(['store', 'common']);
  const errorText = useStoreErrorText();
  const kyc = useKycVerified();
  const [prompt, setPrompt] = useState(false);

  if (kyc.isPending) return <Skeleton lines={4} testId="store-kyc-loading" />;
  if (kyc.verified === undefined)
    return (
      <LoadError
        message={errorText(kyc.error) ?? t('common:error.description')}
        onRetry={() => kyc.refetch()}
        testId="store-kyc-error"
      />
    );
  if (!kyc.verified)
    return (
      <div className={styles.gate} data-testid="store-kyc-gate">
        <Notice tone="warning">{t('store:gate.kyc')}</Notice>
        <Button onClick={() => setPrompt(true)} data-testid="store-kyc-verify">
          {t('store:gate.kycButton')}
        </Button>
        <KycGatePrompt
          open={prompt}
          onOpenChange={setPrompt}
          action="deposit"
          description={t('store:gate.kyc')}
        />
      </div>
    );

  return (
    <QueryTabs<StoreTab>
      label={t('store:store.tabs')}
      defaultValue="purchase"
      testIdPrefix="store"
      tabs={[
        {
          value: 'purchase',
          label: t('store:tab.purchase'),
          content: (
            <>
              <ConvertPointer />
              <StorePurchase />
            </>
          ),
        },
        { value: 'history', label: t('store:tab.history'), content: <StoreHistory /> },
      ]}
    />
  );
}
