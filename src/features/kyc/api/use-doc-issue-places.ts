import { useQuery } from '@tanstack/react-query';
import { getDocIssuePlace } from '../../../services/member';
import { cachePresets, queryKeys } from '../../../services/query-keys';

/** The Taiwan card-issuing places (GET /member/common/docIssuePlace), kept for the session. */
export function useDocIssuePlaces() {
  return useQuery({
    queryKey: queryKeys.common.docIssuePlaces(),
    queryFn: getDocIssuePlace,
    ...cachePresets.static,
  });
}
