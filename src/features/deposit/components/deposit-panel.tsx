import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import { EmptyState, LoadError, Notice, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { SelectField } from '../../../components/select-field';
import { formatDateTime } from '../../../lib/date-format';
import { formatAmount } from '../../../lib/format-amount';
import { ApiError, isIgnoredError } from '../../../services/http-client';
import { WALLET_CURRENCIES, type WalletCurrency } from '../../../shared/api/wallet';
import type {
  DepositInfo,
  DepositNetworkInfo,
  DepositRecord,
} from '../../../shared/api/wallet-deposit';
import { currencyByCode } from '../../../shared/constants/currencies';
import { isEvmDepositNetwork } from '../../../shared/constants/deposit-rules';
import { parseAmount } from '../../../shared/money/decimal';
import { errorMessageKey } from '../../../i18n/error-keys';
import { useDepositInfo } from '../api/use-deposit-info';
import { DepositQr } from './deposit-qr';
import styles from './deposit-panel.module.css';

/** wagmi, RainbowKit and the tx pipeline: their own chunk, loaded for EVM networks only. */
const DepositFromWallet = lazy(() => import('./deposit-from-wallet'));

/** An amount (decimal string) with the deposit precision of its currency. */
export function displayDepositAmount(currency: string, amount: string): string {
  const decimals = currencyByCode(currency)?.decimals ?? 18;
  return formatAmount(parseAmount(amount, decimals) ?? 0n, decimals, { currency, type: 'deposit' });
}

/** A USDT amount of the limit (whole units shown with 2 places). */
function displayUsdt(amount: string): string {
  return formatAmount(parseAmount(amount, 6) ?? 0n, 6, { currency: 'USDT', type: 'balance' });
}

/**
 * The Deposit tab of /wallet: pick a currency (and a network when it has more than one), then
 * the member's deposit address with copy and QR, the confirmations it takes, the level-1
 * deposit limit and the recent deposits (refetched every 5 s while one is confirming). On
 * Ethereum networks the member can also pay from the connected browser wallet.
 */
export function DepositPanel() {
  const { t } = useTranslation('deposit');
  const [currency, setCurrency] = useState<WalletCurrency>('USDT');
  const [networkChoice, setNetworkChoice] = useState<string | undefined>(undefined);
  const [watch, setWatch] = useState(false);
  const query = useDepositInfo(currency, { watch });
  const data = query.data?.currency === currency ? query.data : undefined;
  const network =
    data?.networks.find((n) => n.network === networkChoice) ?? data?.networks[0] ?? undefined;

  return (
    <SectionCard
      title={t('title')}
      description={t('description')}
      data-testid="deposit-panel"
      data-state={query.isPending ? 'loading' : data ? 'ready' : 'error'}
    >
      <div className={styles.selectors}>
        <SelectField
          label={t('currency.label')}
          value={currency}
          onChange={(event) => {
            setCurrency(event.target.value as WalletCurrency);
            setNetworkChoice(undefined);
            setWatch(false);
          }}
          options={WALLET_CURRENCIES.map((code) => ({ value: code, label: code }))}
          data-testid="deposit-currency"
        />
        {data && data.networks.length > 1 ? (
          <SelectField
            label={t('network.label')}
            value={network?.network}
            onChange={(event) => setNetworkChoice(event.target.value)}
            options={data.networks.map((n) => ({ value: n.network, label: n.label }))}
            data-testid="deposit-network"
          />
        ) : null}
      </div>

      {query.isPending || (!data && query.isFetching) ? (
        <Skeleton lines={5} testId="deposit-loading" />
      ) : !data || !network ? (
        <DepositLoadError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <>
          <AddressBlock currency={currency} network={network} />
          <LimitBlock info={data} />
          {isEvmDepositNetwork(network.network) ? (
            <Suspense fallback={<Skeleton lines={2} testId="deposit-from-wallet-loading" />}>
              <DepositFromWallet
                currency={currency}
                network={network}
                onSent={() => setWatch(true)}
              />
            </Suspense>
          ) : null}
          <RecentDeposits currency={currency} deposits={data.deposits} />
        </>
      )}
    </SectionCard>
  );
}

export default DepositPanel;

function DepositLoadError({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const { t } = useTranslation(['deposit', 'errors']);
  const message =
    error && !isIgnoredError(error) && error instanceof ApiError
      ? t(`errors:${errorMessageKey(error.message)}` as never)
      : t('deposit:error.load');
  return <LoadError message={message} onRetry={onRetry} testId="deposit-error" />;
}

function AddressBlock({
  currency,
  network,
}: {
  currency: WalletCurrency;
  network: DepositNetworkInfo;
}) {
  const { t } = useTranslation('deposit');
  const time = confirmationTime(network.confirmationSeconds);
  return (
    <div className={styles.addressBlock} data-network={network.network}>
      <DepositQr address={network.address} />
      <div className={styles.addressText}>
        <p className={styles.addressLabel}>
          {t('address.label', { currency, network: network.label })}
        </p>
        <code className={styles.address} data-testid="deposit-address">
          {network.address}
        </code>
        <CopyButton
          value={network.address}
          label={t('address.copy')}
          data-testid="deposit-address-copy"
        />
        <p className={styles.hint} data-testid="deposit-confirmations">
          {t('address.confirmations', {
            count: network.requiredConfirmations,
            time: t(time.key, { min: time.min, max: time.max }),
          })}
        </p>
        <Notice tone="warning">{t('address.warning', { currency, network: network.label })}</Notice>
      </div>
    </div>
  );
}

/**
 * The expected deposit time in the unit that reads best: seconds below two minutes (the local
 * chain), else whole minutes (the lower bound rounded, the upper one rounded up).
 */
export function confirmationTime({ min, max }: { min: number; max: number }) {
  if (max < 120) return { key: 'address.timeSeconds', min, max } as const;
  const minMinutes = Math.max(1, Math.round(min / 60));
  return {
    key: 'address.timeMinutes',
    min: minMinutes,
    max: Math.max(minMinutes, Math.ceil(max / 60)),
  } as const;
}

function LimitBlock({ info }: { info: DepositInfo }) {
  const { t } = useTranslation('deposit');
  const { limit } = info;
  return (
    <p
      className={styles.limit}
      data-testid="deposit-limit"
      data-state={limit.limitUsdt === null ? 'unlimited' : 'limited'}
    >
      {limit.limitUsdt === null
        ? t('limit.none', { level: limit.memberLevel })
        : t('limit.level1', {
            limit: displayUsdt(limit.limitUsdt),
            remaining: displayUsdt(limit.remainingUsdt ?? '0'),
            hours: limit.windowHours,
          })}
    </p>
  );
}

function RecentDeposits({
  currency,
  deposits,
}: {
  currency: WalletCurrency;
  deposits: readonly DepositRecord[];
}) {
  const { t } = useTranslation('deposit');
  const held = deposits.some((d) => d.status === 'held');
  return (
    <section className={styles.recent} aria-label={t('recent.title')}>
      <h3 className={styles.recentTitle}>{t('recent.title')}</h3>
      {held ? (
        <Notice tone="warning" testId="deposit-held-notice">
          {t('recent.heldNotice')}
        </Notice>
      ) : null}
      {deposits.length === 0 ? (
        <EmptyState title={t('recent.empty')} testId="deposit-empty">
          {t('recent.emptyHint', { currency })}
        </EmptyState>
      ) : (
        <ul className={styles.rows}>
          {deposits.map((deposit) => (
            <li
              key={deposit.id}
              className={styles.row}
              data-testid="deposit-row"
              data-state={deposit.status}
            >
              <span className={styles.rowAmount}>
                {displayDepositAmount(deposit.currency, deposit.amount)} {deposit.currency}
              </span>
              <span className={styles.rowStatus} data-status={deposit.status}>
                {deposit.status === 'confirming'
                  ? t('status.confirming', {
                      count: deposit.confirmations,
                      required: deposit.requiredConfirmations,
                    })
                  : t(`status.${deposit.status}`)}
              </span>
              <span className={styles.rowMeta}>
                {deposit.network} · {formatDateTime(deposit.createdAt)}
              </span>
              <code className={styles.rowHash} title={deposit.txHash}>
                {shortHash(deposit.txHash)}
              </code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const shortHash = (hash: string) =>
  hash.length > 16 ? `${hash.slice(0, 10)}…${hash.slice(-6)}` : hash;
