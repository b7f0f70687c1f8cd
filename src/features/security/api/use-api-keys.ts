import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  checkApiKey,
  deleteApiKey,
  importApiKey,
  listApiKeys,
} from '../../../services/exchange-api-keys';
import type { ImportApiKeyBody } from '../../../shared/api/exchange-api-keys';
import { securityKeys } from './security-query-keys';

/** The member's exchange API keys (masked, never the secret). */
export function useApiKeys() {
  return useQuery({ queryKey: securityKeys.apiKeys(), queryFn: listApiKeys });
}

/**
 * Import, check and delete: each refreshes the list, and the activity log (an import is a
 * security event with its own e-mail).
 */
function useApiKeyMutation<T, R>(call: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: securityKeys.apiKeys() }),
        queryClient.invalidateQueries({ queryKey: securityKeys.logs.all }),
      ]),
  });
}

export const useImportApiKey = () =>
  useApiKeyMutation((body: ImportApiKeyBody) => importApiKey(body));
export const useCheckApiKey = () => useApiKeyMutation((id: number) => checkApiKey(id));
export const useDeleteApiKey = () => useApiKeyMutation((id: number) => deleteApiKey(id));
