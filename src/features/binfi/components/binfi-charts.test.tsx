import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithQuery } from '../../../components/testing/render';
import type * as HttpClient from '../../../services/http-client';
import { request } from '../../../services/http-client';
import type {
  BinfiEquityChart,
  BinfiProfitLossChart,
  BinfiSupplierReturnChart,
} from '../../../shared/api/binfi';
import { binfiRound } from '../test-utils';
import { FlameCharts, RoundCharts, SupplierReturnChart } from './binfi-charts';

vi.mock('../../../services/http-client', async (original) => ({
  ...(await original<typeof HttpClient>()),
  request: vi.fn(),
}));
// apexcharts needs SVG measurements jsdom lacks: a probe shows what each chart was given
interface Drawn {
  type: string;
  series: { name: string; data: { x: number; y: number }[] }[];
  options: { chart: { id: string }; yaxis: { max?: number } };
}
const drawn = vi.hoisted(() => [] as Drawn[]);
vi.mock('react-apexcharts', () => ({
  default: (props: Drawn) => {
    drawn.push(props);
    return <div data-testid={`apex-${props.options.chart.id}`} />;
  },
}));

const profitLoss: BinfiProfitLossChart = {
  fundId: 4,
  symbol: 'BTC/USDT',
  flameCapital: '1000',
  points: [
    { time: '2026-01-10T00:05:00.000Z', pnl: '12.5', pnlRate: '1.25' },
    // out of order on the wire: drawn in time order
    { time: '2026-01-10T00:15:00.000Z', pnl: '-3.2', pnlRate: '-0.32' },
    { time: '2026-01-10T00:10:00.000Z', pnl: '-40', pnlRate: '-4' },
  ],
};
const equity: BinfiEquityChart = {
  fundId: 4,
  points: [
    { time: '2026-01-10T00:05:00.000Z', equity: '1012.5', drawdown: '0' },
    { time: '2026-01-10T00:10:00.000Z', equity: '960', drawdown: '5.18' },
    { time: '2026-01-10T00:15:00.000Z', equity: '996.8', drawdown: '1.55' },
  ],
  maxDrawdown: '5.18',
};
const rock: BinfiSupplierReturnChart = {
  fundId: 4,
  unitPrice: '100',
  rockApr: '8',
  points: [
    { month: 1, expected: '0.666666', paid: '0.666666' },
    { month: 2, expected: '1.333332', paid: null },
    { month: 3, expected: '2', paid: null },
  ],
};

let answers: Record<string, unknown>;
beforeEach(() => {
  vi.resetAllMocks();
  drawn.length = 0;
  answers = {
    '/binfi/ProfitLossChart': profitLoss,
    '/binfi/EquityAndDrawdownChart': equity,
    '/binfi/SupplierReturnChart': rock,
  };
  vi.mocked(request).mockImplementation(async (options) => {
    const answer = answers[options.path];
    if (answer instanceof Error) throw answer;
    return answer;
  });
});

const rows = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((cell) => cell.textContent));
const series = (id: string) => drawn.filter((d) => d.options.chart.id === id).at(-1)!.series;

describe('Flame’s charts', () => {
  it('draw the snapshots in time order: PnL, equity, and the drawdown below 0', async () => {
    renderWithQuery(<FlameCharts round={binfiRound()} />);
    await screen.findByTestId('apex-binfi-chart-drawdown');
    const t0 = Date.parse('2026-01-10T00:05:00.000Z');
    const min = 60_000;
    expect(series('binfi-chart-pnl')[0]!.data).toEqual([
      { x: t0, y: 12.5 },
      { x: t0 + 5 * min, y: -40 },
      { x: t0 + 10 * min, y: -3.2 },
    ]);
    expect(series('binfi-chart-equity')[0]!.data.map((p) => p.y)).toEqual([1012.5, 960, 996.8]);
    expect(series('binfi-chart-drawdown')[0]!.data.map((p) => p.y)).toEqual([0, -5.18, -1.55]);
    expect(
      drawn.find((d) => d.options.chart.id === 'binfi-chart-drawdown')!.options.yaxis.max,
    ).toBe(0);
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/binfi/ProfitLossChart', query: { fundId: 4 } }),
    );

    // the latest result in words, times in UTC+8
    expect(screen.getByTestId('binfi-chart-pnl-summary').textContent).toBe(
      '-3.2 USDT (-0.32 %) at 2026/01/10 08:15 (UTC+8); lowest -40.00 USDT, highest +12.50 USDT.',
    );
    expect(screen.getByTestId('binfi-chart-equity-summary').textContent).toBe(
      '996.80 USDT at 2026/01/10 08:15 (UTC+8), from a capital of 1,000.00 USDT.',
    );
    expect(screen.getByTestId('binfi-chart-drawdown-summary').textContent).toBe(
      'Deepest drawdown 5.18 %; now -1.55 % from the highest equity.',
    );
    expect(rows('binfi-chart-pnl-table')).toEqual([
      ['2026/01/10 08:05', '+12.50 USDT'],
      ['2026/01/10 08:10', '-40.00 USDT'],
      ['2026/01/10 08:15', '-3.20 USDT'],
    ]);
  });

  it('say so before the term starts (no snapshot yet)', async () => {
    answers['/binfi/ProfitLossChart'] = { ...profitLoss, points: [] };
    answers['/binfi/EquityAndDrawdownChart'] = { ...equity, points: [], maxDrawdown: '0' };
    renderWithQuery(<FlameCharts round={binfiRound({ state: 'raised', startAt: null })} />);
    expect((await screen.findByTestId('binfi-chart-pnl-empty')).textContent).toContain(
      'No result yet',
    );
    expect(screen.getByTestId('binfi-chart-pnl').getAttribute('data-state')).toBe('empty');
    expect(drawn).toEqual([]);
  });

  it('offer a retry when the charts cannot be read', async () => {
    const { ApiError } = await vi.importActual<typeof HttpClient>('../../../services/http-client');
    answers['/binfi/EquityAndDrawdownChart'] = new ApiError({
      message: 'internal_error',
      status: 500,
      httpStatus: 500,
      call: 'binfi',
    });
    renderWithQuery(<FlameCharts round={binfiRound()} />);
    expect(await screen.findByTestId('binfi-flame-charts-error')).toBeTruthy();
  });
});

describe('Rock’s reward chart', () => {
  it('adds up the expected reward per month from the start and the months paid so far', async () => {
    renderWithQuery(<SupplierReturnChart round={binfiRound()} />, { lng: 'zh-TW' });
    await screen.findByTestId('apex-binfi-chart-rock');
    const [expected, paid] = series('binfi-chart-rock');
    expect(expected!.name).toBe('預期（每單位 USDT）');
    expect(expected!.data).toEqual([
      { x: Date.parse('2026-02-10T00:00:00.000Z'), y: 0.666666 },
      { x: Date.parse('2026-03-10T00:00:00.000Z'), y: 1.333332 },
      { x: Date.parse('2026-04-10T00:00:00.000Z'), y: 2 },
    ]);
    expect(paid!.data).toEqual([{ x: Date.parse('2026-02-10T00:00:00.000Z'), y: 0.666666 }]);
    expect(screen.getByTestId('binfi-chart-rock-summary').textContent).toBe(
      '以 100.00 USDT 年利率 8 % 計，3 個月每單位 2.00 USDT。 目前已發放每單位 0.66 USDT（1 個月）。',
    );
    expect(rows('binfi-chart-rock-table')).toEqual([
      ['第 1 個月（2026/02/10）', '0.67 USDT', '0.67 USDT'],
      ['第 2 個月（2026/03/10）', '1.33 USDT', '–'],
      ['第 3 個月（2026/04/10）', '2.00 USDT', '–'],
    ]);
  });

  it('counts the months from the raise’s end before the term starts', async () => {
    answers['/binfi/SupplierReturnChart'] = {
      ...rock,
      points: rock.points.map((p) => ({ ...p, paid: null })),
    };
    renderWithQuery(
      <SupplierReturnChart round={binfiRound({ state: 'fundraising', startAt: null })} />,
    );
    await screen.findByTestId('apex-binfi-chart-rock');
    expect(series('binfi-chart-rock')[0]!.data[0]!.x).toBe(Date.parse('2026-02-08T00:00:00.000Z'));
    expect(screen.getByTestId('binfi-chart-rock-summary').textContent).toContain(
      'No month paid yet.',
    );
  });
});

describe('a round’s charts', () => {
  it('are Rock’s reward on the Rock side and Flame’s result on the Flame side', async () => {
    const { unmount } = renderWithQuery(<RoundCharts round={binfiRound()} side="supply" />);
    await screen.findByTestId('binfi-chart-rock');
    expect(screen.queryByTestId('binfi-flame-charts')).toBeNull();
    unmount();
    renderWithQuery(<RoundCharts round={binfiRound()} side="take" />);
    await screen.findByTestId('binfi-flame-charts');
    expect(screen.queryByTestId('binfi-chart-rock')).toBeNull();
  });

  it('are not asked for a private round (the chart calls answer public rounds only)', async () => {
    renderWithQuery(<RoundCharts round={binfiRound({ isPrivate: true })} side="take" />);
    await waitFor(() => expect(screen.queryByTestId('binfi-flame-charts-loading')).toBeNull());
    expect(screen.queryByTestId('binfi-flame-charts')).toBeNull();
    expect(request).not.toHaveBeenCalled();
  });
});
