import type * as z from 'zod/mini';
import {
  linkedWalletListSchema,
  linkedWalletSchema,
  loginDeviceListSchema,
  loginDeviceLogListSchema,
  modifyNicknameResultSchema,
  revokeLoginDeviceResultSchema,
  set2FAResultSchema,
  siweNonceResultSchema,
  twoFactorSettingsSchema,
  updatePwdResultSchema,
  loginResultSchema,
  DEVICE_TYPE,
  type LinkedWallet,
  type LoginResult,
  type ListQuery,
  type Set2FABody,
  type Set2FAResult,
  type SiweNonceResult,
  type TwoFactorSettings,
} from '../shared/api/auth';
import { deviceHeaders } from './device';
import { request } from './http-client';
import { keepDeviceToken } from './member-auth';

/**
 * Security calls of the member service (spec sections 4 and 7, contract `shared/api/auth.ts`):
 * two-step verification, login devices and their activity log, password change, nickname and
 * linked wallets (EIP-4361). All authenticated except the login nonce. Calls that change
 * something a replay must not repeat (a 2FA change consumes its codes, a revoke, a password
 * change, a link/unlink consumes its nonce or code) are `retry: false`: after an auth failure
 * they are never replayed with a refreshed token.
 */

export type LoginDeviceList = z.infer<typeof loginDeviceListSchema>;
export type LoginDeviceLogList = z.infer<typeof loginDeviceLogListSchema>;
export type RevokeLoginDeviceResult = z.infer<typeof revokeLoginDeviceResultSchema>;
export type UpdatePwdResult = z.infer<typeof updatePwdResultSchema>;
export type ModifyNicknameResult = z.infer<typeof modifyNicknameResultSchema>;
/** What a nonce is for: linking a wallet, signing in with it, or verifying an Alliance NFT. */
export type SiwePurpose = 'link' | 'login' | 'alliance';
export interface SiweSignedBody {
  message: string;
  signature: string;
}
/** Re-authentication sent with siwe/link: the password and, when two-step is on, its code. */
export interface SiweLinkConfirmation {
  password: string;
  code?: string;
}

/** Spec section 7: devices 20 a page by id descending, status 1 (authorised). */
export const DEVICE_PAGE_SIZE = 20;
/** Spec section 7: the activity log 10 a page by id ascending (oldest first). */
export const DEVICE_LOG_PAGE_SIZE = 10;

/** POST /member/get2FASettings */
export function get2FASettings(): Promise<TwoFactorSettings> {
  return request({
    service: 'member',
    path: '/get2FASettings',
    method: 'POST',
    schema: twoFactorSettingsSchema,
  });
}

/**
 * POST /member/set2FASettings, one action per call (send-sms, totp-setup, enable-totp,
 * enable-sms, disable). Never replayed: codes are single-use and a setup makes a new secret.
 */
export function set2FASettings(body: Set2FABody): Promise<Set2FAResult> {
  return request({
    service: 'member',
    path: '/set2FASettings',
    method: 'POST',
    body,
    schema: set2FAResultSchema,
    retry: false,
  });
}

/** POST /member/getLoginDevices: pageSize 20, sortCol id, sortDir desc, status 1 by default. */
export function getLoginDevices(query: ListQuery = {}): Promise<LoginDeviceList> {
  return request({
    service: 'member',
    path: '/getLoginDevices',
    method: 'POST',
    body: {
      pageSize: DEVICE_PAGE_SIZE,
      pageNow: 1,
      sortCol: 'id',
      sortDir: 'desc',
      status: 1,
      ...query,
    },
    schema: loginDeviceListSchema,
  });
}

/** POST /member/getLoginDeviceLogs: pageSize 10, sortCol id, sortDir asc by default. */
export function getLoginDeviceLogs(query: ListQuery = {}): Promise<LoginDeviceLogList> {
  return request({
    service: 'member',
    path: '/getLoginDeviceLogs',
    method: 'POST',
    body: {
      pageSize: DEVICE_LOG_PAGE_SIZE,
      pageNow: 1,
      sortCol: 'id',
      sortDir: 'asc',
      ...query,
    },
    schema: loginDeviceLogListSchema,
  });
}

/** POST /member/revokeLoginDevice (deviceType default 13): that device's sessions end at once. */
export function revokeLoginDevice(device: {
  clientId: string;
  deviceType?: number;
}): Promise<RevokeLoginDeviceResult> {
  return request({
    service: 'member',
    path: '/revokeLoginDevice',
    method: 'POST',
    body: { deviceType: device.deviceType ?? DEVICE_TYPE.login, clientId: device.clientId },
    schema: revokeLoginDeviceResultSchema,
    retry: false,
  });
}

/** POST /member/updatePwd: the member's other sessions end. */
export function updatePwd(body: {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}): Promise<UpdatePwdResult> {
  return request({
    service: 'member',
    path: '/updatePwd',
    method: 'POST',
    body,
    schema: updatePwdResultSchema,
    retry: false,
  });
}

/** POST /member/ico/modifyNickname (idempotent: may be replayed after a token refresh). */
export function modifyNickname(body: { nickname: string }): Promise<ModifyNicknameResult> {
  return request({
    service: 'member',
    path: '/ico/modifyNickname',
    method: 'POST',
    body,
    schema: modifyNicknameResultSchema,
  });
}

/**
 * POST /member/siwe/nonce: a single-use nonce with the domain, URI, chain id, statement and
 * times the EIP-4361 message must carry. `login` is a guest call (nobody is signed in yet);
 * `link` and `alliance` are authenticated (the nonce is bound to the member).
 */
export function siweNonce(purpose: SiwePurpose): Promise<SiweNonceResult> {
  return request({
    service: 'member',
    path: '/siwe/nonce',
    method: 'POST',
    body: { purpose },
    schema: siweNonceResultSchema,
    guest: purpose === 'login',
    retry: false,
  });
}

/** POST /member/siwe/link: links the signing address to the member (consumes the nonce). */
export function siweLink(body: SiweSignedBody & SiweLinkConfirmation): Promise<LinkedWallet> {
  return request({
    service: 'member',
    path: '/siwe/link',
    method: 'POST',
    body,
    schema: linkedWalletSchema,
    retry: false,
  });
}

/** POST /member/siwe/unlink with the second-factor code; answers the remaining wallets. */
export async function siweUnlink(body: { address: string; code: string }): Promise<LinkedWallet[]> {
  const result = await request({
    service: 'member',
    path: '/siwe/unlink',
    method: 'POST',
    body,
    schema: linkedWalletListSchema,
    retry: false,
  });
  return result.list;
}

/** POST /member/siwe/wallets: the member's linked addresses. */
export async function siweWallets(): Promise<LinkedWallet[]> {
  const result = await request({
    service: 'member',
    path: '/siwe/wallets',
    method: 'POST',
    schema: linkedWalletListSchema,
  });
  return result.list;
}

/**
 * POST /member/siwe/login (guest, with the login device headers like a password login).
 * Answers like login step 1: success, second_factor (finish with `login` step 2 and the
 * ticket) or device_authorization.
 */
export function siweLogin(body: SiweSignedBody): Promise<LoginResult> {
  return request({
    service: 'member',
    path: '/siwe/login',
    method: 'POST',
    body,
    schema: loginResultSchema,
    guest: true,
    retry: false,
    headers: deviceHeaders('login'),
  }).then(keepDeviceToken);
}
