import { describe, expect, it } from 'vitest';
import type { WithdrawalStatus } from '../../../shared/api/wallet-withdraw';
import { withdrawal } from '../test-utils';
import { withdrawalsRefetchInterval, WITHDRAWALS_POLL_MS } from './use-withdrawals';

function intervalFor(statuses: WithdrawalStatus[] | undefined) {
  return withdrawalsRefetchInterval(
    statuses && {
      items: statuses.map((status, index) => withdrawal(index + 1, { status })),
      total: statuses.length,
      page: 1,
      pageSize: 10,
    },
  );
}

describe('withdrawals query', () => {
  it('polls every 5 s while a withdrawal is not final, then slows down', () => {
    expect(WITHDRAWALS_POLL_MS).toBe(5_000);
    for (const open of ['queued', 'processing', 'broadcast'] as const) {
      expect(intervalFor(['completed', open])).toBe(5_000);
    }
    expect(intervalFor(['completed', 'failed'])).toBe(15_000);
    expect(intervalFor([])).toBe(15_000);
    expect(intervalFor(undefined)).toBe(15_000);
  });
});
