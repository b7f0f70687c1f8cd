import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARN_TERMS_DOCUMENTS } from '../../src/shared/api/content';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The earn products' terms are legal documents like the user agreement: Markdown files under
// LEGAL_DIR the operator replaces, served by GET /content/legal/:document in three languages.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /content/legal/earn-terms-*', () => {
  it('serves every earn terms document in en, tw and zh, with a title, a date and sections', async () => {
    for (const document of EARN_TERMS_DOCUMENTS) {
      for (const [lang, language] of [
        ['en', 'en-US'],
        ['tw', 'zh-TW'],
        ['zh', 'zh-CN'],
      ] as const) {
        const res = await get(`/content/legal/${document}?lang=${lang}`);
        expect(res.statusCode, `${document} ${lang}`).toBe(200);
        const data = res.json().data;
        expect(data).toMatchObject({ document, language });
        expect(data.title.length).toBeGreaterThan(2);
        expect(data.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(data.body).toMatch(/^## 1\. /m);
        expect(data.body).toContain('/user-agreement');
      }
    }
  });

  it('states the fixed figures of spec section 9 in the text of each family', async () => {
    const body = async (document: string, lang = 'en') =>
      (await get(`/content/legal/${document}?lang=${lang}`)).json().data.body as string;
    const flagship = await body('earn-terms-flagship');
    expect(flagship).toContain('5% a year');
    expect(flagship).toContain('50% of the profit');
    expect(flagship).toContain('5% within the first 6 months of the contract, 3.5% after that');
    const alliance = await body('earn-terms-alliance');
    expect(alliance).toContain('30% of the annualised return above 5%');
    expect(alliance).toContain('High-water mark');
    expect(alliance).toContain('January, April, July and October');
    const mixed = await body('earn-terms-mixed');
    expect(mixed).toContain('Fusion puts 80% in the stable part and 20% in the risk part');
    expect(mixed).toContain('about 3.6% for Sapphire');
    const fixed = await body('earn-terms-fixed');
    expect(fixed).toContain('within 3 working days after expiry');
    expect(fixed).toContain('paid in BCNT');
    expect(await body('earn-terms-flagship', 'tw')).toContain(
      '合約開始 6 個月內為 5%，之後為 3.5%',
    );
    expect(await body('earn-terms-alliance', 'zh')).toContain('年化收益超过 5% 部分的 30%');
  });
});
