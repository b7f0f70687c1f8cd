import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /content/legal/:document', () => {
  it('serves each document in the three languages from the repository files', async () => {
    for (const [lang, language, title] of [
      ['en', 'en-US', 'User Agreement'],
      ['tw', 'zh-TW', '使用者條款'],
      ['zh', 'zh-CN', '用户协议'],
    ] as const) {
      const res = await get(`/content/legal/user-agreement?lang=${lang}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      const data = res.json().data;
      expect(data).toMatchObject({ document: 'user-agreement', language, title });
      expect(data.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(data.body).toMatch(/^## 1\. /m);
      expect(data.body).not.toContain('---');
    }
    const privacy = (await get('/content/legal/privacy-policy')).json().data;
    expect(privacy).toMatchObject({ language: 'en-US', title: 'Privacy Policy' });
  });

  it('refuses unknown documents, languages and paths outside the folder', async () => {
    expect((await get('/content/legal/cookie-policy')).statusCode).toBe(400);
    expect((await get('/content/legal/user-agreement?lang=ko')).statusCode).toBe(400);
    for (const attempt of [
      '..%2F..%2Fpackage.json',
      '..%2Fen-US%2Fuser-agreement',
      '%2Fetc%2Fpasswd',
    ]) {
      const res = await get(`/content/legal/${attempt}`);
      expect(res.statusCode, attempt).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('"name"');
    }
  });

  it("serves the operator's replacement text without a restart, and 404 when a file is missing", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'legal-'));
    mkdirSync(path.join(dir, 'en-US'));
    const file = path.join(dir, 'en-US', 'user-agreement.md');
    writeFileSync(file, '---\ntitle: Terms v1\nupdated: 2027-01-02\n---\n\nFirst text.\n');
    const own = await createTestApp({ config: { legalDir: dir } });
    try {
      const first = (await own.app.inject({ url: '/content/legal/user-agreement' })).json().data;
      expect(first).toMatchObject({
        title: 'Terms v1',
        updated: '2027-01-02',
        body: 'First text.',
      });
      writeFileSync(file, '# Terms v2\n\nSecond text.\n');
      const later = new Date(Date.now() + 5000);
      utimesSync(file, later, later);
      const second = (await own.app.inject({ url: '/content/legal/user-agreement' })).json().data;
      expect(second).toMatchObject({ title: 'Terms v2', updated: null });
      const missing = await own.app.inject({ url: '/content/legal/privacy-policy?lang=tw' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('not_found');
    } finally {
      await own.close();
    }
  });
});
