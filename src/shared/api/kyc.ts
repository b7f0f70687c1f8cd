/**
 * Identity verification (KYC), premier membership and uploads: the contract between the
 * member service (`/member/ico/kyc/*`, `/member/uploadImage`, `/member/applyBusinessVerify`)
 * and the browser. Spec platform-account-wallet sections 3-7. Paths are under `/member`; all
 * calls are authenticated; POST unless noted.
 *
 * One application per member (individual: `modifyLevelOne` + `modifyLevelTwo` +
 * `verifyLevelThree`; institutional: `applyBusinessVerify`), one state machine:
 *
 *   pending --submit--> submitted --(operator starts review)--> under_review
 *   submitted: the member may still edit (modify*) and it stays submitted
 *   under_review --approve--> verified (roleId kyc2 64: level 1)
 *   under_review --reject(items)--> rejected --member corrects + submits--> resubmitted
 *   under_review --insufficient(note)--> insufficient --member uploads more + submits--> resubmitted
 *   under_review --fail(note)--> failed (contact support; final)
 *   resubmitted --(operator starts review)--> under_review
 *   (the operator may approve/reject/... a submitted or resubmitted one directly: review starts then)
 */
import * as z from 'zod/mini';
import { cleanText } from './common';
import { KycMessage } from '../validation/kyc';

const int = () => z.number().check(z.int());
/** trimmed, `(e<n>)` suffix stripped, required, at most `max` characters */
const text = (max = 120) =>
  z
    .string()
    .check(
      z.overwrite(cleanText),
      z.minLength(1, KycMessage.required),
      z.maxLength(max, KycMessage.tooLong),
    );
const optionalText = (max = 120) =>
  z.optional(z.string().check(z.overwrite(cleanText), z.maxLength(max, KycMessage.tooLong)));
/** YYYY-MM-DD (real-date and past/future checks: validation/kyc.ts, applied by the server) */
const formDate = () => z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, KycMessage.dateFormat));
const countryCode = () => z.string().check(z.regex(/^[A-Z]{2}$/, KycMessage.required));
/** an id answered by uploadImage */
export const imageIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{10,64}$/));

export const KYC_STATES = [
  'pending',
  'submitted',
  'under_review',
  'rejected',
  'insufficient',
  'resubmitted',
  'verified',
  'failed',
] as const;
export type KycState = (typeof KYC_STATES)[number];

/** `selfUserKYCStatus` of getStatus: below 4 not verified, 4 or more verified (spec section 3). */
export const KYC_STATUS_CODE: Record<KycState, number> = {
  pending: 0,
  submitted: 1,
  resubmitted: 1,
  under_review: 2,
  rejected: 3,
  insufficient: 3,
  failed: 3,
  verified: 4,
};
export { KYC_VERIFIED_STATUS } from '../constants/kyc';

export const ID_TYPES = ['passport', 'id_card', 'nhi_card', 'driver_licence'] as const;
export const ISSUE_TYPES = ['initial', 'change', 'reissue'] as const;
export const ACCOUNT_PURPOSES = ['savings', 'investment', 'asset_management'] as const;

// ---- modifyLevelOne / getLevelOne: the personal part of the individual form ------------------
/**
 * Cross-field rules (server and form): `nationalIdNumber` is required when `idType` is
 * `id_card` or `nationality` is TW, and then must pass the Taiwan checksum ("Incorrect ID No.
 * format"); `passportNumber` is required when `idType` is `passport`; `issueDate` and
 * `dateOfBirth` not in the future, `expirationDate` (required except for the NHI card) after
 * today.
 */
export const kycPersonalSchema = z.object({
  idType: z.enum(ID_TYPES),
  surname: text(60),
  givenName: text(60),
  nationalIdNumber: optionalText(20),
  passportNumber: optionalText(20),
  issueDate: formDate(),
  issueType: z.enum(ISSUE_TYPES),
  /** a code from GET /member/common/docIssuePlace */
  issuePlace: text(40),
  expirationDate: z.optional(formDate()),
  nationality: countryCode(),
  countryOfResidence: countryCode(),
  placeOfBirth: text(80),
  dateOfBirth: formDate(),
  residentialAddress: text(200),
  currentAddress: text(200),
  jobTitle: text(80),
  accountPurpose: z.enum(ACCOUNT_PURPOSES),
});
export type KycPersonal = z.infer<typeof kycPersonalSchema>;

// ---- modifyLevelTwo / getLevelTwo: the documents of the individual form -----------------------
export const kycDocumentsSchema = z.object({
  frontImageId: imageIdSchema,
  /** required except for a passport */
  backImageId: z.optional(imageIdSchema),
  /** a selfie holding the document with a dated note */
  selfieImageId: imageIdSchema,
  secondIdImageId: imageIdSchema,
  /** more documents when the review asked for them (state insufficient), at most 5 */
  extraImageIds: z.optional(z.array(imageIdSchema).check(z.maxLength(5))),
});
export type KycDocuments = z.infer<typeof kycDocumentsSchema>;

// ---- verifyLevelThree: submit (or resubmit) the individual application ----------------------
export const kycSubmitSchema = z.object({
  /** not a resident or citizen of, nor located in, the United States or Japan */
  declaration: z.literal(true, KycMessage.declarationRequired),
});

// ---- applyBusinessVerify: the institutional application (saved and submitted at once) -------
export const businessVerifySchema = z.object({
  companyName: text(120),
  registrationNumber: text(40),
  countryOfIncorporation: countryCode(),
  registeredAddress: text(200),
  representativeName: text(80),
  representativeTitle: text(80),
  documents: z.object({
    certificateOfIncorporationImageId: imageIdSchema,
    registerOfDirectorsImageId: imageIdSchema,
    shareholderRegisterImageId: imageIdSchema,
    representativeIdFrontImageId: imageIdSchema,
    representativeIdBackImageId: imageIdSchema,
    proofOfAddressImageId: imageIdSchema,
  }),
  declaration: z.literal(true, KycMessage.declarationRequired),
});
export type BusinessVerify = z.infer<typeof businessVerifySchema>;

/** The items an operator can mark for correction (fields and documents). */
export const KYC_ITEMS = [
  ...(Object.keys(kycPersonalSchema.shape) as (keyof KycPersonal)[]),
  'frontImage',
  'backImage',
  'selfieImage',
  'secondIdImage',
  'companyName',
  'registrationNumber',
  'countryOfIncorporation',
  'registeredAddress',
  'representativeName',
  'representativeTitle',
  'certificateOfIncorporationImage',
  'registerOfDirectorsImage',
  'shareholderRegisterImage',
  'representativeIdFrontImage',
  'representativeIdBackImage',
  'proofOfAddressImage',
] as const;
export type KycItem = (typeof KYC_ITEMS)[number];

// ---- getStatus -------------------------------------------------------------------------------
export const PREMIER_STATES = [
  'pending_id_verification',
  'email_sent',
  'under_review',
  'rejected',
  'approved',
] as const;
export type PremierState = (typeof PREMIER_STATES)[number];

export const kycStatusSchema = z.object({
  selfUserKYCStatus: int(),
  state: z.enum(KYC_STATES),
  kind: z.nullable(z.enum(['individual', 'institutional'])),
  submittedAt: z.nullable(z.string()),
  reviewStartedAt: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  /** rejected: the items to correct */
  rejectedItems: z.array(z.string()),
  /** rejected / insufficient / failed: the reviewer's note to the member */
  reviewNote: z.nullable(z.string()),
  /** the member may change the application now (pending, submitted, rejected, insufficient) */
  canEdit: z.boolean(),
  premier: z.object({
    state: z.nullable(z.enum(PREMIER_STATES)),
    appliedAt: z.nullable(z.string()),
    decidedAt: z.nullable(z.string()),
  }),
});
export type KycStatus = z.infer<typeof kycStatusSchema>;

// ---- GET kycForm: everything saved so far ----------------------------------------------------
export const kycImageSchema = z.object({
  imageId: z.string(),
  contentType: z.string(),
  size: int(),
  /** GET /member/ico/kyc/image/<imageId>: served to the owner only (bearer token) */
  url: z.string(),
});
export const kycFormSchema = z.object({
  status: kycStatusSchema,
  personal: z.nullable(kycPersonalSchema),
  documents: z.nullable(kycDocumentsSchema),
  business: z.nullable(z.omit(businessVerifySchema, { declaration: true })),
  images: z.array(kycImageSchema),
});
export type KycForm = z.infer<typeof kycFormSchema>;

// ---- POST uploadImage (multipart, field imageFile) --------------------------------------------
export const UPLOAD_MAX_MB = 5;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png'] as const;
export const uploadImageResultSchema = kycImageSchema;

// ---- applyForPremierMember, applyForKYC2 -------------------------------------------------------
export const premierApplyResultSchema = z.object({ state: z.enum(PREMIER_STATES) });
export const INVESTABLE_ASSETS = ['lt_3m', '3m_to_30m', 'gt_30m'] as const;
export const kyc2BodySchema = z.object({
  /** investable assets in TWD millions band */
  investableAssets: z.enum(INVESTABLE_ASSETS),
  assetProofImageId: imageIdSchema,
  /** the member declares being a professional investor */
  professionalInvestor: z.literal(true, KycMessage.declarationRequired),
});

/** Refusals of these calls (envelope message; the browser translates them). */
export const KycError = {
  /** an edit or submit while the application is under review, verified or failed */
  locked: 'kyc_locked',
  /** submit before both parts are saved */
  incomplete: 'kyc_incomplete',
  /** the account type does not match the form (individual vs institutional) */
  wrongAccountType: 'kyc_wrong_account_type',
  /** uploads: not a JPEG or PNG by content */
  fileType: 'kyc_file_type',
  /** uploads: larger than UPLOAD_MAX_MB ("File size exceeds %sMB") */
  fileSize: 'File size exceeds %sMB',
  /** an image id that is not the member's own upload */
  unknownImage: 'kyc_unknown_image',
  /** premier: applyForKYC2 before applyForPremierMember, or in a state that does not allow it */
  premierState: 'premier_state',
  /** the wallet and subscribe calls refuse members below level 1 */
  kycRequired: 'kyc_required',
  /** premium products refuse members whose premier application is not approved */
  premierRequired: 'premier_required',
} as const;
