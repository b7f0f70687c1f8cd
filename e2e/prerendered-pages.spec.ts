// A visitor who arrives on a public page from outside the app (a shared link, a search engine)
// gets it prerendered in their language (README "Prerendered public pages"): the served HTML
// already holds the page, the app takes it over without a console error (the fixture's guard
// fails the test on a hydration error) and its links lead on. Opened by URL because arriving
// from elsewhere is the case; inside the app these pages are reached by clicking.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';

/** The h1 of the HTML as served, before any script ran. */
function servedHeading(page: Page, html: string) {
  return page.evaluate(
    (text) =>
      new DOMParser().parseFromString(text, 'text/html').querySelector('#root h1')?.textContent ??
      null,
    html,
  );
}

for (const visit of [
  { path: '/privacy-policy', locale: 'zh-TW', width: 375, height: 740 },
  { path: '/terms-earn/fixed-usdt', locale: 'en-US', width: 1280, height: 900 },
] as const) {
  test.describe(`${visit.path} in ${visit.locale} at ${visit.width} px`, () => {
    test.use({
      locale: visit.locale,
      viewport: { width: visit.width, height: visit.height },
    });

    test('is served prerendered, taken over by the app, and its links lead on', async ({
      page,
    }) => {
      const response = await page.goto(visit.path);
      const html = (await response!.text()) ?? '';
      expect(html).toContain(`data-prerendered="${visit.locale}"`);
      const heading = await servedHeading(page, html);
      expect(heading, 'the served page holds its heading').toBeTruthy();

      // taken over: the markers are gone, the same heading stays
      const root = page.locator('#root');
      await expect(root).not.toHaveAttribute('data-prerendered');
      await expect(page.locator('html')).toHaveAttribute('lang', visit.locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);

      // presses reach the app: a footer link navigates inside it
      await page.getByRole('contentinfo').locator('a[href="/about-us"]').click();
      await expect(page).toHaveURL(/\/about-us$/);
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(heading!);
    });
  });
}
