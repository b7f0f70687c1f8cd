import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { clearLoginInfo, getLoginInfo, hasToken, isExpired, setLoginInfo } from './session';

describe('session (loginInfo in localStorage)', () => {
  it('stores login info as JSON under loginInfo, member fields included', () => {
    setLoginInfo({ token: 't', refreshToken: 'r', expiredTime: 1000, realName: 'Ann', roleId: 64 });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.loginInfo) ?? 'null')).toEqual({
      token: 't',
      refreshToken: 'r',
      expiredTime: 1000,
      realName: 'Ann',
      roleId: 64,
    });
    expect(getLoginInfo()).toMatchObject({ token: 't', realName: 'Ann', roleId: 64 });
    expect(hasToken()).toBe(true);
  });

  it('clears login info', () => {
    setLoginInfo({ token: 't', expiredTime: 1000 });
    clearLoginInfo();
    expect(localStorage.getItem(STORAGE_KEYS.loginInfo)).toBeNull();
    expect(getLoginInfo()).toBeNull();
    expect(hasToken()).toBe(false);
  });

  it.each(['not json', '{"expiredTime":1}', '{"token":"","expiredTime":1}', '{"token":"t"}'])(
    'treats unreadable stored value %s as logged out',
    (raw) => {
      localStorage.setItem(STORAGE_KEYS.loginInfo, raw);
      expect(getLoginInfo()).toBeNull();
      expect(hasToken()).toBe(false);
    },
  );

  it('isExpired: true once the stored expiry has passed, false when logged out', () => {
    expect(isExpired(5000)).toBe(false);
    setLoginInfo({ token: 't', expiredTime: 5000 });
    expect(isExpired(4999)).toBe(false);
    expect(isExpired(5000)).toBe(true);
    expect(isExpired(6000)).toBe(true);
  });
});
