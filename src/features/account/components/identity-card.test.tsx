import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { ApiError } from '../../../services/http-client';
import * as kyc from '../../../services/kyc';
import type { KycState } from '../../../shared/api/kyc';
import { kycStatus, renderAccount } from '../test-utils';
import { IdentityCard } from './identity-card';

mockExports(kyc, { getKycStatus: vi.fn(), uploadImage: vi.fn() });

const kycMock = vi.mocked(kyc.getKycStatus);

beforeEach(() => {
  vi.clearAllMocks();
});

async function renderState(state: KycState, overrides: Parameters<typeof kycStatus>[0] = {}) {
  kycMock.mockResolvedValue(kycStatus({ state, ...overrides }));
  renderAccount(<IdentityCard />);
  return screen.findByTestId('account-kyc-status');
}

const link = () => screen.queryByTestId('account-kyc-link');

describe('IdentityCard', () => {
  it.each([
    ['pending', 'Not verified', 'Verify identity', '/kyc'],
    ['submitted', 'Submitted', 'Edit the application', '/kyc'],
    ['resubmitted', 'Resubmitted', 'View the application', '/kyc'],
    ['rejected', 'Corrections needed', 'Fix the marked items', '/kyc'],
    ['insufficient', 'More documents needed', 'Upload more documents', '/kyc?step=upload'],
  ] as const)('%s: "%s" with the link "%s" to %s', async (state, label, linkText, href) => {
    const status = await renderState(state);
    expect(status.getAttribute('data-state')).toBe(state);
    expect(status.textContent).toContain(label);
    expect(link()?.textContent).toBe(linkText);
    expect(link()?.getAttribute('href')).toBe(href);
    expect(screen.getByTestId('account-identity').getAttribute('data-state')).toBe(state);
  });

  it('pending says what verification unlocks', async () => {
    const status = await renderState('pending', { submittedAt: null, decidedAt: null });
    expect(status.textContent).toContain(
      'Verify your identity to reach level 1: subscribe, deposit, withdraw, convert and get a referral code.',
    );
  });

  it('submitted shows the date and that it can still be edited', async () => {
    const status = await renderState('submitted', { submittedAt: '2024-04-28T02:00:00.000Z' });
    expect(status.textContent).toContain(
      'Your application was submitted on 2024/04/28. You can still edit it until the review starts.',
    );
  });

  it('under review: about 3 business days, withdrawals locked, no link', async () => {
    const status = await renderState('under_review');
    expect(status.textContent).toContain('Under review');
    expect(status.textContent).toContain('about 3 business days');
    expect(status.textContent).toContain('BCNT withdrawals are locked');
    expect(link()).toBeNull();
  });

  it('rejected: how many items to fix and the reviewer note', async () => {
    const status = await renderState('rejected', {
      rejectedItems: ['surname', 'frontImage'],
      reviewNote: 'The photo is blurred.',
    });
    expect(within(status).getByTestId('account-kyc-items').textContent).toBe(
      '2 items are marked for correction.',
    );
    expect(within(status).getByTestId('account-kyc-note').textContent).toBe(
      'Note from the review: The photo is blurred.',
    );
  });

  it('verified: with the date, no link', async () => {
    const status = await renderState('verified', { decidedAt: '2024-05-02T02:00:00.000Z' });
    expect(status.textContent).toContain('Verified');
    expect(status.textContent).toContain('Your identity was verified on 2024/05/02');
    expect(link()).toBeNull();
  });

  it('verified without a decision date still says verified', async () => {
    const status = await renderState('verified', { decidedAt: null });
    expect(status.textContent).toContain('Your identity is verified: you are a level 1 member.');
  });

  it('failed: contact support (the contact form), no link to /kyc', async () => {
    const status = await renderState('failed', { reviewNote: 'Document forged.' });
    expect(status.textContent).toContain('Verification failed');
    expect(status.textContent).toContain('Please contact customer support.');
    expect(link()).toBeNull();
    const contact = within(status).getByTestId('account-kyc-contact');
    expect(contact.getAttribute('href')).toBe('/account?type=contact-us');
  });

  it('shows a skeleton while loading', () => {
    kycMock.mockReturnValue(new Promise(() => {}));
    renderAccount(<IdentityCard />);
    expect(screen.getByTestId('account-kyc-loading')).toBeTruthy();
    expect(screen.getByTestId('account-identity').getAttribute('data-state')).toBe('loading');
  });

  it('a failed load shows the translated error and retries', async () => {
    const user = userEvent.setup();
    kycMock.mockRejectedValueOnce(
      new ApiError({
        call: 'x',
        status: 500,
        message: 'The server is currently busy, please try again later.',
      }),
    );
    kycMock.mockResolvedValue(kycStatus({ state: 'pending' }));
    renderAccount(<IdentityCard />);
    const error = await screen.findByTestId('account-kyc-error');
    expect(error.textContent).toContain('The server is currently busy, please try again later.');
    expect(screen.getByTestId('account-identity').getAttribute('data-state')).toBe('error');
    await user.click(within(error).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('account-kyc-status')).getAttribute('data-state')).toBe(
      'pending',
    );
  });

  it('speaks Simplified Chinese', async () => {
    kycMock.mockResolvedValue(kycStatus({ state: 'insufficient' }));
    renderAccount(<IdentityCard />, { lng: 'zh-CN' });
    const status = await screen.findByTestId('account-kyc-status');
    expect(status.textContent).toContain('需补充材料');
    expect(link()?.textContent).toBe('上传更多材料');
  });
});
