import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, queryTableState } from '../../../components/data-table';
import { Notice } from '../../../components/load-states';
import { useErrorText } from '../../../hooks/use-error-text';
import { paths } from '../../../lib/paths';
import type { BinfiOrder } from '../../../shared/api/binfi';
import { shortAddress } from '../../../web3/short-address';
import { useUserFunds } from '../api/use-binfi';
import { signed, tone } from '../utils/calculator';
import { dayTime, formatBcnt, formatUsdt } from '../utils/format';
import { orderActions, sideNameKey } from '../utils/status';
import { LazyOrderWalletActions } from './lazy-wallet';
import { StatusBadge } from './status-badge';
import styles from './binfi.module.css';

/**
 * An order's wallet actions (their code loads only for an order that has one: a claim, a Rock
 * redemption), kept once shown: a claim or redemption sent from the wallet follows its
 * transaction to Done even after the platform has read it on chain and the order has nothing
 * left to claim (the page re-reads the orders meanwhile).
 */
function OrderActionsCell({ order }: { order: BinfiOrder }) {
  const can = orderActions(order);
  const [shown, setShown] = useState(false);
  const now = can.claim || can.redeem;
  if (now && !shown) setShown(true);
  return now || shown ? <LazyOrderWalletActions order={order} /> : null;
}

/**
 * The notices of an order's money (the refund, Rock's latest reward month, the settlement, a
 * redemption), in the spec's words. The settlement's notice replaces the reward month's.
 */
function OrderNotices({ orders }: { orders: readonly BinfiOrder[] }) {
  const { t } = useTranslation('binfi');
  const notices = orders.flatMap((order) => {
    const list = [];
    if (Number(order.refundAmount) > 0) {
      list.push(
        <Notice
          key={`refund-${order.orderId}`}
          tone={order.refundPaidAt ? 'success' : 'info'}
          testId="binfi-refund-notice"
        >
          {order.refundPaidAt
            ? t('myFund.refunded', {
                amount: formatUsdt(order.refundAmount),
                id: order.fundId,
                time: dayTime(order.refundPaidAt),
              })
            : t('myFund.refundComing', {
                amount: formatUsdt(order.refundAmount),
                id: order.fundId,
              })}
        </Notice>,
      );
    }
    if (order.settlement) {
      list.push(
        <Notice key={`settled-${order.orderId}`} tone="success" testId="binfi-settlement-notice">
          {t(order.type === 'supply' ? 'myFund.settledRock' : 'myFund.settledFlame', {
            id: order.fundId,
            rock: formatUsdt(order.settlement.rockPerUnit, 6),
            flame: formatUsdt(order.settlement.flamePerUnit, 6),
            amount: formatUsdt(order.settlement.amount),
            time: dayTime(order.settlement.settledAt),
          })}
        </Notice>,
      );
    } else if (order.lastReward) {
      list.push(
        <Notice key={`reward-${order.orderId}`} tone="success" testId="binfi-reward-notice">
          {t('myFund.rewardPaid', {
            id: order.fundId,
            month: order.lastReward.period,
            amount: formatUsdt(order.lastReward.amount),
            perUnit: formatUsdt(order.lastReward.perUnit, 6),
            time: dayTime(order.lastReward.fundedAt),
          })}
        </Notice>,
      );
    }
    if (order.redeemedAt) {
      list.push(
        <Notice
          key={`redeem-${order.orderId}`}
          tone={order.redemptionPaidAt ? 'success' : 'info'}
          testId="binfi-redemption-notice"
        >
          {order.redemptionPaidAt && order.redemptionAmount
            ? t('myFund.redemptionPaid', {
                amount: formatUsdt(order.redemptionAmount),
                id: order.fundId,
                time: dayTime(order.redemptionPaidAt),
              })
            : t('myFund.redemptionComing', { id: order.fundId })}
        </Notice>,
      );
    }
    return list;
  });
  return notices.length > 0 ? <div className={styles.stack}>{notices}</div> : null;
}

/**
 * The member's BinFi orders (BinFiMyFund, and the BinFi tab of My Subscriptions): round, side,
 * status, units matched of ordered, paid, pass, received, claimable, and the wallet actions
 * (claim, redeem). `poll` reads again every few seconds (an order or a payout on its way).
 */
export function MyFunds({ poll = false }: { poll?: boolean }) {
  const { t } = useTranslation('binfi');
  const errorText = useErrorText();
  const query = useUserFunds({ poll });
  const orders = query.data?.list;
  return (
    <div className={styles.stack} data-testid="binfi-my-funds">
      {orders ? <OrderNotices orders={orders} /> : null}
      {query.data && Number(query.data.owed) > 0 ? (
        <Notice tone="warning" testId="binfi-owed">
          {t('myFund.owed', { amount: formatUsdt(query.data.owed) })}
        </Notice>
      ) : null}
      <DataTable<BinfiOrder>
        label={t('myFund.title')}
        rows={orders}
        rowKey={(order) => order.orderId}
        rowTestId="binfi-order"
        rowProps={(order) => ({
          'data-order': order.orderId,
          'data-fund': order.fundId,
          'data-type': order.type,
          'data-state': order.state,
        })}
        {...queryTableState(query, (error) => errorText(error))}
        empty={{ title: t('myFund.emptyTitle'), text: t('myFund.emptyText') }}
        testId="binfi-orders"
        columns={[
          {
            id: 'round',
            header: t('myFund.round'),
            rowHeader: true,
            cell: (order) => (
              <Link
                className={styles.link}
                to={paths.BinFiDetail.getHref({ id: order.fundId, type: order.type })}
                state={{ kind: order.variant }}
              >
                {t(order.variant === 'galaxy' ? 'round.galaxyName' : 'round.name', {
                  id: order.fundId,
                })}
              </Link>
            ),
          },
          { id: 'side', header: t('myFund.side'), cell: (order) => t(sideNameKey(order.type)) },
          {
            id: 'state',
            header: t('field.status'),
            cell: (order) => <StatusBadge status={order.state} testId="binfi-order-state" />,
          },
          {
            id: 'units',
            header: t('myFund.units'),
            numeric: true,
            cell: (order) =>
              t('myFund.unitsValue', { matched: order.matchedUnits, units: order.units }),
            cellProps: () => ({ 'data-testid': 'binfi-order-units' }),
          },
          {
            id: 'amount',
            header: t('myFund.amount'),
            numeric: true,
            align: 'end',
            cell: (order) => formatUsdt(order.amount),
            cellProps: () => ({ 'data-testid': 'binfi-order-amount' }),
          },
          {
            id: 'pass',
            header: t('pass.title'),
            hideOnPhone: true,
            cell: (order) =>
              order.pass === 'locking'
                ? `${t('pass.locking')} (${formatBcnt(order.bcntLocked)})`
                : t(`pass.${order.pass}`),
          },
          {
            id: 'received',
            header: t('myFund.received'),
            numeric: true,
            align: 'end',
            cell: (order) => formatUsdt(order.received),
            cellProps: () => ({ 'data-testid': 'binfi-order-received' }),
          },
          {
            id: 'flame-result',
            header: t('flame.pnl'),
            numeric: true,
            align: 'end',
            cell: (order) =>
              order.flameResult ? (
                <span
                  className={
                    tone(order.flameResult.pnl) === 'down' ? styles.negative : styles.positive
                  }
                  title={`${t('flame.time')}: ${dayTime(order.flameResult.time)}`}
                >
                  {`${signed(order.flameResult.pnl)} USDT (${signed(order.flameResult.pnlRate)} %)`}
                </span>
              ) : (
                '–'
              ),
            cellProps: () => ({ 'data-testid': 'binfi-order-flame-result' }),
          },
          {
            id: 'claimable',
            header: t('myFund.claimable'),
            numeric: true,
            align: 'end',
            cell: (order) => formatUsdt(order.claimable),
            cellProps: () => ({ 'data-testid': 'binfi-order-claimable' }),
          },
          {
            id: 'wallet',
            header: t('myFund.wallet'),
            hideOnPhone: true,
            cell: (order) => shortAddress(order.wallet),
          },
          {
            id: 'actions',
            header: t('myFund.actions'),
            hideHeader: true,
            cell: (order) => <OrderActionsCell order={order} />,
          },
        ]}
      />
    </div>
  );
}
