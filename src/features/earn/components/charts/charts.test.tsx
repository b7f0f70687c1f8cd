import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../components/testing/render';
import type { EarnEvent } from '../../../../shared/api/earn';
import { AccumulatedRewardChart } from './accumulated-reward-chart';
import { AnnualReturnChart, DrawdownChart, NavChart } from './nav-charts';

// apexcharts draws on SVG measurements jsdom does not have: the wrapper is replaced by a probe
// that shows what the chart was given.
interface Drawn {
  type: string;
  series: { data: { x: number; y: number }[] }[];
  options: {
    chart: { toolbar: { show: boolean } };
    xaxis: { labels: { formatter: (value: string, timestamp: number) => string } };
    yaxis: { max?: number };
    tooltip: { x: { formatter: (value: number) => string } };
  };
}
const drawn = vi.hoisted(() => [] as Drawn[]);
vi.mock('react-apexcharts', () => ({
  default: (props: { type: string; series: never; options: never }) => {
    drawn.push(props);
    return <div data-testid="apex-chart" data-type={props.type} />;
  },
}));

beforeEach(() => {
  drawn.length = 0;
});

const nav = [
  { day: '2026-06-01', value: 1 },
  { day: '2026-06-02', value: 1.1 },
  { day: '2026-06-03', value: 0.99 },
  { day: '2026-06-04', value: 1.0523 },
];

describe('NavChart', () => {
  // first in the file: once the lazy chunk has loaded, later charts draw at once
  it('shows a skeleton of the chart’s height while apexcharts loads', async () => {
    renderWithProviders(<NavChart points={nav} />);
    const loading = screen.getByTestId('earn-chart-nav-loading');
    expect(loading.style.height).toBe('240px');
    expect(await screen.findByTestId('apex-chart')).toBeTruthy();
    expect(screen.queryByTestId('earn-chart-nav-loading')).toBeNull();
  });

  it('draws the NAV as a line (lazily), with a summary and a hidden table of the same numbers', async () => {
    renderWithProviders(<NavChart points={nav} />);
    const figure = screen.getByTestId('earn-chart-nav');
    expect(figure.getAttribute('data-state')).toBe('data');
    expect(screen.getByRole('figure', { name: 'Net asset value (NAV)' })).toBe(figure);
    expect(screen.getByTestId('earn-chart-nav-summary').textContent).toBe(
      'From 1.0000 on 2026/06/01 to 1.0523 on 2026/06/04 (+5.23%).',
    );
    const chart = await screen.findByTestId('apex-chart');
    expect(chart.getAttribute('data-type')).toBe('line');
    expect(chart.parentElement?.getAttribute('aria-hidden')).toBe('true');
    const last = drawn[drawn.length - 1]!;
    expect(last.series[0]!.data).toEqual([
      { x: Date.UTC(2026, 5, 1), y: 1 },
      { x: Date.UTC(2026, 5, 2), y: 1.1 },
      { x: Date.UTC(2026, 5, 3), y: 0.99 },
      { x: Date.UTC(2026, 5, 4), y: 1.0523 },
    ]);
    // dates on the axis and in the tooltip in the platform's format, no toolbar
    expect(last.options.xaxis.labels.formatter('', Date.UTC(2026, 5, 4))).toBe('06/04');
    expect(last.options.tooltip.x.formatter(Date.UTC(2026, 5, 4))).toBe('2026/06/04');
    expect(last.options.chart.toolbar.show).toBe(false);

    const table = screen.getByTestId('earn-chart-nav-table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      '2026/06/011.0000',
      '2026/06/021.1000',
      '2026/06/030.9900',
      '2026/06/041.0523',
    ]);
  });

  it('says so, and draws nothing, without NAV (one point draws no line either)', () => {
    renderWithProviders(<NavChart points={[nav[0]!]} />);
    expect(screen.getByTestId('earn-chart-nav').getAttribute('data-state')).toBe('empty');
    expect(screen.getByTestId('earn-chart-nav-empty').textContent).toContain('No NAV posted yet');
    expect(screen.queryByTestId('earn-chart-nav-table')).toBeNull();
    expect(screen.queryByTestId('earn-chart-nav-loading')).toBeNull();
    expect(drawn).toEqual([]);
  });

  it('speaks the reader’s language', () => {
    renderWithProviders(<NavChart points={nav} />, { lng: 'zh-TW' });
    expect(screen.getByRole('figure', { name: '資產淨值（NAV）' })).toBeTruthy();
    expect(screen.getByTestId('earn-chart-nav-summary').textContent).toBe(
      '從 2026/06/01 的 1.0000 到 2026/06/04 的 1.0523（+5.23%）。',
    );
  });
});

describe('DrawdownChart', () => {
  it('plots the drawdown from the running high as an area capped at 0', async () => {
    renderWithProviders(<DrawdownChart nav={nav} />);
    expect(screen.getByTestId('earn-chart-drawdown-summary').textContent).toBe(
      'Deepest drawdown -10% on 2026/06/03; now -4.34% from the highest NAV.',
    );
    expect((await screen.findByTestId('apex-chart')).getAttribute('data-type')).toBe('area');
    const last = drawn[drawn.length - 1]!;
    const ys = last.series[0]!.data.map((point) => point.y);
    expect(ys[0]).toBe(0);
    expect(ys[1]).toBe(0);
    expect(ys[2]).toBeCloseTo(-10, 10);
    expect(ys[3]).toBeCloseTo(-4.3364, 3);
    expect(last.options.yaxis.max).toBe(0);
  });

  it('says the NAV never fell when it only rose', () => {
    renderWithProviders(<DrawdownChart nav={[nav[0]!, nav[1]!]} />);
    expect(screen.getByTestId('earn-chart-drawdown-summary').textContent).toBe(
      'The NAV has not fallen below an earlier high.',
    );
  });
});

describe('AnnualReturnChart', () => {
  it('from the NAV: empty until 30 days of history', () => {
    renderWithProviders(<AnnualReturnChart points={nav} basis="nav" />);
    expect(screen.getByTestId('earn-chart-return').getAttribute('data-state')).toBe('empty');
    expect(screen.getByTestId('earn-chart-return-empty').textContent).toContain(
      'An annualised return is shown from 30 days after the first NAV.',
    );
  });

  it('from the rates applied on reward days', () => {
    renderWithProviders(
      <AnnualReturnChart
        points={[
          { day: '2026-06-01', value: 8 },
          { day: '2026-06-02', value: 9.5 },
        ]}
        basis="applied"
      />,
    );
    expect(screen.getByRole('figure', { name: 'Annual rate applied' })).toBeTruthy();
    expect(screen.getByTestId('earn-chart-return-summary').textContent).toBe(
      '+8% on 2026/06/01, +9.5% on 2026/06/02.',
    );
  });
});

describe('AccumulatedRewardChart', () => {
  const reward = (id: number, day: string, amount: string, kind: EarnEvent['kind'] = 'reward') =>
    ({
      id,
      kind,
      amount,
      currency: 'USDT',
      day,
      level: 1,
      rate: 8,
      term: 1,
      at: `${day}T00:00:00.000Z`,
    }) satisfies EarnEvent;

  it('adds up the rewards by day (shown at the Interest places, cut towards zero)', async () => {
    renderWithProviders(
      <AccumulatedRewardChart
        currency="USDT"
        events={[
          reward(1, '2026-06-01', '0.219178'),
          reward(2, '2026-06-02', '0.219178'),
          reward(3, '2026-06-02', '-1000', 'subscribe'),
          reward(4, '2026-06-03', '0.219178'),
        ]}
      />,
    );
    expect(screen.getByTestId('earn-chart-reward-summary').textContent).toBe(
      '0.65 USDT from 3 reward days, 2026/06/01 to 2026/06/03.',
    );
    expect((await screen.findByTestId('apex-chart')).getAttribute('data-type')).toBe('area');
    const ys = drawn[drawn.length - 1]!.series[0]!.data.map((point) => point.y);
    expect(ys).toEqual([0.219178, 0.438356, 0.657534]);
    const rows = within(screen.getByTestId('earn-chart-reward-table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['2026/06/010.21 USDT', '2026/06/020.43 USDT', '2026/06/030.65 USDT']);
  });

  it('has a clear empty state before the first reward', () => {
    renderWithProviders(
      <AccumulatedRewardChart
        currency="USDT"
        events={[reward(1, '2026-06-01', '-1000', 'subscribe')]}
      />,
    );
    expect(screen.getByTestId('earn-chart-reward').getAttribute('data-state')).toBe('empty');
    expect(screen.getByTestId('earn-chart-reward-empty').textContent).toContain('No rewards yet');
    expect(drawn).toEqual([]);
  });
});
