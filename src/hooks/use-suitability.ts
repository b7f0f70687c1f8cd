import { useQuery } from '@tanstack/react-query';
import {
  getSuitability,
  questionnaireKeys,
  type SuitabilityProduct,
} from '../services/questionnaire';
import { cachePresets } from '../services/query-keys';

/**
 * GET questionnaire/suitability for a product the member is about to subscribe to: `reason`
 * non-null means the subscription needs `riskAcknowledged: true` (above the member's risk type,
 * or no valid questionnaire); the server refuses it otherwise. Read again on every visit (the
 * member may have just filled in the questionnaire).
 */
export function useSuitability(
  product: SuitabilityProduct,
  id: number,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const query = useQuery({
    queryKey: questionnaireKeys.suitability(product, id),
    queryFn: ({ signal }) => getSuitability(product, id, signal),
    enabled,
    ...cachePresets.fresh,
  });
  return { ...query, needsAcknowledgement: Boolean(query.data?.reason) };
}
