import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './page-header.module.css';

export interface Breadcrumb {
  label: string;
  /** Route href; the last crumb (the current page) and crumbs without a target render as text. */
  href?: string;
}

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  breadcrumbs?: readonly Breadcrumb[];
  /** Page-level actions shown at the end (buttons, links). */
  actions?: ReactNode;
}

/** The page's h1 with optional breadcrumbs, description and actions. */
export function PageHeader({ title, description, breadcrumbs, actions }: PageHeaderProps) {
  const { t } = useTranslation('components');
  return (
    <header className={styles.header}>
      {breadcrumbs && breadcrumbs.length > 0 ? (
        <nav aria-label={t('breadcrumbs.label')} className={styles.breadcrumbs}>
          <ol className={styles.crumbList}>
            {breadcrumbs.map((crumb, index) => {
              const isCurrent = index === breadcrumbs.length - 1;
              return (
                <li key={`${crumb.label}-${index}`} className={styles.crumb}>
                  {crumb.href && !isCurrent ? (
                    <Link to={crumb.href} className={styles.crumbLink}>
                      {crumb.label}
                    </Link>
                  ) : (
                    <span aria-current={isCurrent ? 'page' : undefined}>{crumb.label}</span>
                  )}
                </li>
              );
            })}
          </ol>
        </nav>
      ) : null}
      <div className={styles.row}>
        <div className={styles.text}>
          <h1 className={styles.title}>{title}</h1>
          {description ? <p className={styles.description}>{description}</p> : null}
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </header>
  );
}
