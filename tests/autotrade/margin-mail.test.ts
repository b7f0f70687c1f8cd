import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/shared/constants/locales';
import { type MailKind, mailText } from '../../src/server/domain/autotrade/subscriptions-views';

/** The Smart Autotrade e-mails exist in every language and fill every figure they name. */

const DETAILS: Record<string, string> = {
  id: '12',
  currency: 'BCNT',
  margin: '25',
  required: '100',
  amount: '75',
  fee: '125',
  taken: '25',
  returned: '0',
  month: '2025-03',
  quote: 'USDT',
  startEquity: '5000',
  endEquity: '6000',
  pnl: '1000',
  trades: '7',
  marginIn: '500',
  marginOut: '200',
  link: 'https://app.example/portfolio/autotrade/3',
};
const KINDS: MailKind[] = ['low_margin', 'topped_up', 'cancelled', 'report'];

describe('Smart Autotrade e-mails', () => {
  it.each(KINDS)('%s: every language, every placeholder filled, the link last', (kind) => {
    const texts = LOCALES.map((locale) => mailText(kind, locale, DETAILS));
    for (const { subject, body } of texts) {
      expect(`${subject}\n${body}`).not.toMatch(/\{\w+\}/);
      expect(body.endsWith(DETAILS.link!)).toBe(true);
      expect(body).toContain('#12');
    }
    // three different texts (translated, not copies)
    expect(new Set(texts.map((t) => t.subject)).size).toBe(3);
  });

  it('says the figures a member acts on', () => {
    expect(mailText('low_margin', 'en-US', DETAILS).body).toContain('25 BCNT');
    expect(mailText('low_margin', 'zh-TW', DETAILS).body).toContain('100 BCNT');
    expect(mailText('cancelled', 'zh-CN', DETAILS).body).toContain('125 BCNT');
    expect(mailText('report', 'en-US', DETAILS).subject).toBe(
      'Smart Autotrade: your report for 2025-03',
    );
  });
});
