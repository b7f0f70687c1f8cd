import { describe, expect, it } from 'vitest';
import { createMemoryStorage, UNWRITABLE_STORAGE } from '../lib/browser-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import {
  detectOs,
  deviceHeaders,
  getClientId,
  getDeviceToken,
  rememberDeviceToken,
} from './device';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

describe('client id', () => {
  it('is a random UUID made once and kept under clientId', () => {
    const storage = createMemoryStorage();
    const first = getClientId(storage);
    expect(first).toMatch(UUID);
    expect(storage.getItem(STORAGE_KEYS.clientId)).toBe(first);
    expect(getClientId(storage)).toBe(first);
    expect(getClientId(createMemoryStorage())).not.toBe(first);
  });

  it('uses localStorage by default', () => {
    const id = getClientId();
    expect(localStorage.getItem('clientId')).toBe(id);
    expect(getClientId()).toBe(id);
  });

  it('replaces a stored value that is not a UUID', () => {
    const storage = createMemoryStorage();
    storage.setItem(STORAGE_KEYS.clientId, 'not-a-uuid<script>');
    const id = getClientId(storage);
    expect(id).toMatch(UUID);
    expect(storage.getItem(STORAGE_KEYS.clientId)).toBe(id);
  });

  it('keeps one id for the page when storage refuses writes or is missing', () => {
    const a = getClientId(UNWRITABLE_STORAGE);
    expect(a).toMatch(UUID);
    expect(getClientId(UNWRITABLE_STORAGE)).toBe(a);
    expect(getClientId(null)).toBe(a);
  });
});

describe('device token', () => {
  const TOKEN = 'A'.repeat(43);

  it('is kept under deviceToken, replaced by a newer one, and sent in x-device-token', () => {
    const storage = createMemoryStorage();
    expect(getDeviceToken(storage)).toBeUndefined();
    rememberDeviceToken(TOKEN, storage);
    expect(storage.getItem(STORAGE_KEYS.deviceToken)).toBe(TOKEN);
    rememberDeviceToken('B'.repeat(43), storage);
    expect(getDeviceToken(storage)).toBe('B'.repeat(43));
    const headers = deviceHeaders(
      'login',
      { userAgent: CHROME_LINUX },
      'cid',
      getDeviceToken(storage),
    );
    expect(headers['x-device-token']).toBe('B'.repeat(43));
  });

  it('ignores an absent or malformed token and a stored value that is not one', () => {
    const storage = createMemoryStorage();
    rememberDeviceToken(undefined, storage);
    rememberDeviceToken('bad token<script>', storage);
    expect(storage.getItem(STORAGE_KEYS.deviceToken)).toBeNull();
    storage.setItem(STORAGE_KEYS.deviceToken, 'x');
    expect(getDeviceToken(storage)).toBeUndefined();
  });

  it('is kept for the page when storage refuses writes', () => {
    rememberDeviceToken(TOKEN, UNWRITABLE_STORAGE);
    expect(getDeviceToken(UNWRITABLE_STORAGE)).toBe(TOKEN);
  });
});

describe('device headers', () => {
  it('login: device type 13, client id, OS and agent from the user agent, no position', () => {
    const headers = deviceHeaders('login', { userAgent: CHROME_LINUX }, 'cid', null);
    expect(headers).toEqual({
      'x-client-id': 'cid',
      'x-device-type': '13',
      'x-device-os': 'Linux',
      'x-device-agent': CHROME_LINUX,
    });
  });

  it('register: device type 3; a known position is sent', () => {
    const headers = deviceHeaders(
      'register',
      { userAgent: CHROME_LINUX, position: 'Taipei, TW' },
      'cid',
    );
    expect(headers['x-device-type']).toBe('3');
    expect(headers['x-device-position']).toBe('Taipei, TW');
  });

  it('by default reads navigator and the stored client id', () => {
    const headers = deviceHeaders('login');
    expect(headers['x-client-id']).toBe(localStorage.getItem('clientId'));
    expect(headers['x-device-agent']).toBe(navigator.userAgent);
  });

  it('drops characters a header cannot carry', () => {
    const headers = deviceHeaders('login', { userAgent: 'Agent\u00e9\n1', position: '台北' }, 'c');
    expect(headers['x-device-agent']).toBe('Agent1');
    expect(headers).not.toHaveProperty('x-device-position');
  });

  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/140', 'Windows'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari', 'iOS'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/140 Mobile', 'Android'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605', 'macOS'],
    [CHROME_LINUX, 'Linux'],
    ['curl/8', 'Unknown'],
  ])('names the OS of %s as %s', (ua, os) => {
    expect(detectOs(ua)).toBe(os);
  });
});
