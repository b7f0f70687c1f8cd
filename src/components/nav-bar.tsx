import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from './class-names';
import { Logo } from './logo';
import styles from './nav-bar.module.css';
import { NavDropdown } from './nav-dropdown';
import { isCurrentHref, type NavMenu } from './nav-items';
import { useScrolledPast } from './use-scrolled-past';
import { VisuallyHidden } from './visually-hidden';

/** Spec section 9: the folded (burger) menu is used up to this width and closes above it. */
export const NAV_FOLD_MAX_WIDTH = 946;
/** Spec section 9: scrolling past this many pixels changes the nav background. */
export const NAV_SCROLL_THRESHOLD = 200;

export interface NavBarProps {
  /** Current route path; a change closes the folded menu and marks the current item. */
  pathname: string;
  /** Landing's path. The logo links here, or scrolls to the top when already here. */
  homeHref?: string;
  /** About Us, the service submenu and the BinFi submenu, in order (see useNavMenus). */
  menus?: readonly NavMenu[];
  /** Hide the menus (Register, Login, KYC, subscribe flows, Questionnaire...). */
  hideMenus?: boolean;
  /** Slot: the search box (left out with the menus); in the bar, or in the folded menu. */
  search?: ReactNode;
  /** Slot: the language switcher (omit on the partner variant). */
  languageSwitcher?: ReactNode;
  /** Slot: the wallet area (lazy-loaded by the app). Stays in the bar on small screens. */
  wallet?: ReactNode;
  /** Slot for visitors: the contact-us button. */
  contactUs?: ReactNode;
  /** Slot for visitors: Log in and Sign up (left out on the Login and Register screens). */
  authLinks?: ReactNode;
  /** Slot for members: the portfolio button. */
  portfolio?: ReactNode;
  /** Slot for members: the user menu. */
  userMenu?: ReactNode;
}

/**
 * The dark navy navigation bar. Each slot is rendered exactly once: above 946 px the menus
 * and actions sit in the bar, at 946 px and below they fold into a panel opened by the burger.
 */
export function NavBar({
  pathname,
  homeHref = '/',
  menus = [],
  hideMenus = false,
  search,
  languageSwitcher,
  wallet,
  contactUs,
  authLinks,
  portfolio,
  userMenu,
}: NavBarProps) {
  const { t } = useTranslation('nav');
  const panelId = `nav-panel-${useId()}`;
  const navRef = useRef<HTMLElement>(null);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const scrolled = useScrolledPast(NAV_SCROLL_THRESHOLD);

  // The menu is open for the route it was opened on; any route change closes it.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const open = openOnPath === pathname;

  useEffect(() => {
    if (!open) return undefined;
    const closeWhenWide = () => {
      if (window.innerWidth > NAV_FOLD_MAX_WIDTH) setOpenOnPath(null);
    };
    window.addEventListener('resize', closeWhenWide);
    return () => window.removeEventListener('resize', closeWhenWide);
  }, [open]);

  function toggleMenu() {
    setOpenOnPath(open ? null : pathname);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    // Esc inside the bar closes the folded menu; Esc inside a (portalled) submenu is its own.
    if (
      event.key === 'Escape' &&
      open &&
      event.target instanceof Node &&
      navRef.current?.contains(event.target)
    ) {
      setOpenOnPath(null);
      burgerRef.current?.focus();
    }
  }

  function handleLogoClick(event: MouseEvent<HTMLAnchorElement>) {
    setOpenOnPath(null);
    if (pathname === homeHref) {
      event.preventDefault();
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  }

  const hasActions = Boolean(languageSwitcher || contactUs || authLinks || portfolio || userMenu);

  return (
    <header
      className={cx(styles.bar, scrolled && styles.scrolled)}
      data-scrolled={scrolled ? 'true' : 'false'}
      data-testid="nav-bar"
    >
      <nav ref={navRef} className={styles.inner} aria-label={t('label')} onKeyDown={handleKeyDown}>
        <Link
          to={homeHref}
          className={styles.logoLink}
          onClick={handleLogoClick}
          aria-label={t('brand.home')}
          data-testid="nav-logo"
        >
          <Logo />
        </Link>

        <div
          id={panelId}
          className={cx(styles.panel, open && styles.panelOpen)}
          data-open={open ? 'true' : 'false'}
          data-testid="nav-panel"
        >
          {!hideMenus && menus.length > 0 ? (
            <ul className={styles.menus}>
              {menus.map((menu) => (
                <li key={menu.id} className={styles.menuEntry}>
                  <TopLevelEntry menu={menu} pathname={pathname} />
                </li>
              ))}
            </ul>
          ) : null}
          {!hideMenus && search ? <div className={styles.search}>{search}</div> : null}
          {hasActions ? (
            <div className={styles.actions}>
              {languageSwitcher}
              {contactUs}
              {authLinks}
              {portfolio}
              {userMenu}
            </div>
          ) : null}
        </div>

        <div className={styles.end}>
          {wallet ? <div className={styles.wallet}>{wallet}</div> : null}
          <button
            ref={burgerRef}
            type="button"
            className={cx(styles.burger, open && styles.burgerOpen)}
            aria-expanded={open}
            aria-controls={panelId}
            onClick={toggleMenu}
            data-testid="nav-burger"
          >
            <span className={styles.burgerLines} aria-hidden="true" />
            <VisuallyHidden>{t('menu.toggle')}</VisuallyHidden>
          </button>
        </div>
      </nav>
    </header>
  );
}

function TopLevelEntry({ menu, pathname }: { menu: NavMenu; pathname: string }) {
  const { t } = useTranslation('nav');
  if (menu.items && menu.items.length > 0) {
    return (
      <NavDropdown
        label={menu.label}
        items={menu.items}
        pathname={pathname}
        data-testid={`nav-menu-${menu.id}`}
      />
    );
  }
  if (menu.href) {
    const current = isCurrentHref(menu.href, pathname);
    return (
      <Link
        to={menu.href}
        className={styles.menuLink}
        aria-current={current ? 'page' : undefined}
        data-testid={`nav-menu-${menu.id}`}
      >
        {menu.label}
      </Link>
    );
  }
  return (
    <span className={styles.menuDisabled} aria-disabled="true" data-testid={`nav-menu-${menu.id}`}>
      {menu.label}
      <VisuallyHidden>{` (${t('menu.comingSoon')})`}</VisuallyHidden>
    </span>
  );
}
