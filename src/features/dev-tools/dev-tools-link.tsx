// The developer tools' link under the footer, outside production only: src/app/shell-layout.tsx
// loads this module lazily behind an APP_ENV check, so a production build has none of it.
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import styles from './components/dev-tools.module.css';
import { useDevT, useDevTexts } from './dev-texts';

export default function DevToolsLink() {
  const ready = useDevTexts();
  const t = useDevT();
  if (!ready) return null;
  return (
    <div className={styles.devLinkBar}>
      <Link
        to={paths.DevContracts.getHref()}
        data-testid="dev-tools-link"
        title={t('link.description')}
      >
        {t('link.label')}
      </Link>{' '}
      <span className={styles.muted}>{t('link.description')}</span>
    </div>
  );
}
