// A visitor reads the content service's pages and searches, on a phone and a desktop width, on
// the real stack: the operator publishes an About Us section anchored #bcnt and a press item
// through the ops CLI; the visitor opens the press item from the landing's media coverage, About
// Us from the footer (and its #bcnt anchor), then searches from the landing's search field,
// narrows to earn products and opens a result. Nothing is wider than the screen.
// (The advertisement popup is in advertisement.exclusive.spec.ts: an ad would show over every
// other spec's landing page on this shared stack.)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures/test';
import { ops, stack } from './fixtures/stack';

const PRESS_TITLE = 'Wallet-first yield reaches Taipei';

test.beforeAll(async () => {
  // the API answers /health before it writes api.json (the CLI's way to it): when this spec runs
  // first after the stack starts, wait for the file
  await expect
    .poll(() => existsSync(join(stack.dataDir, 'api.json')), { timeout: 60_000 })
    .toBe(true);
  const existing = await ops('content', 'post', 'list', '--category', 'about');
  if (!existing.includes('#bcnt')) {
    await ops(
      'content',
      'post',
      'create',
      '--category',
      'about',
      '--slug',
      'bcnt',
      '--sort',
      '2',
      '--date',
      '2026-01-05',
      '--title',
      'BCNT, the platform token',
      '--excerpt',
      'Stake BCNT to reach loyalty levels 2 to 4.',
      '--body',
      'BCNT is an ERC-20 token.\\n\\n- Staking raises your loyalty level\\n- Unstaking takes 14 days',
      '--publish',
    );
    await ops(
      'content',
      'post',
      'create',
      '--category',
      'about',
      '--slug',
      'company',
      '--sort',
      '1',
      '--date',
      '2026-01-05',
      '--title',
      'Who we are',
      '--excerpt',
      'A wallet-first platform.',
      '--body',
      Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1} about the company.`).join('\\n\\n'),
      '--publish',
    );
    const created = await ops(
      'content',
      'post',
      'create',
      '--category',
      'press',
      '--date',
      '2026-11-20',
      '--source',
      'Fintech Weekly',
      '--url',
      'https://news.example.com/wallet-first',
      '--title',
      PRESS_TITLE,
      '--excerpt',
      'A look at the platform.',
      '--body',
      'The platform now serves **members** across Asia.',
      '--publish',
    );
    const id = /#(\d+)/.exec(created)![1]!;
    await ops(
      'content',
      'post',
      'text',
      id,
      '--lang',
      'tw',
      '--title',
      '以錢包為核心的收益來到台北',
      '--excerpt',
      '平台介紹。',
      '--body',
      '平台服務亞洲各地的會員。',
    );
  }
});

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
}

for (const viewport of [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`a visitor on a ${viewport.name} reads About Us and a press post, and searches`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await expect(page.getByTestId('landing-hero')).toBeVisible();

    // the media coverage loads when scrolled near; its item opens the post
    await page.getByTestId('landing-media').scrollIntoViewIfNeeded();
    const media = page.getByTestId('landing-media-items');
    await media.getByRole('link', { name: PRESS_TITLE }).click();
    await expect(page).toHaveURL(/\/press\/\d+$/);
    const post = page.getByTestId('post-page');
    await expect(post.getByRole('heading', { level: 1 })).toHaveText(PRESS_TITLE);
    await expect(post).toContainText('2026/11/20');
    await expect(post).toContainText('Source: Fintech Weekly');
    await expect(post.locator('strong')).toHaveText('members');
    await expect(page.getByTestId('post-original')).toHaveAttribute(
      'href',
      'https://news.example.com/wallet-first',
    );
    await noSidewaysScroll(page);

    // the breadcrumb leads to the press list
    await post.getByRole('navigation').getByRole('link', { name: 'Press' }).click();
    await expect(page.getByTestId('press-list')).toContainText(PRESS_TITLE);

    // About Us from the footer, then its BCNT section by its anchor
    await page.getByTestId('footer-about-us').click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByTestId('about-section-company')).toBeVisible();
    await expect(page.getByTestId('about-section-bcnt')).toContainText('Unstaking takes 14 days');
    await page.goto('/about-us#bcnt');
    await expect(page.getByTestId('about-section-bcnt')).toBeInViewport();
    await noSidewaysScroll(page);

    // search from the landing page: earn products and strategies, narrowed to earn products
    await page.goto('/');
    await page.getByTestId('landing-search-input').fill('USDT');
    await page.getByTestId('landing-search-submit').click();
    await expect(page).toHaveURL(/\/search-result\?q=USDT$/);
    const results = page.getByTestId('search-results');
    await expect(results.locator('[data-testid^="search-item-earn-"]').first()).toBeVisible();
    await expect(page.getByTestId('search-count')).toContainText('for “USDT”');
    await page.getByTestId('search-filter').selectOption('earn');
    await expect(page).toHaveURL(/type=earn/);
    await expect(results.locator('[data-testid^="search-item-autotrade-"]')).toHaveCount(0);
    await page.getByTestId('search-sort').selectOption('return');
    await expect(page).toHaveURL(/sort=return/);
    // highest annual return first
    const returns = () =>
      results
        .locator('li')
        .evaluateAll((items) =>
          items.map((item) => Number.parseFloat(item.querySelector('dd')!.textContent!)),
        );
    await expect
      .poll(async () => {
        const list = await returns();
        return (
          list.length > 0 && list.every((value, index) => index === 0 || list[index - 1]! >= value)
        );
      })
      .toBe(true);
    // a result opens its product (name and address read at once: the list may refresh)
    const [name, href] = await results
      .locator('li')
      .first()
      .getByRole('link')
      .evaluate((a) => [a.textContent!.trim(), a.getAttribute('href')!]);
    expect(href).toMatch(/^\/(fixed|fixed-pro|fixed-prox|mixed|flagship|alliance)\/[A-Z]/);
    await noSidewaysScroll(page);
    await results.locator(`a[href="${href}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[+]/g, '\\+')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name!);
  });
}
