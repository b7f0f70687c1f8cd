import * as z from 'zod/mini';

// Shared request/response schemas use zod's tree-shakable "mini" build: the same validator as
// classic zod (fastify-type-provider-zod works on its core), so the browser's first load stays
// small. See README "Decisions".

/** Trim text values; a value ending in `(e<number>)` has that suffix stripped (spec section 5). */
export function cleanText(value: string): string {
  return value
    .trim()
    .replace(/\s*\(e\d+\)$/, '')
    .trim();
}

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

const int = () => z.number().check(z.int());

/** The largest value of PostgreSQL's `integer`, the type of the tables' ids. */
export const PG_INT_MAX = 2_147_483_647;
/** A row id sent in a query or body: a positive integer that fits the id column. */
export const rowId = () => z.coerce.number().check(z.int(), z.minimum(1), z.maximum(PG_INT_MAX));

// ---- GET /api/v1/common/LanguageList ----
export const languageSchema = z.object({ id: int(), name: z.string(), code: z.string() });
export type Language = z.infer<typeof languageSchema>;
export const languageListSchema = z.array(languageSchema);

// ---- GET /api/v1/common/CurrencyList ----
export const currencySchema = z.object({
  id: int(),
  code: z.string(),
  name: z.string(),
  decimals: int(),
  chains: z.array(int()),
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
  nameEn: z.optional(z.string()),
});
export type DocIssuePlace = z.infer<typeof docIssuePlaceSchema>;
export const docIssuePlaceListSchema = z.array(docIssuePlaceSchema);

// ---- GET /api/v1/setting/MaintainStatus ----
/** data is null when the platform is up; otherwise the window (start time optional, ISO). */
export const maintainStatusSchema = z.nullable(
  z.object({ startTime: z.nullable(z.string()), endTime: z.nullable(z.string()) }),
);
export type MaintainStatus = z.infer<typeof maintainStatusSchema>;

// ---- POST /member/contactUs ----
export const CONTACT_PRODUCTS = [1, 2, 3, 4] as const; // 4 = other services
export const contactUsBodySchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  phone: z
    .string()
    .check(
      z.trim(),
      z.minLength(1),
      z.maxLength(30),
      z.regex(/^\+?[0-9 ()-]{4,30}$/, 'Incorrect mobile format'),
    ),
  email: z
    .string()
    .check(z.trim(), z.maxLength(254), z.regex(EMAIL_PATTERN, 'Incorrect email format')),
  message: z._default(z.string().check(z.trim(), z.maxLength(2000)), ''),
  product: int().check(z.minimum(1), z.maximum(4)),
});
export type ContactUsBody = z.infer<typeof contactUsBodySchema>;
/** Spec: success when data.status is 0. */
export const contactUsResultSchema = z.object({ status: int(), id: int() });
export type ContactUsResult = z.infer<typeof contactUsResultSchema>;

// ---- GET /health ----
export const healthSchema = z.object({ ok: z.boolean(), db: z.boolean(), chain: z.boolean() });
