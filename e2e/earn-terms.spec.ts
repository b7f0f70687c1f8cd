// A visitor reads a Mixed Quant product on the real stack: from the nav bar's Services menu to
// the Mixed Quant tab and the product, whose page draws the NAV the operator posted (apexcharts,
// loaded only now) and the drawdown computed from it; then the product's terms from its page,
// with the product's own figures above the operator's text. The app's web-view path of the terms
// (which an app opens directly) shows no nav bar and no footer. The clock is never moved
// (project chromium): the product raises from the server's today.
import { expect, type Page, test } from './fixtures/test';
import { serverDay } from './fixtures/earn';
import { ops } from './fixtures/stack';

const slashed = (day: string) => day.replaceAll('-', '/');

/**
 * Nothing wider than the viewport (a chart or a table that does not fit a 375 px phone). The
 * charts redraw for a new width a moment after the resize (apexcharts debounces it): polled.
 */
async function expectNoSideways(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBeLessThanOrEqual(0);
}

test('a visitor finds a Mixed Quant product, reads its NAV chart and opens its terms', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const created = JSON.parse(
    await ops(
      'product',
      'create',
      '--json',
      '--kind',
      'mixed',
      '--strategy',
      'fusion',
      '--currency',
      'USDT',
      '--name',
      'E2E Fusion NAV',
      '--period',
      '6',
      '--per-unit',
      '100',
      '--min-unit',
      '10',
      '--max-unit',
      '100',
      '--raise-start',
      await serverDay(0),
      '--raise-end',
      await serverDay(2),
      '--start',
      await serverDay(2),
    ),
  ) as { serialNumber: string };
  const sn = created.serialNumber;
  // four days of NAV: up, down from the high, back up
  const days = [await serverDay(-3), await serverDay(-2), await serverDay(-1), await serverDay(0)];
  const navs = ['1', '1.1', '0.99', '1.0523'];
  for (const [i, day] of days.entries())
    await ops('product', 'nav', sn, '--day', day, '--nav', navs[i]!);
  await ops('product', 'open', sn);

  await page.goto('/');
  await page.getByTestId('nav-menu-services').click();
  await page.getByRole('menuitem', { name: /Mixed Quant/ }).click();
  await expect(page).toHaveURL(/\/earn\?tab=mixed$/);
  const card = page.locator(`[data-testid="earn-card"][data-sn="${sn}"]`);
  await card.getByTestId('earn-card-link').click();
  await expect(page).toHaveURL(new RegExp(`/mixed/${sn}$`));
  await expect(page.getByTestId('earn-detail')).toHaveAttribute('data-viewer', 'guest');

  // the performance block: figures, the NAV chart drawn by apexcharts, the drawdown
  const performance = page.getByTestId('earn-performance');
  await expect(performance).toHaveAttribute('data-state', 'data');
  await expect(page.getByTestId('earn-performance-nav')).toHaveText('1.0523');
  await expect(page.getByTestId('earn-performance-drawdown')).toHaveText('-10%');
  const navChart = page.getByTestId('earn-chart-nav');
  await expect(navChart).toHaveAttribute('data-state', 'data');
  await expect(page.getByTestId('earn-chart-nav-summary')).toHaveText(
    `From 1.0000 on ${slashed(days[0]!)} to 1.0523 on ${slashed(days[3]!)} (+5.23%).`,
  );
  await expect(navChart.locator('.apexcharts-canvas')).toBeVisible();
  await expect(navChart.locator('.apexcharts-line-series path').first()).toBeAttached();
  await expect(
    page.getByRole('figure', { name: 'Drawdown' }).locator('.apexcharts-canvas'),
  ).toBeVisible();
  // the same numbers for screen readers
  await expect(page.getByTestId('earn-chart-nav-table').locator('tbody tr')).toHaveCount(4);

  // on a 375 px phone the charts fit
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(navChart.locator('.apexcharts-canvas')).toBeVisible();
  await expectNoSideways(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  // the product's terms, from its page
  await page.getByTestId('earn-terms-link').click();
  await expect(page).toHaveURL(new RegExp(`/terms-earn/${sn}$`));
  const terms = page.getByTestId('legal-page');
  await expect(terms).toHaveAttribute('data-document', 'earn-terms-mixed');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mixed Quant terms of service');
  await expect(page.getByTestId('earn-terms-fact-product')).toHaveText(`E2E Fusion NAV (${sn})`);
  await expect(page.getByTestId('earn-terms-fact-split')).toHaveText('80% stable, 20% risk');
  await expect(page.getByTestId('earn-terms-fact-worst-case')).toHaveText(
    'About 0% of the principal',
  );
  await expect(page.getByTestId('earn-terms-fact-term')).toHaveText('6 months');
  await expect(
    page.getByRole('heading', { level: 2, name: '1. What you subscribe to' }),
  ).toBeVisible();
  await expect(page.getByTestId('nav-bar')).toBeVisible();
  await expect(page.getByTestId('footer')).toBeVisible();
  // and back to the product
  await page.getByTestId('earn-terms-product-link').click();
  await expect(page).toHaveURL(new RegExp(`/mixed/${sn}$`));

  // the app's web view opens the premium terms path directly: no nav bar, no footer, no way out
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/premium-term-service/mobile/${sn}`);
  await expect(page.getByTestId('legal-page')).toHaveAttribute('data-document', 'earn-terms-mixed');
  await expect(page.getByTestId('earn-terms-fact-split')).toHaveText('80% stable, 20% risk');
  await expect(page.getByTestId('nav-bar')).toHaveCount(0);
  await expect(page.getByTestId('footer')).toHaveCount(0);
  await expect(page.getByTestId('earn-terms-product-link')).toHaveCount(0);
  await expectNoSideways(page);
});
