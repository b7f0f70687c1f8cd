import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderEarn, subscription } from '../test-utils';
import { SubscriptionSummary } from './subscription-summary';

describe('SubscriptionSummary', () => {
  it("links the member's subscription to its detail in My Subscriptions", () => {
    renderEarn(<SubscriptionSummary subscription={subscription()} />);
    const link = screen.getByTestId('earn-sub-manage');
    expect(link.getAttribute('href')).toBe('/portfolio/earn/USDT-034R');
    expect(link.textContent).toBe('Manage this subscription');
  });

  it('says it in the reader language', () => {
    renderEarn(<SubscriptionSummary subscription={subscription()} />, { lng: 'zh-TW' });
    expect(screen.getByTestId('earn-sub-manage').textContent).toBe('管理此申購');
    expect(screen.getByTestId('earn-sub-state').textContent).toBe('運行中');
  });
});
