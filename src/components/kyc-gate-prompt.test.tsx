import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { KYC_GATED_ACTIONS, KycGatePrompt, type KycGatePromptProps } from './kyc-gate-prompt';
import { renderWithProviders } from './testing/render';

/** A Deposit button that the gate blocks: it opens the prompt instead. */
function Harness(props: Partial<KycGatePromptProps> & { onChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  const { onChange, ...rest } = props;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Deposit
      </button>
      <KycGatePrompt
        action="deposit"
        {...rest}
        open={open}
        onOpenChange={(next) => {
          onChange?.(next);
          setOpen(next);
        }}
      />
    </>
  );
}

async function openPrompt(ui = <Harness />, lng = 'en-US') {
  const user = userEvent.setup();
  const result = renderWithProviders(ui, { lng, route: '/wallet' });
  await user.click(screen.getByRole('button', { name: 'Deposit' }));
  return { ...result, user };
}

describe('KycGatePrompt', () => {
  it('explains that the action needs identity verification', async () => {
    await openPrompt();
    const dialog = screen.getByRole('dialog', { name: 'Verify your identity first' });
    expect(dialog.getAttribute('data-testid')).toBe('kyc-gate-prompt');
    expect(dialog.textContent).toContain('Identity verification is needed before you can deposit.');
    expect(screen.getByTestId('kyc-gate-verify').getAttribute('href')).toBe('/kyc');
  });

  it('the primary link leads to /kyc and closes the prompt', async () => {
    const onChange = vi.fn();
    const { user } = await openPrompt(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('link', { name: 'Verify identity' }));
    expect(screen.getByTestId('location').textContent).toBe('/kyc');
    expect(onChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Later and Esc only close it', async () => {
    const { user } = await openPrompt();
    await user.click(screen.getByTestId('kyc-gate-later'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/wallet');

    await user.click(screen.getByRole('button', { name: 'Deposit' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/wallet');
  });

  it('names each blocked action, in all three languages', async () => {
    const expected: Record<string, string[]> = {
      'en-US': ['top up', 'deposit', 'withdraw', 'convert', 'subscribe'],
      'zh-TW': ['儲值', '存入', '提領', '兌換', '申購'],
      'zh-CN': ['储值', '充值', '提现', '兑换', '申购'],
    };
    for (const [lng, words] of Object.entries(expected)) {
      for (const [index, action] of KYC_GATED_ACTIONS.entries()) {
        const { unmount } = await openPrompt(<Harness action={action} />, lng);
        expect(screen.getByRole('dialog').textContent, `${lng} ${action}`).toContain(words[index]);
        unmount();
      }
    }
  });

  it('takes its texts from the caller when given', async () => {
    await openPrompt(<Harness title="Verify to subscribe" description="BinFi needs level 1." />);
    const dialog = screen.getByRole('dialog', { name: 'Verify to subscribe' });
    expect(dialog.textContent).toContain('BinFi needs level 1.');
  });
});
