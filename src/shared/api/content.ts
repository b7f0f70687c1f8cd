import * as z from 'zod/mini';
import { CONTENT_LANG, LOCALES, type Locale } from '../constants/locales';

/** Content service (`/content`): its calls carry the `lang` query (constants/locales CONTENT_LANG). */
export type ContentLang = (typeof CONTENT_LANG)[Locale];

export function localeOfContentLang(lang: ContentLang): Locale {
  return LOCALES.find((locale) => CONTENT_LANG[locale] === lang)!;
}

/**
 * The earn products' terms of service, one per family (`/terms-earn/...`,
 * `/premium-term-service/...`): Stable Income with Pro and Pro+, Mixed Quant, Flagship, Trader
 * Alliance, premium funds. The product's own figures are shown above the text by the page.
 */
export const EARN_TERMS_DOCUMENTS = [
  'earn-terms-fixed',
  'earn-terms-mixed',
  'earn-terms-flagship',
  'earn-terms-alliance',
  'earn-terms-premium',
] as const;
export type EarnTermsDocument = (typeof EARN_TERMS_DOCUMENTS)[number];

/** The legal pages (`/user-agreement`, `/privacy-policy`) and the earn terms. */
export const LEGAL_DOCUMENTS = [
  'user-agreement',
  'privacy-policy',
  ...EARN_TERMS_DOCUMENTS,
] as const;
export type LegalDocumentName = (typeof LEGAL_DOCUMENTS)[number];

/** GET /content/legal/:document?lang= */
export const legalDocumentParamsSchema = z.object({ document: z.enum(LEGAL_DOCUMENTS) });
export const legalDocumentQuerySchema = z.object({
  lang: z._default(z.enum(['en', 'tw', 'zh']), 'en'),
});
export const legalDocumentSchema = z.object({
  document: z.enum(LEGAL_DOCUMENTS),
  language: z.enum(LOCALES),
  title: z.string(),
  /** YYYY-MM-DD of the text's last change, when the file states it */
  updated: z.nullable(z.string()),
  /** The text in Markdown (headings, paragraphs, lists, bold, links) */
  body: z.string(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
