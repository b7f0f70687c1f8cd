import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockExports } from '../../../components/testing/mock-exports';
import { renderWithProviders } from '../../../components/testing/render';
import { ApiError } from '../../../services/http-client';
import * as content from '../../../services/content';
import { LegalPage } from './legal-page';

mockExports(content, { getLegalDocument: vi.fn() });
const getDocument = vi.mocked(content.getLegalDocument);

const BODY = [
  'Intro with the [Privacy Policy](/privacy-policy).',
  '',
  '## 1. Who may use it',
  '',
  '- **Adults** only',
  '- Not in the United States or Japan',
  '',
  '## 2. Risks',
  '',
  'Crypto-assets are volatile. <script>alert(1)</script>',
].join('\n');

beforeEach(() => {
  getDocument.mockReset();
});

function renderPage(ui: ReactElement, lng?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithProviders(ui, {
    lng,
    wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
  });
}

describe('LegalPage', () => {
  it('shows the title, date, contents and the text as elements (no HTML from the file)', async () => {
    getDocument.mockResolvedValue({
      document: 'user-agreement',
      language: 'en-US',
      title: 'User Agreement',
      updated: '2026-11-01',
      body: BODY,
    });
    renderPage(<LegalPage document="user-agreement" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'User Agreement' })).toBeTruthy();
    expect(screen.getByText('Last updated 2026/11/01')).toBeTruthy();
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const entries = within(contents).getAllByRole('link');
    expect(entries.map((link) => link.getAttribute('href'))).toEqual([
      '#1-who-may-use-it',
      '#2-risks',
    ]);
    expect(document.getElementById('2-risks')?.tagName).toBe('H2');
    expect(screen.getByText('Adults').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText(/<script>alert\(1\)<\/script>/)).toBeTruthy();
    expect(getDocument).toHaveBeenCalledWith('user-agreement', 'en-US', expect.anything());
  });

  it('asks for the document in the current language', async () => {
    getDocument.mockResolvedValue({
      document: 'privacy-policy',
      language: 'zh-TW',
      title: '隱私權政策',
      updated: null,
      body: '內容',
    });
    renderPage(<LegalPage document="privacy-policy" />, 'zh-TW');
    expect(await screen.findByRole('heading', { level: 1, name: '隱私權政策' })).toBeTruthy();
    expect(getDocument).toHaveBeenCalledWith('privacy-policy', 'zh-TW', expect.anything());
  });

  it('a failed load says so and retries', async () => {
    getDocument.mockRejectedValueOnce(new ApiError({ call: 'x', message: 'network_error' }));
    getDocument.mockResolvedValueOnce({
      document: 'user-agreement',
      language: 'en-US',
      title: 'User Agreement',
      updated: null,
      body: 'Text.',
    });
    renderPage(<LegalPage document="user-agreement" />);
    expect(await screen.findByTestId('legal-error')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'User Agreement' })).toBeTruthy();
  });
});
