/**
 * The builtin strategy algorithms (signal source `builtin:<name>`). Each is a pure step: given
 * its memory, the market's last price and its parameters, it answers its new memory and the
 * share of the account's equity it wants in the base currency (the target position ratio,
 * 0..1). The runner (signals.ts) trades the strategy's own account toward that ratio with an
 * IOC limit order when it moved far enough, and the fills of that order become the signal.
 *
 * - trend (trend following): a fast and a slow exponential moving average of the price; long
 *   (ratio `exposure`) while the fast one is above the slow one by more than `band`, flat while
 *   it is below by more than `band`, unchanged in between.
 * - mean_reversion: the price's distance from its moving average in standard deviations (an
 *   exponentially weighted variance); the further below the mean, the larger the position:
 *   ratio = 0.5 - z x `gain`, clamped to 0..1.
 * - grid: price levels `step` apart (geometric) around the first price seen; each level down
 *   buys, each level up sells: ratio = 0.5 - level / (2 x `levels`), clamped to 0..1.
 *
 * Prices are numbers here (the ratio is a decision, not an amount); amounts stay bigint in the
 * runner.
 */

export const ALGORITHMS = ['trend', 'mean_reversion', 'grid'] as const;
export type AlgorithmName = (typeof ALGORITHMS)[number];

export interface AlgorithmMemory {
  /** samples taken so far */
  samples?: number;
  fast?: number;
  slow?: number;
  mean?: number;
  variance?: number;
  anchor?: number;
  /** the target ratio decided last time */
  target?: number;
}

export interface AlgorithmParams {
  /** minutes between two steps of the algorithm (server clock) */
  intervalMinutes: number;
  /** the smallest move of the position ratio worth an order (0.05 = 5 % of equity) */
  threshold: number;
  /** an IOC buy may pay up to this much above the ask, a sell accept this much below the bid */
  slippage: number;
  // trend
  fastPeriod?: number;
  slowPeriod?: number;
  band?: number;
  exposure?: number;
  // mean reversion
  period?: number;
  gain?: number;
  // grid
  step?: number;
  levels?: number;
}

export const DEFAULT_PARAMS: Record<AlgorithmName, AlgorithmParams> = {
  trend: {
    intervalMinutes: 60,
    threshold: 0.05,
    slippage: 0.003,
    fastPeriod: 6,
    slowPeriod: 24,
    band: 0.001,
    exposure: 0.95,
  },
  mean_reversion: {
    intervalMinutes: 30,
    threshold: 0.08,
    slippage: 0.003,
    period: 48,
    gain: 0.25,
  },
  grid: { intervalMinutes: 15, threshold: 0.04, slippage: 0.003, step: 0.01, levels: 5 },
};

export function isAlgorithm(name: string): name is AlgorithmName {
  return (ALGORITHMS as readonly string[]).includes(name);
}

const PARAM_KEYS = [
  'intervalMinutes',
  'threshold',
  'slippage',
  'fastPeriod',
  'slowPeriod',
  'band',
  'exposure',
  'period',
  'gain',
  'step',
  'levels',
] as const satisfies readonly (keyof AlgorithmParams)[];

/** The params stored on a strategy over the algorithm's defaults (unknown keys ignored). */
export function paramsOf(name: AlgorithmName, stored: Record<string, unknown>): AlgorithmParams {
  const params: AlgorithmParams = { ...DEFAULT_PARAMS[name] };
  for (const key of PARAM_KEYS) {
    const value = stored[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) params[key] = value;
  }
  return params;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const alpha = (period: number) => 2 / (period + 1);

export interface AlgorithmStep {
  memory: AlgorithmMemory;
  /** the wanted position ratio; null: no opinion yet (warming up), keep what is held */
  target: number | null;
}

function trend(memory: AlgorithmMemory, price: number, p: AlgorithmParams): AlgorithmStep {
  const samples = (memory.samples ?? 0) + 1;
  const fast =
    memory.fast === undefined ? price : memory.fast + alpha(p.fastPeriod!) * (price - memory.fast);
  const slow =
    memory.slow === undefined ? price : memory.slow + alpha(p.slowPeriod!) * (price - memory.slow);
  let target = memory.target ?? null;
  if (samples >= 2) {
    if (fast > slow * (1 + p.band!)) target = p.exposure!;
    else if (fast < slow * (1 - p.band!)) target = 0;
  }
  return { memory: { samples, fast, slow, ...(target === null ? {} : { target }) }, target };
}

function meanReversion(memory: AlgorithmMemory, price: number, p: AlgorithmParams): AlgorithmStep {
  const samples = (memory.samples ?? 0) + 1;
  const a = alpha(p.period!);
  if (memory.mean === undefined) {
    return { memory: { samples, mean: price, variance: 0 }, target: null };
  }
  const deviation = price - memory.mean;
  const mean = memory.mean + a * deviation;
  const variance = (1 - a) * ((memory.variance ?? 0) + a * deviation * deviation);
  const std = Math.sqrt(variance);
  if (samples < 3 || std <= 0) return { memory: { samples, mean, variance }, target: null };
  const z = (price - mean) / std;
  const target = clamp01(0.5 - z * p.gain!);
  return { memory: { samples, mean, variance, target }, target };
}

function grid(memory: AlgorithmMemory, price: number, p: AlgorithmParams): AlgorithmStep {
  const samples = (memory.samples ?? 0) + 1;
  const anchor = memory.anchor ?? price;
  const raw = Math.log(price / anchor) / Math.log(1 + p.step!);
  // the level the price has crossed (toward the anchor a level is only left once fully crossed)
  const level = Math.max(
    -p.levels!,
    Math.min(p.levels!, raw < 0 ? Math.ceil(raw) : Math.floor(raw)),
  );
  const target = clamp01(0.5 - level / (2 * p.levels!));
  return { memory: { samples, anchor, target }, target };
}

export function stepAlgorithm(
  name: AlgorithmName,
  memory: AlgorithmMemory,
  price: number,
  params: AlgorithmParams,
): AlgorithmStep {
  if (!(price > 0)) return { memory, target: null };
  switch (name) {
    case 'trend':
      return trend(memory, price, params);
    case 'mean_reversion':
      return meanReversion(memory, price, params);
    case 'grid':
      return grid(memory, price, params);
  }
}
