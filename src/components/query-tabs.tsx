import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import styles from './query-tabs.module.css';

export interface QueryTab<V extends string> {
  value: V;
  label: ReactNode;
  content: ReactNode;
}

export interface QueryTabsProps<V extends string> {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly QueryTab<V>[];
  /** Shown when the query has no tab or an unknown one. */
  defaultValue: V;
  /** Query parameter, default `tab` (the spec's). */
  param?: string;
  /** Test ids: `${testIdPrefix}-tab-<value>` and `${testIdPrefix}-panel-<value>`. */
  testIdPrefix: string;
}

/**
 * Tabs synced to a query parameter (spec: `/security?tab=two-step`), on Radix Tabs: arrow keys
 * move between tabs, Home/End jump, the panel is labelled by its tab. Choosing a tab replaces
 * the history entry (Back leaves the page instead of walking through tabs) and keeps the other
 * query parameters. Only the active panel is mounted, so a tab loads its data when opened.
 */
export function QueryTabs<V extends string>({
  label,
  tabs,
  defaultValue,
  param = 'tab',
  testIdPrefix,
}: QueryTabsProps<V>) {
  const [query, setQuery] = useSearchParams();
  const requested = query.get(param);
  const active = tabs.find((tab) => tab.value === requested)?.value ?? defaultValue;

  function select(value: string) {
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(param, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  return (
    <Tabs.Root value={active} onValueChange={select} className={styles.root}>
      <Tabs.List aria-label={label} className={styles.list}>
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            className={styles.trigger}
            data-testid={`${testIdPrefix}-tab-${tab.value}`}
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Content
          key={tab.value}
          value={tab.value}
          className={styles.panel}
          data-testid={`${testIdPrefix}-panel-${tab.value}`}
        >
          {tab.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
