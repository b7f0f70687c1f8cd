import {
  legalDocumentSchema,
  type LegalDocument,
  type LegalDocumentName,
} from '../shared/api/content';
import { CONTENT_LANG, type Locale } from '../shared/constants/locales';
import { request } from './http-client';

export type { LegalDocument, LegalDocumentName };

/**
 * Content service (spec section 7: a `lang` query mapped to zh, tw or en). Guest calls.
 * GET /content/legal/:document: the user agreement and the privacy policy.
 */
export function getLegalDocument(
  document: LegalDocumentName,
  language: Locale,
  signal?: AbortSignal,
): Promise<LegalDocument> {
  return request({
    service: 'content',
    method: 'GET',
    path: `/legal/${document}`,
    query: { lang: CONTENT_LANG[language] },
    schema: legalDocumentSchema,
    guest: true,
    signal,
  });
}
