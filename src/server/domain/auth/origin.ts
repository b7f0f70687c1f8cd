import { DEVICE_HEADERS, DEVICE_TYPE } from '../../../shared/api/auth';
import { validationError } from '../../errors';
import type { RequestOrigin } from './context';

/**
 * The device headers of login and register (DEVICE_HEADERS) -> RequestOrigin. The client id is
 * required on login (a device is identified by it); device OS/agent fall back to a summary of
 * the User-Agent. Header values are length-capped and stripped of control characters.
 */
type Headers = Record<string, string | string[] | undefined>;

const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** a device token (base64url of 32 random bytes); anything else is ignored, not refused */
const DEVICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  // eslint-disable-next-line no-control-regex
  const clean = text?.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean ? clean : undefined;
}

/** "Chrome on Windows" from a User-Agent string (enough to recognise one's own devices). */
export function summariseUserAgent(userAgent: string | undefined): { browser: string; os: string } {
  const ua = userAgent ?? '';
  const os = /Windows/i.test(ua)
    ? 'Windows'
    : /iPhone|iPad|iPod/i.test(ua)
      ? 'iOS'
      : /Android/i.test(ua)
        ? 'Android'
        : /Mac OS X|Macintosh/i.test(ua)
          ? 'macOS'
          : /CrOS/i.test(ua)
            ? 'ChromeOS'
            : /Linux/i.test(ua)
              ? 'Linux'
              : 'Unknown OS';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : ua
              ? (ua.split(/[\s/]/)[0] ?? 'Unknown browser')
              : 'Unknown browser';
  return { browser: browser.slice(0, 64), os };
}

export function requestOrigin(
  headers: Headers,
  ip: string,
  options: { defaultDeviceType: number; requireClientId: boolean },
): Omit<RequestOrigin, 'clientId'> & { clientId: string | undefined } {
  const clientId = header(headers, DEVICE_HEADERS.clientId);
  if (clientId !== undefined && !CLIENT_ID_PATTERN.test(clientId)) {
    throw validationError([
      { field: `headers.${DEVICE_HEADERS.clientId}`, message: 'invalid client id' },
    ]);
  }
  if (options.requireClientId && clientId === undefined) {
    throw validationError([
      { field: `headers.${DEVICE_HEADERS.clientId}`, message: 'client id required' },
    ]);
  }
  const deviceToken = header(headers, DEVICE_HEADERS.deviceToken);
  const typeText = header(headers, DEVICE_HEADERS.deviceType);
  const deviceType =
    typeText && /^\d{1,4}$/.test(typeText) ? Number(typeText) : options.defaultDeviceType;
  // The device agent header is shown as the device ("Chrome on Linux"): a full User-Agent
  // string (what browsers send) is summarised; a short name is kept as sent.
  const agentHeader = header(headers, DEVICE_HEADERS.deviceAgent);
  const userAgent =
    agentHeader && agentHeader !== 'Unknown' ? agentHeader : header(headers, 'user-agent');
  const summary = summariseUserAgent(userAgent);
  const os = (header(headers, DEVICE_HEADERS.deviceOs) ?? summary.os).slice(0, 64);
  const looksLikeUserAgent = !userAgent || /Mozilla\/|AppleWebKit|Gecko\/|\(.*\)/.test(userAgent);
  const agent = (looksLikeUserAgent ? `${summary.browser} on ${os}` : userAgent).slice(0, 256);
  return {
    ip: ip.slice(0, 64),
    clientId,
    deviceType,
    os,
    agent,
    position: header(headers, DEVICE_HEADERS.position)?.slice(0, 128) ?? null,
    deviceToken: DEVICE_TOKEN_PATTERN.test(deviceToken ?? '') ? deviceToken : undefined,
  };
}

/** Login, wallet sign-in: the client id is required (device type 13 by default). */
export function loginOrigin(headers: Headers, ip: string): RequestOrigin {
  const origin = requestOrigin(headers, ip, {
    defaultDeviceType: DEVICE_TYPE.login,
    requireClientId: true,
  });
  return { ...origin, clientId: origin.clientId as string };
}

/** Register: the client id is optional (device type 3 by default). */
export function registerOrigin(headers: Headers, ip: string) {
  return requestOrigin(headers, ip, {
    defaultDeviceType: DEVICE_TYPE.register,
    requireClientId: false,
  });
}
