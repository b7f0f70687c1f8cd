import { describe, expect, it } from 'vitest';
import { withdrawInfo } from '../test-utils';
import {
  displayExact,
  maxWithdrawAmount,
  shortenMiddle,
  withdrawAmountProblem,
  withdrawFigures,
} from './withdraw-math';

const trc20 = { minimum: '10', fee: '1' };

describe('withdraw figures', () => {
  it('Max is the available balance minus the fee, in exact atomic units', () => {
    const figures = withdrawFigures(withdrawInfo('USDT', { available: '100.123456' }), trc20);
    expect(figures.available).toBe(100_123_456n);
    expect(figures.fee).toBe(1_000_000n);
    expect(maxWithdrawAmount(figures)).toBe(99_123_456n);
  });

  it('keeps 18-decimal amounts exact (no float rounding)', () => {
    const info = withdrawInfo('ETH', { available: '1.000000000000000001' });
    const figures = withdrawFigures(info, { minimum: '0.01', fee: '0.002' });
    expect(maxWithdrawAmount(figures)).toBe(998_000_000_000_000_001n);
  });

  it('Max is capped by the remaining 24-hour limit, and never negative', () => {
    const limited = withdrawInfo('USDT', {
      limit: {
        level: 1,
        dailyLimitUsdt: '20000',
        usedUsdt: '19950',
        remainingUsdt: '50',
        remaining: '50',
      },
    });
    expect(maxWithdrawAmount(withdrawFigures(limited, trc20))).toBe(50_000_000n);
    const poor = withdrawInfo('USDT', { available: '0.5' });
    expect(maxWithdrawAmount(withdrawFigures(poor, trc20))).toBe(0n);
  });

  it('BCNT: only the withdrawable part may be spent', () => {
    const info = withdrawInfo('BCNT', {
      available: '1000',
      bcnt: { identityVerified: true, kycUnderReview: false, withdrawable: '400' },
    });
    const figures = withdrawFigures(info, { minimum: '100', fee: '20' });
    expect(maxWithdrawAmount(figures)).toBe(380n * 10n ** 18n);
    expect(withdrawAmountProblem('500', figures)).toBe('bcnt_reward_locked');
    expect(withdrawAmountProblem('2000', figures)).toBe('Not enough available balance');
  });

  it('names the first problem of a typed amount', () => {
    const figures = withdrawFigures(withdrawInfo('USDT'), trc20);
    expect(withdrawAmountProblem('', figures)).toBeNull();
    expect(withdrawAmountProblem('1e3', figures)).toBe('amount_format');
    expect(withdrawAmountProblem('12.1234567', figures)).toBe('amount_too_many_decimals');
    expect(withdrawAmountProblem('0', figures)).toBe('amount_not_positive');
    expect(withdrawAmountProblem('9.99', figures)).toBe('Minimum Withdrawal');
    expect(withdrawAmountProblem('99', figures)).toBeNull();
    // 99.000001 + 1 fee > 100 available
    expect(withdrawAmountProblem('99.000001', figures)).toBe('Not enough available balance');
    const limited = withdrawFigures(
      withdrawInfo('USDT', {
        limit: {
          level: 1,
          dailyLimitUsdt: '20000',
          usedUsdt: '19970',
          remainingUsdt: '30',
          remaining: '30',
        },
      }),
      trc20,
    );
    expect(withdrawAmountProblem('30', limited)).toBeNull();
    expect(withdrawAmountProblem('30.01', limited)).toBe('Withdrawal limit exceed');
  });

  it('shows amounts whole: the Withdraw places, or more when the amount has them', () => {
    expect(displayExact(99_000_000n, 'USDT')).toBe('99.00');
    expect(displayExact(1_234_567_891n, 'USDT')).toBe('1,234.567891');
    expect(displayExact(12_000n, 'BTC')).toBe('0.00012');
    expect(displayExact(50_000n, 'BTC')).toBe('0.0005');
    expect(shortenMiddle('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe('0x5aAe…eAed');
    expect(shortenMiddle('short')).toBe('short');
  });
});
