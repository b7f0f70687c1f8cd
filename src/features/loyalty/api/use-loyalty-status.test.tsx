import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as loyalty from '../../../services/loyalty';
import { setLoginInfo } from '../../../services/session';
import type { LoyaltyStatus } from '../../../shared/api/loyalty';
import {
  STATUS_INDEX_MAX_WAIT_MS,
  useStatusIndexWait,
  waitForIndexedStatus,
} from './status-index-wait';
import { useLoyaltyStatus } from './use-loyalty-status';

mockExports(loyalty, {
  getLoyaltyStatus: vi.fn(),
  getLoyaltySetting: vi.fn(),
});

const fetchStatus = vi.mocked(loyalty.getLoyaltyStatus);

function status(indexedBlock: number): LoyaltyStatus {
  return {
    level: 1,
    roleId: 64,
    kycVerified: true,
    stakeLevel: 0,
    allianceLevel: 0,
    countedStake: '0',
    thresholds: { level2: '10000', level3: '50000', level4: '200000' },
    nextLevel: { level: 2, needed: '10000' },
    wallets: [],
    requests: [],
    alliance: null,
    chainId: 31337,
    indexedBlock: String(indexedBlock),
  };
}

function render() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useLoyaltyStatus(), { wrapper });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fetchStatus.mockReset();
  useStatusIndexWait.getState().stop();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useLoyaltyStatus', () => {
  it('is not fetched while logged out', async () => {
    const { result } = render();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchStatus).not.toHaveBeenCalled();
    expect(result.current.loggedIn).toBe(false);
    expect(result.current.query.fetchStatus).toBe('idle');
  });

  it('is fetched when logged in, then only every 15 s to follow the chain', async () => {
    setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 });
    fetchStatus.mockResolvedValue(status(10));
    const { result } = render();
    await waitFor(() => expect(result.current.query.data?.indexedBlock).toBe('10'));
    await vi.advanceTimersByTimeAsync(14_000);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    expect(result.current.indexing).toBe(false);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
  });

  it('after a Done transaction it polls every 2 s until indexedBlock reaches the receipt block', async () => {
    setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 });
    let indexed = 10;
    fetchStatus.mockImplementation(async () => status(indexed));
    const { result } = render();
    await waitFor(() => expect(result.current.query.data).toBeDefined());
    expect(fetchStatus).toHaveBeenCalledTimes(1);

    act(() => result.current.waitForIndexed(12n));
    expect(result.current.indexing).toBe(true);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);

    indexed = 12;
    await vi.advanceTimersByTimeAsync(2_000);
    expect(fetchStatus).toHaveBeenCalledTimes(4);
    await waitFor(() => expect(result.current.indexing).toBe(false));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchStatus).toHaveBeenCalledTimes(4);
    expect(useStatusIndexWait.getState().wait).toBeNull();
  });

  it('gives up after 60 s when the indexer does not catch up', async () => {
    setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 });
    fetchStatus.mockResolvedValue(status(10));
    const { result } = render();
    await waitFor(() => expect(result.current.query.data).toBeDefined());

    act(() => waitForIndexedStatus(99n));
    await vi.advanceTimersByTimeAsync(STATUS_INDEX_MAX_WAIT_MS);
    await waitFor(() => expect(result.current.indexing).toBe(false));
    const calls = fetchStatus.mock.calls.length;
    // one poll every 2 s for 60 s (give or take the boundaries)
    expect(calls).toBeGreaterThanOrEqual(29);
    expect(calls).toBeLessThanOrEqual(32);
    // back to following the chain every 15 s
    await vi.advanceTimersByTimeAsync(12_000);
    expect(fetchStatus).toHaveBeenCalledTimes(calls);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(fetchStatus).toHaveBeenCalledTimes(calls + 1);
  });
});
