import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { renderWithQuery } from '../../../components/testing/render';
import * as httpClient from '../../../services/http-client';
import { clearLoginInfo, setLoginInfo } from '../../../services/session';
import type { BinfiCheckJoin } from '../../../shared/api/binfi';
import { binfiKeys } from '../api/query-keys';
import { binfiRound, kycStatus } from '../test-utils';
import { JoinPanel } from './join-panel';
import * as lazyWallet from './lazy-wallet';

mockExports(httpClient, { request: vi.fn() });
// the wallet's form is its own chunk (wagmi): here a form with state of its own (the order it
// sent), which a remount would lose
function OrderForm({
  maxUnits,
  onOrderStarted,
}: {
  maxUnits: number;
  onOrderStarted?: () => void;
}) {
  const [sent, setSent] = useState(false);
  return (
    <button
      type="button"
      data-testid="join-form"
      data-max={maxUnits}
      data-sent={sent}
      onClick={() => {
        setSent(true);
        onOrderStarted?.();
      }}
    >
      order
    </button>
  );
}
mockExports(lazyWallet, { LazyJoinWallet: OrderForm });

const round = binfiRound({ state: 'fundraising' });

const open: BinfiCheckJoin = {
  fundId: 4,
  type: 'supply',
  canJoin: true,
  reason: null,
  maxUnits: 3,
  unitsHeld: 0,
  unitPrice: '100',
  lockPerUnit: '0',
  raiseEnd: '2026-01-08T00:00:00.000Z',
};
const full: BinfiCheckJoin = { ...open, canJoin: false, reason: 'full', maxUnits: 0 };

let check: BinfiCheckJoin;

beforeEach(() => {
  vi.resetAllMocks();
  setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 });
  check = open;
  vi.mocked(httpClient.request).mockImplementation(async ({ path }: { path: string }) =>
    path.includes('CheckJoin') ? check : kycStatus(4, 'approved'),
  );
});
afterEach(() => clearLoginInfo());

describe('Supply / Take panel', () => {
  it('keeps the form of an order the member started when the order fills the side', async () => {
    const { client } = renderWithQuery(<JoinPanel round={round} side="supply" />);
    await userEvent.click(await screen.findByTestId('join-form'));
    expect(screen.getByTestId('join-form').getAttribute('data-sent')).toBe('true');
    // the order fills the side: CheckJoin now answers that it is full
    check = full;
    await act(() => client.refetchQueries({ queryKey: binfiKeys.checkJoin(4, 'supply') }));
    expect((await screen.findByTestId('binfi-join-closed')).textContent).toBe('This side is full.');
    // the same form, with its state (its progress, then the order seen in My funds)
    const form = screen.getByTestId('join-form');
    expect(form.getAttribute('data-sent')).toBe('true');
    expect(form.getAttribute('data-max')).toBe('3');
  });

  it('shows a side that is full without a form to a member who ordered nothing here', async () => {
    check = full;
    renderWithQuery(<JoinPanel round={round} side="supply" />);
    await screen.findByTestId('binfi-join-closed');
    expect(screen.queryByTestId('join-form')).toBeNull();
  });
});
