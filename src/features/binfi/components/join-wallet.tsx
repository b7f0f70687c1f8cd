// Supply / Take from the browser wallet. Loaded with React.lazy (`lazy-wallet.tsx`): importing
// this module pulls wagmi, viem and RainbowKit.
import '@rainbow-me/rainbowkit/styles.css';
import { useConnectModal } from '@rainbow-me/rainbowkit';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccount } from 'wagmi';
import { Button } from '../../../components/button';
import { Notice } from '../../../components/load-states';
import { paths } from '../../../lib/paths';
import { siweWallets } from '../../../services/member-security';
import { queryKeys } from '../../../services/query-keys';
import type { BinfiSideType } from '../../../shared/api/binfi';
import { TxFlowProgress } from '../../../web3/tx/tx-flow-progress';
import { Web3Provider } from '../../../web3/web3-provider';
import { useUserFunds } from '../api/use-binfi';
import { useBinfiErrorText } from '../hooks/use-binfi-error-text';
import { useBinfiOrder } from '../hooks/use-binfi-order';
import { formatAtomicBcnt, formatAtomicUsdt } from '../utils/format';
import {
  BCNT_DECIMALS,
  CONSENTS,
  missingConsents,
  orderCost,
  PASSES,
  unitsError,
  USDT_DECIMALS,
  type BinfiPass,
} from '../utils/join-rules';
import styles from './binfi.module.css';

export interface JoinWalletProps {
  fundId: number;
  side: BinfiSideType;
  unitPrice: string;
  lockPerUnit: string;
  /** 1..5, what CheckJoin leaves */
  maxUnits: number;
  /** the member has sent an order from this form (its approval or order is on its way) */
  onOrderStarted?: () => void;
}

export default function JoinWallet(props: JoinWalletProps) {
  return (
    <Web3Provider>
      <JoinForm {...props} />
    </Web3Provider>
  );
}

function JoinForm({
  fundId,
  side,
  unitPrice,
  lockPerUnit,
  maxUnits,
  onOrderStarted,
}: JoinWalletProps) {
  const { t } = useTranslation('binfi');
  const { address, status } = useAccount();
  const { openConnectModal } = useConnectModal();
  const wallets = useQuery({
    queryKey: [...queryKeys.member.all, 'binfi', 'linkedWallets'],
    queryFn: siweWallets,
  });
  const [unitsText, setUnitsText] = useState('1');
  const [pass, setPass] = useState<BinfiPass>('general');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [orderHash, setOrderHash] = useState<string | undefined>();
  const [referralCode, setReferralCode] = useState('');
  const [refusal, setRefusal] = useState<string | undefined>();
  const errorText = useBinfiErrorText();
  const funds = useUserFunds({ poll: orderHash !== undefined });
  const indexed = orderHash
    ? funds.data?.list.find((order) => order.txHash.toLowerCase() === orderHash.toLowerCase())
    : undefined;

  const unitsProblem = unitsError(unitsText, maxUnits);
  const units = unitsProblem ? 0 : Number(unitsText.trim());
  const cost = orderCost(units, unitPrice, lockPerUnit, pass);
  const order = useBinfiOrder({
    fundId,
    side,
    units,
    pass,
    usdtAmount: cost.usdt,
    bcntAmount: cost.bcnt,
    onDone: (receipt) => setOrderHash(receipt.transactionHash),
  });
  const missing = missingConsents(side, ticked);
  const linked = wallets.data?.some(
    (wallet) => wallet.address.toLowerCase() === address?.toLowerCase(),
  );
  const usdtText = formatAtomicUsdt(cost.usdt, USDT_DECIMALS);
  const bcntText = formatAtomicBcnt(cost.bcnt, BCNT_DECIMALS);

  async function submit() {
    setSubmitted(true);
    setRefusal(undefined);
    if (unitsProblem || missing.length > 0 || !linked || !address) return;
    onOrderStarted?.();
    const outcome = await order.place({ wallet: address, referralCode });
    if (outcome.error) setRefusal(errorText(outcome.error) ?? t('error.cannotJoin'));
  }

  function toggle(consent: string, on: boolean) {
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(consent);
      else next.delete(consent);
      return next;
    });
  }

  return (
    <div className={styles.form} data-testid="binfi-join-form" data-side={side}>
      {!address && status !== 'disconnected' ? null : !address ? (
        <div className={styles.actions}>
          <Notice tone="info" testId="binfi-join-connect-text">
            {t('join.connectText')}
          </Notice>
          <Button onClick={() => openConnectModal?.()} data-testid="binfi-join-connect">
            {t('join.connect')}
          </Button>
        </div>
      ) : wallets.data && !linked ? (
        <Notice tone="warning" testId="binfi-join-unlinked">
          {t('join.unlinked', { wallet: address })}{' '}
          <Link className={styles.link} to={paths.Account.getHref()}>
            {t('join.linkWallet')}
          </Link>
        </Notice>
      ) : null}

      <label className={styles.stack}>
        <span>{t('join.units', { max: maxUnits })}</span>
        <input
          className={styles.units}
          inputMode="numeric"
          value={unitsText}
          disabled={order.busy}
          aria-invalid={unitsProblem && submitted ? true : undefined}
          onChange={(event) => setUnitsText(event.target.value.replace(/[^\d]/g, ''))}
          data-testid="binfi-join-units"
        />
      </label>
      {unitsProblem && (submitted || unitsProblem !== 'required') ? (
        <p className={styles.error} role="alert" data-testid="binfi-join-units-error">
          {t(`join.unitsError.${unitsProblem}`, { max: maxUnits })}
        </p>
      ) : null}

      <fieldset className={styles.choices} data-testid="binfi-join-passes">
        <legend>{t('pass.title')}</legend>
        {PASSES.map((value) => {
          return (
            <label key={value} className={styles.choice} data-testid={`binfi-pass-${value}`}>
              <input
                type="radio"
                name="binfi-pass"
                value={value}
                checked={pass === value}
                disabled={order.busy}
                onChange={() => setPass(value)}
              />
              <span>
                <strong>{t(`pass.${value}`)}</strong>
                <br />
                <span className={styles.muted}>
                  {t(`pass.${value}Text`, {
                    lock: formatAtomicBcnt(
                      orderCost(1, unitPrice, lockPerUnit, 'locking').bcnt,
                      BCNT_DECIMALS,
                    ),
                  })}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>

      <label className={styles.stack}>
        <span>{t('join.referral')}</span>
        <input
          className={styles.units}
          value={referralCode}
          maxLength={32}
          disabled={order.busy}
          onChange={(event) => setReferralCode(event.target.value)}
          data-testid="binfi-join-referral"
        />
        <span className={styles.muted}>{t('join.referralText')}</span>
      </label>

      <dl className={styles.summary} data-testid="binfi-join-summary">
        <dt>{t('join.pay')}</dt>
        <dd data-testid="binfi-join-usdt">{usdtText}</dd>
        {cost.bcnt > 0n ? (
          <>
            <dt>{t('join.lock')}</dt>
            <dd data-testid="binfi-join-bcnt">{bcntText}</dd>
          </>
        ) : null}
      </dl>

      <fieldset className={styles.choices} data-testid="binfi-join-consents">
        <legend>{t('consent.title')}</legend>
        {CONSENTS[side].map((consent) => (
          <label key={consent} className={styles.check}>
            <input
              type="checkbox"
              checked={ticked.has(consent)}
              disabled={order.busy}
              onChange={(event) => toggle(consent, event.target.checked)}
              data-testid={`binfi-consent-${consent}`}
            />
            <span>{t(`consent.${consent}`)}</span>
          </label>
        ))}
      </fieldset>
      {submitted && missing.length > 0 ? (
        <p className={styles.error} role="alert" data-testid="binfi-join-consent-error">
          {t('consent.required')}
        </p>
      ) : null}

      <div className={styles.actions}>
        <Button
          onClick={submit}
          busy={order.busy}
          disabled={!address || order.allowanceLoading || !wallets.data}
          data-testid="binfi-join-submit"
        >
          {t(side === 'supply' ? 'join.supplyButton' : 'join.takeButton', { amount: usdtText })}
        </Button>
      </div>
      {order.preparing ? (
        <p className={styles.muted} data-testid="binfi-join-preparing">
          {t('join.preparing')}
        </p>
      ) : null}
      {refusal ? (
        <p className={styles.error} role="alert" data-testid="binfi-join-refusal">
          {refusal}
        </p>
      ) : null}
      <TxFlowProgress
        flow={order.usdtApprove}
        label={t('join.approveUsdt', { amount: usdtText })}
        testId="binfi-approve-usdt-progress"
      />
      <TxFlowProgress
        flow={order.bcntApprove}
        label={t('join.approveBcnt', { amount: bcntText })}
        testId="binfi-approve-bcnt-progress"
      />
      <TxFlowProgress
        flow={order.orderFlow}
        label={t(side === 'supply' ? 'join.supplyProgress' : 'join.takeProgress')}
        testId="binfi-order-progress"
      />
      {order.orderFlow.state.status === 'done' ? (
        indexed ? (
          <Notice tone="success" testId="binfi-join-indexed">
            {t('join.indexed', { units: indexed.units })}{' '}
            <Link className={styles.link} to={paths.BinFiMyFund.getHref()}>
              {t('myFund.title')}
            </Link>
          </Notice>
        ) : (
          <Notice tone="info" testId="binfi-join-indexing">
            {t('join.indexing')}
          </Notice>
        )
      ) : null}
    </div>
  );
}
