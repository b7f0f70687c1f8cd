import { describe, expect, it } from 'vitest';
import { escapeHtml, renderOutboxPage } from '../../src/server/routes/dev/outbox-page';
import { prefersHtml } from '../../src/server/routes/dev/index';
import {
  decryptAtRest,
  deriveAuthKeys,
  encryptAtRest,
  maskEmail,
  maskMobile,
  randomCode,
} from '../../src/server/domain/auth/crypto';
import { requestOrigin, summariseUserAgent } from '../../src/server/domain/auth/origin';
import { memberLevel } from '../../src/server/domain/auth/members';
import { roleNames } from '../../src/server/domain/auth/member-admin';
import { matchTotpStep, totpCode } from '../../src/server/domain/auth/two-factor';

// RFC 6238 appendix B secret ("12345678901234567890") in base32
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP logic', () => {
  it('matches the RFC 6238 vectors (6 digits, 30-second steps)', () => {
    expect(totpCode(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCode(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCode(RFC_SECRET, new Date(2_000_000_000_000))).toBe('279037');
  });

  it('answers the matched time step within one step of drift, else null', () => {
    const now = new Date(1_111_111_109_000);
    const step = Math.floor(now.getTime() / 30_000);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(
      matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(now.getTime() - 30_000)), now),
    ).toBe(step - 1);
    expect(
      matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(now.getTime() + 30_000)), now),
    ).toBe(step + 1);
    expect(
      matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(now.getTime() - 60_000)), now),
    ).toBeNull();
    expect(matchTotpStep(RFC_SECRET, '000000', now)).toBeNull();
  });
});

describe('crypto helpers', () => {
  it('random codes are 6 digits, spread over the range', () => {
    const codes = Array.from({ length: 2000 }, randomCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1900);
    expect(codes.some((code) => code.startsWith('0'))).toBe(true);
  });

  it('encrypts at rest with a key and context; tampering or another context fails', () => {
    const keys = deriveAuthKeys({ jwtSecret: 'j'.repeat(40), dataKey: undefined });
    const other = deriveAuthKeys({ jwtSecret: 'j'.repeat(40), dataKey: 'd'.repeat(40) });
    const sealed = encryptAtRest(keys.data, 'SECRET', 'totp:1');
    expect(sealed).not.toContain('SECRET');
    expect(encryptAtRest(keys.data, 'SECRET', 'totp:1')).not.toBe(sealed); // random IV
    expect(decryptAtRest(keys.data, sealed, 'totp:1')).toBe('SECRET');
    expect(() => decryptAtRest(keys.data, sealed, 'totp:2')).toThrow();
    expect(() => decryptAtRest(other.data, sealed, 'totp:1')).toThrow();
    const at = sealed.length - 2;
    const tampered = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    expect(tampered).not.toBe(sealed);
    expect(() => decryptAtRest(keys.data, tampered, 'totp:1')).toThrow();
    // every purpose has its own key
    expect(keys.captcha.equals(keys.codes)).toBe(false);
    expect(keys.data.equals(other.data)).toBe(false);
    expect(keys.captcha.equals(other.captcha)).toBe(true);
  });

  it('masks e-mail and mobile', () => {
    expect(maskEmail('alice@example.com')).toBe('a***e@example.com');
    expect(maskEmail('al@example.com')).toBe('a***@example.com');
    expect(maskMobile('+886912345678')).toBe('+8869****678');
  });
});

describe('request origin', () => {
  it('reads the device headers, validates the client id and summarises user agents', () => {
    const origin = requestOrigin(
      {
        'x-client-id': 'c0ffee00-1234-4abc-8def-0123456789ab',
        'x-device-type': '13',
        'x-device-os': 'macOS',
        'x-device-agent':
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
        'x-device-position': 'Taipei\u0007',
      },
      '203.0.113.9',
      { defaultDeviceType: 13, requireClientId: true },
    );
    expect(origin).toEqual({
      ip: '203.0.113.9',
      clientId: 'c0ffee00-1234-4abc-8def-0123456789ab',
      deviceType: 13,
      os: 'macOS',
      agent: 'Safari on macOS',
      position: 'Taipei',
    });
    expect(() =>
      requestOrigin({ 'x-client-id': 'bad id!' }, '1.2.3.4', {
        defaultDeviceType: 13,
        requireClientId: false,
      }),
    ).toThrow();
    expect(() =>
      requestOrigin({}, '1.2.3.4', { defaultDeviceType: 13, requireClientId: true }),
    ).toThrow();
    expect(
      summariseUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'Windows' });
    expect(
      summariseUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toEqual({ browser: 'Firefox', os: 'Linux' });
    expect(summariseUserAgent(undefined)).toEqual({ browser: 'Unknown browser', os: 'Unknown OS' });
  });
});

describe('roles and levels', () => {
  it('derive the level from roleId (spec section 3)', () => {
    expect(memberLevel(2)).toBe(0);
    expect(memberLevel(2 | 64)).toBe(1);
    expect(memberLevel(64 | 2048)).toBe(2);
    expect(memberLevel(4096)).toBe(3);
    expect(memberLevel(8192 | 4096)).toBe(4);
    expect(roleNames(6)).toEqual(['investor', 'business']);
  });
});

describe('dev outbox page', () => {
  it('escapes everything and only links http(s)', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    const html = renderOutboxPage(
      [
        {
          id: 1,
          channel: 'email',
          to: 'a@example.com',
          subject: '<img src=x onerror=alert(1)>',
          body: 'body <script>',
          code: '123456',
          link: 'javascript:alert(1)',
          createdAt: '2025-01-01T00:00:00.000Z',
        },
        {
          id: 2,
          channel: 'email',
          to: 'a@example.com',
          subject: null,
          body: 'x',
          code: null,
          link: 'http://localhost:5173/reset-password?token=a"b',
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      ],
      undefined,
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="http://localhost:5173/reset-password?token=a%22b"');
  });

  it('serves HTML only when the browser ranks it above JSON', () => {
    expect(prefersHtml('text/html,application/xhtml+xml,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('application/json')).toBe(false);
    expect(prefersHtml('application/json, text/html')).toBe(false);
    expect(prefersHtml('*/*')).toBe(false);
    expect(prefersHtml(undefined)).toBe(false);
    expect(prefersHtml('text/html;q=0.5, application/json')).toBe(false);
  });
});
