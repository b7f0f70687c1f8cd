import { describe, expect, it } from 'vitest';
import type { Advertisement } from '../../../services/advertisements';
import { binfiAdvertisement } from './ads';

const NOW = Date.parse('2026-11-20T00:00:00.000Z');
const ad = (
  id: number,
  openUrl: string,
  overrides: Partial<Advertisement> = {},
): Advertisement => ({
  id,
  isWeb: true,
  sortOrder: id,
  openUrl,
  imageAppURL: `https://cdn.example/${id}.png`,
  endsAt: null,
  ...overrides,
});

describe('the BinFi advertisement', () => {
  const ads = [
    ad(1, '/fixed'),
    ad(2, '/bin-fi-galaxy/detail/3/take'),
    ad(3, '/bin-fi'),
    ad(4, 'https://example.com/bin-fi'),
  ];

  it("picks the variant's own BinFi ad, in the content service's order", () => {
    expect(binfiAdvertisement(ads, 'binfi', NOW)?.id).toBe(3);
    expect(binfiAdvertisement(ads, 'galaxy', NOW)?.id).toBe(2);
  });

  it('falls back to the other variant, and shows none without a BinFi ad', () => {
    expect(binfiAdvertisement([ads[0]!, ads[1]!], 'binfi', NOW)?.id).toBe(2);
    expect(binfiAdvertisement([ads[0]!, ads[3]!, ad(5, '/bin-figure')], 'binfi', NOW)).toBe(
      undefined,
    );
  });

  it('leaves out app-only ads, ads without an image and ended ones', () => {
    expect(
      binfiAdvertisement(
        [
          ad(6, '/bin-fi', { isWeb: false }),
          ad(7, '/bin-fi', { imageAppURL: null }),
          ad(8, '/bin-fi', { endsAt: '2026-11-19T23:59:59.000Z' }),
          ad(9, '/bin-fi?status=running', { endsAt: '2026-11-21T00:00:00.000Z' }),
        ],
        'binfi',
        NOW,
      )?.id,
    ).toBe(9);
  });
});
