// Pure rules of the NAV settlement (checkpoint days, the Flagship excess share, the Alliance
// fees and high-water mark, the value at a NAV) and of the CSV statement (cells, locale).
import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../../shared/money/decimal';
import { allianceFees, flagshipExcess, navValue, nextCheckpoint } from './nav-settlement';
import { csvCell, csvLine, statementLocale } from './statement';
import type { EarnSubscriptionRow } from './views';

const nav = (text: string) => parseAmount(text, 18)!;
const usdt = (text: string) => parseAmount(text, 6)!;
const startOf = (day: string) => new Date(`${day}T00:00:00+08:00`);

function sub(fields: Partial<EarnSubscriptionRow>): EarnSubscriptionRow {
  return {
    termStart: startOf('2025-03-06'),
    termEnd: startOf('2026-03-06'),
    navThrough: null,
    invested: usdt('1000').toString(),
    principal: usdt('1000').toString(),
    highWatermark: null,
    excessReward: '0',
    ...fields,
  } as EarnSubscriptionRow;
}

describe('NAV checkpoints', () => {
  it('Flagship: each 15th after the first day, then the expiry day', () => {
    const s = sub({});
    expect(nextCheckpoint('flagship', s)).toBe('2025-03-15');
    expect(nextCheckpoint('flagship', { ...s, navThrough: '2025-03-15' })).toBe('2025-04-15');
    expect(nextCheckpoint('flagship', { ...s, navThrough: '2025-12-15' })).toBe('2026-01-15');
    expect(nextCheckpoint('flagship', { ...s, navThrough: '2026-02-15' })).toBe('2026-03-06');
    expect(nextCheckpoint('flagship', { ...s, navThrough: '2026-03-06' })).toBeNull();
    // a term starting on the 15th has its first checkpoint a month later
    const on15 = sub({ termStart: startOf('2025-05-15'), termEnd: startOf('2025-08-15') });
    expect(nextCheckpoint('flagship', on15)).toBe('2025-06-15');
  });

  it('Alliance: the first days of January, April, July and October, then the expiry day', () => {
    const s = sub({});
    const days: string[] = [];
    let cursor = s;
    for (
      let day = nextCheckpoint('alliance', cursor);
      day;
      day = nextCheckpoint('alliance', cursor)
    ) {
      days.push(day);
      cursor = { ...cursor, navThrough: day };
    }
    expect(days).toEqual(['2025-04-01', '2025-07-01', '2025-10-01', '2026-01-01', '2026-03-06']);
  });

  it('mixed: the expiry day only; rate products: none', () => {
    expect(nextCheckpoint('mixed', sub({}))).toBe('2026-03-06');
    expect(nextCheckpoint('fixed', sub({}))).toBeNull();
  });
});

describe('NAV amounts', () => {
  it('values a term at principal left + initial x (NAV/start - 1), rounded down, never below 0', () => {
    expect(navValue(sub({}), nav('1'), nav('1.1'))).toBe(usdt('1100'));
    expect(navValue(sub({ principal: usdt('990').toString() }), nav('2'), nav('1.5'))).toBe(
      usdt('740'),
    );
    expect(navValue(sub({}), nav('3'), nav('1'))).toBe(usdt('333.333333'));
    expect(navValue(sub({ principal: '10' }), nav('1'), nav('0.001'))).toBe(0n);
  });

  it('Flagship: 50 % of the gain above 5 % a year for the days since the start', () => {
    // 73 days: the hurdle is 1 % (10 USDT); 30 USDT of gain leaves 20, half is 10
    const s = sub({});
    expect(flagshipExcess(s, nav('1'), nav('1.03'), '2025-05-18')).toBe(usdt('10'));
    expect(flagshipExcess(s, nav('1'), nav('1.005'), '2025-05-18')).toBe(0n);
  });

  it('Alliance: management by days on the initial amount, performance over the grown mark', () => {
    const product = { managementFeeBps: 200, performanceFeeBps: 3000 };
    // 73 days: management 2 % x 73/365 of 1,000 = 4; mark 1 grown by 1 % = 1.01; NAV 1.11:
    // 30 % of 1,000 x 0.10 = 30
    const fees = allianceFees(product, sub({}), nav('1'), nav('1.11'), '2025-05-18');
    expect(fees).toEqual({
      management: usdt('4'),
      performance: usdt('30'),
      highWatermark: nav('1.11'),
    });
    // under the mark: no performance fee, the mark stays
    const below = allianceFees(
      product,
      sub({ highWatermark: '1.2', navThrough: '2025-03-06' }),
      nav('1'),
      nav('1.15'),
      '2025-05-18',
    );
    expect(below).toEqual({ management: usdt('4'), performance: 0n, highWatermark: nav('1.2') });
    // never more than the principal left
    const tiny = allianceFees(product, sub({ principal: '5' }), nav('1'), nav('3'), '2025-05-18');
    expect(tiny.management + tiny.performance).toBe(5n);
  });
});

describe('the CSV statement', () => {
  it('neutralises formulas and quotes what needs quoting', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
    expect(csvLine(['1000.5', 'USDT', ''])).toBe('1000.5,USDT,');
  });

  it("takes the member's language from Accept-Language", () => {
    expect(statementLocale('zh-tw')).toBe('zh-TW');
    expect(statementLocale('zh-cn')).toBe('zh-CN');
    expect(statementLocale('zh-CN,zh;q=0.9')).toBe('zh-CN');
    expect(statementLocale('en-us')).toBe('en-US');
    expect(statementLocale(undefined)).toBe('en-US');
    expect(statementLocale('fr')).toBe('en-US');
  });
});
