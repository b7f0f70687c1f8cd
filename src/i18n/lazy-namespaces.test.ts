import { describe, expect, it } from 'vitest';
import enUS from './resources/en-US';
import { initI18n, i18n } from './i18n';
import { ensureNamespaces, LAZY_NAMESPACES } from './lazy-namespaces';

describe('screen-only namespaces', () => {
  it('are not in the first-load bundle of any language', async () => {
    for (const ns of LAZY_NAMESPACES) expect(Object.keys(enUS)).not.toContain(ns);
    expect(Object.keys(enUS)).toContain('common');
  });

  it('load for the active language when a screen asks for them', async () => {
    await initI18n('zh-TW');
    expect(i18n.hasResourceBundle('zh-TW', 'auth')).toBe(false);
    await ensureNamespaces(['auth', 'security']);
    expect(i18n.hasResourceBundle('zh-TW', 'auth')).toBe(true);
    expect(i18n.hasResourceBundle('zh-TW', 'security')).toBe(true);
    expect(i18n.hasResourceBundle('en-US', 'auth')).toBe(false);
  });

  it('follow a language applied in place', async () => {
    await initI18n('zh-CN');
    await ensureNamespaces(['auth']);
    await initI18n('en-US');
    await expect.poll(() => i18n.hasResourceBundle('en-US', 'auth')).toBe(true);
  });
});
