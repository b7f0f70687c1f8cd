// Test helpers of the withdraw feature (used by its *.test.tsx files only).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { renderWithProviders } from '../../components/testing/render';
import { ApiError } from '../../services/http-client';
import type { WalletCurrency } from '../../shared/api/wallet';
import type {
  AddressList,
  SavedAddress,
  Withdrawal,
  WithdrawInfo,
} from '../../shared/api/wallet-withdraw';
import { networksFor, type WithdrawalNetworkId } from '../../shared/constants/networks';
import { withdrawalRule } from '../../shared/constants/withdrawal-rules';

export function renderWithdraw(ui: ReactElement, { route = '/wallet', lng = 'en-US' } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const result = renderWithProviders(ui, {
    route,
    lng,
    wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
  return { ...result, client };
}

/** Real addresses with valid checksums. */
export const ADDRESS = {
  tron: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  evm: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  btcNative: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
} as const;

/** WithdrawInfo of `currency` with the real rules of withdrawal-rules.ts. */
export function withdrawInfo(
  currency: WalletCurrency,
  overrides: Partial<WithdrawInfo> = {},
): WithdrawInfo {
  return {
    currency,
    available: '100',
    networks: networksFor(currency).map((network) => ({
      network: network.id as WithdrawalNetworkId,
      label: network.label,
      minimum: withdrawalRule(currency, network.id)!.minimum,
      fee: withdrawalRule(currency, network.id)!.fee,
      confirmations: network.confirmations,
    })),
    limit: {
      level: 1,
      dailyLimitUsdt: '20000',
      usedUsdt: '0',
      remainingUsdt: '20000',
      remaining: '20000',
    },
    lockedUntil: null,
    twoFactorMethod: 'totp',
    kycVerified: true,
    bcnt: null,
    ...overrides,
  };
}

export function savedAddress(id: number, overrides: Partial<SavedAddress> = {}): SavedAddress {
  return {
    id,
    name: `Address ${id}`,
    currency: 'USDT',
    network: 'TRC20',
    address: ADDRESS.tron,
    isDefault: false,
    createdAt: '2024-05-01T02:00:00.000Z',
    ...overrides,
  };
}

export function addressList(items: SavedAddress[], count = items.length): AddressList {
  return { items, count, max: 10 };
}

export function withdrawal(id: number, overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id,
    currency: 'USDT',
    network: 'TRC20',
    address: ADDRESS.tron,
    amount: '99',
    fee: '1',
    status: 'queued',
    txHash: null,
    dueAt: '2024-05-02T02:00:00.000Z',
    createdAt: '2024-05-01T02:00:00.000Z',
    completedAt: null,
    failureReason: null,
    ...overrides,
  };
}

export function refusal(message: string, data: unknown = null, status = 400) {
  return new ApiError({ message, status, httpStatus: 200, data, call: 'test' });
}

/** Types a whole code into a CodeInput (by its test id prefix) the way a paste does. */
export async function enterCode(
  user: ReturnType<typeof userEvent.setup>,
  testId: string,
  code: string,
) {
  await user.click(screen.getByTestId(`${testId}-0`));
  await user.paste(code);
}
