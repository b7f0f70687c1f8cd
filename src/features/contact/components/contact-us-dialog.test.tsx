import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../components/testing/render';
import { contactUs } from '../../../services/member';
import type { ContactUsResult } from '../../../shared/api/common';
import { ContactUsButton } from './contact-us-button';
import { ContactUsHost } from './contact-us-host';

/** Spec section 9: the dialog closes 3 seconds after success. */
const CLOSE_DELAY_MS = 3000;

vi.mock('../../../services/member', () => ({ contactUs: vi.fn() }));
const contactUsMock = vi.mocked(contactUs);

function renderContact(route = '/?type=contact-us') {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return renderWithProviders(
    <>
      <ContactUsButton />
      <ContactUsHost />
    </>,
    {
      route,
      wrap: (children) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    },
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function submitButton() {
  return screen.getByTestId('contact-us-submit') as HTMLButtonElement;
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Name/), 'Ada Lovelace');
  await user.type(screen.getByLabelText(/^Phone/), '+886 912 345 678');
  await user.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
}

beforeEach(() => {
  contactUsMock.mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Contact-us dialog', () => {
  it('opens when the URL has type=contact-us, and closing removes the query', async () => {
    const user = userEvent.setup();
    renderContact('/?type=contact-us&x=1');
    const dialog = screen.getByRole('dialog', { name: 'Contact us' });
    expect(within(dialog).getByTestId('contact-us-form')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/?x=1');
  });

  it('opens from the contact-us button', async () => {
    const user = userEvent.setup();
    renderContact('/');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByTestId('contact-us-button'));
    expect(screen.getByRole('dialog', { name: 'Contact us' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/?type=contact-us');
  });

  it('enables submit only with a name, a phone and a valid email', async () => {
    const user = userEvent.setup();
    renderContact();
    expect(submitButton().disabled).toBe(true);

    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    await user.type(screen.getByLabelText(/^Phone/), '0912345678');
    expect(submitButton().disabled).toBe(true);

    await user.type(screen.getByLabelText(/^E-mail/), 'ada@example');
    expect(submitButton().disabled).toBe(true);

    await user.type(screen.getByLabelText(/^E-mail/), '.com');
    expect(submitButton().disabled).toBe(false);

    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), '   ');
    expect(submitButton().disabled).toBe(true);
  });

  it('shows the email error for an invalid email', async () => {
    const user = userEvent.setup();
    renderContact();
    const email = screen.getByLabelText(/^E-mail/);
    await user.type(email, 'not-an-email');
    await user.tab();
    const errorId = email.getAttribute('aria-describedby');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(errorId ?? '')?.textContent).toBe('Incorrect email format');

    await user.clear(email);
    await user.type(email, 'ada@example.com');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('Incorrect email format')).toBeNull();
  });

  it('submits the trimmed body, shows an ellipsis while sending and cannot be sent twice', async () => {
    const user = userEvent.setup();
    const pending = deferred<ContactUsResult>();
    contactUsMock.mockReturnValue(pending.promise);
    renderContact();
    await user.type(screen.getByLabelText(/^Name/), '  Ada  ');
    await user.type(screen.getByLabelText(/^Phone/), '0912345678');
    await user.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
    await user.selectOptions(screen.getByLabelText('Which service is this about?'), 'Lending Bot');
    await user.type(screen.getByLabelText(/^Message/), 'Hello');
    await user.click(submitButton());

    expect(contactUsMock).toHaveBeenCalledTimes(1);
    expect(contactUsMock.mock.calls[0]?.[0]).toEqual({
      name: 'Ada',
      phone: '0912345678',
      email: 'ada@example.com',
      message: 'Hello',
      product: 3,
    });
    await waitFor(() => expect(submitButton().getAttribute('aria-busy')).toBe('true'));
    expect(within(submitButton()).getByText('…')).toBeTruthy();

    await user.click(submitButton());
    expect(contactUsMock).toHaveBeenCalledTimes(1);
    await act(async () => pending.resolve({ status: 0, id: 1 }));
  });

  it('after success shows Done (disabled) and closes after 3 seconds', async () => {
    contactUsMock.mockResolvedValue({ status: 0, id: 7 });
    renderContact();
    const user = userEvent.setup();
    await fillValid(user);

    // From here the clock is fake (user-event would wait on a real timer, so fireEvent).
    vi.useFakeTimers();
    fireEvent.click(submitButton());
    // Let the mutation settle (promises and react-query's scheduled notifications): 10 ms.
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(submitButton().textContent).toContain('Done');
    expect(submitButton().disabled).toBe(true);
    expect(screen.getByText(/We received your message/)).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(CLOSE_DELAY_MS - 20));
    expect(screen.getByRole('dialog')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(40));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/');
  });

  it('on failure only logs the error and stops the busy state', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('contact_us_failed');
    contactUsMock.mockRejectedValue(failure);
    renderContact();
    await fillValid(user);
    await user.click(submitButton());

    await waitFor(() => expect(logged).toHaveBeenCalledWith('Contact us request failed', failure));
    await waitFor(() => expect(submitButton().getAttribute('aria-busy')).toBeNull());
    expect(submitButton().disabled).toBe(false);
    expect(submitButton().textContent).toContain('Send');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByText(/We received your message/)).toBeNull();

    // It can be sent again.
    contactUsMock.mockResolvedValue({ status: 0, id: 2 });
    await user.click(submitButton());
    await waitFor(() => expect(submitButton().textContent).toContain('Done'));
    expect(contactUsMock).toHaveBeenCalledTimes(2);
  });

  it('starts fresh when opened again', async () => {
    const user = userEvent.setup();
    renderContact();
    await user.type(screen.getByLabelText(/^Name/), 'Ada');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByTestId('contact-us-button'));
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
  });
});
