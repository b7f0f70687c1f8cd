/**
 * selfUserKYCStatus from this value up means the identity is verified (spec section 3): the
 * wallet's money moves and the products need it. Kept apart from the KYC contract so the
 * browser's route guards use it without loading the contract's schemas.
 */
export const KYC_VERIFIED_STATUS = 4;
