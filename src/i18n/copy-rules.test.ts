import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../shared/constants/locales';
import { GLOSSARY, SPEC_QUOTED } from './glossary';

// The copy guide (docs/copy-guide.md) and the glossary, checked over every locale file.
const DIR = path.join(__dirname, 'locales');
const files = readdirSync(path.join(DIR, 'en-US')).filter((name) => name.endsWith('.json'));

function entries(locale: Locale): { key: string; value: string }[] {
  return files.flatMap((file) => {
    const values = JSON.parse(readFileSync(path.join(DIR, locale, file), 'utf8')) as Record<
      string,
      string
    >;
    const ns = file.replace(/\.json$/, '');
    return Object.entries(values).map(([key, value]) => ({ key: `${ns}:${key}`, value }));
  });
}

const byLocale = Object.fromEntries(LOCALES.map((locale) => [locale, entries(locale)])) as Record<
  Locale,
  { key: string; value: string }[]
>;
const quoted = (value: string) => SPEC_QUOTED.some((message) => value.includes(message));
/** Text outside {{placeholders}} and <tags> of Trans. */
const prose = (value: string) => value.replace(/\{\{[^}]*\}\}/g, ' ').replace(/<\/?[a-z]+>/g, ' ');

/** Simplified-only characters (must not appear in zh-TW) and Traditional-only ones (zh-CN). */
const SIMPLIFIED_ONLY =
  '账钱验录册设选确这为们说请网页时间会员与币额转证码户击认数该关闭开发现项级质兑换态历';
const TRADITIONAL_ONLY =
  '帳錢驗錄冊設選確這為們說請網頁時間會員與幣額轉證碼戶擊認數該關閉開發現項級質兌換態歷';

describe('the glossary: one term per concept per language', () => {
  for (const locale of LOCALES) {
    it(`${locale} uses none of the avoided variants`, () => {
      const offences = byLocale[locale].flatMap(({ key, value }) =>
        quoted(value)
          ? []
          : GLOSSARY.flatMap((entry) =>
              entry[locale].avoid
                .filter((pattern) => pattern.test(prose(value)))
                .map(
                  (pattern) =>
                    `${key}: "${value}" (${entry.concept}: use "${entry[locale].use}", not ${pattern})`,
                ),
            ),
      );
      expect(offences, offences.join('\n')).toEqual([]);
    });
  }

  it('zh-TW is in Traditional characters and zh-CN in Simplified ones', () => {
    const wrong = (locale: Locale, chars: string) =>
      byLocale[locale].flatMap(({ key, value }) =>
        [...value].some((char) => chars.includes(char)) ? [`${key}: ${value}`] : [],
      );
    expect(wrong('zh-TW', SIMPLIFIED_ONLY)).toEqual([]);
    expect(wrong('zh-CN', TRADITIONAL_ONLY)).toEqual([]);
  });
});

describe('the copy rules', () => {
  it('no shouting or doubled punctuation, no stray spaces (spec quotes excepted)', () => {
    const offences = LOCALES.flatMap((locale) =>
      byLocale[locale].flatMap(({ key, value }) => {
        const problems: string[] = [];
        if (value !== value.trim()) problems.push('leading or trailing space');
        if (!quoted(value) && /!!|\?\?|(?<!\.)\.\.(?!\.)|！！|？？/.test(value))
          problems.push('doubled punctuation');
        if (
          !quoted(value) &&
          /\b[A-Z]{2,}\s[A-Z]{2,}\s[A-Z]{2,}\b/.test(prose(value)) &&
          !/[a-z]/.test(value)
        )
          problems.push('all capitals');
        return problems.map((problem) => `${locale} ${key}: ${problem}`);
      }),
    );
    expect(offences).toEqual([]);
  });

  it('every translation keeps the same placeholders as en-US', () => {
    const names = (value: string) => [...value.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
    const english = new Map(byLocale['en-US'].map(({ key, value }) => [key, names(value)]));
    const offences = (['zh-TW', 'zh-CN'] as const).flatMap((locale) =>
      byLocale[locale].flatMap(({ key, value }) => {
        const expected = english.get(key);
        return expected && JSON.stringify(expected) !== JSON.stringify(names(value))
          ? [`${locale} ${key}: ${names(value).join(',')} vs en-US ${expected.join(',')}`]
          : [];
      }),
    );
    expect(offences).toEqual([]);
  });

  it('English messages are in sentence case, not Title Case (names and spec quotes aside)', () => {
    // Words that are names: products, pages, tokens, standards.
    const NAMES = new Set(
      'BCNT USDT USDC BTC ETH TRC20 ERC20 KYC NFT API IP SMS UTC+8 Alliance Stable Income Mixed Quant Smart Autotrade Lending Bot BinFi Galaxy Fixed Pro Flagship Premium Platform Google Play App Store Android APK Chrome Firefox Safari Edge Ethereum Bitcoin TRON MetaMask WalletConnect Help Center About Us Press Blog User Agreement Privacy Policy Loyalty Program Security Wallet Account Referrals Portfolio Preferences Taiwan United States Japan Traditional Simplified Chinese English Max OK ID'.split(
        ' ',
      ),
    );
    const offences = byLocale['en-US'].flatMap(({ key, value }) => {
      if (quoted(value)) return [];
      const words = prose(value)
        .split(/[\s/,:;()“”"’'.!?…–-]+/)
        .filter((word) => /^[A-Za-z]{4,}$/.test(word) && !NAMES.has(word));
      if (words.length < 3) return [];
      const capitalised = words.slice(1).filter((word) => /^[A-Z][a-z]/.test(word));
      return capitalised.length >= 2 && capitalised.length === words.length - 1
        ? [`${key}: "${value}"`]
        : [];
    });
    expect(offences).toEqual([]);
  });
});
