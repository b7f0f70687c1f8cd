import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import styles from './code-input.module.css';

/**
 * The 6-digit code input of the UI kit (SMS, e-mail and authenticator codes): one box per digit,
 * typing moves to the next box, Backspace on an empty box goes back, arrows move, and pasting
 * (or the browser's one-time-code autofill) of a whole code fills every box. The value is the
 * digits typed so far, left to right, without gaps. `onComplete` runs when the last digit is
 * entered.
 *
 * `ResendButton` is its companion: disabled with a visible "Resend in N s" countdown until the
 * given time, then "Resend code"; busy while the resend runs.
 */

export interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Runs with the whole code when the last box is filled (typing or pasting). */
  onComplete?: (code: string) => void;
  /** Names the group of boxes. */
  label: ReactNode;
  length?: number;
  /** Already translated message, shown under the boxes. */
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Prefix of the boxes' test ids (`<id>-0` ... `<id>-5`); the group gets `<id>`. */
  'data-testid'?: string;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

export function CodeInput({
  value,
  onChange,
  onComplete,
  label,
  length = 6,
  error,
  hint,
  disabled = false,
  autoFocus = false,
  'data-testid': testId,
}: CodeInputProps) {
  const { t } = useTranslation('components');
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = onlyDigits(value).slice(0, length);

  useEffect(() => {
    if (autoFocus) boxes.current[Math.min(digits.length, length - 1)]?.focus();
    // only on mount
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function focusBox(index: number) {
    const box = boxes.current[Math.max(0, Math.min(index, length - 1))];
    box?.focus();
    box?.select();
  }

  // Focus moves after the new value has rendered (the boxes' focus rule reads the value).
  const pendingFocus = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (pendingFocus.current === null) return;
    const index = pendingFocus.current;
    pendingFocus.current = null;
    focusBox(index);
  });

  function commit(next: string, focusIndex: number) {
    const code = onlyDigits(next).slice(0, length);
    if (code === digits) {
      focusBox(focusIndex); // nothing re-renders
      return;
    }
    pendingFocus.current = focusIndex;
    onChange(code);
    if (code.length === length) onComplete?.(code);
  }

  /** Digits typed or pasted into box `index`: fill from there (a whole code fills all boxes). */
  function enter(index: number, text: string) {
    const incoming = onlyDigits(text);
    if (incoming === '') return;
    if (incoming.length >= length) {
      commit(incoming.slice(0, length), length - 1);
      return;
    }
    const start = Math.min(index, digits.length);
    const next = (digits.slice(0, start) + incoming + digits.slice(start + incoming.length)).slice(
      0,
      length,
    );
    commit(next, start + incoming.length);
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace') {
      event.preventDefault();
      if (index < digits.length) {
        commit(digits.slice(0, index) + digits.slice(index + 1), index);
      } else if (index > 0) {
        commit(digits.slice(0, index - 1), index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(Math.min(index + 1, digits.length));
    } else if (event.key === 'Delete') {
      event.preventDefault();
      if (index < digits.length) commit(digits.slice(0, index) + digits.slice(index + 1), index);
    }
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    enter(index, event.clipboardData.getData('text'));
  }

  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={describedBy || undefined}
        className={styles.boxes}
        data-testid={testId}
      >
        {Array.from({ length }, (_, index) => (
          <input
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className={styles.box}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={t('codeInput.digit', { index: index + 1, count: length })}
            aria-invalid={error ? true : undefined}
            disabled={disabled}
            value={digits[index] ?? ''}
            data-testid={testId ? `${testId}-${index}` : undefined}
            onFocus={(event) => {
              // No gaps: a box after the first empty one hands focus to that one.
              if (index > digits.length) focusBox(digits.length);
              else event.currentTarget.select();
            }}
            onChange={(event) => {
              const typed = onlyDigits(event.currentTarget.value);
              if (typed === '') return;
              // A replaced digit arrives next to the old one ("37" in box "3"): keep the new one.
              const current = digits[index] ?? '';
              const text =
                typed.length === 2 && current !== '' && typed.includes(current)
                  ? typed.replace(current, '')
                  : typed;
              enter(index, text || typed.slice(-1));
            }}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onPaste={(event) => handlePaste(index, event)}
          />
        ))}
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Whole seconds left until `until` (ms since epoch); 0 when it has passed or is null. Ticks once
 * a second while counting.
 */
export function useSecondsLeft(until: number | null, now: () => number = Date.now): number {
  const compute = () => (until === null ? 0 : Math.max(0, Math.ceil((until - now()) / 1000)));
  const [seconds, setSeconds] = useState(compute);
  useEffect(() => {
    setSeconds(compute());
    if (until === null) return undefined;
    const timer = setInterval(() => {
      const left = compute();
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
    // `now` is a clock, not data
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [until]);
  return seconds;
}

export interface ResendButtonProps {
  /** When resending is allowed again (ms since epoch); null: now. */
  availableAt: number | null;
  onResend: () => Promise<unknown>;
  disabled?: boolean;
  'data-testid'?: string;
}

/** "Resend code", or a disabled "Resend in N s" while the countdown runs. */
export function ResendButton({
  availableAt,
  onResend,
  disabled = false,
  'data-testid': testId,
}: ResendButtonProps) {
  const { t } = useTranslation('components');
  const seconds = useSecondsLeft(availableAt);
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={disabled || seconds > 0}
      onClick={() => onResend()}
      data-testid={testId}
      data-seconds-left={seconds}
    >
      {seconds > 0 ? t('codeInput.resendIn', { seconds }) : t('codeInput.resend')}
    </Button>
  );
}
