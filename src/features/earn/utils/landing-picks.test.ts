import { describe, expect, it } from 'vitest';
import { product } from '../test-utils';
import { landingPicks } from './landing-picks';

const fixed = (
  id: number,
  currency: 'USDT' | 'USDC' | 'BTC' | 'ETH',
  periodMonth: number,
  more = {},
) =>
  product({
    id,
    serialNumber: `${currency}-${String(id).padStart(3, '0')}R`,
    currency,
    periodMonth,
    ...more,
  });

describe('landingPicks', () => {
  it('Fixed: 3-month USDT and USDC, 6-month BTC and ETH, in that order; other terms left out', () => {
    const list = [
      fixed(1, 'ETH', 6),
      fixed(2, 'BTC', 3), // BTC's landing term is 6 months
      fixed(3, 'USDC', 3),
      fixed(4, 'USDT', 6), // USDT's is 3 months
      fixed(5, 'BTC', 6),
      fixed(6, 'USDT', 3),
    ];
    expect(landingPicks(list, 'fixed').map((p) => p.id)).toEqual([6, 3, 5, 1]);
  });

  it('Fixed: per slot an open product first, then upcoming, then running, catalog order within; never ended ones', () => {
    const list = [
      fixed(1, 'USDT', 3, { state: 'running', sortOrder: 0 }),
      fixed(2, 'USDT', 3, { state: 'upcoming', sortOrder: 5 }),
      fixed(3, 'USDT', 3, { state: 'raising', sortOrder: 9 }),
      fixed(4, 'USDC', 3, { state: 'ended' }),
      fixed(5, 'USDC', 3, { state: 'closed' }),
      fixed(6, 'BTC', 6, { state: 'failed' }),
      fixed(7, 'ETH', 6, { state: 'running' }),
    ];
    expect(landingPicks(list, 'fixed').map((p) => p.id)).toEqual([3, 7]);
    expect(landingPicks(list.slice(0, 2), 'fixed').map((p) => p.id)).toEqual([2]);
  });

  it('Fixed Pro: Pro and Pro+ products in catalog order, open first, at most four; no Stable Income or Mixed', () => {
    const pro = (id: number, more = {}) =>
      product({ id, kind: 'fixed-pro', productType: 5, sortOrder: id, ...more });
    const list = [
      pro(1, { state: 'running' }),
      pro(2),
      product({ id: 3, kind: 'fixed-prox', productType: 6, currency: 'BTC', sortOrder: 3 }),
      pro(4, { state: 'ended' }),
      pro(5),
      pro(6, { state: 'upcoming' }),
      fixed(7, 'USDT', 3),
      product({ id: 8, kind: 'mixed', productType: 2 }),
    ];
    expect(landingPicks(list, 'fixed-pro').map((p) => p.id)).toEqual([2, 3, 5, 6]);
    expect(landingPicks([fixed(7, 'USDT', 3)], 'fixed-pro')).toEqual([]);
  });
});
