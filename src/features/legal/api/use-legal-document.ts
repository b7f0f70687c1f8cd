import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getLegalDocument, type LegalDocumentName } from '../../../services/content';
import { cachePresets, queryKeys } from '../../../services/query-keys';
import { resolveLocale } from '../../../shared/constants/locales';

/** A legal document in the current language (it changes only when the operator replaces it). */
export function useLegalDocument(document: LegalDocumentName) {
  const { i18n } = useTranslation();
  const language = resolveLocale(i18n.language);
  return useQuery({
    queryKey: queryKeys.common.legalDocument(document, language),
    queryFn: ({ signal }) => getLegalDocument(document, language, signal),
    ...cachePresets.standard,
  });
}
