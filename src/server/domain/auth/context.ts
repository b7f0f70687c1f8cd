import type { Clock } from '../../clock';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import type { AuthKeys } from './crypto';
import type { Outbox } from './outbox';
import type { SignatureVerifier } from './siwe-verifier';
import type { MemberReadCache } from './member-cache';
import type { SessionCache } from './session-cache';

/** What the identity domain needs; the auth plugin builds it once per app. */
export interface AuthDeps {
  db: Db;
  clock: Clock;
  config: AppConfig;
  keys: AuthKeys;
  outbox: Outbox;
  signatures: SignatureVerifier;
  /** the API's cache of live sessions (absent in the operator CLI and scripts) */
  sessions?: SessionCache;
  /** the API's cache of members' frequent reads (absent in the operator CLI and scripts) */
  reads?: MemberReadCache;
}

/** Where a request comes from (recorded on devices and in the activity log). */
export interface RequestOrigin {
  ip: string;
  clientId: string;
  deviceType: number;
  os: string;
  agent: string;
  position: string | null;
  /** the device token the browser sent (login and wallet sign-in), see device-tokens.ts */
  deviceToken?: string | undefined;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
