import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from './testing/render';
import { QueryTabs } from './query-tabs';

/** The browser's Back button. */
function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

function Tabs() {
  return (
    <>
      <Back />
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
    </>
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

  it('adds a history entry per tab chosen, so Back returns to the previous tab', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Tabs />, { route: '/wallet?tab=one' });
    await user.click(screen.getByRole('tab', { name: 'Two' }));
    await user.click(screen.getByRole('tab', { name: 'Three' }));
    // choosing the open tab again adds nothing
    await user.click(screen.getByRole('tab', { name: 'Three' }));
    expect(location()).toBe('/wallet?tab=three');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/wallet?tab=two');
    expect(selected('Two')).toBe(true);
    expect(screen.getByRole('tabpanel').textContent).toBe('second panel');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(location()).toBe('/wallet?tab=one');
    expect(selected('One')).toBe(true);
  });

  it('is keyboard operable: arrow keys move the focus, Enter opens the focused tab', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Tabs />, { route: '/security' });
    await user.click(screen.getByRole('tab', { name: 'One' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Two' }));
    // moving the focus neither opens the tab nor writes the history
    expect(location()).toBe('/security');
    expect(selected('One')).toBe(true);
    await user.keyboard('{Enter}');
    expect(location()).toBe('/security?tab=two');
    expect(screen.getByRole('tabpanel', { name: 'Two' }).textContent).toBe('second panel');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Three' }));
    await user.keyboard(' ');
    expect(location()).toBe('/security?tab=three');
  });
});
