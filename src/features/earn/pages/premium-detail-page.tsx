import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { LoadError, Skeleton } from '../../../components/load-states';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import { paths } from '../../../lib/paths';
import { useEarnDetail, useEarnGuestDetail } from '../api/use-earn-product';
import { GuestJoinPrompt } from '../components/guest-join-prompt';
import { JoinPanel, offersJoin } from '../components/join-panel';
import { ProductOverview } from '../components/product-overview';
import { SubscriptionSummary } from '../components/subscription-summary';
import { useEarnErrorText } from '../hooks/use-earn-error-text';
import { isSerialNumber, tabOfKind } from '../utils/products';
import styles from '../components/earn.module.css';

/**
 * /:type/:sn (PremiumDetail, public): one earn product. Visitors get GuestDetail (the product
 * and a Log in / Sign up call to action); members get MemberDetail (premium2/Detail: the product,
 * their subscription, and Join or Add more, or the KYC prompt while their identity is not
 * verified). Without a serial number (/fixed, or a token symbol as in /fixed/USDT) the page is
 * the dashboard's tab of that kind; a serial number under another kind's path goes to its own.
 */
export default function PremiumDetailPage() {
  const { type, sn } = useParams();
  const loggedIn = useLoggedIn();
  if (!isSerialNumber(sn)) {
    return (
      <Navigate replace to={paths.PremiumDashboard.getHref(undefined, { tab: tabOfKind(type) })} />
    );
  }
  return loggedIn ? (
    <MemberDetail key={sn} type={type} sn={sn} />
  ) : (
    <GuestDetail key={sn} type={type} sn={sn} />
  );
}

interface DetailProps {
  /** the path's kind */
  type: string | undefined;
  sn: string;
}

/** premium2/GuestDetail: what a visitor reads, with the call to log in or sign up. */
export function GuestDetail({ type, sn }: DetailProps) {
  const query = useEarnGuestDetail(sn);
  return (
    <DetailFrame
      viewer="guest"
      query={query}
      type={type}
      sn={sn}
      kindOf={(product) => product.kind}
    >
      {(product) => (
        <ProductOverview product={product}>
          <GuestJoinPrompt />
        </ProductOverview>
      )}
    </DetailFrame>
  );
}

/** premium2/Detail: the product with the member's subscription, and Join. */
export function MemberDetail({ type, sn }: DetailProps) {
  const query = useEarnDetail(sn);
  return (
    <DetailFrame
      viewer="member"
      query={query}
      type={type}
      sn={sn}
      kindOf={(detail) => detail.product.kind}
    >
      {({ product, subscription }) => (
        <ProductOverview product={product} memberLevel={subscription?.effectiveLevel}>
          {subscription ? <SubscriptionSummary subscription={subscription} /> : null}
          {offersJoin(subscription) ? <JoinPanel product={product} /> : null}
        </ProductOverview>
      )}
    </DetailFrame>
  );
}

/** Loading skeleton, translated error with retry, the right kind in the path, then the page. */
function DetailFrame<T>({
  viewer,
  query,
  type,
  sn,
  kindOf,
  children,
}: {
  viewer: 'guest' | 'member';
  query: { data: T | undefined; isPending: boolean; error: unknown; refetch: () => unknown };
  type: string | undefined;
  sn: string;
  kindOf: (data: T) => string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('earn');
  const errorText = useEarnErrorText();
  let body: ReactNode;
  if (query.isPending) body = <Skeleton lines={8} testId="earn-detail-loading" />;
  else if (query.data === undefined)
    body = (
      <LoadError
        message={errorText(query.error) ?? t('detail.error')}
        onRetry={() => query.refetch()}
        testId="earn-detail-error"
      />
    );
  else if (kindOf(query.data) !== type)
    return <Navigate replace to={paths.PremiumDetail.getHref({ type: kindOf(query.data), sn })} />;
  else body = children(query.data);
  return (
    <div className={styles.page} data-testid="earn-detail" data-viewer={viewer}>
      {body}
    </div>
  );
}
