/**
 * Identity-verification field rules (spec platform-account-wallet sections 3 and 5), pure
 * functions shared by the KYC form and the server. Each returns null when the value passes,
 * otherwise the message, which doubles as the i18n key.
 */
import { cleanText } from '../api/common';

export const KycMessage = {
  idNumberFormat: 'Incorrect ID No. format',
  required: 'kyc_required_field',
  dateFormat: 'kyc_date_format',
  dateInFuture: 'kyc_date_in_future',
  dateExpired: 'kyc_date_expired',
  passportFormat: 'kyc_passport_format',
  declarationRequired: 'kyc_declaration_required',
  tooLong: 'kyc_too_long',
  /** nationality or country of residence in the United States or Japan (spec section 5) */
  restrictedCountry: 'kyc_restricted_country',
  /** a country or issue-place code that is not in the reference list */
  unknownCode: 'kyc_unknown_code',
} as const;
export type KycMessage = (typeof KycMessage)[keyof typeof KycMessage];

/** Letter codes of the Taiwan national ID (A=10 ... Z=33, with I, O, W, X, Y, Z out of order). */
const TW_ID_LETTERS: Record<string, number> = {
  A: 10,
  B: 11,
  C: 12,
  D: 13,
  E: 14,
  F: 15,
  G: 16,
  H: 17,
  I: 34,
  J: 18,
  K: 19,
  L: 20,
  M: 21,
  N: 22,
  O: 35,
  P: 23,
  Q: 24,
  R: 25,
  S: 26,
  T: 27,
  U: 28,
  V: 29,
  W: 32,
  X: 30,
  Y: 31,
  Z: 33,
};

/**
 * Taiwan national ID (and the 2021 resident certificate number): a letter, 1/2 (citizens) or
 * 8/9 (residents), 8 digits, with the weighted checksum: the letter's two digits weigh 1 and 9,
 * the next 8 digits 8..1, the last digit 1; the sum is a multiple of 10.
 */
export function isTaiwanNationalId(value: string): boolean {
  const id = value.trim().toUpperCase();
  if (!/^[A-Z][1289]\d{8}$/.test(id)) return false;
  const code = TW_ID_LETTERS[id[0]!]!;
  let sum = Math.floor(code / 10) + (code % 10) * 9;
  for (let i = 1; i <= 8; i += 1) sum += Number(id[i]) * (9 - i);
  sum += Number(id[9]);
  return sum % 10 === 0;
}

export function checkTaiwanNationalId(value: string): KycMessage | null {
  return isTaiwanNationalId(value) ? null : KycMessage.idNumberFormat;
}

/** Passport numbers: 6 to 20 letters and digits. */
export function checkPassportNumber(value: string): KycMessage | null {
  return /^[A-Za-z0-9]{6,20}$/.test(value.trim()) ? null : KycMessage.passportFormat;
}

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written YYYY-MM-DD (forms); null when invalid. */
export function parseFormDate(value: string): Date | null {
  if (!DATE_PATTERN.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? date : null;
}

/** YYYY-MM-DD, not after `today` (YYYY-MM-DD): issuance date, date of birth. */
export function checkPastDate(value: string, today: string): KycMessage | null {
  if (!parseFormDate(value)) return KycMessage.dateFormat;
  return value <= today ? null : KycMessage.dateInFuture;
}

/** YYYY-MM-DD, after `today`: the document's expiration date. */
export function checkFutureDate(value: string, today: string): KycMessage | null {
  if (!parseFormDate(value)) return KycMessage.dateFormat;
  return value > today ? null : KycMessage.dateExpired;
}

/** Form text values: trimmed, and a trailing `(e<number>)` suffix stripped (spec section 5). */
export const cleanKycText = cleanText;

/**
 * Members may not be resident or citizen of the United States or Japan (spec section 5: the
 * declaration); an application naming either as nationality or country of residence is refused.
 */
export const RESTRICTED_COUNTRIES: readonly string[] = ['US', 'JP'];

/** The fields of the personal part the cross-field rules read (kycPersonalSchema's output). */
export interface KycPersonalFields {
  idType: 'passport' | 'id_card' | 'nhi_card' | 'driver_licence';
  nationalIdNumber?: string | undefined;
  passportNumber?: string | undefined;
  issueDate: string;
  expirationDate?: string | undefined;
  nationality: string;
  countryOfResidence: string;
  dateOfBirth: string;
}

export interface KycFieldIssue {
  field: keyof KycPersonalFields;
  message: KycMessage;
}

/**
 * The cross-field rules of the personal part (contract comment of kycPersonalSchema), for the
 * form and the server: `nationalIdNumber` required when `idType` is `id_card` or the
 * nationality is TW, and then the Taiwan checksum; `passportNumber` required (6-20 letters and
 * digits) for a passport; issue date and date of birth not after `today`; the expiration date
 * required except for the NHI card, and after `today`; neither nationality nor residence in
 * RESTRICTED_COUNTRIES. `today` is YYYY-MM-DD in the platform's time zone (UTC+8). Returns
 * every problem, in form order; empty when the part passes.
 */
export function kycPersonalIssues(personal: KycPersonalFields, today: string): KycFieldIssue[] {
  const issues: KycFieldIssue[] = [];
  const add = (field: keyof KycPersonalFields, message: KycMessage | null) => {
    if (message) issues.push({ field, message });
  };
  if (personal.idType === 'id_card' || personal.nationality === 'TW') {
    add(
      'nationalIdNumber',
      personal.nationalIdNumber
        ? checkTaiwanNationalId(personal.nationalIdNumber)
        : KycMessage.required,
    );
  }
  if (personal.idType === 'passport') {
    add(
      'passportNumber',
      personal.passportNumber ? checkPassportNumber(personal.passportNumber) : KycMessage.required,
    );
  }
  add('issueDate', checkPastDate(personal.issueDate, today));
  if (personal.idType !== 'nhi_card' || personal.expirationDate) {
    add(
      'expirationDate',
      personal.expirationDate
        ? checkFutureDate(personal.expirationDate, today)
        : KycMessage.required,
    );
  }
  if (RESTRICTED_COUNTRIES.includes(personal.nationality)) {
    add('nationality', KycMessage.restrictedCountry);
  }
  if (RESTRICTED_COUNTRIES.includes(personal.countryOfResidence)) {
    add('countryOfResidence', KycMessage.restrictedCountry);
  }
  add('dateOfBirth', checkPastDate(personal.dateOfBirth, today));
  return issues;
}

/** YYYY-MM-DD of `now` in UTC+8, the platform's time zone (spec: times shown in UTC+8). */
export function platformDate(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}
