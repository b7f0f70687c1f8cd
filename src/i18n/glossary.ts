/**
 * One term per concept per language (the copy guide, docs/copy-guide.md). `use` is the term;
 * `avoid` lists variants that must not appear in that language's locale files
 * (`copy-rules.test.ts` checks every value). Messages the spec quotes word for word are exempt
 * (`SPEC_QUOTED`).
 */
export interface GlossaryEntry {
  concept: string;
  'en-US': { use: string; avoid: RegExp[] };
  'zh-TW': { use: string; avoid: RegExp[] };
  'zh-CN': { use: string; avoid: RegExp[] };
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    concept: 'withdrawal (custodial wallet to an outside address)',
    'en-US': { use: 'withdraw / withdrawal', avoid: [/\bcash[ -]?out\b/i] },
    'zh-TW': { use: '提領', avoid: [/出金/, /提款/, /提幣/] },
    'zh-CN': { use: '提现', avoid: [/提币/, /出金/, /提款/] },
  },
  {
    // the spec's "top-up" is another action (儲值 / 储值), kept apart from deposit
    concept: 'deposit (into the custodial wallet)',
    'en-US': { use: 'deposit', avoid: [/\bpay in\b/i] },
    // (not the 入金 of 輸入金鑰/輸入金額, "enter the key/amount")
    'zh-TW': { use: '存入', avoid: [/(?<!輸)入金/, /充值/] },
    'zh-CN': { use: '充值', avoid: [/(?<!输)入金/, /充币/] },
  },
  {
    concept: 'log in (the action)',
    'en-US': { use: 'log in', avoid: [/\bsign[ -]in\b/i, /\bsigned in\b/i] },
    'zh-TW': { use: '登入', avoid: [/登錄/, /登陸/] },
    'zh-CN': { use: '登录', avoid: [/登入/, /登陆/] },
  },
  {
    concept: 'e-mail',
    'en-US': { use: 'e-mail', avoid: [/\bemails?\b(?![^{]*\}\})/i] },
    'zh-TW': { use: '電子郵件', avoid: [/電郵/, /郵箱/] },
    'zh-CN': { use: '电子邮箱 / 电子邮件', avoid: [/电邮/] },
  },
  {
    concept: 'two-step verification',
    'en-US': { use: 'two-step verification', avoid: [/\b2FA\b/, /two[- ]factor/i] },
    'zh-TW': { use: '兩步驟驗證', avoid: [/二次驗證/, /雙重驗證/, /兩步驗證/] },
    'zh-CN': { use: '两步验证', avoid: [/二次验证/, /双重验证/] },
  },
  {
    concept: 'identity verification (KYC)',
    'en-US': { use: 'identity verification', avoid: [/\bKYC verification\b/] },
    'zh-TW': { use: '身分驗證', avoid: [/身份驗證/, /實名認證/] },
    'zh-CN': { use: '身份验证', avoid: [/实名认证/, /身分验证/] },
  },
  {
    concept: 'stake / unstake',
    'en-US': { use: 'stake / unstake', avoid: [/\bstaking in\b/i] },
    'zh-TW': { use: '質押 / 解除質押', avoid: [/抵押/] },
    'zh-CN': { use: '质押 / 解除质押', avoid: [/抵押/] },
  },
  {
    concept: 'convert',
    'en-US': { use: 'convert / conversion', avoid: [/\bswap\b/i] },
    'zh-TW': { use: '兌換', avoid: [/換匯/, /閃兌/] },
    'zh-CN': { use: '兑换', avoid: [/闪兑/] },
  },
  {
    concept: 'account',
    'en-US': { use: 'account', avoid: [] },
    'zh-TW': { use: '帳戶', avoid: [/賬戶/, /账户/] },
    'zh-CN': { use: '账户', avoid: [/帐户/, /帳戶/] },
  },
  {
    concept: 'wallet',
    'en-US': { use: 'wallet', avoid: [] },
    'zh-TW': { use: '錢包', avoid: [/钱包/] },
    'zh-CN': { use: '钱包', avoid: [/錢包/] },
  },
];

/**
 * Messages the spec quotes word for word (platform-account-wallet.md sections 5 and 8): kept as
 * the spec gives them in en-US even where they break the copy rules.
 */
export const SPEC_QUOTED: readonly string[] = [
  'Incorrect email format',
  'Incorrect mobile format',
  'Phone Number must not be blank!!',
  'The code is wrong.',
  '8-128 characters with letter and number',
  'Passwords do not match.',
  'Invalid Referral Code.',
  'Please Fill in the Username.',
  'Recipient address is invalid.',
  'The address format is incorrect.',
  'Min Conversion Quantity',
  'Minimum Withdrawal',
  'Withdrawal limit exceed',
  'Not enough available balance',
  'File size exceeds %sMB',
  'Incorrect ID No. format',
  'The server is currently busy, please try again later.',
  'Please login again.',
  'Access denied from this IP address.',
  'Failed to purchase. Please try again.',
  'Transaction cancelled',
  'Transaction failed. Please try again.',
  'BCNT quota is insufficient. Please send your request again.',
  'BCNT price has been updated. Please send your request again.',
  'All available BCNT have been converted.',
  'Only one product per exchange.',
  'Subscription limit achieved.',
  'Insufficient Balance',
  'Exchange Insufficient Balance',
  'Insufficient account balance.',
  'Failed to copy texts.',
  'Please confirm that the link is valid',
  'Please confirm that the mailbox is correct',
  'Please insert passwords and confirm the passwords are same.',
];
