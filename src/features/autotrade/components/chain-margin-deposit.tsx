// The on-chain margin: approve + MarginVault.deposit(token, amount, subscriptionId) from the
// wallet the subscription names, through the transaction pipeline. Loaded with React.lazy
// (`lazy-chain-margin-deposit.tsx`): importing this module pulls wagmi, viem and RainbowKit.
import '@rainbow-me/rainbowkit/styles.css';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { useAccount } from 'wagmi';
import { Button } from '../../../components/button';
import { Notice } from '../../../components/load-states';
import type { MarginVaultDeposit } from '../../../shared/api/autotrade-subscriptions';
import { marginVaultAbi } from '../../../shared/contracts/generated';
import { TxFlowProgress } from '../../../web3/tx/tx-flow-progress';
import { useAllowance } from '../../../web3/tx/use-allowance';
import { useTxFlow } from '../../../web3/tx/use-tx-flow';
import { Web3Provider } from '../../../web3/web3-provider';
import { autotradeKeys } from '../api/query-keys';
import { formatTradeAmount } from '../utils/format';
import { formatAtomic } from '../../../shared/money/decimal';
import styles from './autotrade.module.css';

export interface ChainMarginDepositProps {
  subscriptionId: number;
  currency: string;
  /** MarginVault's deposit of the subscription (CheckSubscription's `deposit`). */
  deposit: MarginVaultDeposit;
  /**
   * The subscription still waits for this deposit. False once the platform has it (the card
   * stays to finish the transactions it sent: Done, never a second deposit).
   */
  due: boolean;
  /** token decimals of the margin currency */
  decimals: number;
}

export default function ChainMarginDeposit(props: ChainMarginDepositProps) {
  return (
    <Web3Provider>
      <DepositFlow {...props} />
    </Web3Provider>
  );
}

function DepositFlow({
  subscriptionId,
  currency,
  deposit,
  due,
  decimals,
}: ChainMarginDepositProps) {
  const { t } = useTranslation('autotrade');
  const { address } = useAccount();
  const amount = BigInt(deposit.amount);
  const key = `autotrade.margin.${subscriptionId}`;
  const allowance = useAllowance({
    token: deposit.token as Address,
    spender: deposit.vault as Address,
    amount,
    key,
  });
  const flow = useTxFlow({ key, invalidate: [autotradeKeys.member()] });
  const running = useRef(false);
  const shown = `${formatTradeAmount(formatAtomic(amount, decimals), currency)} ${currency}`;
  const rightWallet = address?.toLowerCase() === deposit.wallet.toLowerCase();

  async function send() {
    if (running.current || !rightWallet || !due) return;
    running.current = true;
    try {
      if (allowance.needsApprove || allowance.allowance === undefined) {
        if (!(await allowance.approve())) return;
      }
      await flow.send({
        address: deposit.vault as Address,
        abi: marginVaultAbi,
        functionName: 'deposit',
        args: [deposit.token as Address, amount, BigInt(deposit.strategyId)],
      });
    } finally {
      running.current = false;
    }
  }

  return (
    <div className={styles.form} data-testid="autotrade-chain-deposit">
      {!due ? (
        <p className={styles.muted} data-testid="autotrade-chain-received">
          {t('my.chainMarginNote')}
        </p>
      ) : (
        <p className={styles.lead}>{t('chain.text', { amount: shown, wallet: deposit.wallet })}</p>
      )}
      {!due ? null : !address ? (
        <Notice tone="info" testId="autotrade-chain-connect">
          {t('chain.connect', { wallet: deposit.wallet })}
        </Notice>
      ) : !rightWallet ? (
        <Notice tone="warning" testId="autotrade-chain-wrong-wallet">
          {t('chain.wrongWallet', { wallet: deposit.wallet })}
        </Notice>
      ) : (
        <div className={styles.actions}>
          <Button
            onClick={send}
            busy={allowance.flow.busy || flow.busy}
            disabled={allowance.isLoading}
            data-testid="autotrade-chain-deposit-send"
          >
            {t('chain.send', { amount: shown })}
          </Button>
        </div>
      )}
      <TxFlowProgress
        flow={allowance.flow}
        label={t('chain.approve', { amount: shown })}
        testId="autotrade-chain-approve-progress"
      />
      <TxFlowProgress
        flow={flow}
        label={t('chain.deposit', { amount: shown })}
        testId="autotrade-chain-deposit-progress"
      />
      {due && flow.state.status === 'done' ? (
        <p className={styles.muted} data-testid="autotrade-chain-wait">
          {t('chain.wait')}
        </p>
      ) : null}
    </div>
  );
}
