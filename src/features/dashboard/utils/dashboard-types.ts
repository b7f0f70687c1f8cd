import type { UserDashboardStrategyList } from '../../../shared/api/autotrade-strategies';

export type AutotradeDashboardList = UserDashboardStrategyList;

/** One value the Dashboard shows, each from its own call: loading, failed (retry) or known. */
export type DashboardValue<T> =
  { status: 'loading' } | { status: 'error'; retry: () => void } | { status: 'ready'; value: T };
