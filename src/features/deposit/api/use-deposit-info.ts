import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import { getDepositInfo } from '../../../services/wallet-deposit';
import type { WalletCurrency } from '../../../shared/api/wallet';
import type { DepositInfo } from '../../../shared/api/wallet-deposit';
import { DEPOSIT_POLL_MS } from '../../../shared/constants/deposit-rules';

const hasConfirming = (data: DepositInfo | undefined) =>
  data?.deposits.some((deposit) => deposit.status === 'confirming') ?? false;

/**
 * WalletDepositInfo of one currency. While a deposit is confirming it is refetched every 5 s
 * (`watch` keeps polling also before the first row appears, e.g. right after a browser-wallet
 * payment); when a deposit becomes credited the wallet's balances are invalidated.
 */
export function useDepositInfo(currency: WalletCurrency, { watch = false } = {}) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: queryKeys.member.depositInfo(currency),
    queryFn: () => getDepositInfo(currency),
    ...cachePresets.fresh,
    refetchInterval: (q) => (watch || hasConfirming(q.state.data) ? DEPOSIT_POLL_MS : false),
  });

  // Credited ids seen so far: a new one means money arrived.
  const credited = useRef<Set<number> | undefined>(undefined);
  useEffect(() => {
    if (!query.data) return;
    const now = new Set(
      query.data.deposits.filter((d) => d.status === 'credited').map((d) => d.id),
    );
    const own = JSON.stringify(queryKeys.member.depositInfo(currency));
    const before = credited.current;
    credited.current = now;
    if (before && [...now].some((id) => !before.has(id))) {
      void queryClient.invalidateQueries({
        queryKey: queryKeys.member.wallet(),
        // this query itself is fresh already
        predicate: (q) => JSON.stringify(q.queryKey) !== own,
      });
    }
  }, [query.data, queryClient, currency]);

  return query;
}
