import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../../components/button';
import { ButtonLink } from '../../../../components/button-link';
import { SectionCard } from '../../../../components/section-card';
import { paths, type EARN_SETTINGS } from '../../../../lib/paths';
import type { EarnProductDetail, EarnSubscription } from '../../../../shared/api/earn';
import { FLAGSHIP, isDcaKind, isProKind, isRateKind } from '../../../../shared/constants/earn';
import { useLeaveSubscription } from '../../api/use-earn-settings';
import { AssetReturnDialog } from './asset-return-dialog';
import { AutoRenewDialog, renewBlockedReason } from './auto-renew-dialog';
import { CancelDialog, RedeemDialog, TerminateDialog } from './leave-dialogs';
import { SmartDcaDialog } from './smart-dca-dialog';
import { usePortfolioFormat } from './use-portfolio-format';
import styles from './portfolio.module.css';

export type EarnSetting = (typeof EARN_SETTINGS)[number];

export interface SubscriptionActionsProps {
  subscription: EarnSubscription;
  product: EarnProductDetail;
  /** The settings page in the URL (/portfolio/earn/{sn}/{setting}): its dialog is open. */
  setting: EarnSetting | undefined;
  /** Opens (a setting) or closes (undefined) a settings page. */
  onSetting: (setting: EarnSetting | undefined) => void;
}

interface Action {
  id: string;
  title: string;
  text: ReactNode;
  control: ReactNode;
}

/**
 * What the member may do with the subscription now (spec section 4 "Premium subscription
 * rules"), from the server's flags (canAddMore, canCancel, canSetRenew, canRequestReturn,
 * canRedeem; the server decides with its clock):
 * - before the start: Add more (the product page's join) and Cancel (refund to the wallet);
 * - auto-renew (Stable Income that renews; settings page `auto-renew`);
 * - Asset Return (Pro and Pro+; settings page `asset-return`);
 * - Smart DCA (Stable Income; settings page `smart-dca`) with its conversion history;
 * - early redemption (Stable Income, Pro, Pro+) until a day before expiry, in BCNT;
 * - a Flagship's early termination until a day before expiry, for a fee (spec section 9).
 * An action that is closed says why. Cancel and redemption are one idempotent action each,
 * kept here so closing and reopening a dialog after a failure retries with the same key.
 */
export function SubscriptionActions({
  subscription: sub,
  product,
  setting,
  onSetting,
}: SubscriptionActionsProps) {
  const { t } = useTranslation('portfolio');
  const format = usePortfolioFormat();
  const cancel = useLeaveSubscription();
  const redeem = useLeaveSubscription();
  const [dialog, setDialog] = useState<'cancel' | 'redeem' | 'terminate' | null>(null);
  const pro = isProKind(sub.kind);
  const renewSetting = product.renewable && !pro;
  const active = sub.state === 'raising' || sub.state === 'running';
  const dca = isDcaKind(sub.kind);

  /** Early redemption or a Flagship's termination: open until a day before expiry. */
  const earlyExit = (
    id: 'redeem' | 'terminate',
    title: string,
    open: string,
    until: (time: string) => string,
  ): Action => ({
    id,
    title,
    text: (
      <span className={styles.note} data-testid={`portfolio-${id}-note`}>
        {sub.canRedeem && sub.redeemableUntil
          ? until(format.time(sub.redeemableUntil))
          : sub.redeemableUntil
            ? t('redeem.closedAt', { time: format.time(sub.redeemableUntil) })
            : t('redeem.closed')}
      </span>
    ),
    control: (
      <Button
        variant="danger"
        disabled={!sub.canRedeem}
        onClick={() => setDialog(id)}
        data-testid={`portfolio-${id}-open`}
      >
        {open}
      </Button>
    ),
  });
  const actions: (Action | false)[] = [
    sub.canAddMore && {
      id: 'add',
      title: t('action.add'),
      text: t('action.addText'),
      control: (
        <ButtonLink
          variant="secondary"
          to={paths.PremiumDetail.getHref({ type: sub.kind, sn: sub.serialNumber })}
          data-testid="portfolio-add-more"
        >
          {t('action.add')}
        </ButtonLink>
      ),
    },
    sub.canCancel && {
      id: 'cancel',
      title: t('action.cancel'),
      text: t('action.cancelText'),
      control: (
        <Button
          variant="secondary"
          onClick={() => setDialog('cancel')}
          data-testid="portfolio-cancel-open"
        >
          {t('action.cancel')}
        </Button>
      ),
    },
    renewSetting &&
      active && {
        id: 'auto-renew',
        title: t('renew.title'),
        text: (
          <>
            <span data-testid="portfolio-renew-state">
              {sub.autoRenew ? t('renew.isOn') : t('renew.isOff')}
            </span>
            {!sub.canSetRenew ? (
              <span className={styles.note} data-testid="portfolio-renew-reason">
                {renewBlockedReason(sub, product, t, format)}
              </span>
            ) : null}
          </>
        ),
        control: (
          <Button
            variant="secondary"
            onClick={() => onSetting('auto-renew')}
            data-testid="portfolio-renew-open"
          >
            {t('renew.open')}
          </Button>
        ),
      },
    pro &&
      active && {
        id: 'asset-return',
        title: t('assetReturn.title'),
        text: (
          <>
            <span data-testid="portfolio-return-state">
              {sub.assetReturnUnits !== null
                ? t('assetReturn.requested', { count: sub.assetReturnUnits })
                : t('assetReturn.none')}
            </span>
            {!sub.canRequestReturn ? (
              <span className={styles.note}>{t('assetReturn.closed')}</span>
            ) : null}
          </>
        ),
        control: (
          <Button
            variant="secondary"
            onClick={() => onSetting('asset-return')}
            data-testid="portfolio-return-open"
          >
            {t('assetReturn.open')}
          </Button>
        ),
      },
    dca &&
      active && {
        id: 'smart-dca',
        title: t('dca.title'),
        text: (
          <>
            <span data-testid="portfolio-dca-state">
              {sub.smartDca?.currency
                ? t('dca.actionOn', { currency: sub.smartDca.currency })
                : t('dca.actionOff', { currency: sub.currency })}
            </span>
            <Link
              to={paths.XSavingHistory.getHref(undefined, { premiumId: String(sub.premiumId) })}
              className={styles.note}
              data-testid="portfolio-dca-history-link"
            >
              {t('dca.history')}
            </Link>
          </>
        ),
        control: (
          <Button
            variant="secondary"
            disabled={!sub.canSetSmartDca}
            onClick={() => onSetting('smart-dca')}
            data-testid="portfolio-dca-open"
          >
            {t('dca.open')}
          </Button>
        ),
      },
    isRateKind(sub.kind) &&
      sub.state === 'running' &&
      earlyExit('redeem', t('redeem.title'), t('redeem.open'), (time) =>
        t('redeem.until', { time }),
      ),
    sub.kind === 'flagship' &&
      sub.state === 'running' &&
      earlyExit('terminate', t('terminate.title'), t('terminate.open'), (time) =>
        t('terminate.until', {
          time,
          within: format.rate(FLAGSHIP.earlyTerminationFeePct.withinSixMonths),
          after: format.rate(FLAGSHIP.earlyTerminationFeePct.after),
        }),
      ),
  ];
  const shown = actions.filter((action): action is Action => action !== false);

  return (
    <SectionCard title={t('action.title')} data-testid="portfolio-actions">
      {shown.length === 0 ? (
        <p className={styles.note} data-testid="portfolio-no-actions">
          {t('action.none')}
        </p>
      ) : (
        <div className={styles.actions}>
          {shown.map((action) => (
            <div
              key={action.id}
              className={styles.action}
              data-testid={`portfolio-action-${action.id}`}
            >
              <div className={styles.actionText}>
                <h3 className={styles.actionTitle}>{action.title}</h3>
                {action.text}
              </div>
              {action.control}
            </div>
          ))}
        </div>
      )}
      {renewSetting ? (
        <AutoRenewDialog
          open={setting === 'auto-renew'}
          onClose={() => onSetting(undefined)}
          subscription={sub}
          product={product}
        />
      ) : null}
      {pro ? (
        <AssetReturnDialog
          open={setting === 'asset-return'}
          onClose={() => onSetting(undefined)}
          subscription={sub}
        />
      ) : null}
      {dca ? (
        <SmartDcaDialog
          open={setting === 'smart-dca'}
          onClose={() => onSetting(undefined)}
          subscription={sub}
        />
      ) : null}
      <CancelDialog
        open={dialog === 'cancel'}
        onClose={() => setDialog(null)}
        subscription={sub}
        action={cancel}
      />
      <RedeemDialog
        open={dialog === 'redeem'}
        onClose={() => setDialog(null)}
        subscription={sub}
        action={redeem}
      />
      {sub.kind === 'flagship' ? (
        <TerminateDialog
          open={dialog === 'terminate'}
          onClose={() => setDialog(null)}
          subscription={sub}
          action={redeem}
        />
      ) : null}
    </SectionCard>
  );
}
