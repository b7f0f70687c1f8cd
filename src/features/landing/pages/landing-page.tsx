import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { ButtonLink } from '../../../components/button-link';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { useLoggedIn } from '../../../hooks/use-logged-in';
import styles from './landing-page.module.css';

/**
 * Landing (products-programs.md section 2, "Screens"), blocks in the spec's order: banner,
 * feature cards, Fixed Pro products, Fixed products (cards from the catalog, drawn by the earn
 * feature through `renderProductCards`, loaded after the first paint), the product difference
 * table, the product families in words, the three-step flow, the recent collaborations and the
 * media coverage (the content service's, drawn through `renderContentBlock` when scrolled near)
 * and, for visitors, a contact-us card; a search field under the banner. CSS only, no remote
 * images.
 */

/** Opens the contact dialog the way the spec links it: query `type=contact-us`. */
function useOpenContactUs() {
  const [, setSearchParams] = useSearchParams();
  return () =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('type', 'contact-us');
        return next;
      },
      { replace: true },
    );
}

/** The landing's catalog blocks, Fixed Pro first (spec section 2). */
export const PRODUCT_BLOCKS = ['fixed-pro', 'fixed'] as const;
export type ProductBlock = (typeof PRODUCT_BLOCKS)[number];
const BLOCK_KEYS = { 'fixed-pro': 'fixedPro', fixed: 'fixed' } as const;

/** The difference table: its product columns and rows (landing.json compare.*). */
const COMPARED = ['stable', 'pro', 'mixed'] as const;
const COMPARE_ROWS = ['return', 'rewards', 'renewal', 'dca'] as const;

const PRODUCTS = ['stableIncome', 'mixedQuant', 'smartAutotrade', 'lendingBot', 'binfi'] as const;
const FEATURES = ['wallet', 'kyc', 'loyalty', 'security'] as const;
const STEPS = ['register', 'verify', 'subscribe'] as const;
const WALLET_ASSETS = ['BCNT', 'USDT', 'USDC', 'BTC', 'ETH'] as const;

const FEATURE_ICONS: Record<(typeof FEATURES)[number], ReactNode> = {
  wallet: (
    <>
      <rect x="3" y="6" width="18" height="13" rx="2.5" />
      <path d="M3 9.5h18M15.5 14h2" />
    </>
  ),
  kyc: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <circle cx="9" cy="11" r="2.2" />
      <path d="M5.8 16.2c.6-1.7 1.8-2.6 3.2-2.6s2.6.9 3.2 2.6M14.5 10h4M14.5 13.5h3" />
    </>
  ),
  loyalty: (
    <>
      <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
    </>
  ),
  security: (
    <>
      <path d="M12 3 19 6v5.5c0 4.3-2.9 7.8-7 9.5-4.1-1.7-7-5.2-7-9.5V6z" />
      <path d="m9 12 2.2 2.2L15.5 10" />
    </>
  ),
};

export interface LandingPageProps {
  /** Register, Login and Account paths (the app owns the route table). */
  signUpHref: string;
  loginHref: string;
  accountHref: string;
  /** The earn dashboard (every product). */
  earnHref: string;
  /** The cards of a catalog block; without it the blocks are left out. */
  renderProductCards?: (block: ProductBlock) => ReactNode;
  /** The SearchResult page (the search field sends `q` there); without it no search field. */
  searchHref?: string;
  /** The Press page (media coverage's "all" link). */
  pressHref?: string;
  /** The recent collaborations' cards or the media coverage's items (content service). */
  renderContentBlock?: (block: ContentBlock) => ReactNode;
  /** The member Dashboard (spec: "Dashboard (members)"), shown under the banner; the app gives it to members only. */
  memberDashboard?: ReactNode;
}

/** The content service's blocks after the three steps (spec section 2). */
export const CONTENT_BLOCKS = ['collaborations', 'media'] as const;
export type ContentBlock = (typeof CONTENT_BLOCKS)[number];

export function LandingPage({
  signUpHref,
  loginHref,
  accountHref,
  earnHref,
  renderProductCards,
  searchHref,
  pressHref,
  renderContentBlock,
  memberDashboard,
}: LandingPageProps) {
  const { t } = useTranslation('landing');
  const openContactUs = useOpenContactUs();
  // the session's store: a visitor on the build's prerender and while hydrating, then current
  const isVisitor = !useLoggedIn();

  return (
    <div className={styles.page} data-testid="landing-page">
      <section
        className={styles.hero}
        aria-labelledby="landing-hero-title"
        data-testid="landing-hero"
      >
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
            <h1 id="landing-hero-title" className={styles.heroTitle}>
              {t('hero.title')}
            </h1>
            <p className={styles.heroBody}>{t('hero.body')}</p>
            <div className={styles.heroActions}>
              {isVisitor ? (
                <>
                  <ButtonLink to={signUpHref} size="lg" data-testid="landing-hero-signup">
                    {t('hero.signUp')}
                  </ButtonLink>
                  <ButtonLink
                    to={loginHref}
                    size="lg"
                    variant="inverse"
                    data-testid="landing-hero-login"
                  >
                    {t('hero.logIn')}
                  </ButtonLink>
                  <button
                    type="button"
                    className={styles.heroLink}
                    onClick={openContactUs}
                    aria-haspopup="dialog"
                    data-testid="landing-hero-contact"
                  >
                    {t('hero.contact')}
                  </button>
                </>
              ) : (
                <ButtonLink to={accountHref} size="lg" data-testid="landing-hero-account">
                  {t('hero.account')}
                </ButtonLink>
              )}
              <a className={styles.heroLink} href="#landing-steps">
                {t('hero.howItWorks')}
              </a>
            </div>
          </div>
          {/* Decorative: a wallet card listing the supported assets (no figures). */}
          <div className={styles.heroArt} aria-hidden="true">
            <div className={styles.walletCard}>
              <div className={styles.walletCardHeader}>
                <span className={styles.walletChip} />
                <span className={styles.walletDots} />
              </div>
              <ul className={styles.assetList}>
                {WALLET_ASSETS.map((asset) => (
                  <li key={asset} className={styles.asset}>
                    <span className={styles.assetCoin} data-asset={asset} />
                    <span>{asset}</span>
                    <span className={styles.assetBar} />
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      {memberDashboard}

      {searchHref ? (
        <section
          className={styles.section}
          aria-labelledby="landing-search-title"
          data-testid="landing-search"
        >
          <h2 id="landing-search-title" className={styles.sectionTitle}>
            {t('search.title')}
          </h2>
          <Form action={searchHref} method="get" role="search" className={styles.searchForm}>
            <label htmlFor="landing-search-q">
              <VisuallyHidden>{t('search.label')}</VisuallyHidden>
            </label>
            <input
              id="landing-search-q"
              name="q"
              type="search"
              className={styles.searchInput}
              placeholder={t('search.placeholder')}
              maxLength={60}
              data-testid="landing-search-input"
            />
            <Button type="submit" variant="primary" data-testid="landing-search-submit">
              {t('search.submit')}
            </Button>
          </Form>
        </section>
      ) : null}

      <section
        className={styles.section}
        aria-labelledby="landing-features-title"
        data-testid="landing-features"
      >
        <h2 id="landing-features-title" className={styles.sectionTitle}>
          {t('features.title')}
        </h2>
        <ul className={styles.featureGrid}>
          {FEATURES.map((feature) => (
            <li
              key={feature}
              className={styles.featureCard}
              data-testid={`landing-feature-${feature}`}
            >
              <svg
                className={styles.featureIcon}
                viewBox="0 0 24 24"
                aria-hidden="true"
                focusable="false"
              >
                {FEATURE_ICONS[feature]}
              </svg>
              <h3 className={styles.cardTitle}>{t(`features.${feature}.title`)}</h3>
              <p className={styles.cardBody}>{t(`features.${feature}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      {renderProductCards
        ? PRODUCT_BLOCKS.map((block) => (
            <section
              key={block}
              className={styles.section}
              aria-labelledby={`landing-block-${block}-title`}
              data-testid={`landing-block-${block}`}
            >
              <div className={styles.sectionHead}>
                <h2 id={`landing-block-${block}-title`} className={styles.sectionTitle}>
                  {t(`earn.${BLOCK_KEYS[block]}.title`)}
                </h2>
                <Link className={styles.sectionLink} to={earnHref} data-testid="landing-earn-all">
                  {t('earn.viewAll')}
                </Link>
              </div>
              <p className={styles.sectionLead}>{t(`earn.${BLOCK_KEYS[block]}.body`)}</p>
              {renderProductCards(block)}
            </section>
          ))
        : null}

      <section
        className={styles.section}
        aria-labelledby="landing-compare-title"
        data-testid="landing-compare"
      >
        <h2 id="landing-compare-title" className={styles.sectionTitle}>
          {t('compare.title')}
        </h2>
        <div
          className={styles.tableScroll}
          tabIndex={0}
          role="region"
          aria-labelledby="landing-compare-title"
        >
          <table className={styles.compareTable}>
            <caption>
              <VisuallyHidden>{t('compare.caption')}</VisuallyHidden>
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('compare.feature')}</th>
                {COMPARED.map((product) => (
                  <th key={product} scope="col">
                    {t(`compare.${product}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {COMPARE_ROWS.map((row) => (
                <tr key={row} data-testid={`landing-compare-${row}`}>
                  <th scope="row">{t(`compare.${row}.label`)}</th>
                  {COMPARED.map((product) => (
                    <td key={product}>{t(`compare.${row}.${product}`)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section
        className={styles.section}
        aria-labelledby="landing-products-title"
        data-testid="landing-products"
      >
        <h2 id="landing-products-title" className={styles.sectionTitle}>
          {t('products.title')}
        </h2>
        <ul className={styles.productList}>
          {PRODUCTS.map((product) => (
            <li key={product} className={styles.productItem}>
              <h3 className={styles.cardTitle}>{t(`products.${product}.name`)}</h3>
              <p className={styles.cardBody}>{t(`products.${product}.body`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section
        id="landing-steps"
        className={styles.section}
        aria-labelledby="landing-steps-title"
        data-testid="landing-steps"
      >
        <h2 id="landing-steps-title" className={styles.sectionTitle}>
          {t('steps.title')}
        </h2>
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className={styles.cardTitle}>{t(`steps.${step}.title`)}</h3>
                <p className={styles.cardBody}>{t(`steps.${step}.body`)}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      {renderContentBlock
        ? CONTENT_BLOCKS.map((block) => (
            <section
              key={block}
              className={styles.section}
              aria-labelledby={`landing-${block}-title`}
              data-testid={`landing-${block}`}
            >
              <div className={styles.sectionHead}>
                <h2 id={`landing-${block}-title`} className={styles.sectionTitle}>
                  {t(`${block}.title`)}
                </h2>
                {block === 'media' && pressHref ? (
                  <Link
                    className={styles.sectionLink}
                    to={pressHref}
                    data-testid="landing-press-all"
                  >
                    {t('media.viewAll')}
                  </Link>
                ) : null}
              </div>
              <p className={styles.sectionLead}>{t(`${block}.body`)}</p>
              {renderContentBlock(block)}
            </section>
          ))
        : null}

      {isVisitor ? (
        <section
          className={styles.section}
          aria-labelledby="landing-contact-title"
          data-testid="landing-contact-card"
        >
          <div className={styles.contactCard}>
            <div>
              <h2 id="landing-contact-title" className={styles.contactTitle}>
                {t('contactCard.title')}
              </h2>
              <p className={styles.contactBody}>{t('contactCard.body')}</p>
            </div>
            <Button
              variant="primary"
              size="lg"
              onClick={openContactUs}
              aria-haspopup="dialog"
              data-testid="landing-contact-button"
            >
              {t('contactCard.button')}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}

export default LandingPage;
