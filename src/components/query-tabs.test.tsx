import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from './testing/render';
import { QueryTabs } from './query-tabs';

function Tabs() {
  return (
    <QueryTabs
      label="Sections"
      defaultValue="one"
      testIdPrefix="demo"
      tabs={[
        { value: 'one', label: 'One', content: <p>first panel</p> },
        { value: 'two', label: 'Two', content: <p>second panel</p> },
        { value: 'three', label: 'Three', content: <p>third panel</p> },
      ]}
    />
  );
}

const location = () => screen.getByTestId('location').textContent;
const selected = (name: string) =>
  screen.getByRole('tab', { name }).getAttribute('aria-selected') === 'true';

describe('QueryTabs', () => {
  it('shows the default tab when the query has none or an unknown one', () => {
    renderWithProviders(<Tabs />, { route: '/security?tab=address' });
    expect(selected('One')).toBe(true);
    expect(screen.getByRole('tabpanel').textContent).toBe('first panel');
    expect(screen.queryByText('second panel')).toBeNull();
  });

  it('opens the tab named by the query', () => {
    renderWithProviders(<Tabs />, { route: '/security?tab=two' });
    expect(screen.getByTestId('demo-tab-two').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('demo-panel-two').textContent).toBe('second panel');
    expect(screen.queryByText('first panel')).toBeNull();
  });

  it('writes the chosen tab into the query and keeps the other parameters', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Tabs />, { route: '/security?x=1' });
    await user.click(screen.getByRole('tab', { name: 'Three' }));
    expect(location()).toBe('/security?x=1&tab=three');
    expect(selected('Three')).toBe(true);
    expect(screen.getByRole('tabpanel').textContent).toBe('third panel');
  });

  it('is keyboard operable: arrow keys move between tabs and select them', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Tabs />, { route: '/security' });
    await user.click(screen.getByRole('tab', { name: 'One' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Two' }));
    expect(location()).toBe('/security?tab=two');
    expect(screen.getByRole('tabpanel', { name: 'Two' }).textContent).toBe('second panel');
    await user.keyboard('{End}');
    expect(location()).toBe('/security?tab=three');
  });
});
