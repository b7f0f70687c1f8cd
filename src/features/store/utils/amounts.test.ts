import { describe, expect, it } from 'vitest';
import { storeOrdersRefetchInterval } from '../api/use-store-orders';
import { bcntForUsdt, formatBcnt, formatUsdt } from './amounts';

describe('store amounts', () => {
  it('computes the BCNT an amount buys, rounded down to the atomic unit', () => {
    expect(bcntForUsdt(150_000_001n, '0.5')).toBe(300_000_002n * 10n ** 12n);
    expect(bcntForUsdt(100_000_000n, '3')).toBe(33_333_333_333_333_333_333n);
    expect(bcntForUsdt(100_000_000n, '0')).toBeNull();
    expect(bcntForUsdt(100_000_000n, 'x')).toBeNull();
  });

  it('formats USDT and BCNT with zh-TW grouping and 2 places, rounding down', () => {
    expect(formatUsdt('1234567.899')).toBe('1,234,567.89');
    expect(formatBcnt('33.333333333333333333')).toBe('33.33');
  });

  it('polls the order list every 5 s only while an order is not Delivered', () => {
    const page = (statuses: string[]) =>
      ({ items: statuses.map((status) => ({ status })), total: 0, page: 1, pageSize: 10 }) as never;
    expect(storeOrdersRefetchInterval(undefined)).toBe(false);
    expect(storeOrdersRefetchInterval(page(['Delivered']))).toBe(false);
    expect(storeOrdersRefetchInterval(page(['Delivered', 'Confirming']))).toBe(5_000);
  });
});
