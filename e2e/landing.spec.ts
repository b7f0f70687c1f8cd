// A visitor reads the landing page's product blocks on the real stack: the Fixed Pro and Stable
// Income cards come from the operator's catalog (the dev seed: 3-month USDT and USDC, 6-month
// BTC and ETH), the difference table fits a phone by scrolling inside itself, and a card opens
// its product, where a visitor is asked to log in or sign up instead of joining.
import { expect, test } from './fixtures/test';

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 740 },
]) {
  test(`landing product blocks on ${viewport.name}: cards from the catalog open their product`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByTestId('landing-hero')).toBeVisible();

    // the block stays; its cards replace the loading skeleton
    await page.getByTestId('landing-block-fixed-pro').scrollIntoViewIfNeeded();
    const pro = page.getByTestId('landing-cards-fixed-pro');
    await expect(pro).toHaveAttribute('data-state', 'list');
    await expect(pro.getByTestId('earn-card').first()).toHaveAttribute(
      'data-kind',
      /^fixed-prox?$/,
    );

    const fixed = page.getByTestId('landing-cards-fixed');
    await expect(fixed).toHaveAttribute('data-state', 'list');
    const serials = await fixed
      .getByTestId('earn-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-sn')!.split('-')[0]));
    expect(serials).toEqual(['USDT', 'USDC', 'BTC', 'ETH']);
    await expect(fixed.getByTestId('earn-card-term').first()).toHaveText('3 months');
    await expect(fixed.getByTestId('earn-card-term').nth(2)).toHaveText('6 months');
    await expect(fixed.getByTestId('earn-card-return').first()).toContainText('%');

    const compare = page.getByTestId('landing-compare');
    await compare.scrollIntoViewIfNeeded();
    await expect(compare.getByRole('columnheader')).toHaveText([
      'Feature',
      'Stable Income',
      'Fixed Pro',
      'Mixed Quant',
    ]);
    // nothing wider than the viewport: the table scrolls inside its own box
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);

    const sn = await fixed.getByTestId('earn-card').first().getAttribute('data-sn');
    await fixed.getByTestId('earn-card-link').first().click();
    await expect(page).toHaveURL(new RegExp(`/fixed/${sn}$`));
    await expect(page.getByTestId('earn-guest-cta')).toBeVisible();
    await expect(page.getByTestId('earn-guest-signup')).toBeVisible();
  });
}
