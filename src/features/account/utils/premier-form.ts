import * as z from 'zod/mini';
import { INVESTABLE_ASSETS } from '../../../shared/api/kyc';

/**
 * The premier application form: the body of `applyForKYC2` (contract `kyc2BodySchema`) with the
 * form's own messages (account namespace keys): one message per field, whatever rule failed.
 * The proof's file rules (jpg/jpeg/png, size) are the UI kit's `FileDrop`.
 */
export const PremierFormMessage = {
  assets: 'premier.form.assetsRequired',
  proof: 'premier.form.proofRequired',
  declaration: 'premier.form.declarationRequired',
} as const;

export const premierFormSchema = z.object({
  investableAssets: z.enum(INVESTABLE_ASSETS, PremierFormMessage.assets),
  /** the id `uploadImage` answered for the asset proof */
  assetProofImageId: z.string().check(z.minLength(1, PremierFormMessage.proof)),
  professionalInvestor: z.literal(true, PremierFormMessage.declaration),
});
export type PremierFormInput = z.input<typeof premierFormSchema>;
export type PremierFormValues = z.output<typeof premierFormSchema>;
