import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../lib/browser-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { applyQueryToggles, isAdminMode, isLabMode, landingStepRedirect } from './query-toggles';

const url = (path: string) => new URL(path, 'https://app.test');

describe('admin and lab mode toggles', () => {
  it('adminPWD=setAdminMode stores the admin code and reloads without the query', () => {
    const storage = createMemoryStorage();
    expect(applyQueryToggles(url('/about-us?adminPWD=setAdminMode&x=1#top'), storage)).toBe(
      '/about-us?x=1#top',
    );
    expect(isAdminMode(storage)).toBe(true);
    expect(storage.getItem(STORAGE_KEYS.adminCode)).toBeTruthy();
  });

  it('adminPWD=removeAdminMode clears it and reloads', () => {
    const storage = createMemoryStorage();
    storage.setItem(STORAGE_KEYS.adminCode, 'on');
    expect(applyQueryToggles(url('/?adminPWD=removeAdminMode'), storage)).toBe('/');
    expect(isAdminMode(storage)).toBe(false);
  });

  it('setLab=on stores labMode, setLab=off removes it, each with a reload', () => {
    const storage = createMemoryStorage();
    expect(applyQueryToggles(url('/wallet?setLab=on'), storage)).toBe('/wallet');
    expect(isLabMode(storage)).toBe(true);
    expect(applyQueryToggles(url('/wallet?setLab=off'), storage)).toBe('/wallet');
    expect(isLabMode(storage)).toBe(false);
  });

  it('ignores other values and URLs without toggles (no reload)', () => {
    const storage = createMemoryStorage();
    expect(applyQueryToggles(url('/?adminPWD=guess'), storage)).toBeNull();
    expect(applyQueryToggles(url('/?setLab=maybe'), storage)).toBeNull();
    expect(applyQueryToggles(url('/'), storage)).toBeNull();
    expect(isAdminMode(storage)).toBe(false);
    expect(isLabMode(storage)).toBe(false);
  });
});

describe('Landing step query', () => {
  it('sends a Landing load with step to the site root', () => {
    expect(landingStepRedirect(url('/?step=2'), true)).toBe('/');
    expect(landingStepRedirect(url('/?mode=new'), true)).toBeNull();
    expect(landingStepRedirect(url('/kyc?step=upload'), false)).toBeNull();
  });
});
