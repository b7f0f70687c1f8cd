import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../services/query-keys';
import { useIdempotentAction } from './use-idempotent-action';

function setup(call: (body: { amount: string }, key: string) => Promise<string>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => useIdempotentAction({ call, errorText: (error) => `text: ${String(error)}` }),
    { wrapper },
  );
  return { hook, invalidated };
}

describe('useIdempotentAction', () => {
  it('retries an action with its key, and the next action gets a new one', async () => {
    const call = vi
      .fn<(body: { amount: string }, key: string) => Promise<string>>()
      .mockRejectedValueOnce(new Error('lost'))
      .mockResolvedValue('ok');
    const { hook, invalidated } = setup(call);
    await act(() => hook.result.current.run({ amount: '1' }).catch(() => undefined));
    await waitFor(() => expect(hook.result.current.state).toBe('error'));
    expect(hook.result.current.errorText).toBe('text: Error: lost');
    await act(() => hook.result.current.run({ amount: '1' }));
    await waitFor(() => expect(hook.result.current.state).toBe('done'));
    expect(hook.result.current.result).toBe('ok');
    await act(() => hook.result.current.run({ amount: '2' }));
    const keys = call.mock.calls.map(([, key]) => key);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: queryKeys.member.wallet() });
    expect(invalidated).toHaveBeenCalledTimes(3);
  });

  it('a changed action after a failure gets a new key and forgets the outcome', async () => {
    const call = vi
      .fn<(body: { amount: string }, key: string) => Promise<string>>()
      .mockRejectedValueOnce(new Error('refused'))
      .mockResolvedValue('ok');
    const { hook } = setup(call);
    await act(() => hook.result.current.run({ amount: '1' }).catch(() => undefined));
    act(() => hook.result.current.newAction());
    await waitFor(() => expect(hook.result.current.state).toBe('idle'));
    expect(hook.result.current.errorText).toBeUndefined();
    await act(() => hook.result.current.run({ amount: '3' }));
    expect(call.mock.calls[1]![1]).not.toBe(call.mock.calls[0]![1]);
  });

  it('shows progress while the call is under way', async () => {
    let finish: (value: string) => void = () => undefined;
    const call = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const { hook } = setup(call);
    let running: Promise<string> | undefined;
    act(() => {
      running = hook.result.current.run({ amount: '1' });
    });
    await waitFor(() => expect(hook.result.current.state).toBe('submitting'));
    expect(hook.result.current.isPending).toBe(true);
    await act(async () => {
      finish('ok');
      await running;
    });
    await waitFor(() => expect(hook.result.current.state).toBe('done'));
  });
});
