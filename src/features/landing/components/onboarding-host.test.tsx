import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { kycStatusAnswer } from '../../../components/testing/kyc-status';
import { mockExports } from '../../../components/testing/mock-exports';
import { createTestI18n } from '../../../components/testing/test-i18n';
import * as kyc from '../../../services/kyc';
import { queryKeys } from '../../../services/query-keys';
import { setLoginInfo } from '../../../services/session';
import type { KycStatus } from '../../../shared/api/kyc';
import { ROLE } from '../../../shared/membership/levels';
import { OnboardingHost } from './onboarding-host';

const getKycStatus = vi.fn();
mockExports(kyc, { getKycStatus });

function kycStatus(state: KycStatus['state'], premierState: KycStatus['premier']['state'] = null) {
  return kycStatusAnswer({
    selfUserKYCStatus: state === 'verified' ? 4 : 0,
    state,
    canEdit: state === 'pending',
    premier: { state: premierState, appliedAt: null, decidedAt: null },
  });
}

function logIn(member: Record<string, unknown> = {}) {
  setLoginInfo({
    token: 't',
    expiredTime: Date.now() + 60_000,
    roleId: ROLE.investor,
    premier: false,
    kyc2ApplyResult: null,
    ...member,
  });
}

function renderHost(path = '/?mode=new&lang=zh-TW') {
  const onVerify = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <OnboardingHost verifyHref="/kyc?step=upload" onVerify={onVerify} />,
      },
    ],
    { initialEntries: ['/before', path], initialIndex: 1 },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={createTestI18n('en-US')}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { router, client, onVerify, user: userEvent.setup() };
}

/** Waits until the KYC status query has its answer and the tour has rendered with it. */
async function settled(client: QueryClient, status: 'success' | 'error') {
  await waitFor(() =>
    expect(client.getQueryState(queryKeys.member.kycStatus())?.status).toBe(status),
  );
  await act(async () => {});
}

async function toStep1(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('onboarding-next'));
  expect(screen.getByTestId('onboarding').getAttribute('data-step')).toBe('1');
}

describe('OnboardingHost', () => {
  beforeEach(() => {
    getKycStatus.mockReset();
  });

  it('offers Verify to a member who is not premier and whose KYC is still pending', async () => {
    logIn();
    getKycStatus.mockResolvedValue(kycStatus('pending'));
    const { user, onVerify } = renderHost();
    await toStep1(user);
    const verify = await screen.findByTestId('onboarding-verify');
    expect(verify.getAttribute('href')).toBe('/kyc?step=upload');
    await user.click(verify);
    expect(onVerify).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a KYC application exists', kycStatus('submitted')],
    ['the identity is verified', kycStatus('verified')],
    ['a premier application exists', kycStatus('pending', 'pending_id_verification')],
  ])('offers no Verify when %s', async (_, status) => {
    logIn();
    getKycStatus.mockResolvedValue(status);
    const { user, client } = renderHost();
    await toStep1(user);
    await settled(client, 'success');
    expect(screen.queryByTestId('onboarding-verify')).toBeNull();
  });

  it('offers no Verify to a premier member or one with a KYC2 result, without asking the server', async () => {
    for (const member of [{ premier: true }, { kyc2ApplyResult: 'approved' }]) {
      logIn(member);
      getKycStatus.mockResolvedValue(kycStatus('pending'));
      const { user } = renderHost();
      await toStep1(user);
      expect(screen.queryByTestId('onboarding-verify')).toBeNull();
      expect(getKycStatus).not.toHaveBeenCalled();
      cleanup();
    }
  });

  it('offers no Verify when the status call fails', async () => {
    logIn();
    getKycStatus.mockRejectedValue(new Error('network_error'));
    const { user, client } = renderHost();
    await toStep1(user);
    await settled(client, 'error');
    expect(screen.queryByTestId('onboarding-verify')).toBeNull();
  });

  it.each([
    ['Done', ['onboarding-next', 'onboarding-next', 'onboarding-next', 'onboarding-done']],
    ['the close button', ['onboarding-close']],
  ])('%s replaces the route with Landing without the mode query', async (_, clicks) => {
    logIn();
    getKycStatus.mockResolvedValue(kycStatus('pending'));
    const { router, user } = renderHost();
    for (const testId of clicks) await user.click(screen.getByTestId(testId));
    await waitFor(() => expect(router.state.location.search).toBe('?lang=zh-TW'));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
    // replaced, not pushed: Back goes to the page before the tour
    await router.navigate(-1);
    expect(router.state.location.pathname).toBe('/before');
  });

  it('Esc closes the tour the same way', async () => {
    logIn();
    getKycStatus.mockResolvedValue(kycStatus('pending'));
    const { router, user } = renderHost('/?mode=new');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('renders nothing for a visitor', () => {
    renderHost();
    expect(screen.queryByTestId('onboarding')).toBeNull();
    expect(getKycStatus).not.toHaveBeenCalled();
  });
});
