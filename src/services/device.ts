import { localStorageOrNull, type KeyValueStorage } from '../lib/browser-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { DEVICE_HEADERS, DEVICE_TYPE } from '../shared/api/auth';

/**
 * The login device headers of spec section 7: client id, device type (13 on login, 3 on
 * register), device OS, device agent and position. The client id is a random UUID made once per
 * browser and kept in localStorage under `clientId`; the server recognises (and authorises) a
 * device by it. A wallet sign-in also sends the device token the server gave this browser
 * (`x-device-token`, kept under `deviceToken`): the client id alone is public.
 */

export type DeviceKind = keyof typeof DEVICE_TYPE;

const CLIENT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Header values are kept short and plain (ASCII without control characters). */
const MAX_HEADER_LENGTH = 256;

/** Used when localStorage does not work: one id for the life of this page. */
let pageClientId: string | undefined;

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** This browser's client id: the stored one, or a new random UUID that is stored. */
export function getClientId(storage: KeyValueStorage | null = localStorageOrNull()): string {
  if (!storage) {
    pageClientId ??= randomUuid();
    return pageClientId;
  }
  const stored = storage.getItem(STORAGE_KEYS.clientId);
  if (stored && CLIENT_ID_PATTERN.test(stored)) return stored;
  const created = randomUuid();
  try {
    storage.setItem(STORAGE_KEYS.clientId, created);
  } catch {
    // not persisted: this page still uses one id
    pageClientId ??= created;
    return pageClientId;
  }
  return created;
}

const DEVICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
/** Used when localStorage does not work: the token for the life of this page. */
let pageDeviceToken: string | undefined;

/**
 * The device token the server gave this browser at its last login (or with a wallet sign-in's
 * device-authorisation answer), or undefined. Wallet sign-in needs it: the server does not
 * recognise a device by its client id alone.
 */
export function getDeviceToken(
  storage: KeyValueStorage | null = localStorageOrNull(),
): string | undefined {
  const stored = storage
    ? (storage.getItem(STORAGE_KEYS.deviceToken) ?? pageDeviceToken)
    : pageDeviceToken;
  return stored && DEVICE_TOKEN_PATTERN.test(stored) ? stored : undefined;
}

/** Keep a device token a login answered (the newest replaces the one before). */
export function rememberDeviceToken(
  token: string | undefined,
  storage: KeyValueStorage | null = localStorageOrNull(),
): void {
  if (!token || !DEVICE_TOKEN_PATTERN.test(token)) return;
  if (!storage) {
    pageDeviceToken = token;
    return;
  }
  try {
    storage.setItem(STORAGE_KEYS.deviceToken, token);
    pageDeviceToken = undefined;
  } catch {
    // not persisted: kept for the life of this page
    pageDeviceToken = token;
  }
}

/** The operating system named by a user agent (coarse, for the device list). */
export function detectOs(userAgent: string, platform = ''): string {
  const ua = userAgent;
  if (/Windows/i.test(ua)) return 'Windows';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'iOS';
  if (/Android/i.test(ua)) return 'Android';
  if (/CrOS/i.test(ua)) return 'ChromeOS';
  if (/Mac OS X|Macintosh/i.test(ua)) return 'macOS';
  if (/Linux/i.test(ua)) return 'Linux';
  const fromPlatform = platform.trim();
  return fromPlatform !== '' ? clean(fromPlatform) : 'Unknown';
}

function clean(value: string): string {
  return value.replace(/[^\x20-\x7e]/g, '').slice(0, MAX_HEADER_LENGTH);
}

export interface DeviceInfo {
  userAgent: string;
  platform?: string;
  /** A known position (e.g. "Taipei, TW"); null when not known (the default). */
  position?: string | null;
}

function browserDevice(): DeviceInfo {
  if (typeof navigator === 'undefined') return { userAgent: '' };
  const data = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  return { userAgent: navigator.userAgent ?? '', platform: data?.platform ?? navigator.platform };
}

/**
 * The device headers for a login (type 13) or a registration (type 3). Position is sent only
 * when known; the browser does not look it up.
 */
export function deviceHeaders(
  kind: DeviceKind,
  device: DeviceInfo = browserDevice(),
  clientId: string = getClientId(),
  /** null: send none */
  deviceToken: string | null | undefined = getDeviceToken(),
): Record<string, string> {
  const headers: Record<string, string> = {
    [DEVICE_HEADERS.clientId]: clientId,
    [DEVICE_HEADERS.deviceType]: String(DEVICE_TYPE[kind]),
    [DEVICE_HEADERS.deviceOs]: detectOs(device.userAgent, device.platform),
    [DEVICE_HEADERS.deviceAgent]: clean(device.userAgent) || 'Unknown',
  };
  if (deviceToken) headers[DEVICE_HEADERS.deviceToken] = deviceToken;
  const position = device.position ? clean(device.position) : '';
  if (position !== '') headers[DEVICE_HEADERS.position] = position;
  return headers;
}
