import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { VisuallyHidden } from '../../../components/visually-hidden';
import styles from './nav-search.module.css';

/** The same limit as SearchResult's own field (utils/search-items.ts: at most 60 characters). */
const MAX_QUERY = 60;

/**
 * The nav bar's search box: sends `q` to SearchResult (a GET form through the router, no
 * reload). In the bar above 946 px, in the folded menu on a phone (the nav bar places the
 * slot). No state and no calls: nothing to load lazily.
 */
export function NavSearch({ searchHref }: { searchHref: string }) {
  const { t } = useTranslation('nav');
  return (
    <Form
      action={searchHref}
      method="get"
      role="search"
      aria-label={t('search.label')}
      className={styles.form}
      data-testid="nav-search"
    >
      <label className={styles.field}>
        <VisuallyHidden>{t('search.label')}</VisuallyHidden>
        <input
          name="q"
          type="search"
          required
          maxLength={MAX_QUERY}
          className={styles.input}
          placeholder={t('search.placeholder')}
          data-testid="nav-search-input"
        />
      </label>
      <button type="submit" className={styles.submit} data-testid="nav-search-submit">
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
          <circle cx="11" cy="11" r="6.5" />
          <path d="m16 16 4.5 4.5" />
        </svg>
        <VisuallyHidden>{t('search.submit')}</VisuallyHidden>
      </button>
    </Form>
  );
}
