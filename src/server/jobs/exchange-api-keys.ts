import { deriveAuthKeys } from '../domain/auth/crypto';
import { API_KEY_HEALTH_TASK, checkDueApiKeys } from '../exchange/api-keys';
import type { WalletDeps } from '../plugins/wallet';
import { DATE_DRIVEN_EVERY_MS, type ScheduledTask } from '../scheduler';

/**
 * `exchange-api-keys`: checks members' exchange API keys on the exchange, each about once an
 * hour (exchange/api-keys.ts checkDueApiKeys): correct keys get a new last sync time, refused
 * ones or ones with withdrawal rights turn incorrect. Answers how many it checked.
 */
export function exchangeApiKeysJob(wallet: WalletDeps): ScheduledTask {
  const dataKey = deriveAuthKeys(wallet.config).data;
  return {
    name: API_KEY_HEALTH_TASK,
    everyMs: DATE_DRIVEN_EVERY_MS,
    run: (now) =>
      checkDueApiKeys(
        { db: wallet.db, clock: wallet.clock, exchange: wallet.exchange, dataKey },
        now,
      ),
  };
}
