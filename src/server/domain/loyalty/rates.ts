import { eq } from 'drizzle-orm';
import { type LoyaltySetting, loyaltySettingSchema } from '../../../shared/api/loyalty';
import type { Db } from '../../db/database';
import { settings } from '../../db/schema';

/**
 * The loyalty rate table (GET /api/v1/common/loyalty): annual rates in percent of each currency
 * at loyalty levels 1-4, for Stable Income (`fixed`) and Stable Income Pro (`pro`). Stored as the
 * `loyalty_rates` settings row, seeded by migration 0003 with the values below.
 */
export const LOYALTY_RATES_SETTING_KEY = 'loyalty_rates';

const rate = (
  currencyName: string,
  lv1Rate: number,
  lv2Rate: number,
  lv3Rate: number,
  lv4Rate: number,
) => ({
  currencyName,
  lv1Rate,
  lv2Rate,
  lv3Rate,
  lv4Rate,
});

/** The seeded table (also the answer when the row is missing or malformed). */
export const DEFAULT_LOYALTY_RATES: LoyaltySetting = {
  fixed: [
    rate('USDT', 6, 7, 8, 9),
    rate('USDC', 6, 7, 8, 9),
    rate('BTC', 3, 3.5, 4, 4.5),
    rate('ETH', 4, 4.5, 5, 5.5),
  ],
  pro: [rate('USDT', 8, 9, 10, 12), rate('USDC', 8, 9, 10, 12)],
};

export async function loyaltyRates(db: Db): Promise<LoyaltySetting> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, LOYALTY_RATES_SETTING_KEY))
    .limit(1);
  const parsed = row ? loyaltySettingSchema.safeParse(row.value) : undefined;
  return parsed?.success ? parsed.data : DEFAULT_LOYALTY_RATES;
}
