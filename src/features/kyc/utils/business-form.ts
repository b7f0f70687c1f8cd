import * as z from 'zod/mini';
import { cleanText } from '../../../shared/api/common';
import { businessVerifySchema, type BusinessVerify, type KycForm } from '../../../shared/api/kyc';
import { KycMessage } from '../../../shared/validation/kyc';

/**
 * The institutional application (`businessVerifySchema`, saved and submitted at once with
 * `applyBusinessVerify`): company fields, six documents and the declaration.
 */

export const BUSINESS_TEXT_FIELDS = [
  'companyName',
  'registrationNumber',
  'registeredAddress',
  'representativeName',
  'representativeTitle',
] as const;
export type BusinessTextField = (typeof BUSINESS_TEXT_FIELDS)[number];

export const BUSINESS_MAX_LENGTH: Record<BusinessTextField, number> = {
  companyName: 120,
  registrationNumber: 40,
  registeredAddress: 200,
  representativeName: 80,
  representativeTitle: 80,
};

/** The six documents: the item name (KYC_ITEMS, test ids) and the body's image id field. */
export const BUSINESS_DOCUMENTS = [
  'certificateOfIncorporationImage',
  'registerOfDirectorsImage',
  'shareholderRegisterImage',
  'representativeIdFrontImage',
  'representativeIdBackImage',
  'proofOfAddressImage',
] as const;
export type BusinessDocument = (typeof BUSINESS_DOCUMENTS)[number];
export type BusinessDocumentIds = Record<BusinessDocument, string>;

const fields = {
  companyName: z.string(),
  registrationNumber: z.string(),
  countryOfIncorporation: z.string(),
  registeredAddress: z.string(),
  representativeName: z.string(),
  representativeTitle: z.string(),
  declaration: z.boolean(),
};
export type BusinessFormValues = z.output<z.ZodMiniObject<typeof fields>>;
export type BusinessFieldName = keyof BusinessFormValues;

export const businessFormSchema = z.object(fields).check(
  z.superRefine((values, context) => {
    const issue = (path: BusinessFieldName, message: string) =>
      context.issues.push({ code: 'custom', path: [path], message, input: values[path] });
    for (const name of BUSINESS_TEXT_FIELDS) {
      const value = cleanText(values[name]);
      if (value === '') issue(name, KycMessage.required);
      else if (value.length > BUSINESS_MAX_LENGTH[name]) issue(name, KycMessage.tooLong);
    }
    if (!/^[A-Z]{2}$/.test(values.countryOfIncorporation))
      issue('countryOfIncorporation', KycMessage.required);
    if (!values.declaration) issue('declaration', KycMessage.declarationRequired);
  }),
);

export function businessFormValues(saved: KycForm['business'] | undefined): BusinessFormValues {
  return {
    companyName: saved?.companyName ?? '',
    registrationNumber: saved?.registrationNumber ?? '',
    countryOfIncorporation: saved?.countryOfIncorporation ?? '',
    registeredAddress: saved?.registeredAddress ?? '',
    representativeName: saved?.representativeName ?? '',
    representativeTitle: saved?.representativeTitle ?? '',
    declaration: false,
  };
}

export function businessDocumentIds(
  saved: KycForm['business'] | undefined,
): Partial<BusinessDocumentIds> {
  const documents = saved?.documents;
  if (!documents) return {};
  const result: Partial<BusinessDocumentIds> = {};
  for (const name of BUSINESS_DOCUMENTS) result[name] = documents[`${name}Id`];
  return result;
}

/** The applyBusinessVerify body (cleaned by the contract schema), or null when not complete. */
export function toBusinessBody(
  values: BusinessFormValues,
  documents: Partial<BusinessDocumentIds>,
): BusinessVerify | null {
  const documentIds = Object.fromEntries(
    BUSINESS_DOCUMENTS.map((name) => [`${name}Id`, documents[name]]),
  );
  const parsed = businessVerifySchema.safeParse({
    companyName: values.companyName,
    registrationNumber: values.registrationNumber,
    countryOfIncorporation: values.countryOfIncorporation,
    registeredAddress: values.registeredAddress,
    representativeName: values.representativeName,
    representativeTitle: values.representativeTitle,
    documents: documentIds,
    declaration: values.declaration,
  });
  return parsed.success ? parsed.data : null;
}
