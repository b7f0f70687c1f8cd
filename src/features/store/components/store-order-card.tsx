import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { CopyButton } from '../../../components/copy-button';
import { Notice, Skeleton } from '../../../components/load-states';
import { formatDate, formatDateTime } from '../../../lib/date-format';
import type { StoreOrder } from '../../../shared/api/store';
import { STORE_MIN_USDT, STORE_USDT_DECIMALS } from '../../../shared/constants/store';
import { formatAtomic, parseAmount } from '../../../shared/money/decimal';
import { useStoreOrders } from '../api/use-store-orders';
import { formatBcnt, formatUsdt } from '../utils/amounts';
import { QuoteCountdown, useQuoteMsLeft } from './quote-countdown';
import { StoreStatus } from './store-status';
import styles from './store.module.css';

// The wallet part (wagmi, viem's wallet code, RainbowKit) is its own chunk, loaded only here.
const StorePay = lazy(() => import('./store-pay'));

/** USDT still to pay: what was asked minus what arrived (0 when paid). */
export function remainingUsdt(order: StoreOrder): bigint {
  const asked = parseAmount(order.usdtAmount, STORE_USDT_DECIMALS) ?? 0n;
  const arrived =
    (parseAmount(order.depositedUsdt, STORE_USDT_DECIMALS) ?? 0n) +
    (parseAmount(order.confirmingUsdt, STORE_USDT_DECIMALS) ?? 0n);
  const left = asked - arrived;
  return left > 0n ? left : 0n;
}

/**
 * The order just made: its number and state, the deposit address (copy), the amounts, the
 * delivery time once Deposited, the countdown of the price while it waits for a payment (then
 * "price expired": a payment now goes to the USDT balance), USDT credited to the balance
 * instead, and "Pay from connected wallet" while something is left to pay within the quote.
 * The state follows the order list (polled every 5 s while the order is not Delivered).
 */
export function StoreOrderCard({
  initial,
  onNewOrder,
}: {
  initial: StoreOrder;
  onNewOrder: () => void;
}) {
  const { t } = useTranslation('store');
  const list = useStoreOrders(1);
  const order = list.data?.items.find((o) => o.orderNumber === initial.orderNumber) ?? initial;
  const left = remainingUsdt(order);
  const quoteMsLeft = useQuoteMsLeft(order.quoteSecondsLeft);
  const quoteOpen = quoteMsLeft > 0;
  // After the quote expired a payment buys no BCNT (it goes to the USDT balance): no Pay button.
  const canPay = quoteOpen && (order.status === 'Created' || order.belowMinimum) && left > 0n;
  const waitingForPayment = order.status === 'Created' || order.belowMinimum;

  return (
    <div className={styles.order} data-testid="store-order" data-state={order.status}>
      <div className={styles.orderHead}>
        <div>
          <span className={styles.muted}>{t('order.number')}</span>{' '}
          <strong data-testid="store-order-number">{order.orderNumber}</strong>
        </div>
        <StoreStatus status={order.status} />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('order.usdt')}</dt>
          <dd>{formatUsdt(order.usdtAmount)} USDT</dd>
        </div>
        <div>
          <dt>{t('order.bcnt')}</dt>
          <dd>{formatBcnt(order.bcntAmount)} BCNT</dd>
        </div>
        <div>
          <dt>{t('order.price')}</dt>
          <dd>{t('info.priceValue', { price: order.priceUsdt })}</dd>
        </div>
        <div>
          <dt>{t('order.created')}</dt>
          <dd>{formatDate(order.createdAt)}</dd>
        </div>
        {order.depositedUsdt !== '0' ? (
          <div>
            <dt>{t('order.deposited')}</dt>
            <dd>{formatUsdt(order.depositedUsdt)} USDT</dd>
          </div>
        ) : null}
        {order.deliverAt && order.status !== 'Delivered' ? (
          <div>
            <dt>{t('order.deliverAt')}</dt>
            <dd data-testid="store-order-deliver-at">{formatDateTime(order.deliverAt)}</dd>
          </div>
        ) : null}
      </dl>
      <div className={styles.address}>
        <span className={styles.muted}>{t('order.address')}</span>
        <code className={styles.mono} data-testid="store-order-address">
          {order.depositAddress}
        </code>
        <CopyButton
          value={order.depositAddress}
          label={t('order.copyAddress')}
          data-testid="store-order-copy"
        />
      </div>
      <p className={styles.hint}>{t('order.payHint', { network: 'Ethereum (ERC20)' })}</p>
      {waitingForPayment && quoteOpen ? <QuoteCountdown msLeft={quoteMsLeft} /> : null}
      {waitingForPayment && !quoteOpen ? (
        <Notice tone="warning" testId="store-quote-expired">
          {t('order.quoteExpired', { time: formatDateTime(order.quoteExpiresAt) })}
        </Notice>
      ) : null}
      {order.walletCreditedUsdt !== '0' ? (
        <Notice tone="info" testId="store-order-wallet-credited">
          {t('order.walletCredited', { amount: formatUsdt(order.walletCreditedUsdt) })}
        </Notice>
      ) : null}
      {order.belowMinimum ? (
        <Notice tone="warning" testId="store-order-below-minimum">
          {t('order.belowMinimum', {
            received: formatUsdt(order.depositedUsdt),
            minimum: formatAtomic(STORE_MIN_USDT, STORE_USDT_DECIMALS),
          })}
        </Notice>
      ) : null}
      {order.status === 'Confirming' && !order.belowMinimum ? (
        <Notice tone="info">{t('order.confirming')}</Notice>
      ) : null}
      {order.status === 'Deposited' ? (
        <Notice tone="success">{t('order.depositedNote')}</Notice>
      ) : null}
      {order.status === 'Delivered' ? (
        <Notice tone="success">{t('order.deliveredNote')}</Notice>
      ) : null}
      {canPay && order.usdtTokenAddress ? (
        <Suspense fallback={<Skeleton lines={2} testId="store-pay-loading" />}>
          <StorePay
            orderNumber={order.orderNumber}
            depositAddress={order.depositAddress}
            tokenAddress={order.usdtTokenAddress}
            amountUnits={left}
          />
        </Suspense>
      ) : null}
      <Button variant="secondary" onClick={onNewOrder} data-testid="store-new-order">
        {t('order.newOrder')}
      </Button>
    </div>
  );
}
