import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { member, renderAccount } from '../test-utils';
import { BasicInfoCard } from './basic-info-card';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('BasicInfoCard', () => {
  it('shows the region as the country name in the UI language', () => {
    renderAccount(<BasicInfoCard member={member({ region: 'TW' })} level={1} />);
    const region = screen.getByTestId('account-region');
    expect(region.textContent).toBe('Taiwan');
    expect(region.getAttribute('data-region')).toBe('TW');
  });

  it('names the region in Traditional Chinese', () => {
    renderAccount(<BasicInfoCard member={member({ region: 'JP' })} level={1} />, {
      lng: 'zh-TW',
    });
    expect(screen.getByTestId('account-region').textContent).toBe('日本');
  });

  it('without a region says it is not set yet', () => {
    renderAccount(<BasicInfoCard member={member({ region: null })} level={0} />);
    expect(screen.getByTestId('account-region').textContent).toBe(
      'Not set yet (it comes with identity verification)',
    );
  });

  it('copies the referral code', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderAccount(<BasicInfoCard member={member({ referralCode: 'ANN12345' })} level={1} />);
    const copy = screen.getByTestId('account-referral-copy');
    expect(copy.getAttribute('aria-label')).toBe('Copy the referral code');
    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith('ANN12345');
    await waitFor(() => expect(copy.getAttribute('data-state')).toBe('copied'));
    expect(copy.textContent).toBe('Copied');
  });

  it('says "Failed to copy texts." when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    renderAccount(<BasicInfoCard member={member()} level={1} />);
    await user.click(screen.getByTestId('account-referral-copy'));
    expect((await screen.findByText('Failed to copy texts.')).getAttribute('role')).toBe('status');
  });

  it('below level 1 there is no referral code to copy', () => {
    renderAccount(<BasicInfoCard member={member({ referralCode: null })} level={0} />);
    expect(screen.queryByTestId('account-referral-code')).toBeNull();
    expect(screen.queryByTestId('account-referral-copy')).toBeNull();
  });

  it('without a mobile there is nothing to verify for it', () => {
    renderAccount(<BasicInfoCard member={member({ mobile: null })} level={1} />);
    expect(screen.getByTestId('account-mobile').textContent).toBe('Not provided');
    expect(screen.queryByTestId('account-mobile-status')).toBeNull();
    expect(screen.queryByTestId('account-verify-mobile')).toBeNull();
  });
});
