// Claim and Rock redemption of one order from the browser wallet. Loaded with React.lazy
// (`lazy-wallet.tsx`): importing this module pulls wagmi, viem and RainbowKit.
import '@rainbow-me/rainbowkit/styles.css';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from 'wagmi';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import type { BinfiOrder } from '../../../shared/api/binfi';
import { shortAddress } from '../../../web3/short-address';
import { TxFlowProgress } from '../../../web3/tx/tx-flow-progress';
import { Web3Provider } from '../../../web3/web3-provider';
import { useOrderWalletActions } from '../hooks/use-binfi-order';
import { formatUsdt } from '../utils/format';
import { orderActions } from '../utils/status';
import styles from './binfi.module.css';

export interface OrderWalletActionsProps {
  order: BinfiOrder;
}

export default function OrderWalletActions(props: OrderWalletActionsProps) {
  return (
    <Web3Provider>
      <Actions {...props} />
    </Web3Provider>
  );
}

/**
 * What the order's own wallet can do on chain: claim what the pool holds for it (the refund of
 * the unmatched part, Rock's rewards, the settlement) before the operator's batch pays it, and,
 * for a running Rock order, the irreversible redemption (the operator pays it from the queue in
 * about 30 to 60 minutes).
 */
function Actions({ order }: OrderWalletActionsProps) {
  const { t } = useTranslation('binfi');
  const { address, status } = useAccount();
  const { openConnectModal } = useConnectModal();
  const wallet = useOrderWalletActions(order.orderId);
  const [confirming, setConfirming] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const can = orderActions(order);
  const own = address?.toLowerCase() === order.wallet.toLowerCase();
  const redeemDone = wallet.redeemFlow.state.status === 'done';
  if (!can.claim && !can.redeem && wallet.claimFlow.state.status === 'idle' && !redeemDone)
    return null;

  return (
    <div className={styles.stack} data-testid="binfi-order-actions" data-order={order.orderId}>
      {!address && status !== 'disconnected' ? null : !address ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => openConnectModal?.()}
          data-testid="binfi-order-connect"
        >
          {t('order.connect', { wallet: shortAddress(order.wallet) })}
        </Button>
      ) : !own ? (
        <p className={styles.muted} data-testid="binfi-order-other-wallet">
          {t('order.otherWallet', { wallet: shortAddress(order.wallet) })}
        </p>
      ) : (
        <div className={styles.actions}>
          {can.claim ? (
            <Button
              size="sm"
              onClick={() => void wallet.claim()}
              busy={wallet.claimFlow.busy}
              data-testid="binfi-order-claim"
            >
              {t('order.claim', { amount: formatUsdt(order.claimable) })}
            </Button>
          ) : null}
          {can.redeem && !redeemDone ? (
            <Button
              size="sm"
              variant="danger"
              onClick={() => setConfirming(true)}
              busy={wallet.redeemFlow.busy}
              data-testid="binfi-order-redeem"
            >
              {t('order.redeem')}
            </Button>
          ) : null}
        </div>
      )}
      <TxFlowProgress
        flow={wallet.claimFlow}
        label={t('order.claimProgress')}
        testId="binfi-claim-progress"
      />
      <TxFlowProgress
        flow={wallet.redeemFlow}
        label={t('order.redeemProgress')}
        testId="binfi-redeem-progress"
      />
      {redeemDone ? (
        <p className={styles.muted} data-testid="binfi-redeem-wait">
          {t('order.redeemWait')}
        </p>
      ) : null}
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) setUnderstood(false);
        }}
        size="sm"
        title={t('order.redeemTitle')}
        description={t('order.redeemText', { units: order.matchedUnits })}
        data-testid="binfi-redeem-dialog"
      >
        <div className={styles.form}>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={understood}
              onChange={(event) => setUnderstood(event.target.checked)}
              data-testid="binfi-redeem-understood"
            />
            <span>{t('order.redeemUnderstood')}</span>
          </label>
          <div className={styles.actions}>
            <Button
              variant="secondary"
              onClick={() => setConfirming(false)}
              data-testid="binfi-redeem-back"
            >
              {t('order.back')}
            </Button>
            <Button
              variant="danger"
              disabled={!understood}
              onClick={() => {
                setConfirming(false);
                setUnderstood(false);
                void wallet.redeem();
              }}
              data-testid="binfi-redeem-confirm"
            >
              {t('order.redeemConfirm')}
            </Button>
          </div>
        </div>
      </Dialog>
    </div>
  );
}
