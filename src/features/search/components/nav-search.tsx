import { useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { NAV_FOLD_MAX_WIDTH } from '../../../components/nav-bar';
import { VisuallyHidden } from '../../../components/visually-hidden';
import styles from './nav-search.module.css';

/** The same limit as SearchResult's own field (utils/search-items.ts: at most 60 characters). */
const MAX_QUERY = 60;

/**
 * The nav bar's search box: sends `q` to SearchResult (a GET form through the router, no
 * reload). In the folded menu (946 px and below) the field is always shown. In the bar the bar
 * has no room for a field beside the menus, so the search button first opens the field in a
 * drop-down under the bar (focused); Esc, or leaving it empty, closes it. A few lines of state,
 * no calls: nothing worth loading lazily.
 */
export function NavSearch({ searchHref }: { searchHref: string }) {
  const { t } = useTranslation('nav');
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  function handleButton(event: MouseEvent<HTMLButtonElement>) {
    if (open || window.innerWidth <= NAV_FOLD_MAX_WIDTH) return; // submits
    event.preventDefault();
    setOpen(true);
    // the field is displayed with the state; focus it once it is
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  function handleBlur(event: FocusEvent<HTMLFormElement>) {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    if (!inputRef.current?.value) setOpen(false);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  }

  return (
    <Form
      action={searchHref}
      method="get"
      role="search"
      aria-label={t('search.label')}
      className={styles.form}
      data-open={open ? 'true' : undefined}
      onBlur={handleBlur}
      onKeyDown={handleKeyDown}
      onSubmit={() => setOpen(false)}
      data-testid="nav-search"
    >
      <label className={styles.field}>
        <VisuallyHidden>{t('search.label')}</VisuallyHidden>
        <input
          ref={inputRef}
          name="q"
          type="search"
          required
          maxLength={MAX_QUERY}
          className={styles.input}
          placeholder={t('search.placeholder')}
          data-testid="nav-search-input"
        />
      </label>
      <button
        ref={buttonRef}
        type="submit"
        className={styles.submit}
        onClick={handleButton}
        data-testid="nav-search-submit"
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
          <circle cx="11" cy="11" r="6.5" />
          <path d="m16 16 4.5 4.5" />
        </svg>
        <VisuallyHidden>{t('search.submit')}</VisuallyHidden>
      </button>
    </Form>
  );
}
