import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countryListSchema,
  currencyListSchema,
  docIssuePlaceListSchema,
  languageListSchema,
} from '../../src/shared/api/common';
import { envelopeSchema } from '../../src/shared/api/envelope';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function parseEnvelope<T>(body: string, schema: Parameters<typeof envelopeSchema>[0]) {
  return envelopeSchema(schema).parse(JSON.parse(body)) as {
    status: number;
    message: string;
    data: T;
  };
}

describe('GET /api/v1/common/LanguageList', () => {
  it('offers en-US, zh-TW and zh-CN (not ko-KR) with ids and names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/common/LanguageList' });
    expect(res.statusCode).toBe(200);
    const body = parseEnvelope<{ id: number; name: string; code: string }[]>(
      res.body,
      languageListSchema,
    );
    expect(body.status).toBe(0);
    expect(body.data.map((l) => l.code)).toEqual(['en-US', 'zh-TW', 'zh-CN']);
    expect(body.data.map((l) => l.code)).not.toContain('ko-KR');
    expect(new Set(body.data.map((l) => l.id)).size).toBe(3);
    expect(body.data.find((l) => l.code === 'zh-TW')?.name).toBe('繁體中文');
  });

  it('is also served as the member-service call POST /member/common/getLanguageList', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/member/common/getLanguageList' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((l: { code: string }) => l.code)).toEqual([
      'en-US',
      'zh-TW',
      'zh-CN',
    ]);
  });
});

describe('GET /api/v1/common/CurrencyList', () => {
  it('lists the spec currency ids with decimals and platform chain ids; USDT is id 28', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/common/CurrencyList' });
    expect(res.statusCode).toBe(200);
    const body = parseEnvelope<{ id: number; code: string; decimals: number; chains: number[] }[]>(
      res.body,
      currencyListSchema,
    );
    const byCode = Object.fromEntries(body.data.map((c) => [c.code, c]));
    expect(byCode.ETH).toMatchObject({ id: 2, decimals: 18, chains: [1] });
    expect(byCode.BTC).toMatchObject({ id: 3, decimals: 8, chains: [0] });
    expect(byCode.USDC).toMatchObject({ id: 21, decimals: 6 });
    expect(byCode.BCNT).toMatchObject({ id: 27, decimals: 18, chains: [1] });
    expect(byCode.USDT).toMatchObject({ id: 28, decimals: 6, chains: [1, 3] });
    expect(body.data).toHaveLength(5);
  });
});

describe('POST /member/common/getCountryList', () => {
  it('returns the full ISO 3166-1 list with English names and dial codes', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/member/common/getCountryList' });
    expect(res.statusCode).toBe(200);
    const body = parseEnvelope<{ code: string; name: string; dialCode: string }[]>(
      res.body,
      countryListSchema,
    );
    expect(body.data).toHaveLength(249);
    expect(new Set(body.data.map((c) => c.code)).size).toBe(249);
    for (const country of body.data) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.dialCode).toMatch(/^\+\d{1,4}$/);
    }
    const find = (code: string) => body.data.find((c) => c.code === code);
    expect(find('TW')).toEqual({ code: 'TW', name: 'Taiwan', dialCode: '+886' });
    expect(find('US')).toEqual({ code: 'US', name: 'United States', dialCode: '+1' });
    expect(find('JP')?.dialCode).toBe('+81');
    expect(find('CN')?.dialCode).toBe('+86');
    expect(find('HK')?.dialCode).toBe('+852');
    // sorted by English name
    const names = body.data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('accepts the call with an empty JSON body (content-type set, no payload)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/member/common/getCountryList',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(249);
  });
});

describe('GET /member/common/docIssuePlace', () => {
  it('lists the Taiwan ID-card issuing places with MOI codes, card abbreviations and English names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/member/common/docIssuePlace' });
    expect(res.statusCode).toBe(200);
    const body = parseEnvelope<{ code: string; name: string; nameEn?: string }[]>(
      res.body,
      docIssuePlaceListSchema,
    );
    expect(body.data).toHaveLength(27);
    expect(body.data[0]).toEqual({ code: '63000', name: '北市', nameEn: 'Taipei City' });
    const names = body.data.map((p) => p.name);
    for (const name of ['新北市', '桃市', '中市', '南市', '高市', '北縣', '金門', '連江', '澎縣']) {
      expect(names).toContain(name);
    }
    expect(new Set(body.data.map((p) => p.code)).size).toBe(27);
  });
});
