import * as Tabs from '@radix-ui/react-tabs';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
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
 * move the focus between tabs, Home/End jump, Enter or Space opens the focused tab (manual
 * activation, so walking the row with the keyboard neither loads every panel nor floods the
 * history), the panel is labelled by its tab. Choosing a tab pushes a history entry (Back
 * returns to the previous tab, as members expect of anything in the URL) and keeps the other
 * query parameters. Only the active panel is mounted, so a tab loads its data when opened.
 *
 * A row wider than the screen (a phone) scrolls sideways; the active tab is scrolled into view
 * when it changes (a deep link, Back), without moving the page.
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
  const listRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const list = listRef.current;
    const trigger = list?.querySelector<HTMLElement>('[data-state="active"]');
    if (list && trigger) revealInRow(list, trigger);
  }, [active]);

  function select(value: string) {
    if (value === active) return;
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(param, value);
        return next;
      },
      { preventScrollReset: true },
    );
  }

  return (
    <Tabs.Root
      value={active}
      onValueChange={select}
      activationMode="manual"
      className={styles.root}
    >
      <Tabs.List ref={listRef} aria-label={label} className={styles.list}>
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

/** Scrolls the tab row (only the row, never the page) so that `trigger` is fully visible. */
function revealInRow(list: HTMLElement, trigger: HTMLElement) {
  const start =
    trigger.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
  const end = start + trigger.getBoundingClientRect().width;
  if (start < list.scrollLeft) list.scrollLeft = start;
  else if (end > list.scrollLeft + list.clientWidth) list.scrollLeft = end - list.clientWidth;
}
