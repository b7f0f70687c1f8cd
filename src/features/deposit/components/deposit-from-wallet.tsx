// "Deposit from connected wallet" (EVM networks). Loaded with React.lazy by deposit-panel.tsx:
// importing this module pulls wagmi, viem's wallet code and RainbowKit into the page.
import '@rainbow-me/rainbowkit/styles.css';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Address } from 'viem';
import { useAccount } from 'wagmi';
import { AmountField } from '../../../components/amount-field';
import { Button } from '../../../components/button';
import { formatAmount } from '../../../lib/format-amount';
import { queryKeys } from '../../../services/query-keys';
import type { WalletCurrency } from '../../../shared/api/wallet';
import type { DepositNetworkInfo } from '../../../shared/api/wallet-deposit';
import { testUsdtAbi } from '../../../shared/contracts/generated';
import { formatAtomic, parseAmount } from '../../../shared/money/decimal';
import { TxFlowProgress } from '../../../web3/tx/tx-flow-progress';
import { useTxFlow, type TxRequest } from '../../../web3/tx/use-tx-flow';
import { Web3Provider } from '../../../web3/web3-provider';
import { useWalletBalance, type WalletBalance } from '../hooks/use-wallet-balance';
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

/**
 * ETH that Max leaves in the wallet for the network fee of the deposit itself (a plain transfer
 * is 21,000 gas: 0.002 ETH covers it up to about 95 gwei). Tokens pay the fee in ETH, so their
 * Max is the whole balance.
 */
export const ETH_FEE_RESERVE = 2_000_000_000_000_000n;

type AmountProblem = 'required' | 'positive' | 'overBalance';

/** What stands between the typed amount and a payment (null: it may be sent). */
export function depositAmountProblem(
  units: bigint | null,
  balance: WalletBalance,
): AmountProblem | null {
  if (units === null) return 'required';
  if (units <= 0n) return 'positive';
  if (balance.status === 'success' && units > balance.value) return 'overBalance';
  return null;
}

/** The amount Max fills in: the balance (less the fee reserve for ETH). */
export function maxDeposit(network: DepositNetworkInfo, balance: bigint): bigint {
  if (network.network !== 'ETH') return balance;
  return balance > ETH_FEE_RESERVE ? balance - ETH_FEE_RESERVE : 0n;
}

/**
 * The form without its providers (must sit inside Web3Provider). Connected, it shows what the
 * wallet holds of the currency with a Max button, and refuses an empty, zero or larger amount
 * before the wallet is asked (inline error, submit disabled). While the balance cannot be read
 * the payment stays possible: the pipeline's simulation refuses a transfer the wallet cannot
 * cover before the wallet opens.
 */
export function DepositFromWalletContent({ currency, network, onSent }: DepositFromWalletProps) {
  const { t } = useTranslation('deposit');
  const { status } = useAccount();
  const { openConnectModal } = useConnectModal();
  const [amount, setAmount] = useState('');
  const balance = useWalletBalance(network);
  const flow = useTxFlow({
    key: `deposit.${currency}.${network.network}`,
    invalidate: [queryKeys.member.depositInfo(currency)],
    onDone: () => onSent(),
  });
  const text = amount.endsWith('.') ? amount.slice(0, -1) : amount;
  const units = text === '' ? null : parseAmount(text, network.decimals);
  const problem = depositAmountProblem(units, balance);
  const show = (value: bigint) =>
    formatAmount(value, network.decimals, { currency, type: 'balance' });
  const error =
    problem === 'positive'
      ? t('fromWallet.amountInvalid')
      : problem === 'overBalance' && balance.status === 'success'
        ? t('fromWallet.overBalance', { amount: show(balance.value), currency })
        : undefined;
  const connected = status === 'connected';
  const payable = network.network === 'ETH' || Boolean(network.tokenAddress);

  async function submit() {
    if (problem !== null || units === null || balance.status === 'loading') return;
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
        <form
          className={styles.fromWalletForm}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <AmountField
            label={t('fromWallet.amount', { currency })}
            value={amount}
            onChange={setAmount}
            onMax={
              balance.status === 'success'
                ? () =>
                    setAmount(formatAtomic(maxDeposit(network, balance.value), network.decimals))
                : undefined
            }
            currency={currency}
            decimals={network.decimals}
            hint={
              <BalanceLine
                balance={balance}
                currency={currency}
                show={show}
                eth={network.network === 'ETH'}
              />
            }
            error={error}
            disabled={flow.busy}
            testId="deposit-from-wallet-amount"
            maxTestId="deposit-from-wallet-max"
          />
          <Button
            type="submit"
            busy={flow.busy}
            disabled={!payable || problem !== null || balance.status === 'loading'}
            data-testid="deposit-from-wallet-submit"
          >
            {t('fromWallet.submit')}
          </Button>
        </form>
      )}
      <TxFlowProgress
        flow={flow}
        label={t('fromWallet.progress', { amount: text, currency })}
        testId="deposit-tx"
      />
    </div>
  );
}

function BalanceLine({
  balance,
  currency,
  show,
  eth,
}: {
  balance: WalletBalance;
  currency: string;
  show: (value: bigint) => string;
  eth: boolean;
}) {
  const { t } = useTranslation('deposit');
  if (balance.status === 'success')
    return (
      <span data-testid="deposit-from-wallet-balance" data-state="ready">
        {t('fromWallet.balance', { amount: show(balance.value), currency })}
        {eth ? ` ${t('fromWallet.feeReserve', { amount: show(ETH_FEE_RESERVE) })}` : null}
      </span>
    );
  if (balance.status === 'error')
    return (
      <span data-testid="deposit-from-wallet-balance" data-state="error">
        {t('fromWallet.balanceError')}{' '}
        <button type="button" className={styles.inlineAction} onClick={balance.retry}>
          {t('fromWallet.balanceRetry')}
        </button>
      </span>
    );
  if (balance.status === 'loading')
    return (
      <span data-testid="deposit-from-wallet-balance" data-state="loading">
        {t('fromWallet.balanceLoading')}
      </span>
    );
  return null;
}
