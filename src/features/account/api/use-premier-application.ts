import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadImage, type KycImage } from '../../../services/kyc';
import {
  applyForKYC2,
  applyForPremierMember,
  type Kyc2Body,
  type PremierApplyResult,
} from '../../../services/premier';
import { queryKeys } from '../../../services/query-keys';

/**
 * The premier application's calls. Both steps change the application's state: the KYC status
 * (which carries it) and the member info (`kyc2ApplyResult`, `premier`) are fetched again.
 */
function useRefreshPremierState() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.member.kycStatus() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.member.memberInfo() }),
    ]);
}

/** POST /member/ico/kyc/applyForPremierMember */
export function useApplyForPremierMember() {
  const refresh = useRefreshPremierState();
  return useMutation<PremierApplyResult, unknown, void>({
    mutationFn: () => applyForPremierMember(),
    onSuccess: () => refresh(),
  });
}

/** POST /member/ico/kyc/applyForKYC2: the premier application form. */
export function useSubmitPremierApplication() {
  const refresh = useRefreshPremierState();
  return useMutation<PremierApplyResult, unknown, Kyc2Body>({
    mutationFn: (body) => applyForKYC2(body),
    onSuccess: () => refresh(),
  });
}

/** POST /member/uploadImage: the asset proof; answers the image id the form sends. */
export function useUploadAssetProof() {
  return useMutation<KycImage, unknown, { file: File; onProgress?: (fraction: number) => void }>({
    mutationFn: ({ file, onProgress }) => uploadImage(file, onProgress),
  });
}
