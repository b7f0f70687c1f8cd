import { queryOptions, useQuery } from '@tanstack/react-query';
import { getKycForm } from '../../../services/kyc';
import { cachePresets } from '../../../services/query-keys';
import { kycKeys } from './kyc-query-keys';

/** GET /member/ico/kyc/kycForm: what is saved so far (prefills the form, picks the step). */
export function kycFormQueryOptions() {
  return queryOptions({
    queryKey: kycKeys.form(),
    queryFn: () => getKycForm(),
    ...cachePresets.fresh,
  });
}

export function useKycForm() {
  return useQuery(kycFormQueryOptions());
}
