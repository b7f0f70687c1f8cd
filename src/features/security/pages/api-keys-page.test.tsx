import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useProgressBarStore } from '../../../components/progress-bar-store';
import { mockExports } from '../../../components/testing/mock-exports';
import * as apiKeys from '../../../services/exchange-api-keys';
import { ApiError } from '../../../services/http-client';
import * as memberSecurity from '../../../services/member-security';
import { ApiKeyError, type ApiKey } from '../../../shared/api/exchange-api-keys';
import { enterCode, renderSecurity, settings } from '../test-utils';
import ApiKeysPage from './api-keys-page';

mockExports(apiKeys, {
  listApiKeys: vi.fn(),
  importApiKey: vi.fn(),
  checkApiKey: vi.fn(),
  deleteApiKey: vi.fn(),
});
mockExports(memberSecurity, { get2FASettings: vi.fn() });

const listMock = vi.mocked(apiKeys.listApiKeys);
const importMock = vi.mocked(apiKeys.importApiKey);

function key(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 1,
    exchange: 'bitfinex',
    name: 'Main trading',
    apiKey: 'abcd********wxyz',
    accountType: 'main',
    subAccountName: null,
    status: 'correct',
    problem: null,
    lastSyncTime: '2026-11-20T02:30:00.000Z',
    lastCheckedAt: '2026-11-20T02:30:00.000Z',
    createdAt: '2026-11-19T00:00:00.000Z',
    inUse: false,
    ...overrides,
  };
}

const refused = (message: string, data: unknown = null) =>
  new ApiError({ message, call: 'POST /api/v1/user/ApiKey', httpStatus: 400, data });

beforeEach(() => {
  vi.clearAllMocks();
  useProgressBarStore.setState({ message: null });
  vi.mocked(memberSecurity.get2FASettings).mockResolvedValue(settings({ method: 'totp' }));
});

async function fillImport(user: ReturnType<typeof userEvent.setup>, sub = false) {
  await user.click(screen.getByTestId('api-key-import-open'));
  await user.type(screen.getByTestId('api-key-name'), 'Bot key');
  await user.type(screen.getByTestId('api-key-key'), 'KEY-1234567890');
  await user.type(screen.getByTestId('api-key-secret'), 'SECRET-1234567890');
  if (sub) {
    await user.selectOptions(screen.getByTestId('api-key-account-type'), 'sub');
    await user.type(screen.getByTestId('api-key-sub-account'), 'bots');
  }
  await user.type(screen.getByTestId('api-key-reauth-password'), 'pass-word-1');
  await enterCode(user, 'api-key-reauth-code', '123456');
}

describe('ApiKeysPage', () => {
  it('lists the keys: masked key, account, status with what to do, last sync in UTC+8', async () => {
    listMock.mockResolvedValue({
      list: [
        key(),
        key({
          id: 2,
          name: 'Lending',
          accountType: 'sub',
          subAccountName: 'lend',
          status: 'incorrect',
          problem: 'permissions',
          lastSyncTime: null,
          inUse: true,
        }),
      ],
    });
    renderSecurity(<ApiKeysPage />);
    const rows = await screen.findAllByTestId('api-key-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('abcd********wxyz');
    expect(rows[0]!.textContent).toContain('Main account');
    expect(rows[0]!.textContent).toContain('2026/11/20 10:30');
    expect(within(rows[0]!).getByTestId('api-key-status').textContent).toBe('Correct');
    expect(rows[1]!.textContent).toContain('Sub-account lend');
    expect(rows[1]!.textContent).toContain('Never');
    expect(within(rows[1]!).getByTestId('api-key-status').textContent).toContain(
      'permissions beyond trade and read',
    );
    // a key a subscription uses cannot be deleted
    expect((within(rows[1]!).getByTestId('api-key-delete') as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((within(rows[0]!).getByTestId('api-key-delete') as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('imports a sub-account key with the password and the authenticator code', async () => {
    listMock.mockResolvedValue({ list: [] });
    importMock.mockResolvedValue(key({ id: 3, name: 'Bot key' }));
    const user = userEvent.setup();
    renderSecurity(<ApiKeysPage />);
    expect(await screen.findByText('No API key yet.')).toBeTruthy();
    await fillImport(user, true);
    listMock.mockResolvedValue({ list: [key({ id: 3, name: 'Bot key' })] });
    await user.click(screen.getByTestId('api-key-import-submit'));
    await waitFor(() => expect(screen.queryByTestId('api-key-import')).toBeNull());
    expect(importMock).toHaveBeenCalledWith({
      exchange: 'bitfinex',
      name: 'Bot key',
      apiKey: 'KEY-1234567890',
      secret: 'SECRET-1234567890',
      accountType: 'sub',
      subAccountName: 'bots',
      password: 'pass-word-1',
      code: '123456',
    });
    expect(await screen.findAllByTestId('api-key-row')).toHaveLength(1);
    expect(useProgressBarStore.getState().message?.text).toBe('API key "Bot key" imported.');
  });

  it('checks the fields before sending: a short key and a missing sub-account name', async () => {
    listMock.mockResolvedValue({ list: [] });
    const user = userEvent.setup();
    renderSecurity(<ApiKeysPage />);
    await user.click(await screen.findByTestId('api-key-import-open'));
    await user.type(screen.getByTestId('api-key-name'), 'Bot key');
    await user.type(screen.getByTestId('api-key-key'), 'short');
    await user.type(screen.getByTestId('api-key-secret'), 'SECRET-1234567890');
    await user.selectOptions(screen.getByTestId('api-key-account-type'), 'sub');
    await user.type(screen.getByTestId('api-key-reauth-password'), 'pass-word-1');
    await enterCode(user, 'api-key-reauth-code', '123456');
    await user.click(screen.getByTestId('api-key-import-submit'));
    expect(
      await screen.findByText(
        'Enter the API key as the exchange shows it (8 to 128 characters, no spaces).',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Enter the sub-account name.')).toBeTruthy();
    expect(importMock).not.toHaveBeenCalled();
  });

  it("says the spec's refusal for a key that can withdraw, and keeps the form", async () => {
    listMock.mockResolvedValue({ list: [] });
    importMock.mockRejectedValue(refused(ApiKeyError.permissions));
    const user = userEvent.setup();
    renderSecurity(<ApiKeysPage />);
    await fillImport(user);
    await user.click(screen.getByTestId('api-key-import-submit'));
    expect((await screen.findByTestId('api-key-import-error')).textContent).toBe(
      'The API key must have only trade and signal permissions.',
    );
    expect((screen.getByTestId('api-key-name') as HTMLInputElement).value).toBe('Bot key');
  });

  it('checks a key now and deletes one after confirming', async () => {
    listMock.mockResolvedValue({ list: [key()] });
    vi.mocked(apiKeys.checkApiKey).mockResolvedValue(
      key({ status: 'incorrect', problem: 'rejected' }),
    );
    vi.mocked(apiKeys.deleteApiKey).mockResolvedValue({ list: [] });
    const user = userEvent.setup();
    renderSecurity(<ApiKeysPage />);
    await user.click(await screen.findByTestId('api-key-check'));
    await waitFor(() =>
      expect(useProgressBarStore.getState().message?.text).toBe(
        '"Main trading" does not work on the exchange. Reset it there.',
      ),
    );
    expect(apiKeys.checkApiKey).toHaveBeenCalledWith(1);

    await user.click(screen.getByTestId('api-key-delete'));
    listMock.mockResolvedValue({ list: [] });
    await user.click(
      within(screen.getByTestId('api-key-delete-confirm')).getByTestId('confirm-accept'),
    );
    expect(apiKeys.deleteApiKey).toHaveBeenCalledWith(1);
    expect(await screen.findByText('No API key yet.')).toBeTruthy();
  });

  it('is translated', async () => {
    listMock.mockResolvedValue({ list: [key()] });
    renderSecurity(<ApiKeysPage />, { lng: 'zh-TW' });
    expect(await screen.findByText('您的交易所 API 金鑰')).toBeTruthy();
  });
});
