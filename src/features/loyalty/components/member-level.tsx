import { Link } from 'react-router';
import { parseUnits } from 'viem';
import { useTranslation } from 'react-i18next';
import type { LoyaltyStatus } from '../../../shared/api/loyalty';
import type { MemberLevel as Level, StakeThresholds } from '../../../shared/membership/levels';
import { BCNT_DECIMALS, BCNT_SYMBOL } from '../../../web3/bcnt-token';
import { formatTokenAmount } from '../../../web3/format-token-amount';
import { useErrorText } from '../../../hooks/use-error-text';
import type { Loadable, WalletPosition } from '../hooks/use-wallet-stake';
import {
  nextLevelFromStatus,
  nextLevelFromWallet,
  walletStakeLevel,
  type NextLevel,
} from '../utils/levels';
import { paths } from '../../../lib/paths';
import { LoadError, Notice, Skeleton } from '../../../components/load-states';
import styles from './staking-panel.module.css';
import common from './loyalty.module.css';

export interface MemberLevelSummaryProps {
  loggedIn: boolean;
  /** The member's status query (only used when logged in). */
  status: {
    data: LoyaltyStatus | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  /** The status is being polled until the server indexed a transaction. */
  indexing: boolean;
  /** The connected wallet's position and the contract's thresholds (for visitors). */
  position: Loadable<WalletPosition> | undefined;
  thresholds: Loadable<StakeThresholds>;
}

function toLevel(level: number): Level {
  return Math.min(4, Math.max(0, Math.trunc(level))) as Level;
}

/**
 * The member's level (server status: what it means, the BCNT still needed for the next one, the
 * identity-verification note). Logged out: "Log in to see your member level", and the next level
 * of the connected wallet alone from the contract.
 */
export function MemberLevelSummary({
  loggedIn,
  status,
  indexing,
  position,
  thresholds,
}: MemberLevelSummaryProps) {
  const { t } = useTranslation('loyalty');
  const errorText = useErrorText();

  if (!loggedIn) {
    const wallet =
      position?.status === 'success' && thresholds.status === 'success'
        ? { amount: position.value.levelAmount, thresholds: thresholds.value }
        : undefined;
    return (
      <div className={styles.level}>
        <Notice tone="info" testId="staking-login-note">
          {t('level.loginNote')}{' '}
          <Link
            className={common.link}
            to={paths.Login.getHref(undefined, { back: 'LoyaltyProgram' })}
          >
            {t('level.login')}
          </Link>
        </Notice>
        {wallet ? (
          <>
            <p
              className={styles.levelMeaning}
              data-testid="staking-wallet-level"
              data-level={walletStakeLevel(wallet.amount, wallet.thresholds)}
            >
              {walletStakeLevel(wallet.amount, wallet.thresholds) === 0
                ? t('level.walletNone')
                : t('level.wallet', {
                    level: walletStakeLevel(wallet.amount, wallet.thresholds),
                  })}
            </p>
            <NextLevelText next={nextLevelFromWallet(wallet.amount, wallet.thresholds)} />
          </>
        ) : null}
      </div>
    );
  }

  if (status.isPending) return <Skeleton lines={2} testId="member-level-loading" />;
  if (!status.data) {
    return (
      <LoadError
        message={errorText(status.error) ?? t('level.statusError')}
        onRetry={status.refetch}
        testId="member-level-error"
      />
    );
  }

  const data = status.data;
  const level = toLevel(data.level);
  return (
    <div className={styles.level}>
      <div className={styles.levelRow}>
        <p className={styles.levelBadge} data-testid="member-level" data-level={level}>
          <span className={styles.levelLabel}>{t('level.title')}</span>
          <span className={styles.levelValue}>{t('level.value', { level })}</span>
        </p>
        <p className={styles.levelMeaning}>{t(`level.meaning.${level}`)}</p>
      </div>
      {indexing ? (
        <p className={styles.levelMeta} role="status" data-testid="member-level-updating">
          {t('level.updating')}
        </p>
      ) : null}
      <NextLevelText next={nextLevelFromStatus(data)} />
      {data.custodialStaked && /[1-9]/.test(data.custodialStaked) ? (
        <p className={styles.levelMeta} data-testid="member-level-custodial">
          {t('level.custodial', {
            amount: formatTokenAmount(parseUnits(data.custodialStaked, BCNT_DECIMALS), {
              decimals: BCNT_DECIMALS,
              maxFractionDigits: 8,
            }),
            symbol: BCNT_SYMBOL,
          })}
        </p>
      ) : null}
      {data.kycVerified ? null : (
        <Notice tone="info" testId="staking-kyc-note">
          {t('level.kycNote')}
        </Notice>
      )}
    </div>
  );
}

/** "Stake N BCNT more to reach level L" or "highest staking level reached". */
export function NextLevelText({ next }: { next: NextLevel }) {
  const { t } = useTranslation('loyalty');
  if (next.kind === 'top') {
    return (
      <p className={styles.levelMeta} data-testid="staking-next-level" data-level="top">
        {t('next.top')}
      </p>
    );
  }
  return (
    <p className={styles.levelMeta} data-testid="staking-next-level" data-level={next.level}>
      {t('next.needed', {
        amount: formatTokenAmount(next.needed, { decimals: BCNT_DECIMALS, maxFractionDigits: 8 }),
        symbol: BCNT_SYMBOL,
        level: next.level,
      })}
    </p>
  );
}
