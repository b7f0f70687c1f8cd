import { eq } from 'drizzle-orm';
import type { Locale } from '../../../shared/constants/locales';
import { LOCALES } from '../../../shared/constants/locales';
import { lendingNotices, members } from '../../db/schema';
import type { LendingDeps, LendingSubscriptionRow } from './context';

/**
 * The lending bot's e-mails in the three languages (the member's language, en-US when none):
 * the renewal that cannot be paid (before the period ends), the service stopped, and the API
 * key that failed its check (lending paused). Each at most once per subscription, kind and
 * period (`lending_notices`).
 */
export type LendingMailKind = 'payment_failed' | 'stopped' | 'api_key';

const TEXTS: Record<LendingMailKind, Record<Locale, { subject: string; body: string }>> = {
  payment_failed: {
    'en-US': {
      subject: 'Lending bot: Insufficient Balance.',
      body:
        'Your lending bot subscription renews on {date} for {fee} {currency}, and your wallet ' +
        'holds less than that. Add {currency} to your wallet before then, or the service stops ' +
        'at the end of the current period.',
    },
    'zh-TW': {
      subject: '放貸機器人：餘額不足',
      body:
        '您的放貸機器人訂閱將於 {date} 續訂，費用 {fee} {currency}，您的錢包餘額不足。請在此之前' +
        '存入 {currency}，否則服務將於本期結束時停止。',
    },
    'zh-CN': {
      subject: '放贷机器人：余额不足',
      body:
        '您的放贷机器人订阅将于 {date} 续订，费用 {fee} {currency}，您的钱包余额不足。请在此之前' +
        '存入 {currency}，否则服务将于本期结束时停止。',
    },
  },
  stopped: {
    'en-US': {
      subject: 'Lending bot: service stopped',
      body:
        'Your lending bot subscription ended on {date} ({reason}). The bot no longer places ' +
        'offers; loans already running on the exchange end at their own term. You can ' +
        'resubscribe from the lending page.',
    },
    'zh-TW': {
      subject: '放貸機器人：服務已停止',
      body:
        '您的放貸機器人訂閱已於 {date} 結束（{reason}）。機器人不再掛單；交易所上進行中的借貸於' +
        '各自到期時結束。您可在放貸頁面重新訂閱。',
    },
    'zh-CN': {
      subject: '放贷机器人：服务已停止',
      body:
        '您的放贷机器人订阅已于 {date} 结束（{reason}）。机器人不再挂单；交易所上进行中的借贷于' +
        '各自到期时结束。您可在放贷页面重新订阅。',
    },
  },
  api_key: {
    'en-US': {
      subject: 'Lending bot: API key incorrect',
      body:
        'The exchange refused the API key of your lending bot, so lending is paused. Reset the ' +
        'key on the exchange to keep reward distribution; lending resumes once the key passes ' +
        'its check.',
    },
    'zh-TW': {
      subject: '放貸機器人：API 金鑰錯誤',
      body:
        '交易所拒絕了您放貸機器人的 API 金鑰，放貸已暫停。請至交易所重設金鑰以維持收益發放；金鑰' +
        '通過檢查後放貸將自動恢復。',
    },
    'zh-CN': {
      subject: '放贷机器人：API 密钥错误',
      body:
        '交易所拒绝了您放贷机器人的 API 密钥，放贷已暂停。请至交易所重设密钥以维持收益发放；密钥' +
        '通过检查后放贷将自动恢复。',
    },
  },
};

const REASONS: Record<'unsubscribed' | 'unpaid', Record<Locale, string>> = {
  unsubscribed: { 'en-US': 'cancelled', 'zh-TW': '已取消訂閱', 'zh-CN': '已取消订阅' },
  unpaid: { 'en-US': 'Insufficient Balance.', 'zh-TW': '餘額不足', 'zh-CN': '余额不足' },
};

const LINK_LINE: Record<Locale, string> = {
  'en-US': 'Details: {link}',
  'zh-TW': '詳情：{link}',
  'zh-CN': '详情：{link}',
};

const fill = (text: string, details: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (match, name: string) => details[name] ?? match);

export function lendingMailText(
  kind: LendingMailKind,
  locale: Locale,
  details: Record<string, string>,
): { subject: string; body: string } {
  const text = TEXTS[kind][locale];
  const reason = details.reason as 'unsubscribed' | 'unpaid' | undefined;
  const all = {
    ...details,
    ...(reason && REASONS[reason] ? { reason: REASONS[reason][locale] } : {}),
  };
  return {
    subject: fill(text.subject, all),
    body: `${fill(text.body, all)}\n\n${fill(LINK_LINE[locale], all)}`,
  };
}

/** Send one e-mail about a subscription at most once per (kind, period). */
export async function notifyOnce(
  deps: Pick<LendingDeps, 'db' | 'clock' | 'outbox' | 'config'>,
  sub: Pick<LendingSubscriptionRow, 'id' | 'memberId' | 'strategyId'>,
  kind: LendingMailKind,
  periodNumber: number,
  details: Record<string, string>,
): Promise<boolean> {
  const [claimed] = await deps.db
    .insert(lendingNotices)
    .values({ subscriptionId: sub.id, kind, periodNumber, createdAt: deps.clock.now() })
    .onConflictDoNothing()
    .returning({ id: lendingNotices.id });
  if (!claimed) return false;
  const [member] = await deps.db
    .select({ email: members.email, language: members.language })
    .from(members)
    .where(eq(members.id, sub.memberId));
  if (!member) return false;
  const locale: Locale = (LOCALES as readonly string[]).includes(member.language ?? '')
    ? (member.language as Locale)
    : 'en-US';
  // the product's page, where a subscriber sees the subscription (features/lending README)
  const link = `${deps.config.appOrigin}/lending-bot/${sub.strategyId}`;
  const { subject, body } = lendingMailText(kind, locale, { ...details, link });
  await deps.outbox.send({ channel: 'email', to: member.email, subject, body, link });
  return true;
}
