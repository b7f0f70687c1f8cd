import { describe, expect, it } from 'vitest';
import { AuthError } from '../shared/api/auth';
import { ErrorMessage } from '../shared/api/envelope';
import { LoyaltyError } from '../shared/api/loyalty';
import { WalletError } from '../shared/api/wallet';
import { initI18n } from './i18n';
import { errorMessageKey, MESSAGE_KEYS } from './error-keys';

describe('error message keys', () => {
  it('maps every server message key to a translation', () => {
    for (const message of Object.values(ErrorMessage)) {
      expect(MESSAGE_KEYS[message], message).toBeDefined();
    }
  });

  it('maps every identity refusal of the auth contract, and the agreement message', async () => {
    const i18n = await initI18n('en-US');
    for (const message of Object.values(AuthError)) {
      expect(MESSAGE_KEYS[message], message).toBeDefined();
    }
    expect(i18n.t(errorMessageKey(AuthError.invalidCredentials), { ns: 'errors' })).toBe(
      'Incorrect e-mail or password.',
    );
    expect(i18n.t(errorMessageKey(AuthError.linkInvalid), { ns: 'errors' })).toBe(
      'Please confirm that the link is valid',
    );
    expect(i18n.t(errorMessageKey('agreement_required'), { ns: 'errors' })).toBe(
      'Please accept the user agreement and the privacy policy.',
    );
    await initI18n('zh-TW');
    expect(i18n.t(errorMessageKey(AuthError.codeWrong), { ns: 'errors' })).toBe('驗證碼錯誤。');
    await initI18n('en-US');
  });

  it('maps every refusal shared by the wallet calls to a translation', async () => {
    const i18n = await initI18n('en-US');
    for (const message of Object.values(WalletError)) {
      expect(MESSAGE_KEYS[message], message).toBeDefined();
    }
    expect(i18n.t(errorMessageKey(WalletError.idempotencyKeyReused), { ns: 'errors' })).toBe(
      'This action was already sent with other details. Please start it again.',
    );
    await initI18n('zh-CN');
    expect(i18n.t(errorMessageKey(WalletError.insufficientBalance), { ns: 'errors' })).not.toBe(
      'Not enough available balance',
    );
    await initI18n('en-US');
  });

  it('maps every refusal of the loyalty contract (Alliance NFT) to a translation', async () => {
    const i18n = await initI18n('en-US');
    for (const message of Object.values(LoyaltyError)) {
      expect(MESSAGE_KEYS[message], message).toBeDefined();
    }
    expect(i18n.t(errorMessageKey(LoyaltyError.taken), { ns: 'errors' })).toBe(
      'This wallet is already verified by another account.',
    );
    await initI18n('zh-CN');
    expect(i18n.t(errorMessageKey(LoyaltyError.noNft), { ns: 'errors' })).toBe(
      '此钱包未持有联盟 NFT，请连接持有 NFT 的钱包。',
    );
    await initI18n('en-US');
  });

  it('falls back to the generic message for anything unknown', () => {
    expect(errorMessageKey('something new')).toBe('unexpected');
    expect(errorMessageKey(undefined)).toBe('unexpected');
  });

  it("translates the spec's messages in all three languages", async () => {
    const i18n = await initI18n('en-US');
    expect(i18n.t(errorMessageKey(ErrorMessage.internal), { ns: 'errors' })).toBe(
      'The server is currently busy, please try again later.',
    );
    expect(i18n.t(errorMessageKey('Verify token error: jwt expired'), { ns: 'errors' })).toBe(
      'Please login again.',
    );
    expect(i18n.t(errorMessageKey(ErrorMessage.forbidden), { ns: 'errors' })).toBe(
      'Access denied from this IP address.',
    );
    await initI18n('zh-TW');
    expect(i18n.t(errorMessageKey('Failed to copy texts.'), { ns: 'errors' })).toBe(
      '複製文字失敗。',
    );
    await initI18n('zh-CN');
    expect(i18n.t(errorMessageKey('Incorrect email format'), { ns: 'errors' })).toBe(
      '电子邮箱格式不正确',
    );
    expect(document.documentElement.lang).toBe('zh-CN');
    await initI18n('en-US');
  });
});
