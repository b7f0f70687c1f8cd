import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpRequestError, TimeoutError } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testQueryClient } from '../components/testing/render';
import { ApiError } from '../services/http-client';
import { CHAIN_RETRY_MS, ChainStatus, isChainUnreachableError } from './chain-status';

const rpcDown = () =>
  // how a wagmi read fails when the RPC refuses the connection: viem's call error around it
  new Error('The contract function "balanceOf" reverted', {
    cause: new HttpRequestError({ url: 'http://127.0.0.1:8545', details: 'fetch failed' }),
  });
const apiChainDown = () =>
  new ApiError({ message: 'chain_unavailable', call: 'GET /binfi/Pools', httpStatus: 502 });

interface Answer {
  current: Error | string;
  reads: number;
}

/** A chain screen's read whose answer the test decides: an Error throws, a string answers. */
function Reader({ answer }: { answer: Answer }) {
  const query = useQuery({
    queryKey: ['chain-read'],
    queryFn: () => {
      answer.reads += 1;
      if (answer.current instanceof Error) throw answer.current;
      return answer.current;
    },
  });
  return <p data-testid="value">{query.data ?? query.status}</p>;
}

function renderScreen(answer: Answer, lng = 'en-US', statuses = 1) {
  const client = testQueryClient();
  renderWithProviders(
    <>
      {Array.from({ length: statuses }, (_, i) => (
        <ChainStatus key={i} />
      ))}
      <Reader answer={answer} />
    </>,
    {
      lng,
      wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    },
  );
  return { client };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('isChainUnreachableError', () => {
  it('finds a transport failure among the causes, or the API answer chain_unavailable', () => {
    expect(isChainUnreachableError(rpcDown())).toBe(true);
    expect(isChainUnreachableError(new TimeoutError({ body: {}, url: 'http://x' }))).toBe(true);
    expect(isChainUnreachableError(apiChainDown())).toBe(true);
    expect(isChainUnreachableError(new Error('execution reverted'))).toBe(false);
    expect(
      isChainUnreachableError(new ApiError({ message: 'internal_error', call: 'GET /x' })),
    ).toBe(false);
    expect(isChainUnreachableError('fetch failed')).toBe(false);
  });
});

describe('ChainStatus', () => {
  it('a chain read the RPC cannot answer: "cannot be reached, retrying" instead of waiting; Retry now reads again and the notice goes', async () => {
    const user = userEvent.setup();
    const answer = { current: rpcDown() as Error | string, reads: 0 };
    renderScreen(answer);
    const notice = await screen.findByTestId('chain-unavailable');
    expect(notice.getAttribute('role')).toBe('alert');
    expect(notice.textContent).toContain('The blockchain network cannot be reached');
    expect(notice.textContent).toContain('Retrying automatically');
    expect(screen.getByTestId('value').textContent).toBe('error');

    answer.current = '1,000 BCNT';
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    await vi.waitFor(() => expect(screen.getByTestId('value').textContent).toBe('1,000 BCNT'));
    expect(screen.queryByTestId('chain-unavailable')).toBeNull();
  });

  it("the API's chain_unavailable (502) is translated; another failure is left to the screen's own error", async () => {
    const answer = { current: apiChainDown() as Error | string, reads: 0 };
    renderScreen(answer, 'zh-TW');
    const notice = await screen.findByTestId('chain-unavailable');
    expect(notice.textContent).toContain('目前無法連線至區塊鏈網路');
    expect(screen.getByRole('button', { name: '立即重試' })).toBeTruthy();
  });

  it('a failure that is not the chain being unreachable shows no notice', async () => {
    const answer = { current: new Error('execution reverted') as Error | string, reads: 0 };
    renderScreen(answer);
    await vi.waitFor(() => expect(screen.getByTestId('value').textContent).toBe('error'));
    expect(screen.queryByTestId('chain-unavailable')).toBeNull();
  });

  it('tries again on its own every CHAIN_RETRY_MS while the chain is unreachable, and stops once it answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answer = { current: rpcDown() as Error | string, reads: 0 };
    renderScreen(answer, 'zh-CN');
    await screen.findByTestId('chain-unavailable');
    expect(screen.getByTestId('chain-unavailable').textContent).toContain('目前无法连接区块链网络');
    const before = answer.reads;
    await act(() => vi.advanceTimersByTimeAsync(CHAIN_RETRY_MS + 100));
    expect(answer.reads).toBeGreaterThan(before);
    expect(screen.getByTestId('chain-unavailable')).toBeTruthy();

    answer.current = 'back';
    await act(() => vi.advanceTimersByTimeAsync(CHAIN_RETRY_MS + 100));
    await vi.waitFor(() => expect(screen.getByTestId('value').textContent).toBe('back'));
    expect(screen.queryByTestId('chain-unavailable')).toBeNull();
    const after = answer.reads;
    await act(() => vi.advanceTimersByTimeAsync(3 * CHAIN_RETRY_MS));
    expect(answer.reads).toBe(after);
  });

  it('several chain screens on one page show the notice once', async () => {
    renderScreen({ current: rpcDown(), reads: 0 }, 'en-US', 2);
    await screen.findByTestId('chain-unavailable');
    expect(screen.getAllByTestId('chain-unavailable')).toHaveLength(1);
  });
});
