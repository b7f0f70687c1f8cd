import type { OutgoingMessage } from '../auth/outbox';

/**
 * E-mails of the KYC review and the premier application: a subject and a short text with a
 * link; the details (marked items, the reviewer's note) are shown in the app, never mailed.
 */
export type KycMailKind =
  | 'kyc_verified'
  | 'kyc_rejected'
  | 'kyc_insufficient'
  | 'kyc_failed'
  | 'premier_next_step'
  | 'premier_approved'
  | 'premier_rejected';

const TEXTS: Record<KycMailKind, { subject: string; text: string; path: string }> = {
  kyc_verified: {
    subject: 'Your identity is verified',
    text:
      'Your identity verification is approved: you are now a level 1 member and can deposit, ' +
      'withdraw, convert and subscribe.',
    path: '/account',
  },
  kyc_rejected: {
    subject: 'Identity verification: please correct your application',
    text:
      'Some items of your identity verification need to be corrected. Open the identity ' +
      'verification page to see them, correct them and submit again.',
    path: '/kyc',
  },
  kyc_insufficient: {
    subject: 'Identity verification: more documents needed',
    text:
      'We need more documents to verify your identity. Open the identity verification page ' +
      'to see what is needed, upload it and submit again.',
    path: '/kyc?step=upload',
  },
  kyc_failed: {
    subject: 'Identity verification failed',
    text: 'We could not verify your identity. Please contact customer service for the next steps.',
    path: '/account',
  },
  premier_next_step: {
    subject: 'Premier membership: your next step',
    text:
      'Your identity is verified. To complete your premier member application, declare your ' +
      'investable assets and upload a proof of them on your account page.',
    path: '/account',
  },
  premier_approved: {
    subject: 'Welcome, premier member',
    text: 'Your premier member application is approved: premium products are now open to you.',
    path: '/account',
  },
  premier_rejected: {
    subject: 'Premier membership application',
    text:
      'Your premier member application was not approved. Please contact customer service ' +
      'for details.',
    path: '/account',
  },
};

export function kycMail(kind: KycMailKind, to: string, appOrigin: string): OutgoingMessage {
  const { subject, text, path } = TEXTS[kind];
  const link = `${appOrigin}${path}`;
  return {
    channel: 'email',
    to,
    subject: `BCNT Platform: ${subject}`,
    body: `${text}\n${link}`,
    link,
  };
}
