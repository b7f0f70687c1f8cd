import { useState } from 'react';
import { amountProblem, parseBcntAmount, type AmountProblem } from '../utils/bcnt-amount';
import { useAmountError } from './use-amount-error';

export interface AmountFormState {
  text: string;
  setText: (text: string) => void;
  /** The upper limit (balance or stake); undefined while it loads. */
  limit: bigint | undefined;
  problem: AmountProblem | undefined;
  /** The translated validation message, if one should show. */
  error: string | undefined;
  /** A submit is running. */
  pending: boolean;
  /**
   * Validates, then runs `send` with the amount unless `blocked`. A successful send (true)
   * clears the field.
   */
  submit: (blocked: boolean, send: (amount: bigint) => Promise<boolean>) => Promise<void>;
}

/** The state of an amount form (stake, request unstake): text, validation and submit. */
export function useAmountForm(
  limit: bigint | undefined,
  limitKey: 'exceedsBalance' | 'exceedsStaked',
): AmountFormState {
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const problem = amountProblem(text, limit);
  const error = useAmountError(problem, submitted, text, limitKey);

  async function submit(blocked: boolean, send: (amount: bigint) => Promise<boolean>) {
    setSubmitted(true);
    const amount = parseBcntAmount(text);
    if (problem || blocked || amount === undefined) return;
    setPending(true);
    try {
      if (await send(amount)) {
        setText('');
        setSubmitted(false);
      }
    } finally {
      setPending(false);
    }
  }

  return { text, setText, limit, problem, error, pending, submit };
}
