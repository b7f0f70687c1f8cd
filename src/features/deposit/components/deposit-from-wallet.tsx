// "Deposit from connected wallet" (EVM networks). Loaded with React.lazy by deposit-panel.tsx:
// importing this module pulls wagmi, viem's wallet code and RainbowKit into the page.
import '@rainbow-me/rainbowkit/styles.css';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { useAccount } from 'wagmi';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { queryKeys } from '../../../services/query-keys';
import type { WalletCurrency } from '../../../shared/api/wallet';
import type { DepositNetworkInfo } from '../../../shared/api/wallet-deposit';
import { testUsdtAbi } from '../../../shared/contracts/generated';
import { parseAmount } from '../../../shared/money/decimal';
import { TxFlowProgress } from '../../../web3/tx/tx-flow-progress';
import { useTxFlow, type TxRequest } from '../../../web3/tx/use-tx-flow';
import { Web3Provider } from '../../../web3/web3-provider';
import styles from './deposit-panel.module.css';

export interface DepositFromWalletProps {
  currency: WalletCurrency;
  network: DepositNetworkInfo;
  /** A payment was mined (Done): the panel keeps polling until the deposit shows. */
  onSent: () => void;
}

export default function DepositFromWallet(props: DepositFromWalletProps) {
  return (
    <Web3Provider>
      <DepositFromWalletContent {...props} />
    </Web3Provider>
  );
}

/**
 * The request that pays `units` to the deposit address: ETH as a plain transfer, a token as
 * ERC-20 `transfer(address, amount)` on the contract WalletDepositInfo names.
 */
export function depositRequest(network: DepositNetworkInfo, units: bigint): TxRequest | undefined {
  const to = network.address as Address;
  if (network.network === 'ETH') return { to, value: units };
  if (!network.tokenAddress) return undefined;
  return {
    address: network.tokenAddress as Address,
    // the standard ERC-20 transfer (USDT's non-returning variant is in this ABI)
    abi: testUsdtAbi,
    functionName: 'transfer',
    args: [to, units],
  };
}

/** The form without its providers (must sit inside Web3Provider). */
export function DepositFromWalletContent({ currency, network, onSent }: DepositFromWalletProps) {
  const { t } = useTranslation('deposit');
  const { status } = useAccount();
  const { openConnectModal } = useConnectModal();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const flow = useTxFlow({
    key: `deposit.${currency}.${network.network}`,
    invalidate: [queryKeys.member.depositInfo(currency)],
    onDone: () => onSent(),
  });
  const units = parseAmount(amount.trim(), network.decimals);
  const error =
    touched && (units === null || units <= 0n) ? t('fromWallet.amountInvalid') : undefined;
  const connected = status === 'connected';

  async function submit() {
    setTouched(true);
    if (units === null || units <= 0n) return;
    const request = depositRequest(network, units);
    if (!request) return;
    await flow.send(request);
  }

  return (
    <div className={styles.fromWallet} data-testid="deposit-from-wallet">
      <h3 className={styles.recentTitle}>{t('fromWallet.title')}</h3>
      <p className={styles.hint}>{t('fromWallet.hint', { currency, network: network.label })}</p>
      {!connected ? (
        <Button
          variant="secondary"
          onClick={() => openConnectModal?.()}
          busy={status === 'connecting' || status === 'reconnecting'}
          data-testid="deposit-from-wallet-connect"
        >
          {t('fromWallet.connect')}
        </Button>
      ) : (
        <div className={styles.fromWalletForm}>
          <TextField
            label={t('fromWallet.amount', { currency })}
            value={amount}
            inputMode="decimal"
            autoComplete="off"
            onChange={(event) => setAmount(event.target.value.replace(/[^0-9.]/g, ''))}
            onBlur={() => setTouched(true)}
            error={error}
            data-testid="deposit-from-wallet-amount"
          />
          <Button
            onClick={submit}
            busy={flow.busy}
            disabled={!network.tokenAddress && network.network !== 'ETH'}
            data-testid="deposit-from-wallet-submit"
          >
            {t('fromWallet.submit')}
          </Button>
        </div>
      )}
      <TxFlowProgress
        flow={flow}
        label={t('fromWallet.progress', { amount: amount.trim(), currency })}
        testId="deposit-tx"
      />
    </div>
  );
}
