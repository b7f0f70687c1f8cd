import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import {
  type CaptchaChallenge,
  type CaptchaSolution,
  DEVICE_HEADERS,
  DEVICE_TYPE,
  type LoginResult,
  type OutboxMessage,
  type RegisterBody,
} from '../../src/shared/api/auth';
import type { App } from '../../src/server/app';
import { solveCaptchaChallenge } from '../../src/server/domain/auth/captcha';

/**
 * Identity helpers for API tests (and ideas for the e2e and the benchmark): solve the captcha
 * like the browser widget does, read codes and links from the dev outbox, and register, verify
 * and log in a member in one call. Every request gets its own client address unless one is
 * given, so the per-IP rate limits stay out of the way of tests that are not about them.
 */

let ipCounter = 0;
/** A fresh client address (10.64.0.0/10). */
export function freshIp(): string {
  const n = ipCounter++;
  return `10.${64 + (Math.floor(n / 65_024) % 64)}.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
}

export function newClientId(): string {
  return randomUUID();
}

export interface CallOptions {
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** The device headers; `deviceToken` is the one a login answered (wallet sign-in needs it). */
export function deviceHeaders(
  clientId: string,
  deviceType: number = DEVICE_TYPE.login,
  deviceToken?: string,
): Record<string, string> {
  return {
    [DEVICE_HEADERS.clientId]: clientId,
    [DEVICE_HEADERS.deviceType]: String(deviceType),
    [DEVICE_HEADERS.deviceOs]: 'Linux',
    [DEVICE_HEADERS.deviceAgent]: 'Test Browser on Linux',
    [DEVICE_HEADERS.position]: 'Taipei',
    ...(deviceToken ? { [DEVICE_HEADERS.deviceToken]: deviceToken } : {}),
  };
}

export function call(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    remoteAddress: options.ip ?? freshIp(),
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

export function post(app: App, url: string, body?: unknown, options?: CallOptions) {
  return call(app, 'POST', url, body, options);
}

/** GET /member/geetest/initialize and solve it. */
export async function solveCaptcha(app: App): Promise<CaptchaSolution> {
  const res = await call(app, 'GET', '/member/geetest/initialize');
  if (res.statusCode !== 200) throw new Error(`captcha: HTTP ${res.statusCode} ${res.body}`);
  return solveCaptchaChallenge(res.json().data as CaptchaChallenge);
}

/** Newest outbox messages for an address (GET /dev/outbox). */
export async function outbox(app: App, to: string, limit = 20): Promise<OutboxMessage[]> {
  const res = await call(app, 'GET', `/dev/outbox?to=${encodeURIComponent(to)}&limit=${limit}`);
  if (res.statusCode !== 200) throw new Error(`outbox: HTTP ${res.statusCode} ${res.body}`);
  return res.json().data as OutboxMessage[];
}

/** The newest code sent to an address (e-mail or mobile). */
export async function latestCode(app: App, to: string): Promise<string> {
  const message = (await outbox(app, to)).find((m) => m.code);
  if (!message?.code) throw new Error(`no code in the outbox for ${to}`);
  return message.code;
}

/** The newest link sent to an address containing `path`, and its token. */
export async function latestLink(app: App, to: string, path: string) {
  const message = (await outbox(app, to)).find((m) => m.link?.includes(path));
  if (!message?.link) throw new Error(`no ${path} link in the outbox for ${to}`);
  const token = new URL(message.link).searchParams.get('token');
  if (!token) throw new Error(`link without token: ${message.link}`);
  return { link: message.link, token };
}

let memberCounter = 0;
export const TEST_PASSWORD = 'Passw0rd-test';

export interface MemberCredentials {
  email: string;
  password: string;
  mobile: string;
  clientId: string;
}

export function newCredentials(prefix = 'member'): MemberCredentials {
  const n = ++memberCounter;
  return {
    email: `${prefix}-${n}-${randomUUID().slice(0, 8)}@example.com`,
    password: TEST_PASSWORD,
    mobile: `+8869${String(10_000_000 + Math.floor(Math.random() * 89_999_999)).slice(0, 8)}`,
    clientId: newClientId(),
  };
}

export async function registerBody(
  app: App,
  credentials: MemberCredentials,
  overrides: Partial<RegisterBody> = {},
): Promise<RegisterBody> {
  return {
    accountType: 'individual',
    userName: 'Tester',
    email: credentials.email,
    mobile: credentials.mobile,
    password: credentials.password,
    confirmPassword: credentials.password,
    agreement: true,
    privacyPolicy: true,
    captcha: await solveCaptcha(app),
    ...overrides,
  };
}

/** Step 1 of login with a fresh captcha (answers the raw response). */
export async function loginStep1(
  app: App,
  credentials: Pick<MemberCredentials, 'email' | 'password' | 'clientId'>,
  options: { ip?: string; headers?: Record<string, string> } = {},
) {
  return post(
    app,
    '/member/login',
    {
      email: credentials.email,
      password: credentials.password,
      grant_type: 'password',
      source: 0,
      step: 1,
      captcha: await solveCaptcha(app),
    },
    { ip: options.ip, headers: { ...deviceHeaders(credentials.clientId), ...options.headers } },
  );
}

export async function loginStep2(
  app: App,
  ticket: string,
  code: string,
  clientId: string,
  options: { ip?: string } = {},
) {
  return post(
    app,
    '/member/login',
    { grant_type: 'password', source: 0, step: 2, ticket, google2FAToken: code },
    { ip: options.ip, headers: deviceHeaders(clientId) },
  );
}

export interface TestMember extends MemberCredentials {
  memberId: number;
  /** the device token the first login gave the registering device */
  deviceToken?: string | undefined;
  token: string;
  refreshToken: string;
  expiredTime: number;
}

export interface CreateMemberOptions {
  accountType?: 'individual' | 'institutional';
  referralCode?: string;
  /** registered through the partner sign-up with this partner's code */
  partnerCode?: string;
  /** verify e-mail and mobile with the codes sent at registration (default true) */
  verify?: boolean;
}

/** Register, verify both contacts and log in from the registering device: a ready member. */
export async function createMember(
  app: App,
  options: CreateMemberOptions = {},
): Promise<TestMember> {
  const credentials = newCredentials();
  const res = await post(
    app,
    '/member/register',
    await registerBody(app, credentials, {
      accountType: options.accountType ?? 'individual',
      ...(options.referralCode ? { referralCode: options.referralCode } : {}),
      ...(options.partnerCode ? { partnerCode: options.partnerCode } : {}),
    }),
    { headers: deviceHeaders(credentials.clientId, DEVICE_TYPE.register) },
  );
  if (res.statusCode !== 200) throw new Error(`register: HTTP ${res.statusCode} ${res.body}`);
  const memberId = res.json().data.memberId as number;
  if (options.verify !== false) {
    for (const [actionType, to] of [
      ['email', credentials.email],
      ['mobile', credentials.mobile],
    ] as const) {
      const activation = await call(app, 'PUT', '/member/activation', {
        actionType,
        userName: credentials.email,
        code: await latestCode(app, to),
      });
      if (activation.statusCode !== 200) {
        throw new Error(`activation: HTTP ${activation.statusCode} ${activation.body}`);
      }
    }
  }
  const login = await loginStep1(app, credentials);
  const result = login.json().data as LoginResult;
  if (result?.result !== 'success') throw new Error(`login: ${login.body}`);
  return { ...credentials, memberId, ...result.session, deviceToken: result.deviceToken };
}

/** Log in again (new session family) from a device the member has authorised. */
export async function loginSession(app: App, member: MemberCredentials) {
  const res = await loginStep1(app, member);
  const result = res.json().data as LoginResult;
  if (result?.result !== 'success') throw new Error(`login: ${res.body}`);
  return result.session;
}
