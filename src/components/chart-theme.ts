import type { ApexOptions } from 'apexcharts';

/**
 * The charts' look from the design tokens (src/styles/tokens.css). SVG attributes cannot use
 * `var(--token)`, so the tokens' computed values are read from the document; where a token is
 * missing (a test's DOM without the stylesheet) apexcharts' own default stays.
 */
export interface ChartTheme {
  primary?: string;
  positive?: string;
  danger?: string;
  text?: string;
  muted?: string;
  border?: string;
  surface?: string;
  fontFamily?: string;
}

export type ChartTone = 'primary' | 'positive' | 'danger';

function token(style: CSSStyleDeclaration, name: string): string | undefined {
  const value = style.getPropertyValue(name).trim();
  return value === '' ? undefined : value;
}

/** The tokens as they are now on the document root. */
export function readChartTheme(root: Element = document.documentElement): ChartTheme {
  const style = getComputedStyle(root);
  return {
    primary: token(style, '--color-primary'),
    positive: token(style, '--color-positive'),
    danger: token(style, '--color-danger'),
    text: token(style, '--color-text'),
    muted: token(style, '--color-text-subtle'),
    border: token(style, '--color-border'),
    surface: token(style, '--color-surface'),
    fontFamily: token(style, '--font-family-base'),
  };
}

const defined = <T>(value: T | undefined): T[] => (value === undefined ? [] : [value]);

/**
 * Options every chart shares: no toolbar, zoom or legend (one series each), no animation
 * when the reader asked for reduced motion, a light tooltip, the time axis labelled in the
 * platform's date format, and the series coloured by its tone.
 */
export function baseChartOptions({
  theme,
  tone,
  reducedMotion,
  formatX,
  formatY,
  formatTooltipX,
}: {
  theme: ChartTheme;
  tone: ChartTone;
  reducedMotion: boolean;
  formatX: (timestamp: number) => string;
  formatY: (value: number) => string;
  formatTooltipX: (timestamp: number) => string;
}): ApexOptions {
  return {
    chart: {
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: !reducedMotion },
      fontFamily: theme.fontFamily,
      foreColor: theme.muted,
      background: 'transparent',
      parentHeightOffset: 0,
      redrawOnParentResize: true,
      // the plot is hidden from assistive technology (TimeChart gives the summary sentence and
      // a table instead): apexcharts' own keyboard focus (a focusable SVG and legend) would put
      // focusable elements inside aria-hidden content
      accessibility: { enabled: false },
    },
    colors: defined(theme[tone]),
    dataLabels: { enabled: false },
    legend: { show: false },
    stroke: { width: 2, curve: 'straight' },
    grid: {
      borderColor: theme.border,
      strokeDashArray: 4,
      padding: { left: 8, right: 8 },
    },
    markers: { size: 0, hover: { size: 4 } },
    xaxis: {
      type: 'datetime',
      labels: {
        datetimeUTC: true,
        hideOverlappingLabels: true,
        formatter: (_value, timestamp) => (timestamp === undefined ? '' : formatX(timestamp)),
      },
      axisBorder: { color: theme.border },
      axisTicks: { color: theme.border },
      tooltip: { enabled: false },
    },
    yaxis: {
      labels: { formatter: (value) => formatY(value) },
      tickAmount: 4,
    },
    tooltip: {
      theme: 'light',
      x: { formatter: (value) => formatTooltipX(Number(value)) },
      y: { formatter: (value) => (value === null ? '' : formatY(value)) },
    },
  };
}
