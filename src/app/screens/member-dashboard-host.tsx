import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMyStrategies } from '../../features/autotrade/api/use-member-strategies';
import { useUserFunds } from '../../features/binfi/api/use-binfi';
import { MemberDashboard } from '../../features/dashboard/components/member-dashboard';
import {
  countAutotrade,
  countBinfi,
  countEarn,
  countLending,
  kycLevel,
  premierLevel,
} from '../../features/dashboard/utils/dashboard-summary';
import type { DashboardValue } from '../../features/dashboard/utils/dashboard-types';
import { earnFundsQueryOptions } from '../../features/earn/api/use-earn-funds';
import { useLendingList } from '../../features/lending/api/use-lending';
import { loyaltyStatusQueryOptions } from '../../features/loyalty/api/use-loyalty-status';
import { useKycStatus } from '../../hooks/use-kyc-status';
import { paths } from '../../lib/paths';

/** A query as one Dashboard value: loading, failed with a retry, or its data mapped. */
function valueOf<T, V>(query: UseQueryResult<T>, map: (data: T) => V): DashboardValue<V> {
  if (query.data !== undefined) return { status: 'ready', value: map(query.data) };
  if (query.isError) return { status: 'error', retry: () => void query.refetch() };
  return { status: 'loading' };
}

const portfolioTab = (tab: string) => paths.MyStrategies.getHref(undefined, { tab });

/**
 * The member Dashboard's data (features/dashboard/README.md): the existing calls of each product
 * family (open earn subscriptions, Smart Autotrade subscriptions, lending subscriptions, BinFi
 * orders) and the KYC and loyalty statuses, composed here because features do not import each
 * other. Loaded as its own chunk by the Landing screen for a logged-in member only.
 */
export function MemberDashboardHost() {
  const earn = useQuery(earnFundsQueryOptions({ state: 'open' }));
  const autotrade = useMyStrategies();
  const lending = useLendingList();
  const binfi = useUserFunds();
  const kyc = useKycStatus();
  const loyalty = useQuery(loyaltyStatusQueryOptions());

  return (
    <MemberDashboard
      products={{
        earn: valueOf(earn, countEarn),
        autotrade: valueOf(autotrade, countAutotrade),
        lending: valueOf(lending, countLending),
        binfi: valueOf(binfi, countBinfi),
      }}
      productHrefs={{
        earn: portfolioTab('earn'),
        autotrade: portfolioTab('autotrade'),
        lending: portfolioTab('lending'),
        binfi: paths.BinFiMyFund.getHref(),
      }}
      kyc={valueOf(kyc, kycLevel)}
      loyalty={valueOf(loyalty, (status) => status.level)}
      premier={valueOf(kyc, premierLevel)}
      kycHref={paths.Kyc.getHref()}
      loyaltyHref={paths.LoyaltyProgram.getHref()}
      premierHref={paths.Account.getHref()}
    />
  );
}
