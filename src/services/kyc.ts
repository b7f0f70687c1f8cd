import {
  kycFormSchema,
  kycStatusSchema,
  uploadImageResultSchema,
  type BusinessVerify,
  type KycDocuments,
  type KycForm,
  type KycPersonal,
  type KycStatus,
} from '../shared/api/kyc';
import type * as z from 'zod/mini';
import { request } from './http-client';

/**
 * Identity-verification calls of the member service (spec sections 4 and 7, contract
 * `shared/api/kyc.ts`), all authenticated. The saves of the two parts (`modifyLevelOne`,
 * `modifyLevelTwo`) write the same data again when repeated, so they may be replayed after a
 * token refresh; the submits (`verifyLevelThree`, `applyBusinessVerify`) move the application
 * to another state and an upload creates a new image, so those are `retry: false`.
 *
 * The contract gives no answer payload for the writes: they resolve to nothing and the caller
 * reads the status and the form again.
 */

export type KycImage = z.infer<typeof uploadImageResultSchema>;

/** POST /member/ico/kyc/getStatus: the state machine's state (also the app's KYC gate). */
export function getKycStatus(): Promise<KycStatus> {
  return request({
    service: 'member',
    path: '/ico/kyc/getStatus',
    method: 'POST',
    schema: kycStatusSchema,
  });
}

/** GET /member/ico/kyc/kycForm: everything saved so far (status, both parts, images). */
export function getKycForm(): Promise<KycForm> {
  return request({ service: 'member', path: '/ico/kyc/kycForm', schema: kycFormSchema });
}

/** POST /member/ico/kyc/modifyLevelOne: saves the personal part (idempotent). */
export async function modifyLevelOne(body: KycPersonal): Promise<void> {
  await request({ service: 'member', path: '/ico/kyc/modifyLevelOne', method: 'POST', body });
}

/** POST /member/ico/kyc/modifyLevelTwo: saves the documents (idempotent). */
export async function modifyLevelTwo(body: KycDocuments): Promise<void> {
  await request({ service: 'member', path: '/ico/kyc/modifyLevelTwo', method: 'POST', body });
}

/** POST /member/ico/kyc/verifyLevelThree: submits (or resubmits) the individual application. */
export async function verifyLevelThree(body: { declaration: true }): Promise<void> {
  await request({
    service: 'member',
    path: '/ico/kyc/verifyLevelThree',
    method: 'POST',
    body,
    retry: false,
  });
}

/** POST /member/applyBusinessVerify: saves and submits the institutional application at once. */
export async function applyBusinessVerify(body: BusinessVerify): Promise<void> {
  await request({
    service: 'member',
    path: '/applyBusinessVerify',
    method: 'POST',
    body,
    retry: false,
  });
}

/**
 * POST /member/uploadImage, multipart with the file in `imageFile`. `onProgress` gets the share
 * of the body sent so far (0..1).
 */
export function uploadImage(
  file: Blob,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<KycImage> {
  const formData = new FormData();
  if (file instanceof File) formData.append('imageFile', file, file.name);
  else formData.append('imageFile', file);
  return request({
    service: 'member',
    path: '/uploadImage',
    method: 'POST',
    formData,
    schema: uploadImageResultSchema,
    retry: false,
    signal,
    onUploadProgress: onProgress
      ? (loaded, total) => onProgress(total > 0 ? Math.min(1, loaded / total) : 0)
      : undefined,
  });
}

/** GET /member/ico/kyc/image/<imageId>: one of the member's uploads (served to its owner only). */
export function getKycImage(imageId: string, signal?: AbortSignal): Promise<Blob> {
  return request<Blob>({
    service: 'member',
    path: `/ico/kyc/image/${encodeURIComponent(imageId)}`,
    responseType: 'blob',
    signal,
  });
}

/**
 * An object URL of one of the member's uploads, for a preview (the image needs the bearer
 * token, so an <img src> cannot load it directly). The caller revokes it
 * (`URL.revokeObjectURL`) when the preview goes away.
 */
export async function kycImageUrl(imageId: string, signal?: AbortSignal): Promise<string> {
  return URL.createObjectURL(await getKycImage(imageId, signal));
}
