import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import { SectionCard } from '../../../components/section-card';
import { useErrorText } from '../../../hooks/use-error-text';
import { useKycVerified } from '../../../hooks/use-kyc-status';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import { paths } from '../../../lib/paths';
import type { BinfiRound, BinfiSideType } from '../../../shared/api/binfi';
import { useCheckJoin } from '../api/use-binfi';
import { useBinfiInvite } from '../hooks/use-binfi-invite';
import { joinGate } from '../utils/join-rules';
import { LazyJoinWallet } from './lazy-wallet';
import styles from './binfi.module.css';

/**
 * Supply or Take on a raising round: the gates first (identity verified = level 1, premier
 * member, then CheckJoin: raising, units left, the account's cap), then the wallet's form.
 */
export function JoinPanel({ round, side }: { round: BinfiRound; side: BinfiSideType }) {
  const { t } = useTranslation('binfi');
  const errorText = useErrorText();
  const loggedIn = useLoggedIn();
  const kyc = useKycVerified({ enabled: loggedIn });
  const invite = useBinfiInvite();
  const check = useCheckJoin(round.fundId, side, loggedIn, round.isPrivate ? invite : undefined);
  const title = t(side === 'supply' ? 'join.supplyTitle' : 'join.takeTitle');
  // Once the member starts an order here, its form stays, with its state (its progress, then the
  // order seen in My funds), when the order fills the side and CheckJoin then answers that it is
  // closed: the form is the same element in the same place in both answers.
  const [ordering, setOrdering] = useState<{ maxUnits: number } | undefined>();
  const wallet = (maxUnits: number) =>
    check.data ? (
      <LazyJoinWallet
        key="form"
        fundId={round.fundId}
        side={side}
        unitPrice={check.data.unitPrice}
        lockPerUnit={check.data.lockPerUnit}
        maxUnits={maxUnits}
        onOrderStarted={() => setOrdering({ maxUnits })}
      />
    ) : null;

  let body;
  if (!loggedIn) {
    body = (
      <ButtonLink to={paths.Login.getHref()} data-testid="binfi-join-login">
        {t('join.login')}
      </ButtonLink>
    );
  } else if (kyc.isPending || check.isPending) {
    body = <Skeleton lines={2} testId="binfi-join-loading" />;
  } else if (!kyc.data || !check.data) {
    // (an error without an answer: a failed refetch keeps the last answer, and a started
    // order's form with it)
    body = (
      <LoadError
        message={errorText(kyc.error ?? check.error)}
        onRetry={() => Promise.all([kyc.refetch(), check.refetch()])}
        testId="binfi-join-error"
      />
    );
  } else {
    const gate = joinGate({
      loggedIn,
      kycVerified: Boolean(kyc.verified),
      premierState: kyc.data.premier.state,
      check: check.data,
    });
    switch (gate.kind) {
      case 'login':
        body = null;
        break;
      case 'kyc':
        body = (
          <div className={styles.stack}>
            <Notice tone="warning" testId="binfi-join-kyc">
              {t('join.gate.kyc')}
            </Notice>
            <ButtonLink to={paths.Kyc.getHref()} data-testid="binfi-join-kyc-link">
              {t('join.gate.kycLink')}
            </ButtonLink>
          </div>
        );
        break;
      case 'premier':
        body = (
          <div className={styles.stack}>
            <Notice tone="warning" testId="binfi-join-premier">
              {t(
                gate.state && gate.state !== 'rejected'
                  ? 'join.gate.premierPending'
                  : 'join.gate.premier',
              )}
            </Notice>
            <ButtonLink to={paths.Account.getHref()} data-testid="binfi-join-premier-link">
              {t('join.gate.premierLink')}
            </ButtonLink>
          </div>
        );
        break;
      case 'closed':
        body = (
          <div className={styles.stack}>
            <Notice tone="info" testId="binfi-join-closed">
              {t(`join.gate.${gate.reason}`)}
            </Notice>
            {ordering ? wallet(ordering.maxUnits) : null}
          </div>
        );
        break;
      case 'open':
        body = <div className={styles.stack}>{wallet(gate.maxUnits)}</div>;
        break;
    }
  }

  return (
    <SectionCard
      title={title}
      description={t(side === 'supply' ? 'join.supplyText' : 'join.takeText', {
        leverage: round.leverage,
      })}
      data-testid="binfi-join"
    >
      {body}
    </SectionCard>
  );
}
