import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppLinks } from './app-download-rules';
import styles from './footer.module.css';
import { Logo } from './logo';
import { VisuallyHidden } from './visually-hidden';

/** The English and the Traditional Chinese help-center sites. */
export interface HelpCenterSites {
  en: string;
  zhTw: string;
}

/** Chinese readers (zh-TW and zh-CN) get the Traditional Chinese site, everyone else English. */
export function helpCenterHref(locale: string, sites: HelpCenterSites): string {
  return locale.toLowerCase().startsWith('zh') ? sites.zhTw : sites.en;
}

export interface FooterLinks {
  /** Route paths; leave out until the screen exists. */
  aboutUs?: string;
  press?: string;
  /** Route path or external URL of the blog. */
  blog?: string;
  helpCenter?: HelpCenterSites;
  /** Route paths of the legal pages. */
  userAgreement?: string;
  privacyPolicy?: string;
}

export interface SupportContact {
  email?: string;
  phone?: string;
}

export interface FooterProps {
  locale: string;
  /** Logged in: support contact lines are shown (visitors use the contact-us form). */
  isMember?: boolean;
  links?: FooterLinks;
  apps?: AppLinks;
  support?: SupportContact;
  address?: string;
  /** For tests; defaults to the current year. */
  year?: number;
}

function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

function FooterLink({
  href,
  children,
  testId,
}: {
  href: string;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('components');
  if (isInternal(href)) {
    return (
      <Link className={styles.link} to={href} data-testid={testId}>
        {children}
      </Link>
    );
  }
  if (href.startsWith('mailto:') || href.startsWith('tel:')) {
    return (
      <a className={styles.link} href={href} data-testid={testId}>
        {children}
      </a>
    );
  }
  return (
    <a
      className={styles.link}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
    >
      {children}
      <VisuallyHidden>{` (${t('link.newTab')})`}</VisuallyHidden>
    </a>
  );
}

interface Entry {
  key: string;
  node: ReactNode;
}

function FooterSection({ title, entries }: { title: string; entries: Entry[] }) {
  const headingId = `footer-${useId()}`;
  if (entries.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {title}
      </h2>
      <ul className={styles.list}>
        {entries.map((entry) => (
          <li key={entry.key}>{entry.node}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The dark footer. Only what exists is linked: entries without a target are left out.
 * External links open in a new tab with rel="noopener noreferrer".
 */
export function Footer({
  locale,
  isMember = false,
  links = {},
  apps = {},
  support = {},
  address,
  year = new Date().getFullYear(),
}: FooterProps) {
  const { t } = useTranslation('footer');

  const company: Entry[] = [];
  if (links.aboutUs)
    company.push({
      key: 'about',
      node: (
        <FooterLink href={links.aboutUs} testId="footer-about-us">
          {t('company.aboutUs')}
        </FooterLink>
      ),
    });
  if (links.press)
    company.push({
      key: 'press',
      node: (
        <FooterLink href={links.press} testId="footer-press">
          {t('company.press')}
        </FooterLink>
      ),
    });
  if (links.blog)
    company.push({
      key: 'blog',
      node: (
        <FooterLink href={links.blog} testId="footer-blog">
          {t('company.blog')}
        </FooterLink>
      ),
    });

  const supportEntries: Entry[] = [];
  if (links.helpCenter)
    supportEntries.push({
      key: 'help',
      node: (
        <FooterLink href={helpCenterHref(locale, links.helpCenter)} testId="footer-help-center">
          {t('support.helpCenter')}
        </FooterLink>
      ),
    });
  if (isMember && support.email)
    supportEntries.push({
      key: 'email',
      node: (
        <span className={styles.contactLine} data-testid="footer-support-email">
          {t('support.email')}{' '}
          <FooterLink href={`mailto:${support.email}`}>{support.email}</FooterLink>
        </span>
      ),
    });
  if (isMember && support.phone)
    supportEntries.push({
      key: 'phone',
      node: (
        <span className={styles.contactLine} data-testid="footer-support-phone">
          {t('support.phone')}{' '}
          <FooterLink href={`tel:${support.phone.replace(/[^+\d]/g, '')}`}>
            {support.phone}
          </FooterLink>
        </span>
      ),
    });
  if (isMember && (support.email || support.phone))
    supportEntries.push({
      key: 'hours',
      node: <span className={styles.note}>{t('support.hours')}</span>,
    });

  const legalEntries: Entry[] = [];
  if (links.userAgreement)
    legalEntries.push({
      key: 'agreement',
      node: (
        <FooterLink href={links.userAgreement} testId="footer-user-agreement">
          {t('legal.userAgreement')}
        </FooterLink>
      ),
    });
  if (links.privacyPolicy)
    legalEntries.push({
      key: 'privacy',
      node: (
        <FooterLink href={links.privacyPolicy} testId="footer-privacy-policy">
          {t('legal.privacyPolicy')}
        </FooterLink>
      ),
    });

  const appEntries: Entry[] = [];
  if (apps.appStore)
    appEntries.push({
      key: 'ios',
      node: (
        <FooterLink href={apps.appStore} testId="footer-app-store">
          {t('apps.appStore')}
        </FooterLink>
      ),
    });
  if (apps.playStore)
    appEntries.push({
      key: 'android',
      node: (
        <FooterLink href={apps.playStore} testId="footer-play-store">
          {t('apps.playStore')}
        </FooterLink>
      ),
    });
  if (apps.apk)
    appEntries.push({
      key: 'apk',
      node: (
        <FooterLink href={apps.apk} testId="footer-apk">
          {t('apps.apk')}
        </FooterLink>
      ),
    });

  return (
    <footer className={styles.footer} data-testid="footer">
      <div className={styles.inner}>
        <div className={styles.top}>
          <div className={styles.brand}>
            <Logo />
            <p className={styles.tagline}>{t('tagline')}</p>
          </div>
          <div className={styles.sections}>
            <FooterSection title={t('company.title')} entries={company} />
            <FooterSection title={t('support.title')} entries={supportEntries} />
            <FooterSection title={t('legal.title')} entries={legalEntries} />
            <FooterSection title={t('apps.title')} entries={appEntries} />
          </div>
        </div>

        <div className={styles.notes}>
          {address ? (
            <p data-testid="footer-address">
              <span className={styles.noteLabel}>{t('address')}</span> {address}
            </p>
          ) : null}
          <p data-testid="footer-timezone">{t('notes.timeZone')}</p>
          <p data-testid="footer-browser">{t('notes.browser')}</p>
        </div>

        <p className={styles.disclaimer} data-testid="footer-disclaimer">
          {t('disclaimer')}
        </p>
        <p className={styles.copyright} data-testid="footer-copyright">
          {t('copyright', { year })}
        </p>
      </div>
    </footer>
  );
}
