import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { mockExports } from '../../components/testing/mock-exports';
import * as accountPage from '../../features/account/pages/account-page';
import * as alliancePanel from '../../features/alliance/components/alliance-panel';
import * as lazyStakingPanel from '../../features/loyalty/components/lazy-staking-panel';
import AccountScreen from './account-screen';

/** The features are replaced: this checks only how the app composes them. */
mockExports(accountPage, {
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
});
mockExports(lazyStakingPanel, {
  LazyStakingPanel: () => <p>staking panel</p>,
});
mockExports(alliancePanel, {
  AlliancePanel: () => <p>alliance panel</p>,
});

describe('AccountScreen', () => {
  it('puts the staking panel and the Alliance panel into the account page slots', () => {
    render(<AccountScreen />);
    expect(within(screen.getByTestId('staking-slot')).getByText('staking panel')).toBeTruthy();
    expect(within(screen.getByTestId('alliance-slot')).getByText('alliance panel')).toBeTruthy();
  });
});
