import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './page-header';
import { renderWithProviders } from './testing/render';

describe('PageHeader', () => {
  it('renders the h1 and breadcrumbs with the current page marked', () => {
    renderWithProviders(
      <PageHeader
        title="Wallet"
        description="Your balances"
        breadcrumbs={[
          { label: 'Home', href: '/' },
          { label: 'Wallet', href: '/wallet' },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Wallet' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(nav.querySelector('a')?.getAttribute('href')).toBe('/');
    expect(nav.querySelectorAll('a')).toHaveLength(1);
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Wallet');
  });
});
