import { describe, expect, it } from 'vitest';
import { kyc2BodySchema } from '../../../shared/api/kyc';
import { premierFormSchema } from './premier-form';

describe('premierFormSchema', () => {
  it('accepts a complete form', () => {
    const form = {
      investableAssets: 'gt_30m',
      assetProofImageId: 'img_0123456789',
      professionalInvestor: true,
    };
    expect(premierFormSchema.parse(form)).toEqual(form);
    // what the form passes is what the contract accepts
    expect(kyc2BodySchema.parse(premierFormSchema.parse(form))).toEqual(form);
  });

  it('names each missing part with its own message', () => {
    const result = premierFormSchema.safeParse({
      investableAssets: '',
      assetProofImageId: '',
      professionalInvestor: false,
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      investableAssets: 'premier.form.assetsRequired',
      assetProofImageId: 'premier.form.proofRequired',
      professionalInvestor: 'premier.form.declarationRequired',
    });
  });
});
