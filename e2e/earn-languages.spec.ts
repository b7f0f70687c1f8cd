// The earn journey's first part in Traditional and Simplified Chinese, on the real stack: a
// verified member with 1,000 USDT switches the language the way a member does (the nav bar's
// language selector), subscribes to a Stable Income product, then opens My Subscriptions from
// the nav bar's Portfolio button and the subscription's detail. Every label is translated and
// no raw i18n key shows; then Smart DCA is set on the subscription and its (still empty)
// conversion history opened from it. zh-TW on a desktop, zh-CN on a 375 px phone. The clock is never moved
// (project chromium): the product raises from the server's today.
import { expect, type Page, test } from './fixtures/test';
import { newIdentity, registerViaApi } from './fixtures/auth';
import { loginInBrowser, markVerified } from './fixtures/member';
import { openStableIncome } from './fixtures/earn';
import { ops } from './fixtures/stack';

/** A key i18next shows when a text is missing ("fact.invested", "portfolio:page.title"). */
const RAW_KEY = /\b(?:[a-z]+:)?[a-z][a-zA-Z]*\.[a-z][a-zA-Z_]*\b/;

async function expectNoRawKeys(page: Page) {
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(RAW_KEY);
}

async function openNav(page: Page, phone: boolean) {
  if (!phone) return;
  const burger = page.getByTestId('nav-burger');
  const panel = page.getByTestId('nav-panel');
  // the panel closes on every route change: press Menu until it is open, as a member would
  await expect(async () => {
    if (!(await panel.isVisible())) await burger.click();
    await expect(panel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

const CASES = [
  {
    language: 'zh-TW',
    phone: false,
    viewport: { width: 1280, height: 800 },
    text: {
      portfolio: '我的投資',
      title: '我的申購',
      tab: '理財',
      raising: '募集中',
      facts: '申購內容',
      invested: '投資金額',
      manage: '管理',
      events: '收益與異動',
      subscribed: '申購',
      amount: '1,000 USDT',
      dcaSaved: '已儲存。您的收益將兌換為 ETH。',
      dcaState: '每筆收益兌換為 ETH。',
      xsavingTitle: 'Smart DCA 紀錄',
      xsavingEmpty: '尚無 Smart DCA 兌換。',
    },
  },
  {
    language: 'zh-CN',
    phone: true,
    viewport: { width: 375, height: 800 },
    text: {
      portfolio: '我的投资',
      title: '我的申购',
      tab: '理财',
      raising: '募集中',
      facts: '申购内容',
      invested: '投资金额',
      manage: '管理',
      events: '收益与变动',
      subscribed: '申购',
      amount: '1,000 USDT',
      dcaSaved: '已保存。您的收益将兑换为 ETH。',
      dcaState: '每笔收益兑换为 ETH。',
      xsavingTitle: 'Smart DCA 记录',
      xsavingEmpty: '尚无 Smart DCA 兑换。',
    },
  },
] as const;

for (const { language, phone, viewport, text } of CASES) {
  test.describe(`earn in ${language}${phone ? ' on a phone' : ''}`, () => {
    test.use({ viewport });

    test('subscribe, then My Subscriptions and the subscription detail', async ({ page }) => {
      test.setTimeout(180_000);
      const member = newIdentity(`EarnLang${language.replace('-', '')}`);
      await registerViaApi(member);
      await markVerified(member);
      const sn = await openStableIncome(`E2E ${language} Stable Income`, 2);

      // logged in on a desktop width (the login helper reads the bar's user menu), then the
      // case's width: the rest of the journey on it
      await page.setViewportSize({ width: 1280, height: 800 });
      await loginInBrowser(page, member);
      await page.setViewportSize(viewport);
      await page.goto('/wallet?tab=deposit');
      await page.getByTestId('deposit-currency').selectOption('USDT');
      await page.getByTestId('deposit-network').selectOption('TRC20');
      const address = (await page.getByTestId('deposit-address').textContent())!.trim();
      await ops(
        'deposits',
        'simulate',
        '--network',
        'TRC20',
        '--address',
        address,
        '--amount',
        '1000',
      );
      await ops('deposits', 'confirm', '--network', 'TRC20', '--blocks', '12');

      // the language, chosen in the nav bar as a member does
      await page.goto('/earn?tab=stable');
      await openNav(page, phone);
      await page.getByTestId('language-select').first().selectOption(language);
      await expect(page.locator('html')).toHaveAttribute('lang', language);

      // subscribe 10 units
      await page.goto('/earn?tab=stable');
      const card = page.locator(`[data-testid="earn-card"][data-sn="${sn}"]`);
      await card.getByTestId('earn-card-link').click();
      await expect(page.getByTestId('earn-detail-sn')).toHaveText(sn);
      await page.getByTestId('earn-join-open').click();
      await page.getByTestId('earn-join-units').fill('10');
      await expect(page.getByTestId('earn-join-amount')).toContainText('1,000');
      for (const box of await page.locator('[data-testid^="earn-consent-"]').all())
        await box.check();
      // no risk questionnaire yet: the risk is acknowledged
      await page.getByTestId('earn-risk-ack-checkbox').check();
      await page.getByTestId('earn-join-confirm').click();
      await expect(page.getByTestId('earn-join-success')).toBeVisible({ timeout: 20_000 });
      await page.getByTestId('earn-join-done').click();
      await expect(page.getByTestId('earn-subscription')).toHaveAttribute('data-state', 'raising');
      await expect(page.getByTestId('earn-sub-manage')).toContainText(text.manage);

      // My Subscriptions from the nav bar's Portfolio button
      await openNav(page, phone);
      const button = page.getByTestId('nav-portfolio');
      await expect(button).toHaveText(text.portfolio);
      await button.click();
      await expect(page).toHaveURL(/\/portfolio\?tab=earn$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title);
      await expect(page.getByTestId('portfolio-tab-earn')).toHaveText(text.tab);
      const row = page.locator(`[data-testid="portfolio-sub"][data-sn="${sn}"]`);
      await expect(row).toHaveAttribute('data-state', 'raising');
      await expect(row.getByTestId('portfolio-sub-state')).toHaveText(text.raising);
      await expect(row.getByTestId('portfolio-sub-amount')).toHaveText(text.amount);
      if (phone) {
        // label-value cards, each label in the language
        await expect(row).toContainText(text.invested);
        const box = await row.boundingBox();
        expect(box!.width).toBeLessThanOrEqual(375);
      }
      await expectNoRawKeys(page);

      // the subscription's detail
      await row.getByTestId('portfolio-sub-link').click();
      await expect(page).toHaveURL(new RegExp(`/portfolio/earn/${sn}$`));
      await expect(page.getByTestId('portfolio-detail')).toHaveAttribute('data-state', 'raising');
      await expect(page.getByTestId('portfolio-facts')).toContainText(text.facts);
      await expect(page.getByTestId('portfolio-fact-invested')).toHaveText(text.amount);
      await expect(page.getByTestId('portfolio-events')).toContainText(text.events);
      await expect(page.getByTestId('portfolio-event-kind').first()).toHaveText(text.subscribed);
      await expect(page.getByTestId('portfolio-add-more')).toBeVisible();
      await expect(page.getByTestId('portfolio-cancel-open')).toBeVisible();
      await expectNoRawKeys(page);
      // nothing wider than the phone
      const expectNoSideways = async () => {
        if (!phone) return;
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
      };
      await expectNoSideways();

      // Smart DCA into ETH, then its conversion history (none yet: the product still raises)
      await page.getByTestId('portfolio-dca-open').click();
      await expect(page).toHaveURL(new RegExp(`/portfolio/earn/${sn}/smart-dca$`));
      const dialog = page.getByTestId('portfolio-dca-dialog');
      await dialog.getByTestId('portfolio-dca-target').selectOption('ETH');
      await dialog.getByTestId('portfolio-dca-save').click();
      await expect(dialog.getByTestId('portfolio-dca-saved')).toHaveText(text.dcaSaved);
      await expect(dialog).not.toContainText(RAW_KEY);
      if (phone) expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(375);
      await dialog.getByTestId('portfolio-dca-close').click();
      await expect(page.getByTestId('portfolio-dca-state')).toHaveText(text.dcaState);
      await page.getByTestId('portfolio-dca-history').click();
      await expect(page).toHaveURL(/\/x-saving-history\?premiumId=\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.xsavingTitle);
      await expect(page.getByTestId('portfolio-xsaving-empty')).toContainText(text.xsavingEmpty);
      await expectNoRawKeys(page);
      await expectNoSideways();
    });
  });
}
