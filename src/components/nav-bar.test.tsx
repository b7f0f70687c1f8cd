import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavBar } from './nav-bar';
import styles from './nav-bar.module.css';
import type { NavMenu } from './nav-items';
import { renderWithProviders } from './testing/render';

const menus: NavMenu[] = [
  { id: 'about-us', label: 'About Us' },
  {
    id: 'services',
    label: 'Services',
    items: [
      { id: 'stable-income', label: 'Stable Income', href: '/earn?tab=stable' },
      { id: 'lending-bot', label: 'Lending Bot' },
      { id: 'wallet', label: 'Wallet page', href: '/wallet' },
    ],
  },
  { id: 'login', label: 'Log in', href: '/login' },
];

function setViewport(width: number) {
  window.innerWidth = width;
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
}

function setScroll(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => {
  window.innerWidth = 400;
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true, writable: true });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('NavBar folded menu', () => {
  it('opens and closes with the burger, which controls the panel', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NavBar pathname="/" menus={menus} />);
    const burger = screen.getByRole('button', { name: 'Menu' });
    const panel = screen.getByTestId('nav-panel');
    expect(burger.getAttribute('aria-controls')).toBe(panel.id);
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(panel.dataset.open).toBe('false');

    await user.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    expect(panel.dataset.open).toBe('true');
    expect(panel.className).toContain(styles.panelOpen);

    await user.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(panel.dataset.open).toBe('false');
  });

  it('closes when the route changes', async () => {
    const user = userEvent.setup();
    const { rerender } = renderWithProviders(<NavBar pathname="/" menus={menus} />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByTestId('nav-panel').dataset.open).toBe('true');

    rerender(<NavBar pathname="/login" menus={menus} />);
    expect(screen.getByTestId('nav-panel').dataset.open).toBe('false');
    expect(screen.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('stays open at 946 px and closes above 946 px', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NavBar pathname="/" menus={menus} />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));

    setViewport(946);
    expect(screen.getByTestId('nav-panel').dataset.open).toBe('true');

    setViewport(947);
    expect(screen.getByTestId('nav-panel').dataset.open).toBe('false');

    // Narrow again: it does not reopen by itself.
    setViewport(500);
    expect(screen.getByTestId('nav-panel').dataset.open).toBe('false');
  });

  it('closes on Escape and returns focus to the burger', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NavBar pathname="/" menus={menus} />);
    const burger = screen.getByRole('button', { name: 'Menu' });
    await user.click(burger);
    screen.getByRole('link', { name: 'Log in' }).focus();
    await user.keyboard('{Escape}');
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(burger);
  });
});

describe('NavBar background', () => {
  it('changes after 200 px of scroll, not at 200 px', () => {
    renderWithProviders(<NavBar pathname="/" menus={menus} />);
    const bar = screen.getByTestId('nav-bar');
    expect(bar.dataset.scrolled).toBe('false');

    setScroll(200);
    expect(bar.dataset.scrolled).toBe('false');
    expect(bar.className).not.toContain(styles.scrolled);

    setScroll(201);
    expect(bar.dataset.scrolled).toBe('true');
    expect(bar.className).toContain(styles.scrolled);

    setScroll(10);
    expect(bar.dataset.scrolled).toBe('false');
  });
});

describe('NavBar logo', () => {
  it('scrolls to the top when already on Landing', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<NavBar pathname="/" />, { route: '/?a=1' });
    await user.click(screen.getByTestId('nav-logo'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(screen.getByTestId('location').textContent).toBe('/?a=1');
  });

  it('goes to Landing from another page', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithProviders(<NavBar pathname="/login" />, { route: '/login' });
    await user.click(screen.getByTestId('nav-logo'));
    expect(scrollTo).not.toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });
});

describe('NavBar menus and slots', () => {
  it('disables entries without a target and links the others', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NavBar pathname="/login" menus={menus} />);
    const about = screen.getByTestId('nav-menu-about-us');
    expect(about.tagName).toBe('SPAN');
    expect(about.getAttribute('aria-disabled')).toBe('true');
    const login = screen.getByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe('/login');
    expect(login.getAttribute('aria-current')).toBe('page');

    // The submenu is keyboard operable.
    const trigger = screen.getByTestId('nav-menu-services');
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const disabled = within(menu).getByRole('menuitem', { name: /Lending Bot/ });
    expect(disabled.getAttribute('aria-disabled')).toBe('true');
    const enabled = within(menu).getByRole('menuitem', { name: 'Wallet page' });
    expect(enabled.getAttribute('href')).toBe('/wallet');
    // a target with a query keeps it
    const stable = within(menu).getByRole('menuitem', { name: 'Stable Income' });
    expect(stable.getAttribute('href')).toBe('/earn?tab=stable');
    expect(stable.getAttribute('aria-disabled')).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('renders each slot exactly once and hides menus when asked', () => {
    renderWithProviders(
      <NavBar
        pathname="/register"
        menus={menus}
        hideMenus
        languageSwitcher={<span data-testid="slot-lang" />}
        wallet={<span data-testid="slot-wallet" />}
        contactUs={<span data-testid="slot-contact" />}
      />,
    );
    expect(screen.getAllByTestId('slot-lang')).toHaveLength(1);
    expect(screen.getAllByTestId('slot-wallet')).toHaveLength(1);
    expect(screen.getAllByTestId('slot-contact')).toHaveLength(1);
    expect(screen.queryByTestId('nav-menu-about-us')).toBeNull();
  });

  it('places the search slot in the folded panel (the bar above 946 px) and leaves it out with the menus', () => {
    const { unmount } = renderWithProviders(
      <NavBar pathname="/" menus={menus} search={<span data-testid="slot-search" />} />,
    );
    expect(within(screen.getByTestId('nav-panel')).getAllByTestId('slot-search')).toHaveLength(1);
    unmount();
    renderWithProviders(
      <NavBar
        pathname="/login"
        menus={menus}
        hideMenus
        search={<span data-testid="slot-search" />}
      />,
    );
    expect(screen.queryByTestId('slot-search')).toBeNull();
  });
});
