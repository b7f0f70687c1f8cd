import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render';
import { useDevTexts } from '../dev-texts';
import { TimeTravelPanel } from './time-travel-panel';

const DAY = 86_400;

/** The panel once the dev texts are loaded, as the page renders it, beside a countdown. */
function WithDevTexts({ countdown }: { countdown: () => number }) {
  // a countdown elsewhere in the app (observed): after the move it must be fetched again
  const fetched = useQuery({ queryKey: ['member', 'loyalty-status'], queryFn: countdown });
  return (
    <>
      <output data-testid="countdown-fetches">{fetched.data}</output>
      {useDevTexts() ? <TimeTravelPanel /> : null}
    </>
  );
}

/** A fake API: GET /dev/clock and POST /dev/clock/advance over one moving clock. */
function fakeDevApi(start = Date.parse('2026-01-10T04:00:00Z')) {
  let now = start;
  const posted: unknown[] = [];
  const reading = () => ({
    status: 0,
    message: 'success',
    data: { now: new Date(now).toISOString(), chainTime: new Date(now - 5_000).toISOString() },
  });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/dev/clock/advance')) {
      const body = JSON.parse(String(init?.body)) as { seconds: number };
      posted.push(body);
      now += body.seconds * 1000;
    }
    return new Response(JSON.stringify(reading()), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetchMock, posted };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TimeTravelPanel', () => {
  it('shows both clocks, moves them by 14 days and refetches every query of the app', async () => {
    const api = fakeDevApi();
    vi.stubGlobal('fetch', api.fetchMock);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let countdownFetches = 0;
    renderWithProviders(<WithDevTexts countdown={() => ++countdownFetches} />, {
      wrap: (children) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      ),
    });

    await waitFor(() => expect(screen.getByTestId('countdown-fetches').textContent).toBe('1'));
    // 2026-01-10T04:00:00Z is 12:00 in UTC+8
    await waitFor(() =>
      expect(screen.getByTestId('dev-clock-server').textContent).toContain('2026/01/10 12:00:00'),
    );
    expect(screen.getByTestId('dev-clock-chain').textContent).toContain('2026/01/10 11:59:55');

    await userEvent.click(screen.getByTestId(`dev-clock-advance-${14 * DAY}`));
    await waitFor(() =>
      expect(screen.getByTestId('dev-clock-server').textContent).toContain('2026/01/24 12:00:00'),
    );
    expect(api.posted).toEqual([{ seconds: 14 * DAY }]);
    expect(screen.getByTestId('dev-clock-message').textContent).toContain('Moved forward by 14 d.');
    await waitFor(() => expect(screen.getByTestId('countdown-fetches').textContent).toBe('2'));
  });
});
