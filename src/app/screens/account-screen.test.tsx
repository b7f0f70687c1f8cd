import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import AccountScreen from './account-screen';

/** The features are replaced: this checks only how the app composes them. */
vi.mock('../../features/account/pages/account-page', () => ({
  AccountPage: ({
    stakingPanel,
    alliancePanel,
  }: {
    stakingPanel?: ReactNode;
    alliancePanel?: ReactNode;
  }) => (
    <div data-testid="account-page">
      <div data-testid="staking-slot">{stakingPanel}</div>
      <div data-testid="alliance-slot">{alliancePanel}</div>
    </div>
  ),
}));
vi.mock('../../features/loyalty/components/lazy-staking-panel', () => ({
  LazyStakingPanel: () => <p>staking panel</p>,
}));
vi.mock('../../features/alliance/components/alliance-panel', () => ({
  AlliancePanel: () => <p>alliance panel</p>,
}));

describe('AccountScreen', () => {
  it('puts the staking panel and the Alliance panel into the account page slots', () => {
    render(<AccountScreen />);
    expect(within(screen.getByTestId('staking-slot')).getByText('staking panel')).toBeTruthy();
    expect(within(screen.getByTestId('alliance-slot')).getByText('alliance panel')).toBeTruthy();
  });
});
