import { z } from 'zod';

/** Trim text values; a value ending in `(e<number>)` has that suffix stripped (spec section 5). */
export function cleanText(value: string): string {
  return value
    .trim()
    .replace(/\s*\(e\d+\)$/, '')
    .trim();
}

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

// ---- GET /api/v1/common/LanguageList ----
export const languageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
});
export type Language = z.infer<typeof languageSchema>;
export const languageListSchema = z.array(languageSchema);

// ---- GET /api/v1/common/CurrencyList ----
export const currencySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  chains: z.array(z.number().int()),
});
export type Currency = z.infer<typeof currencySchema>;
export const currencyListSchema = z.array(currencySchema);

// ---- POST /member/common/getCountryList ----
export const countrySchema = z.object({ code: z.string(), name: z.string(), dialCode: z.string() });
export type Country = z.infer<typeof countrySchema>;
export const countryListSchema = z.array(countrySchema);

// ---- GET /member/common/docIssuePlace ----
/** name: as printed on the card (e.g. 北市); nameEn: English name of the city/county. */
export const docIssuePlaceSchema = z.object({
  code: z.string(),
  name: z.string(),
  nameEn: z.string().optional(),
});
export type DocIssuePlace = z.infer<typeof docIssuePlaceSchema>;
export const docIssuePlaceListSchema = z.array(docIssuePlaceSchema);

// ---- GET /api/v1/setting/MaintainStatus ----
/** data is null when the platform is up; otherwise the window (start time optional, ISO). */
export const maintainStatusSchema = z
  .object({ startTime: z.string().nullable(), endTime: z.string().nullable() })
  .nullable();
export type MaintainStatus = z.infer<typeof maintainStatusSchema>;

// ---- POST /member/contactUs ----
export const CONTACT_PRODUCTS = [1, 2, 3, 4] as const; // 4 = other services
export const contactUsBodySchema = z.object({
  name: z.string().trim().min(1).max(100),
  phone: z
    .string()
    .trim()
    .min(1)
    .max(30)
    .regex(/^\+?[0-9 ()-]{4,30}$/, 'Incorrect mobile format'),
  email: z.string().trim().max(254).regex(EMAIL_PATTERN, 'Incorrect email format'),
  message: z.string().trim().max(2000).default(''),
  product: z.number().int().min(1).max(4),
});
export type ContactUsBody = z.infer<typeof contactUsBodySchema>;
/** Spec: success when data.status is 0. */
export const contactUsResultSchema = z.object({ status: z.number().int(), id: z.number().int() });
export type ContactUsResult = z.infer<typeof contactUsResultSchema>;

// ---- GET /health ----
export const healthSchema = z.object({ ok: z.boolean(), db: z.boolean(), chain: z.boolean() });
