// Test helpers of the Security feature (used by its *.test.tsx files only).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { renderWithProviders } from '../../components/testing/render';
import type { LoginDevice, TwoFactorSettings } from '../../shared/api/auth';

export function renderSecurity(
  ui: ReactElement,
  { route = '/', lng }: { route?: string; lng?: string } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
  const result = renderWithProviders(ui, {
    route,
    ...(lng ? { lng } : {}),
    wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
  return { ...result, client };
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

export function settings(overrides: Partial<TwoFactorSettings> = {}): TwoFactorSettings {
  return {
    method: 'none',
    mobile: '+8869****678',
    mobileVerified: true,
    withdrawalLockedUntil: null,
    ...overrides,
  };
}

export function device(id: number, overrides: Partial<LoginDevice> = {}): LoginDevice {
  return {
    id,
    deviceID: `device-${id}`,
    clientId: `client-${id}`,
    deviceType: 13,
    device: `Chrome on Linux #${id}`,
    os: 'Linux',
    ip: `10.0.0.${id}`,
    position: null,
    loginTime: '2024-05-01T02:03:00.000Z',
    status: 1,
    current: false,
    ...overrides,
  };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
