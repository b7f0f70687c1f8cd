import type { Locale } from '../../../shared/constants/locales';

/**
 * The e-mails of Smart Autotrade subscriptions in the three languages (the member's preferred
 * language, en-US when none): the low-margin warning, the automatic top-up, the automatic
 * cancellation and the monthly report. Short texts with a link; the figures are the ones the
 * page shows. `{name}` placeholders are filled from the details.
 */
export type MailKind = 'low_margin' | 'cancelled' | 'topped_up' | 'report';

const TEXTS: Record<MailKind, Record<Locale, { subject: string; body: string }>> = {
  low_margin: {
    'en-US': {
      subject: 'Smart Autotrade: your margin is low',
      body:
        'The margin of your Smart Autotrade subscription #{id} is {margin} {currency}, below 30% of ' +
        'the required stake ({required} {currency}). Add margin so the performance fee can be ' +
        'taken; if the margin falls below the fee due, the subscription is cancelled automatically.',
    },
    'zh-TW': {
      subject: 'Smart Autotrade：您的保證金不足',
      body:
        '您的 Smart Autotrade 訂閱 #{id} 保證金為 {margin} {currency}，低於所需質押（{required} ' +
        '{currency}）的 30%。請補充保證金以便扣除績效費；若保證金低於應付費用，訂閱將自動取消。',
    },
    'zh-CN': {
      subject: 'Smart Autotrade：您的保证金不足',
      body:
        '您的 Smart Autotrade 订阅 #{id} 保证金为 {margin} {currency}，低于所需质押（{required} ' +
        '{currency}）的 30%。请补充保证金以便扣除业绩费；若保证金低于应付费用，订阅将自动取消。',
    },
  },
  topped_up: {
    'en-US': {
      subject: 'Smart Autotrade: margin topped up',
      body:
        'The margin of your Smart Autotrade subscription #{id} was short: {amount} {currency} was ' +
        'moved from your wallet, as your automatic top-up setting allows. Margin now: {margin} ' +
        '{currency}.',
    },
    'zh-TW': {
      subject: 'Smart Autotrade：已自動補充保證金',
      body:
        '您的 Smart Autotrade 訂閱 #{id} 保證金不足：依您的自動補充設定，已從錢包轉入 {amount} ' +
        '{currency}。目前保證金：{margin} {currency}。',
    },
    'zh-CN': {
      subject: 'Smart Autotrade：已自动补充保证金',
      body:
        '您的 Smart Autotrade 订阅 #{id} 保证金不足：按您的自动补充设置，已从钱包转入 {amount} ' +
        '{currency}。当前保证金：{margin} {currency}。',
    },
  },
  cancelled: {
    'en-US': {
      subject: 'Smart Autotrade: subscription cancelled',
      body:
        'Your Smart Autotrade subscription #{id} was cancelled automatically: its margin ' +
        '({margin} {currency}) was below the performance fee due ({fee} {currency}). Mirroring ' +
        'has stopped; the fee taken was {taken} {currency} and {returned} {currency} is returned.',
    },
    'zh-TW': {
      subject: 'Smart Autotrade：訂閱已取消',
      body:
        '您的 Smart Autotrade 訂閱 #{id} 已自動取消：保證金（{margin} {currency}）低於應付績效費' +
        '（{fee} {currency}）。跟單已停止；已扣費用 {taken} {currency}，退回 {returned} {currency}。',
    },
    'zh-CN': {
      subject: 'Smart Autotrade：订阅已取消',
      body:
        '您的 Smart Autotrade 订阅 #{id} 已自动取消：保证金（{margin} {currency}）低于应付业绩费' +
        '（{fee} {currency}）。跟单已停止；已扣费用 {taken} {currency}，退回 {returned} {currency}。',
    },
  },
  report: {
    'en-US': {
      subject: 'Smart Autotrade: your report for {month}',
      body:
        'Subscription #{id}, {month} (UTC+8): equity {startEquity} -> {endEquity} {quote}, PnL ' +
        '{pnl} {quote}, {trades} trades, performance fee {fee} {currency}, margin in {marginIn} ' +
        'and out {marginOut} {currency}.',
    },
    'zh-TW': {
      subject: 'Smart Autotrade：{month} 月報',
      body:
        '訂閱 #{id}，{month}（UTC+8）：權益 {startEquity} -> {endEquity} {quote}，損益 {pnl} ' +
        '{quote}，交易 {trades} 筆，績效費 {fee} {currency}，保證金轉入 {marginIn}、轉出 ' +
        '{marginOut} {currency}。',
    },
    'zh-CN': {
      subject: 'Smart Autotrade：{month} 月报',
      body:
        '订阅 #{id}，{month}（UTC+8）：权益 {startEquity} -> {endEquity} {quote}，盈亏 {pnl} ' +
        '{quote}，交易 {trades} 笔，业绩费 {fee} {currency}，保证金转入 {marginIn}、转出 ' +
        '{marginOut} {currency}。',
    },
  },
};

const LINK_LINE: Record<Locale, string> = {
  'en-US': 'Details: {link}',
  'zh-TW': '詳情：{link}',
  'zh-CN': '详情：{link}',
};

function fill(template: string, details: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => details[name] ?? whole);
}

export function mailText(
  kind: MailKind,
  locale: Locale,
  details: Record<string, string>,
): { subject: string; body: string } {
  const text = TEXTS[kind][locale];
  return {
    subject: fill(text.subject, details),
    body: `${fill(text.body, details)}\n\n${fill(LINK_LINE[locale], details)}`,
  };
}
