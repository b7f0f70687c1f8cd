import { describe, expect, it } from 'vitest';
import {
  createPersonalFormSchema,
  personalFormValues,
  toPersonalBody,
  type PersonalFormValues,
} from './personal-form';

const today = '2025-06-01';
const valid: PersonalFormValues = {
  ...personalFormValues(null),
  idType: 'passport',
  surname: 'Smith',
  givenName: 'Anna',
  passportNumber: 'X1234567',
  issueDate: '2020-01-02',
  issueType: 'initial',
  issuePlace: 'London',
  expirationDate: '2030-01-02',
  nationality: 'GB',
  countryOfResidence: 'GB',
  placeOfBirth: 'London',
  dateOfBirth: '1990-03-04',
  residentialAddress: '1 High St',
  currentAddress: '',
  sameAddress: true,
  jobTitle: 'Engineer',
  accountPurpose: 'savings',
};

function issues(values: PersonalFormValues) {
  const result = createPersonalFormSchema(today).safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
}

describe('the personal form rules', () => {
  it('accepts a foreign passport without a national ID', () => {
    expect(issues(valid)).toEqual({});
  });

  it('asks for a valid Taiwan ID for the ID card or a TW nationality', () => {
    expect(issues({ ...valid, nationality: 'TW' })).toEqual({
      nationalIdNumber: 'kyc_required_field',
    });
    expect(issues({ ...valid, idType: 'id_card', nationalIdNumber: 'A123456788' })).toEqual({
      nationalIdNumber: 'Incorrect ID No. format',
    });
    expect(issues({ ...valid, idType: 'id_card', nationalIdNumber: 'a123456789' })).toEqual({});
  });

  it('checks the passport number and the dates against today', () => {
    expect(
      issues({
        ...valid,
        passportNumber: 'X1',
        issueDate: '2025-06-02',
        expirationDate: today,
        dateOfBirth: '1990-02-30',
      }),
    ).toEqual({
      passportNumber: 'kyc_passport_format',
      issueDate: 'kyc_date_in_future',
      expirationDate: 'kyc_date_expired',
      dateOfBirth: 'kyc_date_format',
    });
    expect(
      issues({
        ...valid,
        idType: 'nhi_card',
        expirationDate: '',
        nationality: 'TW',
        nationalIdNumber: 'A123456789',
      }),
    ).toEqual({});
  });

  it('refuses a US or Japanese nationality or residence', () => {
    expect(issues({ ...valid, nationality: 'US', countryOfResidence: 'JP' })).toEqual({
      nationality: 'kyc_restricted_country',
      countryOfResidence: 'kyc_restricted_country',
    });
  });

  it('treats a value that is only an (e<n>) suffix as empty, and limits lengths', () => {
    expect(issues({ ...valid, surname: ' (e1) ', jobTitle: 'x'.repeat(81) })).toEqual({
      surname: 'kyc_required_field',
      jobTitle: 'kyc_too_long',
    });
  });

  it('builds the body: cleaned, only the fields of the ID type, the current address copied', () => {
    const result = toPersonalBody({
      ...valid,
      surname: ' Smith (e2)',
      nationalIdNumber: 'stale',
      expirationDate: '2030-01-02',
    });
    expect(result).toEqual({
      ok: true,
      body: expect.objectContaining({
        surname: 'Smith',
        passportNumber: 'X1234567',
        currentAddress: '1 High St',
      }),
    });
    // not asked for a GB passport: not sent (JSON drops undefined)
    expect(result.ok && result.body.nationalIdNumber).toBeUndefined();
    const nhi = toPersonalBody({
      ...valid,
      idType: 'nhi_card',
      nationality: 'TW',
      nationalIdNumber: 'a123456789',
    });
    expect(nhi.ok && nhi.body.expirationDate).toBeUndefined();
    expect(nhi.ok && nhi.body.nationalIdNumber).toBe('A123456789');
  });

  it('prefills from the saved part, ticking "same address" when both are equal', () => {
    const values = personalFormValues({ ...toPersonalBodyOk(), currentAddress: '1 High St' });
    expect(values.sameAddress).toBe(true);
  });
});

function toPersonalBodyOk() {
  const result = toPersonalBody(valid);
  if (!result.ok) throw new Error('invalid');
  return result.body;
}
