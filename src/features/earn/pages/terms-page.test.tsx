import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import * as earn from '../../../services/earn';
import { clearLoginInfo, setLoginInfo } from '../../../services/session';
import { productDetail, renderEarn } from '../test-utils';
import { FamilyTermsPage, ProductTermsPage, type RenderTerms } from './terms-page';

mockExports(earn, { getEarnGuestDetail: vi.fn(), getEarnDetail: vi.fn() });
const guestMock = vi.mocked(earn.getEarnGuestDetail);
const detailMock = vi.mocked(earn.getEarnDetail);

/** The app renders the operator's Markdown; here: which document, and the figures block. */
const renderTerms: RenderTerms = (document, figures) => (
  <article data-testid="terms-document" data-document={document}>
    {figures}
  </article>
);
const fact = (id: string) => screen.getByTestId(`earn-terms-fact-${id}`).textContent;
const renderAt = (route: string, path = '/terms-earn/:mobile?/:sn', lng?: string) =>
  renderEarn(<ProductTermsPage renderTerms={renderTerms} />, { route, path, lng });

const flagship = () =>
  productDetail({
    serialNumber: 'USDT-040S',
    kind: 'flagship',
    productType: 3,
    periodMonth: 12,
    perUnit: '1000',
    minUnit: 1,
    minInvestment: '1000',
    annualReturn: 5,
    stakeInterestAPYLv3: null,
    levelRates: null,
    settlement: 'monthly',
  });
const alliance = (highWatermark: string | null = '1.084200000000000000') =>
  productDetail({
    serialNumber: 'USDT-041S',
    kind: 'alliance',
    productType: 4,
    periodMonth: 12,
    annualReturn: 8,
    stakeInterestAPYLv3: null,
    levelRates: null,
    managementFeePct: 2,
    performanceFeePct: 30,
    highWatermark,
  });

beforeEach(() => {
  vi.resetAllMocks();
  guestMock.mockResolvedValue(productDetail());
});
afterEach(() => clearLoginInfo());

describe('the terms of one product (/terms-earn/{sn})', () => {
  it('Stable Income: its text, and its own figures (term, currency, settlement, dates)', async () => {
    renderAt('/terms-earn/USDT-034R');
    const doc = await screen.findByTestId('terms-document');
    expect(doc.getAttribute('data-document')).toBe('earn-terms-fixed');
    expect(guestMock).toHaveBeenCalledWith('USDT-034R');
    expect(within(doc).getByRole('heading', { name: "This product's figures" })).toBeTruthy();
    expect(fact('product')).toBe('USDT 3-month (USDT-034R)');
    expect(fact('kind')).toBe('Stable Income');
    expect(fact('currency')).toBe('USDT');
    expect(fact('term')).toBe('3 months');
    expect(fact('contract')).toBe('2021/09/15 to 2021/12/15 (UTC+8)');
    expect(fact('per-unit')).toBe('100 USDT');
    expect(fact('min')).toBe('1,000 USDT');
    expect(fact('return')).toBe('8% a year at loyalty level 1; higher levels earn more');
    expect(fact('settlement')).toBe('Daily');
    expect(fact('early-redemption')).toBe(
      'Until 1 day before expiry, paid in BCNT; cannot be undone',
    );
    expect(fact('return-of-assets')).toBe('Within 3 working days after expiry');
    expect(screen.queryByTestId('earn-terms-fact-early-termination')).toBeNull();
    expect(screen.getByTestId('earn-terms-product-link').getAttribute('href')).toBe(
      '/fixed/USDT-034R',
    );
  });

  it('Flagship: the fixed 5% plus 50% of the excess and the early termination fee', async () => {
    guestMock.mockResolvedValue(flagship());
    renderAt('/terms-earn/USDT-040S');
    const doc = await screen.findByTestId('terms-document');
    expect(doc.getAttribute('data-document')).toBe('earn-terms-flagship');
    expect(fact('return')).toBe(
      '5% a year fixed, plus 50% of the excess (updated on the 15th of each month)',
    );
    expect(fact('early-termination')).toBe('5% within the first 6 months, 3.5% after');
    expect(screen.queryByTestId('earn-terms-fact-early-redemption')).toBeNull();
    expect(screen.queryByTestId('earn-terms-fact-settlement')).toBeNull();
  });

  it('Trader Alliance: management fee, performance fee above 5% with the high-water mark', async () => {
    guestMock.mockResolvedValue(alliance());
    renderAt('/terms-earn/USDT-041S');
    expect((await screen.findByTestId('terms-document')).getAttribute('data-document')).toBe(
      'earn-terms-alliance',
    );
    expect(fact('management-fee')).toBe('2% a year of the initial amount, deducted quarterly');
    expect(fact('performance-fee')).toBe(
      '30% of the annualised return above 5%, deducted in January, April, July and October',
    );
    expect(fact('high-watermark')).toBe('NAV 1.0842: no performance fee until the NAV is above it');
    expect(fact('return')).toBe('8% a year, a target and not a promise');
  });

  it('Mixed Quant Sapphire: the 60/40 split and the stated worst case; in zh-TW', async () => {
    guestMock.mockResolvedValue(
      productDetail({
        serialNumber: 'USDT-036S',
        kind: 'mixed',
        strategy: 'sapphire',
        stakeInterestAPYLv3: null,
        levelRates: null,
        maxDrawdown: 3.6,
      }),
    );
    renderAt('/terms-earn/USDT-036S', undefined, 'zh-TW');
    expect((await screen.findByTestId('terms-document')).getAttribute('data-document')).toBe(
      'earn-terms-mixed',
    );
    expect(fact('split')).toBe('穩定 60%，風險 40%');
    expect(fact('worst-case')).toBe('約本金的 -3.6%');
  });

  it('a premium fund reads the premium text; a member reads the product with the session', async () => {
    setLoginInfo({ token: 'tok', expiredTime: Date.now() + 3_600_000 });
    detailMock.mockResolvedValue({
      product: productDetail({
        serialNumber: 'USDT-045S',
        kind: 'mixed',
        strategy: 'fusion',
        premiumOnly: true,
      }),
      subscription: null,
    });
    renderAt('/premium-term-service/mobile/USDT-045S', '/premium-term-service/:mobile/:sn');
    expect((await screen.findByTestId('terms-document')).getAttribute('data-document')).toBe(
      'earn-terms-premium',
    );
    expect(detailMock).toHaveBeenCalledWith('USDT-045S');
    expect(guestMock).not.toHaveBeenCalled();
    // the app's web view: no link out to the product page
    expect(screen.queryByTestId('earn-terms-product-link')).toBeNull();
  });

  it('says when the product cannot be read, with a retry', async () => {
    guestMock.mockRejectedValueOnce(new Error('network')).mockResolvedValue(productDetail());
    renderAt('/terms-earn/USDT-034R');
    const error = await screen.findByTestId('earn-terms-error');
    await userEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('terms-document')).toBeTruthy();
  });

  it('sends a path without a serial number to Landing (unknown path)', async () => {
    renderAt('/terms-earn/mobile/not-a-product');
    expect(screen.getByTestId('location').textContent).toBe('/');
    expect(guestMock).not.toHaveBeenCalled();
  });
});

describe('the four family terms pages', () => {
  it('/terms-earn/fixed-btc: the Stable Income text with BTC, 6 months and 0.05 BTC', () => {
    renderEarn(<FamilyTermsPage family="fixed-btc" renderTerms={renderTerms} />);
    expect(screen.getByTestId('terms-document').getAttribute('data-document')).toBe(
      'earn-terms-fixed',
    );
    expect(screen.getByRole('heading', { name: 'Stable Income BTC' })).toBeTruthy();
    expect(fact('currency')).toBe('BTC');
    expect(fact('term')).toBe('6 months');
    expect(fact('min')).toBe('0.05 BTC');
    expect(screen.getByTestId('earn-terms-products-link').getAttribute('href')).toBe(
      '/earn?tab=stable',
    );
  });

  it('/terms-earn/mixed-fusion: the Mixed Quant text with the 80/20 split and about 0% worst case', () => {
    renderEarn(<FamilyTermsPage family="mixed-fusion" renderTerms={renderTerms} />, {
      lng: 'zh-CN',
    });
    expect(screen.getByTestId('terms-document').getAttribute('data-document')).toBe(
      'earn-terms-mixed',
    );
    expect(fact('split')).toBe('稳定 80%，风险 20%');
    expect(fact('worst-case')).toBe('约本金的 0%');
    expect(fact('min')).toBe('1,000 USDT');
    expect(screen.getByTestId('earn-terms-products-link').getAttribute('href')).toBe(
      '/earn?tab=mixed',
    );
  });
});
