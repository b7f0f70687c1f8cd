import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../components/testing/mock-exports';
import { renderWithProviders } from '../../components/testing/render';
import * as content from '../../services/content';
import * as earn from '../../services/earn';
import { productDetail } from '../../features/earn/test-utils';
import { FixedUsdtTermsScreen, ProductTermsScreen } from './earn-terms-screens';

mockExports(content, { getLegalDocument: vi.fn() });
mockExports(earn, { getEarnGuestDetail: vi.fn(), getEarnDetail: vi.fn() });
const getDocument = vi.mocked(content.getLegalDocument);
const guestMock = vi.mocked(earn.getEarnGuestDetail);

beforeEach(() => {
  vi.resetAllMocks();
  getDocument.mockImplementation(async (document, language) => ({
    document,
    language,
    title: `Terms of ${document}`,
    updated: '2026-11-26',
    body: '## 1. What you subscribe to\n\nThe text.\n\n## 2. Risks\n\nMore text.',
  }));
  guestMock.mockResolvedValue(productDetail());
});

function renderAt(route: string, path: string, element: React.ReactElement, lng?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(
    <Routes>
      <Route path={path} element={element} />
    </Routes>,
    {
      route,
      lng,
      wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    },
  );
}

describe('earn terms screens', () => {
  it("a product's terms: the operator's text for its family, its figures between the title and the text", async () => {
    renderAt('/terms-earn/USDT-034R', '/terms-earn/:mobile?/:sn', <ProductTermsScreen />, 'zh-TW');
    const title = await screen.findByRole('heading', {
      level: 1,
      name: 'Terms of earn-terms-fixed',
    });
    expect(getDocument).toHaveBeenCalledWith('earn-terms-fixed', 'zh-TW', expect.anything());
    const figures = screen.getByTestId('earn-terms-figures');
    const text = screen.getByRole('heading', { level: 2, name: '1. What you subscribe to' });
    expect(title.compareDocumentPosition(figures) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(figures.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('earn-terms-fact-currency').textContent).toBe('USDT');
  });

  it('a family page: /terms-earn/fixed-usdt reads the Stable Income text', async () => {
    renderAt('/terms-earn/fixed-usdt', '/terms-earn/fixed-usdt', <FixedUsdtTermsScreen />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of earn-terms-fixed' }),
    ).toBeTruthy();
    expect(screen.getByTestId('earn-terms-fact-min').textContent).toBe('1,000 USDT');
    expect(screen.getByTestId('earn-terms-fact-term').textContent).toBe('3 months');
    expect(guestMock).not.toHaveBeenCalled();
  });
});
