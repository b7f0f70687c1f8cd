import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '../../../components/amount-field';
import { Button } from '../../../components/button';
import { useIdempotentAction } from '../../../hooks/use-idempotent-action';
import { queryKeys } from '../../../services/query-keys';
import { createStoreOrder } from '../../../services/store';
import type { StoreOrder } from '../../../shared/api/store';
import {
  STORE_MAX_USDT,
  STORE_MIN_USDT,
  STORE_USDT_DECIMALS,
} from '../../../shared/constants/store';
import {
  AmountMessage,
  checkAmount,
  formatAtomic,
  parseAmount,
} from '../../../shared/money/decimal';
import { useTokenInfo } from '../api/use-token-info';
import type { Translate } from '../../../hooks/use-error-text';
import {
  STORE_MESSAGE_KEYS,
  STORE_MESSAGE_VALUES,
  useStoreErrorText,
} from '../hooks/use-store-error-text';
import { bcntForUsdt, formatBcnt } from '../utils/amounts';
import { StoreOrderCard } from './store-order-card';
import styles from './store.module.css';

const AMOUNT_RULES = { positive: true, min: STORE_MIN_USDT, max: STORE_MAX_USDT } as const;

/** An order moves no wallet balance when it is made: only the order list changes. */
const STORE_ORDERS = [queryKeys.member.storeOrders()] as const;

/**
 * Purchase: a USDT amount (at least 100; Buy stays disabled until it is valid, the reason shows
 * once the field is left), the BCNT it buys at the current price, Buy. Buy makes the order and
 * shows it with its deposit address and the payment from the connected wallet. One order is one
 * idempotency key: Buy again after a failure is a retry of that order (a lost answer never makes
 * a second order); another amount, or Buy after an order was made, is a new order.
 */
export function StorePurchase() {
  const { t } = useTranslation('store');
  const errorText = useStoreErrorText();
  const info = useTokenInfo();
  const create = useIdempotentAction({
    call: createStoreOrder,
    invalidate: STORE_ORDERS,
    errorText,
  });
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [order, setOrder] = useState<StoreOrder | null>(null);

  // "150." is 150 (the field accepts a trailing point while the member types)
  const trimmed = amount.endsWith('.') ? amount.slice(0, -1) : amount;
  const problem = checkAmount(trimmed, STORE_USDT_DECIMALS, AMOUNT_RULES);
  const units = problem === null ? parseAmount(trimmed, STORE_USDT_DECIMALS) : null;
  const receive = units !== null && info.data ? bcntForUsdt(units, info.data.priceUsdt) : null;
  const fieldError =
    // below the minimum waits for the member to leave the field (typing 1500 passes 1 and 15);
    // above the largest order cannot get better by typing on
    (touched || problem === AmountMessage.aboveMax) && problem !== null
      ? (t as unknown as Translate)(
          STORE_MESSAGE_KEYS[problem as keyof typeof STORE_MESSAGE_KEYS] ??
            'store:error.amountFormat',
          STORE_MESSAGE_VALUES,
        )
      : undefined;

  const changeAmount = (text: string) => {
    if (text !== amount) create.newAction();
    setAmount(text);
  };

  function buy() {
    setTouched(true);
    if (problem !== null || create.isPending) return;
    create.run({ usdtAmount: trimmed }).then(setOrder, () => {
      // shown below; Buy again retries this order with its key
    });
  }

  if (order) {
    return (
      <StoreOrderCard
        initial={order}
        onNewOrder={() => {
          setOrder(null);
          setAmount('');
          setTouched(false);
          create.newAction();
        }}
      />
    );
  }

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        buy();
      }}
      data-testid="store-purchase"
    >
      <AmountField
        label={t('purchase.amount')}
        hint={t('purchase.amountHint', {
          minimum: formatAtomic(STORE_MIN_USDT, STORE_USDT_DECIMALS),
        })}
        value={amount}
        onChange={changeAmount}
        onBlur={() => setTouched(true)}
        currency="USDT"
        decimals={STORE_USDT_DECIMALS}
        error={fieldError}
        testId="store-amount"
        maxTestId="store-amount-max"
      />
      <p className={styles.receive}>
        <span>{t('purchase.receive')}</span>{' '}
        <strong data-testid="store-receive">
          {receive !== null ? formatBcnt(formatAtomic(receive, 18)) : '-'} BCNT
        </strong>
        {info.data ? (
          <span className={styles.muted}>
            {' '}
            {t('purchase.atPrice', { price: info.data.priceUsdt })}
          </span>
        ) : null}
      </p>
      {create.state === 'error' ? (
        <p role="alert" className={styles.error} data-testid="store-buy-error">
          {create.errorText ?? t('error.purchaseFailed')}
        </p>
      ) : null}
      <Button
        type="submit"
        busy={create.isPending}
        disabled={problem !== null}
        data-testid="store-buy"
      >
        {t('purchase.buy')}
      </Button>
    </form>
  );
}
