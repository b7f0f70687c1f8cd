import { lazy, Suspense } from 'react';
import {
  ONBOARDING_PARAM,
  ONBOARDING_VALUE,
  useOnboardingParam,
} from '../../features/landing/hooks/use-onboarding-param';
import { NearViewport } from '../../features/landing/components/near-viewport';
import { useAdvertisementPopup } from '../../features/landing/hooks/use-advertisement-popup';
import {
  LandingPage,
  type ContentBlock,
  type ProductBlock,
} from '../../features/landing/pages/landing-page';
import { ensureNamespaces } from '../../i18n/lazy-namespaces';
import type { KeyValueStorage } from '../../lib/browser-storage';
import { hasToken } from '../../services/session';
import { useLoggedIn } from '../../hooks/use-logged-in';
import { storeBackTo, type BackTo } from '../guards';
import { LazyBoundary } from '../lazy-boundary';
import { paths } from '../../lib/paths';
import { storage } from '../runtime';

/**
 * The tour (dialog, its KYC status call and the `onboarding` translations) is its own chunk,
 * loaded only when the URL has `mode=new`: Landing's first load does not carry it.
 */
const OnboardingHost = lazy(() =>
  Promise.all([
    ensureNamespaces(['onboarding']),
    import('../../features/landing/components/onboarding-host'),
  ]).then(([, module]) => ({ default: module.OnboardingHost })),
);

/**
 * The Fixed Pro and Fixed blocks' cards (the earn feature's catalog request, its card, the API
 * schemas and error texts it reads, the `earn` translations): their own chunk, loaded when the
 * visitor scrolls within 200 px of a block. Both blocks start below the first screen (a phone's
 * and a 1280x720 desktop's), so the first load does not carry them.
 */
const LandingProductCards = lazy(() =>
  Promise.all([
    ensureNamespaces(['earn']),
    import('../../features/earn/components/landing-product-cards'),
  ]).then(([, module]) => ({ default: module.LandingProductCards })),
);

function renderProductCards(block: ProductBlock) {
  return (
    <NearViewport margin="200px" minHeight="12rem">
      <LazyBoundary fallback={null}>
        <Suspense fallback={null}>
          <LandingProductCards group={block} />
        </Suspense>
      </LazyBoundary>
    </NearViewport>
  );
}

/**
 * The recent collaborations and the media coverage (the content service's posts and the
 * `content` translations): their own chunk, loaded when the visitor scrolls near them.
 */
const LandingContentBlocks = lazy(() =>
  Promise.all([
    ensureNamespaces(['content']),
    import('../../features/landing/components/landing-content-blocks'),
  ]).then(([, module]) => ({ default: module.LandingContentBlocks })),
);

const pressPostHref = (id: number) => paths.PressPost.getHref({ id: String(id) });

function renderContentBlock(block: ContentBlock) {
  return (
    <NearViewport minHeight="12rem">
      <LazyBoundary fallback={null}>
        <Suspense fallback={null}>
          <LandingContentBlocks block={block} postHref={pressPostHref} />
        </Suspense>
      </LazyBoundary>
    </NearViewport>
  );
}

/**
 * The advertisement popup (its dialog, the earn catalog it reads and the `content`
 * translations): its own chunk, loaded only when an ad is due (features/landing/README.md).
 */
const AdPopupHost = lazy(() =>
  Promise.all([
    ensureNamespaces(['content']),
    import('../../features/landing/components/ad-popup-host'),
  ]).then(([, module]) => ({ default: module.AdPopupHost })),
);

function AdvertisementPopup({ onboarding }: { onboarding: boolean }) {
  const popup = useAdvertisementPopup({ storage: storage(), onboarding });
  if (!popup.ad) return null;
  return (
    <LazyBoundary fallback={null}>
      <Suspense fallback={null}>
        <AdPopupHost
          ad={popup.ad}
          productHref={(product) =>
            paths.PremiumDetail.getHref({ type: product.kind, sn: product.serialNumber })
          }
          onClose={popup.close}
          onHideToday={popup.hideToday}
        />
      </Suspense>
    </LazyBoundary>
  );
}

/**
 * The member Dashboard (its calls of every product family, the KYC and loyalty statuses and the
 * `dashboard` translations): its own chunk, loaded only for a logged-in member, so a visitor's
 * first load does not carry it.
 */
const MemberDashboardHost = lazy(() =>
  Promise.all([ensureNamespaces(['dashboard']), import('./member-dashboard-host')]).then(
    ([, module]) => ({ default: module.MemberDashboardHost }),
  ),
);

const memberDashboard = (
  <LazyBoundary fallback={null}>
    <Suspense fallback={null}>
      <MemberDashboardHost />
    </Suspense>
  </LazyBoundary>
);

/** The tour's Verify stores this return target: Landing with `mode=new`. */
export const ONBOARDING_BACK_TO: BackTo = {
  name: 'Landing',
  query: { [ONBOARDING_PARAM]: ONBOARDING_VALUE },
};

/** Stores the return target the way the login flow stores backTo (`guards.storeBackTo`). */
export function storeOnboardingBackTo(store: KeyValueStorage = storage()): void {
  storeBackTo(store, ONBOARDING_BACK_TO);
}

/**
 * The Landing route's screen: the landing page, plus the onboarding tour for a logged-in member
 * when the URL has `mode=new` (spec section 2), or else the advertisement popup when one is due. The app gives the tour its links, since
 * features do not import the route table.
 */
export default function LandingScreen() {
  const { isOpen } = useOnboardingParam();
  const loggedIn = useLoggedIn();
  return (
    <>
      <LandingPage
        signUpHref={paths.Register.getHref()}
        loginHref={paths.Login.getHref()}
        accountHref={paths.Account.getHref()}
        earnHref={paths.PremiumDashboard.getHref()}
        renderProductCards={renderProductCards}
        searchHref={paths.SearchResult.getHref()}
        pressHref={paths.Press.getHref()}
        renderContentBlock={renderContentBlock}
        memberDashboard={loggedIn ? memberDashboard : undefined}
      />
      <AdvertisementPopup onboarding={isOpen} />
      {isOpen && hasToken() ? (
        <LazyBoundary fallback={null}>
          <Suspense fallback={null}>
            <OnboardingHost
              verifyHref={paths.Kyc.getHref(undefined, { step: 'upload' })}
              onVerify={() => storeOnboardingBackTo()}
            />
          </Suspense>
        </LazyBoundary>
      ) : null}
    </>
  );
}
