import { queryKeys } from '../../../services/query-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  applyBusinessVerify,
  modifyLevelOne,
  modifyLevelTwo,
  uploadImage,
  verifyLevelThree,
  type KycImage,
} from '../../../services/kyc';
import type { BusinessVerify, KycDocuments, KycForm, KycPersonal } from '../../../shared/api/kyc';
import { kycKeys } from './kyc-query-keys';

/**
 * The KYC writes. Each save or submit reads the status (shared key) and the saved form again afterwards
 * (the contract answers no payload), so the page shows the new step or state from the server.
 * A save also puts what was sent into the cached form first, so the next step opens at once
 * (the mutation resolves only after the refetch).
 */
function useRefetchKyc() {
  const queryClient = useQueryClient();
  return (saved?: Partial<Pick<KycForm, 'personal' | 'documents'>>) => {
    if (saved) {
      queryClient.setQueryData<KycForm>(kycKeys.form(), (form) =>
        form ? { ...form, ...saved } : form,
      );
    }
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: kycKeys.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.member.kycStatus() }),
    ]);
  };
}

/** POST modifyLevelOne: saves the personal part. */
export function useSavePersonal() {
  const refetch = useRefetchKyc();
  return useMutation<void, unknown, KycPersonal>({
    mutationKey: [...kycKeys.all, 'modifyLevelOne'],
    mutationFn: (body) => modifyLevelOne(body),
    onSuccess: (_, personal) => refetch({ personal }),
  });
}

/** POST modifyLevelTwo: saves the documents (image ids). */
export function useSaveDocuments() {
  const refetch = useRefetchKyc();
  return useMutation<void, unknown, KycDocuments>({
    mutationKey: [...kycKeys.all, 'modifyLevelTwo'],
    mutationFn: (body) => modifyLevelTwo(body),
    onSuccess: (_, documents) => refetch({ documents }),
  });
}

/** POST verifyLevelThree: submits (or resubmits) the individual application. */
export function useSubmitKyc() {
  const refetch = useRefetchKyc();
  return useMutation<void, unknown, void>({
    mutationKey: [...kycKeys.all, 'verifyLevelThree'],
    mutationFn: () => verifyLevelThree({ declaration: true }),
    onSuccess: () => refetch(),
  });
}

/** POST applyBusinessVerify: saves and submits the institutional application. */
export function useApplyBusiness() {
  const refetch = useRefetchKyc();
  return useMutation<void, unknown, BusinessVerify>({
    mutationKey: [...kycKeys.all, 'applyBusinessVerify'],
    mutationFn: (body) => applyBusinessVerify(body),
    onSuccess: () => refetch(),
  });
}

export interface UploadInput {
  file: File;
  onProgress?: (fraction: number) => void;
}

/** POST uploadImage (multipart `imageFile`): answers the new image's id. */
export function useUploadImage() {
  return useMutation<KycImage, unknown, UploadInput>({
    mutationKey: [...kycKeys.all, 'uploadImage'],
    mutationFn: ({ file, onProgress }) => uploadImage(file, onProgress),
  });
}
