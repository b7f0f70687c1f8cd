import { queryKeys } from '../../../services/query-keys';

/**
 * Query keys of the KYC screens, under the member domain so logout (which clears the member's
 * data) clears them too. The status uses the shared key (`queryKeys.member.kycStatus()`, also
 * read by the Account page and the landing tour), so a submit here updates them as well.
 */
const all = [...queryKeys.member.all, 'kyc'] as const;

export const kycKeys = {
  all,
  form: () => [...all, 'form'] as const,
  image: (imageId: string) => [...all, 'image', imageId] as const,
} as const;
