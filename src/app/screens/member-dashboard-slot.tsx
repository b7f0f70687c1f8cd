import { lazy, Suspense } from 'react';
import { ensureNamespaces } from '../../i18n/lazy-namespaces';
import { LazyBoundary } from '../lazy-boundary';

/**
 * The member Dashboard's data and screen (every product family's call, the KYC and loyalty
 * statuses) and the `dashboard` translations. This small module is what the Landing screen
 * imports lazily for a member: the list of the host's chunks lives here, not in Landing's
 * first-load code.
 */
const MemberDashboardHost = lazy(() =>
  Promise.all([ensureNamespaces(['dashboard']), import('./member-dashboard-host')]).then(
    ([, module]) => ({ default: module.MemberDashboardHost }),
  ),
);

export default function MemberDashboardSlot() {
  return (
    <LazyBoundary fallback={null}>
      <Suspense fallback={null}>
        <MemberDashboardHost />
      </Suspense>
    </LazyBoundary>
  );
}
