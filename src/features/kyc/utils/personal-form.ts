import * as z from 'zod/mini';
import { cleanText } from '../../../shared/api/common';
import {
  ACCOUNT_PURPOSES,
  ID_TYPES,
  ISSUE_TYPES,
  kycPersonalSchema,
  type KycPersonal,
} from '../../../shared/api/kyc';
import { KycMessage, kycPersonalIssues } from '../../../shared/validation/kyc';

/**
 * Step 1 of the individual form: the personal part (`kycPersonalSchema`, saved with
 * `modifyLevelOne`). The form holds plain strings (selects start empty); this schema checks
 * every text required (trimmed, `(e<n>)` suffix stripped) and within the contract's lengths,
 * then applies the cross-field rules the server applies (`kycPersonalIssues` of
 * shared/validation/kyc.ts) with the spec's messages:
 * - the national ID number is asked for, and must pass the Taiwan checksum ("Incorrect ID No.
 *   format"), when the ID type is the ID card or the nationality is TW;
 * - the passport number when the ID type is a passport (6-20 letters and digits);
 * - issuance date and date of birth not in the future; the expiration date (not for the NHI
 *   card, which has none) after today; all YYYY-MM-DD real dates;
 * - neither nationality nor residence in the United States or Japan.
 * `toPersonalBody` then builds the call's body through the contract schema itself, so the
 * values sent are cleaned exactly as the server cleans them.
 */

export type IdType = (typeof ID_TYPES)[number];
export type IssueType = (typeof ISSUE_TYPES)[number];
export type AccountPurpose = (typeof ACCOUNT_PURPOSES)[number];

const fields = {
  idType: z.string(),
  surname: z.string(),
  givenName: z.string(),
  nationalIdNumber: z.string(),
  passportNumber: z.string(),
  issueDate: z.string(),
  issueType: z.string(),
  issuePlace: z.string(),
  expirationDate: z.string(),
  nationality: z.string(),
  countryOfResidence: z.string(),
  placeOfBirth: z.string(),
  dateOfBirth: z.string(),
  residentialAddress: z.string(),
  currentAddress: z.string(),
  jobTitle: z.string(),
  accountPurpose: z.string(),
  /** "Same as residential address": the current address follows the residential one. */
  sameAddress: z.boolean(),
};

export type PersonalFormValues = z.output<z.ZodMiniObject<typeof fields>>;
export type PersonalFieldName = keyof KycPersonal;

/** The contract's maximum lengths (shared/api/kyc.ts), for the "too long" message. */
export const PERSONAL_MAX_LENGTH: Partial<Record<PersonalFieldName, number>> = {
  surname: 60,
  givenName: 60,
  nationalIdNumber: 20,
  passportNumber: 20,
  issuePlace: 40,
  placeOfBirth: 80,
  residentialAddress: 200,
  currentAddress: 200,
  jobTitle: 80,
};

/** The order of the fields on screen (first error gets the focus; review lists them so). */
export const PERSONAL_FIELDS: readonly PersonalFieldName[] = [
  'idType',
  'surname',
  'givenName',
  'nationalIdNumber',
  'passportNumber',
  'issueDate',
  'issueType',
  'issuePlace',
  'expirationDate',
  'nationality',
  'countryOfResidence',
  'placeOfBirth',
  'dateOfBirth',
  'residentialAddress',
  'currentAddress',
  'jobTitle',
  'accountPurpose',
];

export const EMPTY_PERSONAL: PersonalFormValues = {
  idType: '',
  surname: '',
  givenName: '',
  nationalIdNumber: '',
  passportNumber: '',
  issueDate: '',
  issueType: '',
  issuePlace: '',
  expirationDate: '',
  nationality: '',
  countryOfResidence: '',
  placeOfBirth: '',
  dateOfBirth: '',
  residentialAddress: '',
  currentAddress: '',
  jobTitle: '',
  accountPurpose: '',
  sameAddress: false,
};

/** The Taiwan national ID is asked for (and checked) for the ID card or a TW nationality. */
export function needsNationalId(values: Pick<PersonalFormValues, 'idType' | 'nationality'>) {
  return values.idType === 'id_card' || values.nationality === 'TW';
}

export function needsPassportNumber(values: Pick<PersonalFormValues, 'idType'>) {
  return values.idType === 'passport';
}

/** The NHI card has no expiration date. */
export function needsExpirationDate(values: Pick<PersonalFormValues, 'idType'>) {
  return values.idType !== 'nhi_card';
}

/**
 * The issue place of a Taiwan ID card is one of the printed card-issuing places
 * (docIssuePlace, checked by the server); other documents name their authority in free text.
 */
export function usesTaiwanIssuePlaces(values: Pick<PersonalFormValues, 'idType'>) {
  return values.idType === 'id_card';
}

function isIdType(value: string): value is IdType {
  return (ID_TYPES as readonly string[]).includes(value);
}

const TEXT_FIELDS: readonly PersonalFieldName[] = [
  'surname',
  'givenName',
  'issuePlace',
  'placeOfBirth',
  'residentialAddress',
  'currentAddress',
  'jobTitle',
];

export function createPersonalFormSchema(today: string) {
  return z.object(fields).check(
    z.superRefine((values, context) => {
      const issue = (path: PersonalFieldName, message: string) =>
        context.issues.push({ code: 'custom', path: [path], message, input: values[path] });
      const text = (name: PersonalFieldName) => cleanText(String(values[name] ?? ''));
      const current = values.sameAddress ? values.residentialAddress : values.currentAddress;

      if (!isIdType(values.idType)) issue('idType', KycMessage.required);
      if (!(ISSUE_TYPES as readonly string[]).includes(values.issueType))
        issue('issueType', KycMessage.required);
      if (!(ACCOUNT_PURPOSES as readonly string[]).includes(values.accountPurpose))
        issue('accountPurpose', KycMessage.required);

      for (const name of TEXT_FIELDS) {
        const value = name === 'currentAddress' ? cleanText(current) : text(name);
        const max = PERSONAL_MAX_LENGTH[name] ?? Infinity;
        if (value === '') issue(name, KycMessage.required);
        else if (value.length > max) issue(name, KycMessage.tooLong);
      }

      // empty required dates and countries first; the shared rules then judge what was entered
      const dates = ['issueDate', 'dateOfBirth'] as PersonalFieldName[];
      if (needsExpirationDate(values)) dates.push('expirationDate');
      for (const name of dates) {
        if (String(values[name]).trim() === '') issue(name, KycMessage.required);
      }
      const countries = ['nationality', 'countryOfResidence'] as const;
      for (const name of countries) {
        if (!/^[A-Z]{2}$/.test(values[name])) issue(name, KycMessage.required);
      }
      const flagged = new Set(context.issues.map((entry) => entry.path?.[0]));
      const shared = kycPersonalIssues(
        {
          // before an ID type is chosen the rules of an ordinary document apply
          idType: isIdType(values.idType) ? values.idType : 'driver_licence',
          nationalIdNumber: text('nationalIdNumber') || undefined,
          passportNumber: text('passportNumber') || undefined,
          issueDate: values.issueDate.trim(),
          expirationDate: needsExpirationDate(values)
            ? values.expirationDate.trim() || undefined
            : undefined,
          nationality: values.nationality,
          countryOfResidence: values.countryOfResidence,
          dateOfBirth: values.dateOfBirth.trim(),
        },
        today,
      );
      for (const found of shared) {
        if (!flagged.has(found.field)) issue(found.field, found.message);
      }
    }),
  );
}

export interface BodyIssue {
  field: PersonalFieldName;
  message: string;
}

/**
 * The modifyLevelOne body from valid form values: only the fields the ID type asks for, the
 * national ID upper-cased, everything cleaned by the contract schema. Issues the contract
 * schema still finds (it should find none) come back per field.
 */
export function toPersonalBody(
  values: PersonalFormValues,
): { ok: true; body: KycPersonal } | { ok: false; issues: BodyIssue[] } {
  const draft = {
    idType: values.idType,
    surname: values.surname,
    givenName: values.givenName,
    nationalIdNumber: needsNationalId(values)
      ? values.nationalIdNumber.trim().toUpperCase()
      : undefined,
    passportNumber: needsPassportNumber(values) ? values.passportNumber.trim() : undefined,
    issueDate: values.issueDate.trim(),
    issueType: values.issueType,
    issuePlace: values.issuePlace,
    expirationDate: needsExpirationDate(values) ? values.expirationDate.trim() : undefined,
    nationality: values.nationality,
    countryOfResidence: values.countryOfResidence,
    placeOfBirth: values.placeOfBirth,
    dateOfBirth: values.dateOfBirth.trim(),
    residentialAddress: values.residentialAddress,
    currentAddress: values.sameAddress ? values.residentialAddress : values.currentAddress,
    jobTitle: values.jobTitle,
    accountPurpose: values.accountPurpose,
  };
  const parsed = kycPersonalSchema.safeParse(draft);
  if (parsed.success) return { ok: true, body: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({
      field: String(issue.path[0] ?? 'idType') as PersonalFieldName,
      message: issue.message,
    })),
  };
}

/** Form values from what was saved (or empty ones). */
export function personalFormValues(saved: KycPersonal | null | undefined): PersonalFormValues {
  if (!saved) return { ...EMPTY_PERSONAL };
  return {
    ...EMPTY_PERSONAL,
    ...saved,
    nationalIdNumber: saved.nationalIdNumber ?? '',
    passportNumber: saved.passportNumber ?? '',
    expirationDate: saved.expirationDate ?? '',
    sameAddress: saved.currentAddress === saved.residentialAddress,
  };
}
