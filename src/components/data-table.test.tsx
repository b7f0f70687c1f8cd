import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
import { renderWithProviders } from './testing/render';

interface Trade {
  id: number;
  pair: string;
  amount: string;
  state: 'open' | 'done';
}

const TRADES: Trade[] = [
  { id: 1, pair: 'BCNT/USDT', amount: '1,000.00', state: 'done' },
  { id: 2, pair: 'ETH/USDT', amount: '0.500000', state: 'open' },
];

const COLUMNS: DataTableColumn<Trade>[] = [
  { id: 'pair', header: 'Pair', cell: (row) => row.pair, rowHeader: true },
  {
    id: 'amount',
    header: 'Amount',
    cell: (row) => row.amount,
    numeric: true,
    align: 'end',
    cellProps: (row) => ({ 'data-testid': `amount-${row.id}` }),
  },
  { id: 'state', header: 'State', cell: (row) => row.state, cellClassName: (row) => row.state },
  { id: 'note', header: 'Note', cell: () => 'desktop only', hideOnPhone: true },
  {
    id: 'actions',
    header: 'Actions',
    hideHeader: true,
    cell: (row) => <button type="button">Cancel {row.pair}</button>,
  },
];

function renderTable(props: Partial<DataTableProps<Trade>> = {}, lng?: string) {
  return renderWithProviders(
    <DataTable
      label="Trades"
      columns={COLUMNS}
      rows={TRADES}
      rowKey={(row) => row.id}
      rowTestId="trade-row"
      rowProps={(row) => ({ 'data-state': row.state })}
      empty={{ title: 'No trades yet', text: 'Your trades appear here.' }}
      testId="trades"
      {...props}
    />,
    { lng },
  );
}

function viewport(width: number, height: number) {
  window.innerWidth = width;
  window.innerHeight = height;
  window.dispatchEvent(new Event('resize'));
}

beforeEach(() => viewport(1024, 768));

describe('DataTable on desktop', () => {
  it('is a named table with column headers, a row header, and the rows with their attributes', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'Trades' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Pair',
      'Amount',
      'State',
      'Note',
      'Actions',
    ]);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    const rows = screen.getAllByTestId('trade-row');
    expect(rows.map((row) => row.tagName)).toEqual(['TR', 'TR']);
    expect(rows[1]!.getAttribute('data-state')).toBe('open');
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('BCNT/USDT');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1,000.00', 'done', 'desktop only', 'Cancel BCNT/USDT']);
    // each cell names its column (an actions column has no label)
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label')),
    ).toEqual(['Amount', 'State', 'Note', null]);
    const amount = screen.getByTestId('amount-2');
    expect(amount.tagName).toBe('TD');
    expect(amount.textContent).toBe('0.500000');
    expect(amount.className).toMatch(/numeric/);
    expect(amount.className).toMatch(/end/);
    expect(within(rows[1]!).getByText('open').className).toContain('open');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('marks a refresh as busy', () => {
    renderTable({ busy: true });
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });
});

describe('DataTable states', () => {
  it('shows a skeleton while loading, not the table', () => {
    renderTable({ loading: true, rows: undefined, loadingLines: 4 });
    const skeleton = screen.getByTestId('trades-loading');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.textContent).toContain('Loading');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the translated error with a retry that calls the caller', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderTable({
      rows: undefined,
      error: { message: 'The trades could not be loaded.', onRetry },
    });
    const alert = screen.getByRole('alert');
    expect(alert.getAttribute('data-testid')).toBe('trades-error');
    expect(alert.textContent).toContain('The trades could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says what to do next when there are no rows', () => {
    renderTable({ rows: [] });
    const empty = screen.getByTestId('trades-empty');
    expect(empty.textContent).toContain('No trades yet');
    expect(empty.textContent).toContain('Your trades appear here.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('without an empty state, an empty list is an empty table', () => {
    renderTable({ rows: [], empty: undefined });
    expect(screen.getByRole('table', { name: 'Trades' })).toBeTruthy();
    expect(screen.queryAllByTestId('trade-row')).toHaveLength(0);
  });

  it('takes other test ids for its states', () => {
    renderTable({ loading: true, testIds: { loading: 'trades-skeleton' } });
    expect(screen.getByTestId('trades-skeleton')).toBeTruthy();
  });

  it('the states in Traditional Chinese', () => {
    renderTable(
      { rows: undefined, error: { message: '無法載入', onRetry: () => undefined } },
      'zh-TW',
    );
    expect(screen.getByRole('button').textContent).toBe('重試');
  });
});

describe('DataTable pagination', () => {
  it('pages when the caller pages: the callback gets the page asked for', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderTable({
      pagination: {
        page: 2,
        pageSize: 2,
        total: 5,
        onPageChange,
        label: 'Trade pages',
        testIdPrefix: 'trades',
      },
    });
    expect(screen.getByRole('navigation', { name: 'Trade pages' })).toBeTruthy();
    expect(screen.getByTestId('trades-page').textContent).toBe('Page 2 of 3');
    await user.click(screen.getByTestId('trades-next'));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByTestId('trades-prev'));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('no pagination when it is not asked for, or while loading', () => {
    const { unmount } = renderTable();
    expect(screen.queryByRole('navigation')).toBeNull();
    unmount();
    renderTable({
      loading: true,
      pagination: {
        page: 1,
        pageSize: 2,
        total: 5,
        onPageChange: () => undefined,
        label: 'Trade pages',
        testIdPrefix: 'trades',
      },
    });
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('an empty page past the first keeps the way back', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderTable({
      rows: [],
      pagination: {
        page: 3,
        pageSize: 2,
        total: 4,
        onPageChange,
        label: 'Trade pages',
        testIdPrefix: 'trades',
      },
    });
    expect(screen.getByTestId('trades-empty')).toBeTruthy();
    await user.click(screen.getByTestId('trades-prev'));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});

describe('DataTable on phones', () => {
  it('renders each row as a card of label / value pairs in a named list', () => {
    viewport(375, 812);
    renderTable();
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Trades' });
    expect(list.getAttribute('data-testid')).toBe('trades-table');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toEqual(screen.getAllByTestId('trade-row'));
    expect(cards[1]!.getAttribute('data-state')).toBe('open');
    // the row header heads the card; the labels are the column headers
    expect(cards[0]!.firstElementChild?.textContent).toBe('BCNT/USDT');
    const terms = within(cards[0]!)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(cards[0]!)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Amount', 'State']);
    expect(values).toEqual(['1,000.00', 'done']);
    // phone-hidden columns are left out; cell attributes stay on the value
    expect(within(cards[0]!).queryByText('desktop only')).toBeNull();
    expect(screen.getByTestId('amount-2').tagName).toBe('DD');
    expect(screen.getByTestId('amount-2').textContent).toBe('0.500000');
    // an actions column has no label on the card, its content stays usable
    expect(within(cards[1]!).getByRole('button', { name: 'Cancel ETH/USDT' })).toBeTruthy();
    expect(within(cards[1]!).queryByText('Actions')).toBeNull();
  });

  it('follows the viewport: a short landscape phone gets cards, a resize back gets the table', () => {
    viewport(800, 500);
    renderTable();
    expect(screen.getByRole('list', { name: 'Trades' })).toBeTruthy();
    act(() => viewport(1280, 800));
    expect(screen.getByRole('table', { name: 'Trades' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('pages on phones too', async () => {
    viewport(375, 812);
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    renderTable({
      busy: true,
      pagination: {
        page: 1,
        pageSize: 2,
        total: 3,
        onPageChange,
        label: 'Trade pages',
        testIdPrefix: 'trades',
      },
    });
    expect(screen.getByRole('list', { name: 'Trades' }).getAttribute('aria-busy')).toBe('true');
    await user.click(screen.getByTestId('trades-next'));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
