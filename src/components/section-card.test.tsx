import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SectionCard } from './section-card';

describe('SectionCard', () => {
  it('is a region named by its h2, with description, actions and content', () => {
    render(
      <SectionCard
        title="Login devices"
        description="Devices that logged in to your account."
        actions={<button type="button">Link wallet</button>}
        data-testid="devices"
        data-state="ready"
      >
        <p>content</p>
      </SectionCard>,
    );
    const region = screen.getByRole('region', { name: 'Login devices' });
    expect(region.getAttribute('data-testid')).toBe('devices');
    expect(region.getAttribute('data-state')).toBe('ready');
    expect(region.getAttribute('aria-busy')).toBeNull();
    expect(within(region).getByRole('heading', { level: 2 }).textContent).toBe('Login devices');
    expect(region.textContent).toContain('Devices that logged in to your account.');
    expect(within(region).getByRole('button', { name: 'Link wallet' })).toBeTruthy();
    expect(within(region).getByText('content')).toBeTruthy();
  });

  it('marks itself busy while its content loads, and omits what it is not given', () => {
    render(
      <>
        <SectionCard title="Rates" aria-busy>
          <p>loading</p>
        </SectionCard>
        <SectionCard title="Levels" aria-busy={false}>
          <p>ready</p>
        </SectionCard>
      </>,
    );
    const rates = screen.getByRole('region', { name: 'Rates' });
    expect(rates.getAttribute('aria-busy')).toBe('true');
    expect(rates.querySelectorAll('p')).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Levels' }).getAttribute('aria-busy')).toBeNull();
  });

  it('without a title is a plain card: no heading, no region name, content only', () => {
    render(
      <SectionCard data-testid="plain">
        <p>form</p>
      </SectionCard>,
    );
    const card = screen.getByTestId('plain');
    expect(card.tagName).toBe('SECTION');
    expect(card.getAttribute('aria-labelledby')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
    expect(card.textContent).toBe('form');
  });
});
