import { useMemo, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState, LoadError, Skeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { SelectField } from '../../../components/select-field';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { resolveLocale } from '../../../shared/constants/locales';
import { useSearchCatalog } from '../api/use-search-catalog';
import {
  earnItems,
  SEARCH_KINDS,
  SEARCH_SORTS,
  searchItems,
  strategyItems,
  type SearchItem,
  type SearchKind,
  type SearchSort,
} from '../utils/search-items';
import styles from './search-result-page.module.css';

export interface SearchResultPageProps {
  /** where an item opens (the app's route table) */
  itemHref: (target: SearchItem['target']) => string;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** 8.5 -> "8.5%" (at most 2 places). */
const percent = (rate: number, locale: string) =>
  `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(rate)}%`;

/** "10000.5" -> "10,000.5", exactly (no float). */
function groupDecimal(text: string, locale: string): string {
  const [whole = '', fraction] = text.split('.');
  if (!/^\d+$/.test(whole)) return text;
  const grouped = new Intl.NumberFormat(locale).format(BigInt(whole));
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/**
 * SearchResult (`/search-result?q=&type=&sort=`): the earn products and Smart Autotrade
 * strategies matching the query, with a kind filter and a sort, all kept in the URL (a result
 * list can be shared and Back returns to it). Reached from the landing page's search field.
 */
export function SearchResultPage({ itemHref }: SearchResultPageProps) {
  const { t, i18n } = useTranslation('search');
  const { t: tEarn } = useTranslation('earn');
  const locale = resolveLocale(i18n.language);
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').slice(0, 60);
  const kind = oneOf<SearchKind>(SEARCH_KINDS, params.get('type'), 'all');
  const sort = oneOf<SearchSort>(SEARCH_SORTS, params.get('sort'), 'relevance');
  const { earn, strategies } = useSearchCatalog();

  const items = useMemo(
    () => [
      ...earnItems(earn.data?.list ?? [], locale, (family) => tEarn(`kind.${family}`)),
      ...strategyItems(strategies.data?.list ?? [], locale, t('kind.autotrade')),
    ],
    [earn.data, strategies.data, locale, t, tEarn],
  );
  const results = useMemo(
    () => searchItems(items, { query, kind, sort, locale }),
    [items, query, kind, sort, locale],
  );

  const update = (changes: Record<string, string>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = new FormData(event.currentTarget).get('q');
    update({ q: typeof typed === 'string' ? typed.trim().slice(0, 60) : '' });
  };

  const loading = earn.isPending || strategies.isPending;
  const failed = earn.isError && strategies.isError;

  return (
    <div className={styles.page} data-testid="search-page">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      <form role="search" className={styles.form} onSubmit={onSubmit} key={query}>
        <label htmlFor="search-q">
          <VisuallyHidden>{t('field.label')}</VisuallyHidden>
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          defaultValue={query}
          maxLength={60}
          placeholder={t('field.placeholder')}
          className={styles.input}
          data-testid="search-input"
        />
        <Button type="submit" data-testid="search-submit">
          {t('field.submit')}
        </Button>
      </form>
      <div className={styles.controls}>
        <SelectField
          label={t('filter.label')}
          value={kind}
          onChange={(event) =>
            update({ type: event.target.value === 'all' ? '' : event.target.value })
          }
          options={SEARCH_KINDS.map((value) => ({ value, label: t(`filter.${value}`) }))}
          data-testid="search-filter"
        />
        <SelectField
          label={t('sort.label')}
          value={sort}
          onChange={(event) =>
            update({ sort: event.target.value === 'relevance' ? '' : event.target.value })
          }
          options={SEARCH_SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
          data-testid="search-sort"
        />
      </div>

      {loading ? (
        <Skeleton lines={6} testId="search-loading" />
      ) : failed ? (
        <LoadError
          message={t('error.load')}
          onRetry={() => Promise.all([earn.refetch(), strategies.refetch()])}
          testId="search-error"
        />
      ) : (
        <>
          <p className={styles.count} role="status" data-testid="search-count">
            {query
              ? t('results', { count: results.length, query })
              : t('all', { count: results.length })}
          </p>
          {earn.isError || strategies.isError ? (
            <LoadError
              message={t('error.load')}
              onRetry={() => (earn.isError ? earn.refetch() : strategies.refetch())}
              testId="search-partial-error"
            />
          ) : null}
          {results.length === 0 ? (
            <EmptyState
              title={query ? t('empty.title', { query }) : t('empty.all')}
              testId="search-empty"
            >
              {query ? t('empty.next') : null}
            </EmptyState>
          ) : (
            <ul className={styles.list} data-testid="search-results">
              {results.map((item) => (
                <li key={item.key} className={styles.item} data-testid={`search-item-${item.key}`}>
                  <p className={styles.kind}>
                    {t(`kind.${item.kind}`)} ·{' '}
                    {item.family === t(`kind.${item.kind}`) ? item.market : item.family}
                  </p>
                  <h2 className={styles.name}>
                    <Link to={itemHref(item.target)} className={styles.link}>
                      {item.name}
                    </Link>
                  </h2>
                  <dl className={styles.figures}>
                    <div>
                      <dt>{t('field.annualReturn')}</dt>
                      <dd className={styles.return}>{percent(item.annualReturn, locale)}</dd>
                    </div>
                    <div>
                      <dt>{t('field.minimum')}</dt>
                      <dd>
                        {groupDecimal(item.minimum.amount, locale)} {item.minimum.currency}
                      </dd>
                    </div>
                    {item.periodMonth !== null ? (
                      <div>
                        <dt>{t('field.term')}</dt>
                        <dd>{t('term', { count: item.periodMonth })}</dd>
                      </div>
                    ) : null}
                    {item.risk ? (
                      <div>
                        <dt>{t('field.risk')}</dt>
                        <dd>{t(`risk.${item.risk}`)}</dd>
                      </div>
                    ) : null}
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

export default SearchResultPage;
