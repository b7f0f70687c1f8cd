// "Pay from connected wallet" for a store order. Loaded with React.lazy by store-order-card.tsx:
// importing this module pulls wagmi, viem's wallet code and RainbowKit into the page.
import '@rainbow-me/rainbowkit/styles.css';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { useAccount } from 'wagmi';
import { Button } from '../../../components/button';
import { queryKeys } from '../../../services/query-keys';
import { testUsdtAbi } from '../../../shared/contracts/generated';
import { STORE_USDT_DECIMALS } from '../../../shared/constants/store';
import { formatAtomic } from '../../../shared/money/decimal';
import { TxFlowProgress } from '../../../web3/tx/tx-flow-progress';
import { useTxFlow, type TxRequest } from '../../../web3/tx/use-tx-flow';
import { Web3Provider } from '../../../web3/web3-provider';
import { formatUsdt } from '../utils/amounts';
import styles from './store.module.css';

export interface StorePayProps {
  orderNumber: string;
  depositAddress: string;
  /** the USDT contract the order names */
  tokenAddress: string;
  /** USDT atomic units to send */
  amountUnits: bigint;
}

export default function StorePay(props: StorePayProps) {
  return (
    <Web3Provider>
      <StorePayContent {...props} />
    </Web3Provider>
  );
}

/** ERC-20 `transfer(orderAddress, amount)` on the order's USDT contract. */
export function storePaymentRequest(props: StorePayProps): TxRequest {
  return {
    address: props.tokenAddress as Address,
    abi: testUsdtAbi,
    functionName: 'transfer',
    args: [props.depositAddress as Address, props.amountUnits],
  };
}

/** The button and the transaction progress (must sit inside Web3Provider). */
export function StorePayContent(props: StorePayProps) {
  const { t } = useTranslation('store');
  const { status } = useAccount();
  const { openConnectModal } = useConnectModal();
  const flow = useTxFlow({
    key: `store.pay.${props.orderNumber}`,
    invalidate: [queryKeys.member.storeOrders()],
  });
  const amount = formatUsdt(formatAtomic(props.amountUnits, STORE_USDT_DECIMALS));

  return (
    <div className={styles.pay}>
      {status !== 'connected' ? (
        <Button
          variant="secondary"
          onClick={() => openConnectModal?.()}
          busy={status === 'connecting' || status === 'reconnecting'}
          data-testid="store-pay-connect"
        >
          {t('pay.connect')}
        </Button>
      ) : (
        <Button
          onClick={() => void flow.send(storePaymentRequest(props))}
          busy={flow.busy}
          disabled={flow.state.status === 'done'}
          data-testid="store-pay"
        >
          {t('pay.button', { amount })}
        </Button>
      )}
      <TxFlowProgress
        flow={flow}
        label={t('pay.progress', { amount, order: props.orderNumber })}
        testId="store-pay-tx"
      />
    </div>
  );
}
